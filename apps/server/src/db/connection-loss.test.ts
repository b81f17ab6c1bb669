import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { openDatabase, queryRows } from './client';

const serverUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!serverUrl)('a connection the server ends', () => {
  it('fails the transaction that held it, between two statements, and the process lives on', async () => {
    const database = await openDatabase(testConfig({ DATABASE_URL: serverUrl }), { inMemory: true });
    cleanups.push(() => database.close());
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    cleanups.push(() => admin.end());
    const held = database.db.transaction(async (tx) => {
      const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      // Node works between two statements (as a fold counts a page) while the server ends the session.
      await admin.query('select pg_terminate_backend($1)', [me!.pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(held).rejects.toThrow();
    // The pool serves the next request on a new connection.
    const [row] = await queryRows<{ ok: number }>(database.db, sql`select 1 as ok`);
    expect(row?.ok).toBe(1);
  });
});
