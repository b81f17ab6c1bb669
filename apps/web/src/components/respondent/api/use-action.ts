import { useState } from 'react';

export interface ActionCallbacks<T> {
  onSuccess?: (result: T) => void;
  onError?: (error: unknown) => void;
  onSettled?: () => void;
}

/**
 * A call the page makes on a tap (screen, send) and whether it is still running: what the respondent
 * page used TanStack Query's useMutation for, in a few lines, so the lean page (decision 019) does not
 * load the query library.
 */
export function useAction<I, T>(run: (input: I) => Promise<T>) {
  const [isPending, setPending] = useState(false);
  const mutate = (input: I, callbacks: ActionCallbacks<T> = {}) => {
    setPending(true);
    run(input).then(
      (result) => {
        setPending(false);
        callbacks.onSuccess?.(result);
        callbacks.onSettled?.();
      },
      (error: unknown) => {
        setPending(false);
        callbacks.onError?.(error);
        callbacks.onSettled?.();
      },
    );
  };
  return { isPending, mutate };
}
