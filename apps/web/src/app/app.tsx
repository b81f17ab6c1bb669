import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, useRouterState } from '@tanstack/react-router';
import classes from './layouts/layouts.module.css';
import { forcedColorModeFor } from './route-meta';
import type { AppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'colour-mode' });

export interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
}

/** The whole app; the browser and the server renderer each create their own router and query cache. */
export function App({ router, queryClient }: AppProps) {
  const forcedColorMode = useRouterState({ router, select: (state) => forcedColorModeFor(state.matches) });

  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        {...(forcedColorMode ? { forceColorScheme: forcedColorMode } : {})}
      >
        <ModalsProvider>
          <Notifications position="top-right" zIndex={300} classNames={{ root: classes.notifications }} />
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
