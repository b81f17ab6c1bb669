import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportJob, ExportJobFormat } from '@tv/contract';
import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportJobs } from '../../db/schema/exports';
import type { Logger } from '../../lib/logger';

/**
 * Export jobs (issue 27, decision 050): a results file written in the background by this process to the
 * data directory, with its progress in the job's row. One job runs at a time per process (two cores); a
 * job whose heartbeat stops (the process was stopped or crashed) is marked failed by the sweep, so
 * nothing stays 'running' forever. A ready file is kept for a day, then deleted.
 */

/** A ready file is kept this long, then deleted (the row stays, 'expired'). */
export const EXPORT_KEEP_MS = 24 * 60 * 60 * 1000;
/** This process writes its queued and running jobs' heartbeat this often, with or without progress. */
const HEARTBEAT_MS = 10_000;
/** A queued or running job whose heartbeat is older than this belongs to a process that is gone. */
export const STALE_MS = 60_000;
/** How often the sweep runs. */
const SWEEP_MS = 60_000;
/** Progress is written at most this often (every page calls back). */
const PROGRESS_WRITE_MS = 500;
/** Jobs one person may have queued or running at once. */
export const MAX_ACTIVE_JOBS = 3;

/** What a format's file is: its media type and the ending of its name. */
export interface ExportFile {
  type: string;
  extension: string;
  body: unknown;
}

/** Words for a format, in the mail and the page. */
export const formatLabels: Record<ExportJobFormat, string> = {
  csv: 'CSV file',
  xlsx: 'Excel file',
  sav: 'SPSS (.sav) file',
  'coded-csv': 'coded CSV file',
  codebook: 'codebook',
};

export type JobRow = typeof exportJobs.$inferSelect;

export const exportDirectory = (dataDir: string) => join(dataDir, 'exports');
/** The file of a job: named by its id only, so nothing a caller sends reaches a path. */
export const exportPath = (dataDir: string, id: string) => join(exportDirectory(dataDir), `${id}.file`);
const partPath = (dataDir: string, id: string) => join(exportDirectory(dataDir), `${id}.part`);

