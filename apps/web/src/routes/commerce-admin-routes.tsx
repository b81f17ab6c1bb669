import { createRoute, redirect } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen';
import {
  isValidOrderParams,
  ordersSearch,
  shopAdminPath,
} from '../features/commerce-admin/utils/shop-search';
import { pageNotFoundError } from '../lib/http-error';
import { useUserStore } from '../stores/user-store';
import { rootRoute } from './root';

/**
 * Runs after the root's auth and admin middleware: staff without commerce~view (the moderator) see the
 * shop screens as not there, like everyone else.
 */
const requireShopView = ({ preload, location }: { preload: boolean; location: { pathname: string } }) => {
  if (preload) return;
  const permissions = useUserStore.getState().user?.platform.permissions ?? [];
  if (!permissions.includes('commerce~view')) throw pageNotFoundError(location.pathname);
};

const staticData = (title: string) => ({ layout: 'default', title, middleware: ['auth', 'admin'] }) as const;

/** The shop's own address opens its products. */
export const shopAdminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/shop',
  staticData: staticData('Shop'),
  beforeLoad: (context) => {
    requireShopView(context);
    throw redirect({ to: `${shopAdminPath}/products`, replace: true });
  },
});

export const shopProductsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/shop/products',
  staticData: staticData('Shop products'),
  beforeLoad: requireShopView,
  component: lazyScreen(
    () => import('../features/commerce-admin/components/products-screen'),
    'ProductsScreen',
  ),
});

export const shopOrdersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/shop/orders',
  staticData: staticData('Shop orders'),
  validateSearch: ordersSearch,
  beforeLoad: requireShopView,
  component: lazyScreen(() => import('../features/commerce-admin/components/orders-screen'), 'OrdersScreen'),
});

export const shopOrderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/shop/orders/$orderId',
  staticData: { ...staticData('Order'), isValid: isValidOrderParams },
  beforeLoad: requireShopView,
  component: lazyScreen(
    () => import('../features/commerce-admin/components/order-detail-screen'),
    'OrderDetailScreen',
  ),
});

export const shopSalesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/shop/sales',
  staticData: staticData('Shop sales'),
  beforeLoad: requireShopView,
  component: lazyScreen(() => import('../features/commerce-admin/components/sales-screen'), 'SalesScreen'),
});

export const shopCouponsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/shop/coupons',
  staticData: staticData('Shop coupons'),
  beforeLoad: requireShopView,
  component: lazyScreen(
    () => import('../features/commerce-admin/components/coupons-screen'),
    'CouponsScreen',
  ),
});

export const commerceAdminRoutes = [
  shopAdminRoute,
  shopProductsRoute,
  shopOrdersRoute,
  shopOrderRoute,
  shopSalesRoute,
  shopCouponsRoute,
];
