import { describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { openDatabase } from '../db/client';
import type { Logger } from '../lib/logger';
import { startJobs } from './boss';

const quiet: Logger = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
  child: () => quiet,
} as unknown as Logger;

describe('the job queue at shutdown', () => {
  it('lets a job that outlives the stop finish without touching the closed database', async () => {
    const config = testConfig();
    const database = await openDatabase(config, { inMemory: !config.databaseUrl });
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const jobs = await startJobs(database, quiet);
      const queue = `shutdown-${Date.now()}`;
      await jobs.boss.createQueue(queue);
      let started!: () => void;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await jobs.boss.work(queue, { pollingIntervalSeconds: 0.5 }, async () => {
        started();
        await released;
        throw new Error('the job fails after the queue has stopped');
      });
      await jobs.boss.send(queue, {});
      await running;
      // The stop gives up waiting; the database closes, as the app's closers do next.
      await jobs.stop(200);
      await database.close();
      release();
      // pg-boss fails the job now: before, that query reached the closed database and rejected.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
      await database.close().catch(() => {});
    }
  }, 30_000);
});
