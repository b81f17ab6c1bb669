import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { usePlatformStatus } from '../api/get-platform-status';

/**
 * Keeps the platform status fresh while a tab is open; when maintenance starts or ends, the root
 * route's check runs again and moves the visitor to or from /maintenance.
 */
export function PlatformStatusWatcher() {
  const router = useRouter();
  const maintenance = usePlatformStatus().data?.maintenance;
  const previous = useRef(maintenance);

  useEffect(() => {
    if (maintenance === undefined || previous.current === maintenance) return;
    previous.current = maintenance;
    void router.invalidate();
  }, [maintenance, router]);

  return null;
}
