import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { defaultAudience, type ExportJob } from '@tv/contract';
import { and, asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs } from '../../db/schema/exports';
import { mailOutbox } from '../../db/schema/mail';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import { createExportJobs, exportPath, STALE_MS, sweepExportJobs } from './export-jobs';

let t: TestApp;
let dataDir: string;
let survey: Awaited<ReturnType<typeof liveSurvey>>;
let orgAdmin: CookieJar;
let otherOrg: CookieJar;
const SIMULATED = 1_200;
const club = question('Do you take part in a club?');
const idea = question('One idea for us?', { type: 'short_text', options: [], required: false });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tv-export-jobs-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  survey = await liveSurvey(t.app, [club, idea], { ...defaultAudience, sampleSize: 2_000 });
  // More than one keyset page (1,000 rows), so the writers call back more than once.
  const filled = await t.app.inject({
    method: 'POST',
    url: `/v2/surveys/${survey.id}/simulate`,
    headers: { cookie: survey.publisher.header },
    payload: { count: SIMULATED },
  });
  expect(filled.json().data.inserted).toBe(SIMULATED);
  orgAdmin = await signIn(t.app, demoAccounts.northsideAdmin.email);
  otherOrg = await signIn(t.app, demoAccounts.brightpathMember.email);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const base = () => `/v2/surveys/${survey.id}/results/exports`;
const start = (
  format: string,
  query = '?includeSimulated=true&weighted=false',
  cookie = survey.author.header,
) => t.app.inject({ method: 'POST', url: `${base()}${query}`, headers: { cookie }, payload: { format } });
const status = (id: string, cookie = survey.author.header) =>
  t.app.inject({ method: 'GET', url: `${base()}/${id}`, headers: { cookie } });
const file = (id: string, cookie = survey.author.header) =>
  t.app.inject({ method: 'GET', url: `${base()}/${id}/file`, headers: { cookie } });

