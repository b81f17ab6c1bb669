import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { openDatabase } from './db/client';
import { redisReachable, testRedisUrl } from './test/redis';

const redisUp = await redisReachable();
const folders: string[] = [];
const folder = (prefix: string) => {
  const made = mkdtempSync(join(tmpdir(), prefix));
  folders.push(made);
  return made;
};
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

/** A web build whose server renderer throws when loaded: the last step of building the app fails. */
function brokenWebBuild(): string {
  const webDist = folder('tv-broken-web-');
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  mkdirSync(join(webDist, 'server'));
  writeFileSync(join(webDist, 'server', 'entry-server.js'), "throw new Error('half-deployed web build');\n");
  return webDist;
}

describe.runIf(redisUp)('a start that fails part-way', () => {
  it('closes the Redis connection and the embedded database it opened, then reports the failure', async () => {
    const dataDir = folder('tv-failed-start-');
    // A name of its own, so this copy's connection can be told from every other in the Redis.
    const connectionName = `tv-failed-start-${randomUUID()}`;
    const redisUrl = new URL(testRedisUrl);
    redisUrl.searchParams.set('connectionName', connectionName);
    const config = testConfig({
      // The embedded database, whatever the run's DATABASE_URL: its files show whether it was shut down.
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      WEB_DIST: brokenWebBuild(),
      REDIS_URL: redisUrl.toString(),
    });

    await expect(buildApp(config, { jobs: true, seed: false })).rejects.toThrow('half-deployed web build');

    const observer = new Redis(testRedisUrl);
    try {
      await expect
        .poll(async () => ((await observer.client('LIST')) as string).includes(`name=${connectionName} `), {
          timeout: 3_000,
        })
        .toBe(false);
    } finally {
      observer.disconnect();
    }
    // PostgreSQL removes its postmaster.pid when it shuts down; an embedded database left open keeps it.
    const pglite = join(dataDir, 'pglite');
    expect(existsSync(join(pglite, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(pglite, 'postmaster.pid'))).toBe(false);
    const reopened = await openDatabase(config);
    try {
      expect(await reopened.ping()).toBe(true);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
