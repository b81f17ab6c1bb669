import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { users } from './schema/identity';
import { seedDemoData } from './seed/index';

const serverUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const startUp = async (databaseUrl: string | undefined) => {
  const config = testConfig({ DATABASE_URL: databaseUrl });
  const database = await openDatabase(config, { inMemory: true });
  cleanups.push(() => database.close());
  await database.withStartupLock(async () => {
    await migrateDatabase(database);
    await seedDemoData(database.db, config);
  });
  return database;
};

describe('start-up lock', () => {
  it('hands back what the locked work returns', async () => {
    const database = await openDatabase(testConfig(), { inMemory: true });
    cleanups.push(() => database.close());
    expect(await database.withStartupLock(async () => 42)).toBe(42);
  });

  // Two instances starting at once on one server: without the lock both would create the same tables.
  it.runIf(serverUrl)('lets two instances migrate and seed one empty database at the same time', async () => {
    const name = `tv_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.unshift(async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;

    const [first, second] = await Promise.all([startUp(url.toString()), startUp(url.toString())]);
    const [fromFirst] = await first.db.select({ n: count() }).from(users);
    const [fromSecond] = await second.db.select({ n: count() }).from(users);
    expect(fromFirst?.n).toBeGreaterThan(0);
    expect(fromSecond?.n).toBe(fromFirst?.n);
  });
});
