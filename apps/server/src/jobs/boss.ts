import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { Logger } from '../lib/logger';

/**
 * The job queue lives in the same PostgreSQL database (schema `pgboss`), so several server
 * processes share one queue. On PGlite it runs through the database's own connection.
 */
export async function startJobs(database: Database, log: Logger): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    // One embedded database answers everything; keep maintenance light.
    supervise: true,
    schedule: true,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
