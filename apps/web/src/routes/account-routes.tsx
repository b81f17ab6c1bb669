import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen';
import { ClearCacheScreen } from '../features/platform/components/clear-cache-screen';
import { MaintenanceScreen } from '../features/platform/components/maintenance-screen';
import { pageNotFoundError } from '../lib/http-error';
import { useUserStore } from '../stores/user-store';
import { rootRoute } from './root';

const stringParam = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** ?redirect= holds where to go after signing in (spec §2). */
const redirectSearch = (search: Record<string, unknown>): { redirect?: string } => {
  const redirect = stringParam(search.redirect);
  return redirect ? { redirect } : {};
};

/** ?token= carries a mailed invitation, password reset or sign-up token. */
const tokenSearch = (search: Record<string, unknown>): { token?: string } => {
  const token = stringParam(search.token);
  return token ? { token } : {};
};

/** List screens keep their search and page in the URL, so back and reload keep the place. */
const listSearch = (search: Record<string, unknown>): { search?: string; page?: number } => {
  const text = stringParam(search.search);
  const page = Number(search.page);
  return {
    ...(text ? { search: text } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  };
};

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  staticData: { layout: 'login', title: 'Sign in' },
  validateSearch: redirectSearch,
  component: lazyScreen(() => import('../features/auth/components/login-screen'), 'LoginScreen'),
});

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register',
  staticData: { layout: 'login', title: 'Create your account' },
  validateSearch: redirectSearch,
  component: lazyScreen(() => import('../features/auth/components/register-screen'), 'RegisterScreen'),
});

/** The mailed link that finishes signing up (decision 037). */
export const registerConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register/confirm',
  staticData: { layout: 'login', title: 'Finish creating your account' },
  validateSearch: tokenSearch,
  component: lazyScreen(
    () => import('../features/auth/components/confirm-sign-up-screen'),
    'ConfirmSignUpScreen',
  ),
});

export const registerInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register/invitation',
  staticData: { layout: 'default-scrollable', title: 'Accept your invitation' },
  validateSearch: tokenSearch,
  component: lazyScreen(
    () => import('../features/auth/components/register-invitation-screen'),
    'RegisterInvitationScreen',
  ),
});

export const passwordResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'security/password-reset',
  staticData: { layout: 'default', title: 'Reset your password' },
  validateSearch: tokenSearch,
  component: lazyScreen(
    () => import('../features/auth/components/password-reset-screen'),
    'PasswordResetScreen',
  ),
});

export const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user/profile',
  staticData: { layout: 'default', title: 'Your profile', middleware: ['auth'] },
  component: lazyScreen(() => import('../features/account/components/profile-screen'), 'ProfileScreen'),
});

export const manageMembersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user/manage-members',
  staticData: {
    layout: 'default-scrollable',
    title: 'Members',
    middleware: ['auth', 'selected-organization'],
  },
  component: lazyScreen(
    () => import('../features/account/components/manage-members-screen'),
    'ManageMembersScreen',
  ),
});

export const purchaseHistoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user/purchase-history',
  staticData: { layout: 'default-scrollable', title: 'Purchase history', middleware: ['auth'] },
  // The account screen lays the page out; the shop feature's orders and downloads fill it.
  component: lazyScreen(
    () =>
      Promise.all([
        import('../features/account/components/purchase-history-screen'),
        import('../features/shop/components/purchase-history-sections'),
      ]).then(([account, shop]) => ({
        PurchaseHistory: () => (
          <account.PurchaseHistoryScreen
            orders={<shop.OrderHistory />}
            downloads={
              <>
                <shop.YourDownloads />
                <shop.SavedAddresses />
              </>
            }
          />
        ),
      })),
    'PurchaseHistory',
  ),
});

/** The printable receipt of a paid order (an order id the person may not see is the screen's own 404). */
export const receiptRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user/purchase-history/receipts/$orderId',
  staticData: {
    layout: 'default-scrollable',
    title: 'Receipt',
    middleware: ['auth'],
    isValid: (params) => /^[1-9]\d{0,9}$/.test(params.orderId ?? ''),
  },
  component: lazyScreen(() => import('../features/shop/components/receipt-screen'), 'ReceiptScreen'),
});

export const orderConfirmationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'order-confirmation',
  staticData: { layout: 'default-scrollable', title: 'Order confirmation', middleware: ['auth'] },
  // ?order= names the order just placed (its entity id); anything else is no order.
  validateSearch: (search: Record<string, unknown>): { order?: number } => {
    const order = Number(search.order);
    return Number.isInteger(order) && order > 0 && order <= 2_147_483_647 ? { order } : {};
  },
  component: lazyScreen(
    () => import('../features/shop/components/order-confirmation-screen'),
    'OrderConfirmationScreen',
  ),
});

// Maintenance and clear-cache must work when chunks or the API are broken, so they are not code-split.

export const maintenanceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'maintenance',
  staticData: { layout: 'empty', title: 'Scheduled maintenance' },
  component: MaintenanceScreen,
});

export const clearCacheRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'utils/clear-cache',
  staticData: { layout: 'default-scrollable', title: 'Clear cached data' },
  component: ClearCacheScreen,
});

/**
 * The mailbox: every message the platform wrote, for the Super Admin (mail~read, decision 023). Runs after
 * the root's auth and admin middleware; other staff see it as not there, like everyone else.
 */
export const mailOutboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'mail/outbox',
  staticData: { layout: 'default', title: 'Mail outbox', middleware: ['auth', 'admin'] },
  validateSearch: listSearch,
  beforeLoad: ({ preload, location }) => {
    if (preload) return;
    const permissions = useUserStore.getState().user?.platform.permissions ?? [];
    if (!permissions.includes('mail~read')) throw pageNotFoundError(location.pathname);
  },
  component: lazyScreen(() => import('../features/mail/components/mail-outbox-screen'), 'MailOutboxScreen'),
});

// The server decides who may preview mail: platform staff, and everyone outside production.
export const mailPreviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'mail/preview',
  staticData: { layout: 'default', title: 'Email previews' },
  component: lazyScreen(() => import('../features/mail/components/mail-preview-screen'), 'MailPreviewScreen'),
});

/** Template names may span several segments (spec §2), hence the splat. */
export const mailPreviewTemplateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'mail/preview/$',
  staticData: { layout: 'default', title: 'Email preview' },
  component: lazyScreen(() => import('../features/mail/components/mail-preview-screen'), 'MailPreviewScreen'),
});

export { listSearch };

export const accountRoutes = [
  loginRoute,
  registerRoute,
  registerConfirmRoute,
  registerInvitationRoute,
  passwordResetRoute,
  profileRoute,
  manageMembersRoute,
  purchaseHistoryRoute,
  receiptRoute,
  orderConfirmationRoute,
  maintenanceRoute,
  clearCacheRoute,
  mailOutboxRoute,
  mailPreviewRoute,
  mailPreviewTemplateRoute,
] as const;
