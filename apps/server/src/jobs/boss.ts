import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { Logger } from '../lib/logger';

export interface Jobs {
  boss: PgBoss;
  /**
   * Stops the queue, waiting up to `timeoutMs` for running jobs; then nothing more of the queue
   * reaches the database. A job still running past the timeout (a long fold under load) used to
   * complete or fail after the database had closed, and its rejection ended the process: its state
   * is left as it is instead, and the job expires and runs again after a restart.
   */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * The job queue lives in the same PostgreSQL database (schema `pgboss`), so several server
 * processes share one queue. On PGlite it runs through the database's own connection.
 */
export async function startJobs(database: Database, log: Logger): Promise<Jobs> {
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) => {
        if (stopped) {
          log.warn('the job queue has stopped: a late job update is left for the queue to expire');
          // No rows at all: pg-boss reads a completion's count as 0 from that (an empty list it reads
          // as a count row, and fails on it).
          return Promise.resolve({} as { rows: unknown[] });
        }
        return database.executeSql(text, values);
      },
    },
    schema: 'pgboss',
    // One embedded database answers everything; keep maintenance light.
    supervise: true,
    schedule: true,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return {
    boss,
    async stop(timeoutMs = 10_000) {
      try {
        await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      } finally {
        stopped = true;
      }
    },
  };
}