/** The job as the API shows it: progress in percent, times as ISO strings. */
export function toExportJob(row: JobRow): ExportJob {
  const percent =
    row.status === 'ready'
      ? 100
      : row.total
        ? Math.min(99, Math.floor((row.rowsWritten / row.total) * 100))
        : 0;
  return {
    id: row.id,
    surveyId: row.surveyId,
    format: row.format,
    status: row.status,
    rowsWritten: row.rowsWritten,
    total: row.total,
    percent,
    fileName: row.status === 'ready' ? row.fileName : null,
    bytes: row.status === 'ready' ? row.bytes : null,
    error: row.error,
    filters: row.filters,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** Writes a format's body (a stream, a buffer or text) to `path`, never holding a stream whole. */
async function writeBody(body: unknown, path: string): Promise<void> {
  if (body instanceof Readable) {
    await pipeline(body, createWriteStream(path));
  } else if (typeof body === 'string' || body instanceof Uint8Array) {
    await writeFile(path, body);
  } else if (body && typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
    await pipeline(Readable.from(body as AsyncIterable<unknown>), createWriteStream(path));
  } else {
    throw new Error('The export writer gave no file.');
  }
}

/**
 * Marks failed every queued or running job whose heartbeat is older than STALE_MS (its process is gone:
 * a restart, a crash), deleting what it had written, and deletes the files of ready jobs past their
 * expiry. Returns how many of each it changed.
 */
export async function sweepExportJobs(db: Db, dataDir: string, now = new Date()) {
  const stale = await db
    .update(exportJobs)
    .set({
      status: 'failed',
      error: 'The server restarted while this export was being prepared. Start it again.',
      finishedAt: now,
    })
    .where(
      and(
        inArray(exportJobs.status, ['queued', 'running']),
        lt(exportJobs.heartbeatAt, new Date(now.getTime() - STALE_MS)),
      ),
    )
    .returning({ id: exportJobs.id });
  const expired = await db
    .update(exportJobs)
    .set({ status: 'expired' })
    .where(and(eq(exportJobs.status, 'ready'), lt(exportJobs.expiresAt, now)))
    .returning({ id: exportJobs.id });
  for (const { id } of stale) await rm(partPath(dataDir, id), { force: true });
  for (const { id } of expired) await rm(exportPath(dataDir, id), { force: true });
  return { failed: stale.length, expired: expired.length };
}

export interface ExportJobDeps {
  db: Db;
  dataDir: string;
  log: Logger;
}

/** What a started job runs: its file, written with progress through `onProgress`. */
export type ExportTask = (onProgress: (rowsWritten: number) => void) => Promise<ExportFile>;

export function createExportJobs(deps: ExportJobDeps) {
  const { db, dataDir, log } = deps;
  /** This process's jobs, one after another. */
  let queue: Promise<void> = Promise.resolve();
  const sweeper = setInterval(() => {
    sweepExportJobs(db, dataDir).catch((error: unknown) => log.warn({ err: error }, 'export sweep failed'));
  }, SWEEP_MS);
  sweeper.unref();
  let closed = false;
  /** This process's queued and running jobs: their heartbeat is written together, so none looks stale. */
  const mine = new Set<string>();
  const heartbeat = setInterval(() => {
    if (mine.size === 0) return;
    db.update(exportJobs)
      .set({ heartbeatAt: new Date() })
      .where(and(inArray(exportJobs.id, [...mine]), inArray(exportJobs.status, ['queued', 'running'])))
      .catch((error: unknown) => log.warn({ err: error }, 'export heartbeat not written'));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  async function run(id: string, task: ExportTask, onReady?: (job: JobRow) => Promise<void>) {
    if (closed) return;
    try {
      await runNow(id, task, onReady);
    } finally {
      mine.delete(id);
    }
  }

  async function runNow(id: string, task: ExportTask, onReady?: (job: JobRow) => Promise<void>) {
    await db
      .update(exportJobs)
      .set({ status: 'running', startedAt: new Date(), heartbeatAt: new Date() })
      .where(eq(exportJobs.id, id));
    let written = 0;
    let lastWrite = 0;
    let writes: Promise<unknown> = Promise.resolve();
    const onProgress = (rowsWritten: number) => {
      written = rowsWritten;
      const now = Date.now();
      if (now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      writes = writes
        .then(() =>
          db
            .update(exportJobs)
            .set({ heartbeatAt: new Date(), rowsWritten: written })
            .where(and(eq(exportJobs.id, id), eq(exportJobs.status, 'running'))),
        )
        .catch((error: unknown) => log.warn({ err: error, id }, 'export progress not written'));
    };
    const part = partPath(dataDir, id);
    try {
      await mkdir(exportDirectory(dataDir), { recursive: true });
      const file = await task(onProgress);
      await writeBody(file.body, part);
      await rename(part, exportPath(dataDir, id));
      const { size } = await stat(exportPath(dataDir, id));
      await writes;
      const finishedAt = new Date();
      const [ready] = await db
        .update(exportJobs)
        .set({
          status: 'ready',
          // A writer that reports no progress (the codebook) still wrote everything.
          rowsWritten: sql`greatest(${written}, coalesce(${exportJobs.total}, 0))`,
          bytes: size,
          finishedAt,
          heartbeatAt: finishedAt,
          expiresAt: new Date(finishedAt.getTime() + EXPORT_KEEP_MS),
        })
        .where(eq(exportJobs.id, id))
        .returning();
      if (ready && onReady) {
        await onReady(ready).catch((error: unknown) => log.warn({ err: error, id }, 'export mail failed'));
      }
    } catch (error) {
      await writes;
      await rm(part, { force: true });
      const message =
        error instanceof Error && 'statusCode' in error && typeof error.message === 'string'
          ? error.message
          : 'The export could not be prepared. Try again, or contact support if it keeps failing.';
      log.error({ err: error, id }, 'export job failed');
      await db
        .update(exportJobs)
        .set({ status: 'failed', error: message, finishedAt: new Date(), rowsWritten: written })
        .where(eq(exportJobs.id, id));
    }
  }

  return {
    /** Queues a job whose row exists ('queued'); it runs after this process's earlier ones. */
    enqueue(id: string, task: ExportTask, onReady?: (job: JobRow) => Promise<void>): void {
      mine.add(id);
      queue = queue.then(() =>
        run(id, task, onReady).catch((error: unknown) => log.error({ err: error, id }, 'export job crashed')),
      );
    },
    /** Jobs this person has queued or running for any survey (a limit on how many at once). */
    async activeCount(userId: string) {
      const rows = await db
        .select({ id: exportJobs.id })
        .from(exportJobs)
        .where(and(eq(exportJobs.userId, userId), inArray(exportJobs.status, ['queued', 'running'])));
      return rows.length;
    },
    /** A job of this person on this survey, or null: anyone else's (another organisation's too) is hidden. */
    async find(surveyId: string, userId: string, id: string) {
      const [row] = await db
        .select()
        .from(exportJobs)
        .where(and(eq(exportJobs.id, id), eq(exportJobs.surveyId, surveyId), eq(exportJobs.userId, userId)));
      return row ?? null;
    },
    /** This person's recent jobs on this survey (the last 7 days, newest first, ten at most). */
    async list(surveyId: string, userId: string) {
      return db
        .select()
        .from(exportJobs)
        .where(
          and(
            eq(exportJobs.surveyId, surveyId),
            eq(exportJobs.userId, userId),
            or(
              inArray(exportJobs.status, ['queued', 'running']),
              gte(exportJobs.createdAt, new Date(Date.now() - 7 * EXPORT_KEEP_MS)),
            ),
          ),
        )
        .orderBy(desc(exportJobs.createdAt))
        .limit(10);
    },
    /** The ready file as a stream, or null when it is gone (expired, or deleted by hand). */
    async open(row: JobRow) {
      if (row.status !== 'ready' || (row.expiresAt && row.expiresAt < new Date())) return null;
      const path = exportPath(dataDir, row.id);
      try {
        await stat(path);
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    sweep: () => sweepExportJobs(db, dataDir),
    /**
     * Stops the sweep and the heartbeat, and waits up to 10 s for the running job; whatever is left is
     * marked failed by the next sweep, in whichever process runs it.
     */
    async close() {
      closed = true;
      clearInterval(sweeper);
      clearInterval(heartbeat);
      await Promise.race([queue, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    },
  };
}

export type ExportJobs = ReturnType<typeof createExportJobs>;
