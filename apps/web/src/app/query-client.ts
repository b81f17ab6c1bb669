import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from '../lib/http-error';

/** While the service is in maintenance every API call answers 503 MAINTENANCE; waiting seconds won't end it. */
const isMaintenance = (error: unknown) =>
  isHttpError(error) &&
  error.status === 503 &&
  (error.data as { code?: unknown } | undefined)?.code === 'MAINTENANCE';

/** Client errors (4xx) and maintenance will not change on retry; network and other server errors may. */
export const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 &&
  !(isHttpError(error) && error.status >= 400 && error.status < 500) &&
  !isMaintenance(error);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
      },
    },
  });
}
