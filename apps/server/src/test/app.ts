import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { type Database, openDatabase } from '../db/client';

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
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseConfig.databaseUrl);
    url.pathname = `/${name}`;
    config = { ...baseConfig, databaseUrl: url.toString() };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: baseConfig.databaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }

  const database: Database = await openDatabase(config, { inMemory: true });
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
