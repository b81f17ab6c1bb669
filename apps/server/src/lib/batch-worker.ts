import type PgBoss from 'pg-boss';

/**
 * A queue worker that takes up to `batchSize` jobs per fetch and handles them one by one. pg-boss (10)
 * waits its polling interval between fetches even when it found work, so a worker of one job per fetch
 * drains a backlog at one job per interval: a burst of mail or of responses to scan would wait minutes.
 * A job that throws is failed alone (the queue retries it by its own retry settings); the others
 * complete when the batch is done.
 */
export async function workInBatches<T extends object>(
  boss: PgBoss,
  queue: string,
  options: { batchSize: number; pollingIntervalSeconds: number },
  handle: (data: T) => Promise<void>,
): Promise<void> {
  await boss.work<T>(queue, options, async (jobs) => {
    for (const job of jobs) {
      try {
        await handle(job.data);
      } catch (error) {
        await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
      }
    }
  });
}
