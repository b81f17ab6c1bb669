import { createHash, randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDemoData } from '../db/seed/index';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A whole app on a database of its own: in-memory PGlite by default, or, when DATABASE_URL is set,
 * a fresh database on that server that is dropped afterwards.
 */
export async function createTestApp(
  overrides: Record<string, string | undefined> = {},
  options: Omit<BuildOptions, 'database' | 'inMemory'> & {
    /** Routes or hooks a test adds before the app is ready. */
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const baseConfig = testConfig({ WEB_DIST: '/nonexistent-web-build', ...overrides });
  let dropDatabase: (() => Promise<void>) | undefined;
  let config = baseConfig;

  if (baseConfig.databaseUrl) {
    const name = `tv_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: baseConfig.databaseUrl });
    await admin.connect();
    try {
      const template = await postgresTemplate(admin, baseConfig, options.seed !== false);
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    } finally {
      await admin.end();
    }
    config = { ...baseConfig, databaseUrl: databaseUrlFor(baseConfig.databaseUrl, name) };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: baseConfig.databaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }

  const database: Database = config.databaseUrl
    ? await openDatabase(config, { inMemory: true })
    : await openFromTemplate(config, options.seed !== false);
  const { extend, ...buildOptions } = options;
  const app = await buildApp(config, { jobs: false, ...buildOptions, database });
  extend?.(app);
  await app.ready();

  return {
    app,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}

/**
 * An embedded database that starts from a dump of a migrated (and, when asked, seeded) one. A new PGlite
 * spends 3 to 5 s creating its cluster; loading a dump takes about 1 s. The dumps live for one test run
 * in the folder the global setup provides (vitest.global-setup.ts), one per seed input, written by
 * whichever test needs one first. buildApp migrates and seeds again on top, which changes nothing, as
 * on every start of the app.
 */
const loadedDumps = new Map<string, Blob>();

async function openFromTemplate(config: Config, seed: boolean): Promise<Database> {
  const folder = inject('pgliteTemplates');
  if (!folder) return openDatabase(config, { inMemory: true });
  const file = join(folder, `${templateKey(config, seed)}.tar`);
  // Kept once read: a worker runs many files in one module graph (isolate: false), so it reads each dump once.
  let dump = loadedDumps.get(file);
  if (!dump) {
    const bytes = await readFile(file).catch(() => null);
    if (bytes) {
      dump = new Blob([bytes]);
      loadedDumps.set(file, dump);
    }
  }
  if (dump) return openDatabase(config, { inMemory: true, loadDataDir: dump });

  const database = await openDatabase(config, { inMemory: true });
  await migrateDatabase(database);
  if (seed) await seedDemoData(database.db, config);
  const made = await database.dumpDataDir?.();
  if (made) {
    // Written aside and renamed, so a test in the other worker never reads half a dump.
    const partial = `${file}.${randomUUID()}`;
    await writeFile(partial, Buffer.from(await made.arrayBuffer()));
    await rename(partial, file);
  }
  return database;
}

/**
 * The same on a PostgreSQL server: a template database per seed input and run, migrated and seeded once
 * (under an advisory lock, as the two workers may both want it first), which CREATE DATABASE … TEMPLATE
 * copies in a fraction of a second. The global setup drops them after the run.
 */
async function postgresTemplate(admin: pg.Client, config: Config, seed: boolean): Promise<string | null> {
  const run = inject('postgresTemplatesRun');
  if (!run || !config.databaseUrl) return null;
  const name = `tv_tpl_${run}_${templateKey(config, seed)}`;
  await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database ${name}`);
      const database = await openDatabase({
        ...config,
        databaseUrl: databaseUrlFor(config.databaseUrl, name),
      });
      try {
        await migrateDatabase(database);
        if (seed) await seedDemoData(database.db, config);
      } finally {
        await database.close();
      }
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  }
  return name;
}

/** Names a template by everything the seed reads: its rows point at media it wrote into the data folder. */
function templateKey(config: Config, seed: boolean): string {
  const inputs = seed
    ? {
        publicUrl: config.publicUrl,
        seedDemoSurveys: config.seedDemoSurveys,
        dataDir: config.dataDir,
        s3: config.s3,
        isProduction: config.isProduction,
        superAdmin: config.superAdmin,
      }
    : null;
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16);
}

function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
