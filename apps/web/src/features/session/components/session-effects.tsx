import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { followSignOutInOtherTab, isSignOutInOtherTab, setSessionHooks, signOut } from '../../../lib/session';
import { useAlertsStore } from '../../../stores/alerts-store';
import { useUserStore } from '../../../stores/user-store';
import { useIdleDetection } from '../hooks/use-idle-detection';

/**
 * The app signs an authenticated person out after 30 minutes without activity in any tab. The spec's
 * 60 s default idle period suits short checks (e.g. a pro tip), not ending a session mid-survey.
 */
export const AUTO_SIGN_OUT_IDLE_MS = 30 * 60_000;

/** Query roots that hold no user data, so they survive a change of user. */
const sharedQueryRoots = new Set(['platform', 'redirects', 'terms', 'invitation']);

/** Session behaviour that belongs to no single screen: navigation hooks, other tabs, idleness, alerts. */
export function SessionEffects() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const status = useUserStore((state) => state.status);

  useEffect(() => {
    setSessionHooks({
      navigate: (href) => router.navigate({ href, replace: true }),
      clearServerCache: () =>
        queryClient.removeQueries({ predicate: (query) => !sharedQueryRoots.has(String(query.queryKey[0])) }),
    });
  }, [router, queryClient]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (!isSignOutInOtherTab(event)) return;
      followSignOutInOtherTab(event.newValue);
      const needsAccount = router.state.matches.some((match) =>
        match.staticData.middleware?.includes('auth'),
      );
      if (needsAccount) void router.navigate({ to: '/login', replace: true });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [router]);

  const idle = useIdleDetection({ timeoutMs: AUTO_SIGN_OUT_IDLE_MS, enabled: status === 'authenticated' });
  useEffect(() => {
    if (idle && status === 'authenticated') void signOut({ idle: true });
  }, [idle, status]);

  useAlertNotifications();
  return null;
}

/** Shows each alert of the alerts store as a notification, and drops it from the store when closed. */
function useAlertNotifications() {
  const alerts = useAlertsStore((state) => state.alerts);
  const dismissAlert = useAlertsStore((state) => state.dismissAlert);
  const shown = useRef(new Set<string>());

  useEffect(() => {
    for (const alert of alerts) {
      if (shown.current.has(alert.id)) continue;
      shown.current.add(alert.id);
      notifications.show({
        id: alert.id,
        title: alert.header,
        message: alert.message,
        color: 'green',
        icon: <IconCircleCheck size={20} aria-hidden />,
        autoClose: 8_000,
        closeButtonProps: { 'aria-label': 'Dismiss' },
        onClose: () => dismissAlert(alert.id),
      });
    }
    const current = new Set(alerts.map((alert) => alert.id));
    for (const id of shown.current) {
      if (!current.has(id)) {
        shown.current.delete(id);
        notifications.hide(id);
      }
    }
  }, [alerts, dismissAlert]);
}