/** Polls the job until it is no longer queued or running. */
async function finished(id: string): Promise<ExportJob> {
  for (let i = 0; i < 600; i += 1) {
    const job: ExportJob = (await status(id)).json().data;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The export job did not finish');
}

const jobCount = async () => (await t.app.database.db.select().from(exportJobs)).length;

describe('export jobs', () => {
  it('prepares the CSV in the background: status, rows written of the total, then the same file as the download', async () => {
    const started = await start('csv');
    expect(started.statusCode, started.body).toBe(202);
    const job: ExportJob = started.json().data;
    expect(job).toMatchObject({ format: 'csv', total: SIMULATED, fileName: null });
    expect(['queued', 'running']).toContain(job.status);
    expect(job.filters).toEqual({ includeSimulated: 'true', weighted: 'false' });

    const ready = await finished(job.id);
    expect(ready).toMatchObject({ status: 'ready', rowsWritten: SIMULATED, total: SIMULATED, percent: 100 });
    expect(ready.fileName).toBe('life-after-school-responses.csv');
    expect(ready.bytes).toBeGreaterThan(0);
    expect(Date.parse(ready.expiresAt!) - Date.parse(ready.finishedAt!)).toBe(24 * 60 * 60 * 1000);
    // Written to the data directory, not kept in memory.
    expect(existsSync(exportPath(dataDir, job.id))).toBe(true);

    const downloaded = await file(job.id);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toContain('text/csv');
    expect(downloaded.headers['content-disposition']).toBe(
      'attachment; filename="life-after-school-responses.csv"',
    );
    expect(downloaded.headers['cache-control']).toBe('no-store');
    const direct = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/results/export.csv?includeSimulated=true&weighted=false`,
      headers: { cookie: survey.author.header },
    });
    expect(downloaded.body).toBe(direct.body);
    expect(downloaded.body.trim().split('\r\n')).toHaveLength(SIMULATED + 1);
    // Until it expires, as often as needed.
    expect((await file(job.id)).statusCode).toBe(200);

    // The page lists the caller's recent jobs of the survey.
    const listed = await t.app.inject({
      method: 'GET',
      url: base(),
      headers: { cookie: survey.author.header },
    });
    expect(listed.json().data.map((j: ExportJob) => j.id)).toContain(job.id);
  });

  it('prepares the .sav and the Excel file with the same writers', async () => {
    const sav = await finished((await start('sav')).json().data.id);
    expect(sav).toMatchObject({ status: 'ready', rowsWritten: SIMULATED });
    const savFile = await file(sav.id);
    expect(savFile.headers['content-type']).toBe('application/x-spss-sav');
    expect(savFile.rawPayload.subarray(0, 4).toString('latin1')).toMatch(/^\$FL[23]$/);

    const xlsx = await finished(
      (await start('xlsx', '?includeSimulated=true&weighted=false')).json().data.id,
    );
    expect(xlsx).toMatchObject({ status: 'ready', rowsWritten: SIMULATED });
    expect(xlsx.filters).toEqual({ includeSimulated: 'true', weighted: 'false' });
    const xlsxFile = await file(xlsx.id);
    // A ZIP container.
    expect(xlsxFile.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');

    const codebook = await finished((await start('codebook')).json().data.id);
    expect(codebook).toMatchObject({ status: 'ready', percent: 100 });
  });

  it('weights an audience survey by default, as the download does (a Weight column)', async () => {
    const job = await finished((await start('csv', '?includeSimulated=true')).json().data.id);
    expect(job).toMatchObject({ status: 'ready', rowsWritten: SIMULATED });
    expect(job.filters).toEqual({ includeSimulated: 'true' });
    const body = (await file(job.id)).body;
    expect(body.split('\r\n')[0]).toMatch(/,Weight$/);
    const direct = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/results/export.csv?includeSimulated=true`,
      headers: { cookie: survey.author.header },
    });
    expect(body).toBe(direct.body);
  });

  it('counts what the filters select as the total', async () => {
    const job: ExportJob = (await start('csv', '?includeSimulated=true&weighted=false&gender=female')).json()
      .data;
    expect(job.total).toBeGreaterThan(0);
    expect(job.total).toBeLessThan(SIMULATED);
    const ready = await finished(job.id);
    expect(ready.rowsWritten).toBe(job.total);
  });

  it('mails the person who started it a link to the results page, not to the file', async () => {
    const job = await finished((await start('csv')).json().data.id);
    // The mail is written just after the job is marked ready: this job's is the first one after that.
    let mails: (typeof mailOutbox.$inferSelect)[] = [];
    for (let i = 0; i < 100 && mails.length === 0; i += 1) {
      mails = await t.app.database.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.template, 'results/export-ready'),
            eq(mailOutbox.toEmail, demoAccounts.northsideMember.email),
            gte(mailOutbox.createdAt, new Date(job.finishedAt!)),
          ),
        )
        .orderBy(asc(mailOutbox.createdAt));
      if (mails.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(mails.length).toBeGreaterThan(0);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Your export is ready to download');
    expect(mail.html).toContain(`/research/builder/survey/summary/${survey.id}`);
    expect(mail.text).toContain('1,200 responses');
    for (const body of [mail.html, mail.text]) {
      expect(body).not.toContain('/exports/');
      expect(body).not.toContain(job.id);
    }
    expect(mail.secret).toBeNull();
  });

  it('shows a job to the person who started it only: a colleague and another organisation get 404', async () => {
    const job = await finished((await start('csv')).json().data.id);
    for (const jar of [orgAdmin, otherOrg]) {
      expect((await status(job.id, jar.header)).statusCode).toBe(404);
      expect((await file(job.id, jar.header)).statusCode).toBe(404);
      const listed = await t.app.inject({ method: 'GET', url: base(), headers: { cookie: jar.header } });
      if (listed.statusCode === 200) expect(listed.json().data).toEqual([]);
      else expect(listed.statusCode).toBe(404);
    }
    // Another organisation may not start one either (the survey is hidden from it).
    expect((await start('csv', '', otherOrg.header)).statusCode).toBe(404);
    // A job id of another survey is not found through this one.
    const other = await liveSurvey(t.app, [club]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/v2/surveys/${other.id}/results/exports/${job.id}`,
          headers: { cookie: other.author.header },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses bad input with a clear 4xx and starts nothing', async () => {
    const before = await jobCount();
    const unknown = await start('pdf');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Choose the format');
    expect((await start('csv\u0000')).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: base(),
          headers: { cookie: survey.author.header },
          payload: { format: 'csv', extra: true },
        })
      ).statusCode,
    ).toBe(400);
    expect((await start('csv', '?ageMin=99')).statusCode).toBe(400);
    expect((await start('csv', '?gender=%00')).statusCode).toBe(400);
    expect((await status('not-a-job')).statusCode).toBe(400);
    expect((await status(randomUUID())).statusCode).toBe(404);
    expect((await file(randomUUID())).statusCode).toBe(404);
    // Signed out: 401.
    expect((await t.app.inject({ method: 'POST', url: base(), payload: { format: 'csv' } })).statusCode).toBe(
      401,
    );
    expect(await jobCount()).toBe(before);
  });

  it('reports progress while a job runs, and a failed writer fails the job with its file removed', async () => {
    const db = t.app.database.db;
    const jobs = createExportJobs({ db, dataDir, log: t.app.log });
    const [row] = await db
      .insert(exportJobs)
      .values({
        surveyId: survey.id,
        organizationId: null,
        userId: await ownerId(),
        format: 'csv',
        filters: {},
        total: 2000,
        fileName: 'x.csv',
      })
      .returning();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    jobs.enqueue(row!.id, async (onProgress) => {
      onProgress(1000);
      await gate;
      return { type: 'text/csv', extension: 'csv', body: Readable.from(['a,b\r\n']) };
    });
    let running: ExportJob | null = null;
    for (let i = 0; i < 200; i += 1) {
      running = (await status(row!.id)).json().data;
      if (running?.rowsWritten === 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(running).toMatchObject({ status: 'running', rowsWritten: 1000, total: 2000, percent: 50 });
    expect((await file(row!.id)).statusCode).toBe(409);
    release();
    expect(await finished(row!.id)).toMatchObject({ status: 'ready', rowsWritten: 2000, percent: 100 });

    const [broken] = await db
      .insert(exportJobs)
      .values({ surveyId: survey.id, userId: await ownerId(), format: 'xlsx', filters: {}, total: 10 })
      .returning();
    jobs.enqueue(broken!.id, async () => ({
      type: 'x',
      extension: 'xlsx',
      body: new Readable({
        read() {
          this.destroy(new Error('database went away'));
        },
      }),
    }));
    const failed = await finished(broken!.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('could not be prepared');
    expect(failed.error).not.toContain('database went away');
    expect(existsSync(join(dataDir, 'exports', `${broken!.id}.part`))).toBe(false);
    expect((await file(broken!.id)).statusCode).toBe(409);
    await jobs.close();
  });

  it('marks jobs a stopped process left failed, and deletes files past their expiry', async () => {
    const db = t.app.database.db;
    const userId = await ownerId();
    const old = new Date(Date.now() - STALE_MS - 5_000);
    const [orphan] = await db
      .insert(exportJobs)
      .values({
        surveyId: survey.id,
        userId,
        format: 'csv',
        filters: {},
        status: 'running',
        heartbeatAt: old,
      })
      .returning();
    const [waiting] = await db
      .insert(exportJobs)
      .values({ surveyId: survey.id, userId, format: 'csv', filters: {}, status: 'queued', heartbeatAt: old })
      .returning();
    const [fresh] = await db
      .insert(exportJobs)
      .values({ surveyId: survey.id, userId, format: 'csv', filters: {}, status: 'running' })
      .returning();
    const [stale] = await db
      .insert(exportJobs)
      .values({
        surveyId: survey.id,
        userId,
        format: 'csv',
        filters: {},
        status: 'ready',
        fileName: 'old.csv',
        bytes: 3,
        expiresAt: new Date(Date.now() - 1000),
      })
      .returning();
    await writeFile(exportPath(dataDir, stale!.id), 'a,b');

    const swept = await sweepExportJobs(db, dataDir);
    expect(swept.failed).toBeGreaterThanOrEqual(2);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    for (const id of [orphan!.id, waiting!.id]) {
      const job: ExportJob = (await status(id)).json().data;
      expect(job.status).toBe('failed');
      expect(job.error).toContain('restarted');
    }
    expect((await status(fresh!.id)).json().data.status).toBe('running');
    expect((await status(stale!.id)).json().data.status).toBe('expired');
    expect(existsSync(exportPath(dataDir, stale!.id))).toBe(false);
    const gone = await file(stale!.id);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message ?? gone.body).toContain('deleted 24 hours');
    await db.delete(exportJobs).where(eq(exportJobs.id, fresh!.id));
  });

  it('appears in the OpenAPI document', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = docs.json().paths as Record<string, Record<string, { summary?: string }>>;
    expect(paths['/v2/surveys/{id}/results/exports']?.post?.summary).toMatch(/Start an export job/);
    expect(paths['/v2/surveys/{id}/results/exports']?.get?.summary).toMatch(/recent export jobs/);
    expect(paths['/v2/surveys/{id}/results/exports/{jobId}']?.get?.summary).toMatch(/queued, running, ready/);
    expect(paths['/v2/surveys/{id}/results/exports/{jobId}/file']?.get?.summary).toMatch(/file/);
    expect(JSON.stringify(paths['/v2/surveys/{id}/results/exports']?.post)).toContain('coded-csv');
  });

  it('lets one person prepare three exports at once, no more', async () => {
    const db = t.app.database.db;
    const userId = await ownerId();
    await db.insert(exportJobs).values(
      [1, 2, 3].map(() => ({
        surveyId: survey.id,
        userId,
        format: 'csv' as const,
        filters: {},
        status: 'queued' as const,
      })),
    );
    const refused = await start('csv');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Wait for one to finish');
    await db.delete(exportJobs).where(and(eq(exportJobs.userId, userId), eq(exportJobs.status, 'queued')));
  });
});

/** The survey author's user id, from a job they started. */
async function ownerId(): Promise<string> {
  const [row] = await t.app.database.db
    .select({ userId: exportJobs.userId })
    .from(exportJobs)
    .where(eq(exportJobs.surveyId, survey.id))
    .limit(1);
  return row!.userId;
}
