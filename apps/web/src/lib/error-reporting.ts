import { pushDataLayer } from './analytics';
import { isCrawler } from './bot-detection';

export type AppErrorSource = 'route' | 'window' | 'unhandledrejection';

type AppErrorHook = (error: unknown, source: AppErrorSource) => void;

let hook: AppErrorHook = (error, source) => {
  pushDataLayer({
    event: 'app_error',
    error_source: source,
    error_message: error instanceof Error ? error.message : String(error),
  });
};

/** Lets an error tracker take over the app error hook without touching the callers. */
export function setAppErrorHook(next: AppErrorHook): void {
  hook = next;
}

export function reportAppError(error: unknown, source: AppErrorSource): void {
  try {
    hook(error, source);
  } catch {
    // The reporter must never become a second failure.
  }
}

/**
 * Every app error reaches the hook; for people, errors the app caught are also logged to the console
 * (uncaught ones the browser logs by itself). Crawlers hit odd URLs all day, so their errors go to the
 * hook only (spec §8).
 */
export function handleAppError(
  error: unknown,
  source: AppErrorSource,
  userAgent = navigator.userAgent,
): void {
  reportAppError(error, source);
  if (isCrawler(userAgent) || source !== 'route') return;
  console.error(error);
}
