import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the test apps keep this run's embedded-database dumps (src/test/app.ts). */
    pgliteTemplates: string | undefined;
    /** On a PostgreSQL server: this run's mark in the names of its template databases. */
    postgresTemplatesRun: string | undefined;
  }
}

/**
 * Test apps start from a migrated and seeded database instead of building one each time
 * (src/test/app.ts): dumps in a folder for the embedded database, template databases on a server. Both
 * belong to this run and are removed when it ends.
 */
export default function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const run = randomBytes(4).toString('hex');
    project.provide('pgliteTemplates', undefined);
    project.provide('postgresTemplatesRun', run);
    return async () => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const templates = await admin.query<{ datname: string }>(
          'select datname from pg_database where datname like $1',
          [`tv_tpl_${run}_%`],
        );
        for (const { datname } of templates.rows)
          await admin.query(`drop database if exists ${datname} with (force)`);
      } finally {
        await admin.end();
      }
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'tv-pglite-templates-'));
  project.provide('pgliteTemplates', folder);
  project.provide('postgresTemplatesRun', undefined);
  return () => rmSync(folder, { recursive: true, force: true });
}
