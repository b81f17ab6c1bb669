import { useEffect, useState } from 'react';

/** Spec §9: the default idle period. */
export const DEFAULT_IDLE_MS = 60_000;

/** Shared by every tab, so a person active in one tab is not idle in another. */
export const LAST_ACTIVITY_KEY = 'tv_last_activity';

const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

function storedActivity(): number {
  try {
    return Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

/** Whether a person counts as idle: no activity in any tab for the whole period. */
export const isIdleSince = (lastActivity: number, now: number, timeoutMs: number) =>
  now - lastActivity >= timeoutMs;

/**
 * True once nobody has touched the app, in any of its tabs, for `timeoutMs`; false again on the
 * next activity.
 */
export function useIdleDetection({
  timeoutMs = DEFAULT_IDLE_MS,
  enabled = true,
}: {
  timeoutMs?: number;
  enabled?: boolean;
} = {}): boolean {
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (!enabled) {
      setIdle(false);
      return;
    }
    // Writing on every mouse move would flood the other tabs with storage events.
    const writeEveryMs = Math.min(timeoutMs / 10, 10_000);
    let lastLocal = Date.now();
    let lastWritten = 0;

    const markActive = () => {
      lastLocal = Date.now();
      setIdle(false);
      if (lastLocal - lastWritten < writeEveryMs) return;
      lastWritten = lastLocal;
      try {
        localStorage.setItem(LAST_ACTIVITY_KEY, String(lastLocal));
      } catch {
        // Without storage each tab judges idleness by itself.
      }
    };
    const check = () => setIdle(isIdleSince(Math.max(lastLocal, storedActivity()), Date.now(), timeoutMs));
    const onVisibility = () => {
      if (document.visibilityState === 'visible') check();
    };

    markActive();
    for (const name of activityEvents)
      window.addEventListener(name, markActive, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    const timer = window.setInterval(check, Math.max(1_000, Math.min(timeoutMs / 6, 30_000)));
    return () => {
      for (const name of activityEvents) window.removeEventListener(name, markActive, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearInterval(timer);
    };
  }, [enabled, timeoutMs]);

  return idle;
}
