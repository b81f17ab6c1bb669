import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from '../lib/http-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors (4xx) will not change on retry; network and server errors may.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isHttpError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}
