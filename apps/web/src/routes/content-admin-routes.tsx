import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen';
import { contentAdminSearch, isValidEntryParams } from '../features/content-admin/utils/admin-search';
import { pageNotFoundError } from '../lib/http-error';
import { useUserStore } from '../stores/user-store';
import { rootRoute } from './root';

/**
 * Runs after the root's auth and admin middleware: platform staff without content~view (none today,
 * but roles change) see the screen as not there, like everyone else.
 */
const requireContentView = ({ preload, location }: { preload: boolean; location: { pathname: string } }) => {
  if (preload) return;
  const permissions = useUserStore.getState().user?.platform.permissions ?? [];
  if (!permissions.includes('content~view')) throw pageNotFoundError(location.pathname);
};

/** Articles, reports and the other entries of the public site, the terms, the interface copy and media. */
export const contentAdminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/content',
  staticData: { layout: 'default', title: 'Content', middleware: ['auth', 'admin'] },
  validateSearch: contentAdminSearch,
  beforeLoad: requireContentView,
  component: lazyScreen(
    () => import('../features/content-admin/components/content-admin-screen'),
    'ContentAdminScreen',
  ),
});

// The editor is its own chunk (Tiptap is large), loaded only by staff who open an entry.
const contentEditorScreen = lazyScreen(
  () => import('../features/content-admin/components/content-editor-screen'),
  'ContentEditorScreen',
);

export const newContentEntryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/content/$type/new',
  staticData: {
    layout: 'default',
    title: 'New content',
    middleware: ['auth', 'admin'],
    isValid: isValidEntryParams,
  },
  beforeLoad: requireContentView,
  component: contentEditorScreen,
});

export const contentEntryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/content/$type/$id',
  staticData: {
    layout: 'default',
    title: 'Edit content',
    middleware: ['auth', 'admin'],
    isValid: isValidEntryParams,
  },
  beforeLoad: requireContentView,
  component: contentEditorScreen,
});

export const contentAdminRoutes = [contentAdminRoute, newContentEntryRoute, contentEntryRoute];
