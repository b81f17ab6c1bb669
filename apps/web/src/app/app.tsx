import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, useRouterState } from '@tanstack/react-router';
import classes from './layouts/layouts.module.css';
import { createQueryClient } from './query-client';
import { forcedColorModeFor } from './route-meta';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
const colorSchemeManager = localStorageColorSchemeManager({ key: 'colour-mode' });

export function App() {
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
