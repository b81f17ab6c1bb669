/**
 * Group commit: submissions to the same survey that arrive while a transaction for that survey is in
 * flight wait in a queue and are written together by the next one. At low load a submission is
 * written at once (a batch of one); under load each transaction carries many, so the survey's
 * counter row is locked once per batch instead of once per submission. Every caller is answered only
 * after its batch committed (or failed).
 *
 * A batch that fails is retried one submission at a time, so one bad submission fails only itself.
 */
export interface GroupCommitOptions<Item, Result> {
  /** Writes the items in one transaction; returns one result per item, in order. */
  commit: (key: string, items: Item[]) => Promise<Result[]>;
  /** The most items one transaction carries (bounds the statement size and the lock time). */
  maxBatch?: number;
  /**
   * Transactions in flight per key. With two, the next batch already waits for the survey's row lock
   * inside the database while the current one commits, so the lock passes on without a round trip.
   */
  maxInFlight?: number;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit<Item, Result>(options: GroupCommitOptions<Item, Result>) {
  const maxBatch = options.maxBatch ?? 200;
  const maxInFlight = options.maxInFlight ?? 2;
  const keys = new Map<string, { queue: Waiting<Item, Result>[]; running: number; scheduled: boolean }>();
  const idle: (() => void)[] = [];

  async function runBatch(key: string, batch: Waiting<Item, Result>[]) {
    try {
      const results = await options.commit(
        key,
        batch.map((w) => w.item),
      );
      batch.forEach((w, i) => {
        w.resolve(results[i]!);
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Nothing of the failed batch was stored (one transaction): each is tried again on its own.
      for (const waiting of batch) {
        try {
          const [result] = await options.commit(key, [waiting.item]);
          waiting.resolve(result!);
        } catch (single) {
          waiting.reject(single);
        }
      }
    }
  }

  /** Starts batches while fewer than maxInFlight run for the key; a finished batch starts the next. */
  function pump(key: string) {
    const state = keys.get(key);
    if (!state) return;
    state.scheduled = false;
    while (state.running < maxInFlight && state.queue.length > 0) {
      const batch = state.queue.splice(0, maxBatch);
      state.running++;
      void runBatch(key, batch).finally(() => {
        state.running--;
        if (state.queue.length > 0) pump(key);
        else if (state.running === 0 && !state.scheduled) {
          keys.delete(key);
          if (keys.size === 0) for (const done of idle.splice(0)) done();
        }
      });
    }
  }

  return {
    /** Resolves with the item's result once its batch committed. */
    submit(key: string, item: Item): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        let state = keys.get(key);
        if (!state) {
          state = { queue: [], running: 0, scheduled: false };
          keys.set(key, state);
        }
        state.queue.push({ item, resolve, reject });
        if (state.scheduled || state.running >= maxInFlight) return;
        state.scheduled = true;
        // Wait for the rest of this turn of the event loop, so requests parsed together share a batch.
        setImmediate(() => pump(key));
      });
    },
    /** Resolves when no batch is queued or in flight (for a clean shutdown). */
    settled(): Promise<void> {
      if (keys.size === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
