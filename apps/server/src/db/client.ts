import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { type Schema, schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface SqlRunner {
  /** For pg-boss: a statement with parameters, or several statements without. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database extends SqlRunner {
  kind: 'pglite' | 'postgres';
  db: Db;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Runs `work` while holding a PostgreSQL advisory lock, so instances that start together migrate
   * and seed one after another instead of racing. PGlite has one connection and needs no lock.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole data folder as one file, which `openDatabase`'s `loadDataDir` opens again. */
  dumpDataDir?(): Promise<Blob>;
}

/** Any fixed 64-bit number; it only has to be the same for every instance of this app. */
const startupLockKey = 7_251_913_004_221;

/**
 * PostgreSQL, always: a server when DATABASE_URL is set, otherwise PGlite with its files under
 * DATA_DIR/pglite (or in memory when `inMemory` is asked for, as tests do).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: {
    inMemory?: boolean;
    /** PGlite in memory only: start from this dump instead of an empty cluster (tests use it). */
    loadDataDir?: Blob;
  } = {},
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(options.inMemory ? undefined : join(config.dataDir, 'pglite'), options.loadDataDir);
}

async function openPglite(directory: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (directory) mkdirSync(directory, { recursive: true });
  const client = directory ? new PGlite(directory) : new PGlite(loadDataDir ? { loadDataDir } : undefined);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    async ping() {
      await client.query('select 1');
      return true;
    },
    async close() {
      if (!client.closed) await client.close();
    },
    withStartupLock: (work) => work(),
    dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 20, application_name: 'teenvoice' });
  // An idle connection the server ends (a restart, a dropped test database) is discarded by the pool and
  // replaced on the next query; without a listener its 'error' event would crash the process.
  pool.on('error', () => {});
  // The same for a connection ended while checked out between two statements of a transaction (a fold
  // counts a page in Node while it holds its connection): the next statement fails, the transaction
  // rolls back, and the process lives on.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      return { rows: result.rows };
    },
    async ping() {
      await pool.query('select 1');
      return true;
    },
    async close() {
      await pool.end();
    },
    async withStartupLock(work) {
      // A connection of its own holds the lock; the work runs on the pool as usual.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [startupLockKey]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [startupLockKey]);
        }
      } finally {
        holder.release();
      }
    },
  };
}

/** Runs raw SQL on either driver and gives back its rows. */
export async function queryRows<T>(db: Db, query: import('drizzle-orm').SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
