import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs } from '../db/schema/exports';
import { users } from '../db/schema/identity';
import { resultShareLinks, surveys, trackers, trackerWaves } from '../db/schema/surveys';
import { demoAccounts } from '../db/seed/demo-accounts';
import { createTestApp, type TestApp } from './app';
import { accountRows, lastRows, type MatrixFixture, ORG, publicRoutes, type Row } from './authorization-rows';
import { surveyRows } from './authorization-survey-rows';
import { type Actor, actors, type Outcome, signInActors } from './matrix-actors';
import type { CookieJar } from './session';

/**
 * Who may call what. Every route of the API is either public or has a row (authorization-rows.ts,
 * authorization-survey-rows.ts), and a test fails when a new route has neither: this is where every
 * later endpoint is added. What 'ok' and a status mean: authorization-rows.ts.
 */

/** The matrix's survey, trackers and share link, made before the matrix runs. */
const matrix: MatrixFixture = {
  surveyId: '',
  trackerId: '',
  deletableTrackers: [],
  trackersWithAWave: [],
  shareLinkId: '',
  exportJobId: '',
};
const rows: Row[] = [...accountRows, ...surveyRows(matrix), ...lastRows];

let t: TestApp;
const jars = {} as Record<Actor, CookieJar>;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(jars, await signInActors(t.app));
  const created = await t.app.inject({
    method: 'POST',
    url: '/v2/surveys',
    headers: { cookie: jars.member.header, 'x-asa-organization-id': ORG },
    payload: { type: 'long_form' },
  });
  matrix.surveyId = created.json().data.id;
});
/** The matrix's trackers, written directly (decision 032; the tracker tests go through the API). */
beforeAll(async () => {
  const db = t.app.database.db;
  const newTracker = async () =>
    (await db.insert(trackers).values({ organizationId: ORG, name: 'Matrix tracker' }).returning())[0]!.id;
  matrix.trackerId = await newTracker();
  await db
    .insert(trackerWaves)
    .values({ trackerId: matrix.trackerId, surveyId: matrix.surveyId, position: 0, label: 'Matrix wave' });
  for (const _ of actors) {
    matrix.deletableTrackers.push(await newTracker());
    const withWave = await newTracker();
    const [waveSurvey] = await db
      .insert(surveys)
      .values({ organizationId: ORG, type: 'long_form', name: 'Matrix wave survey' })
      .returning();
    await db
      .insert(trackerWaves)
      .values({ trackerId: withWave, surveyId: waveSurvey!.id, position: 0, label: 'Only wave' });
    matrix.trackersWithAWave.push({ trackerId: withWave, surveyId: waveSurvey!.id });
  }
});
/** A share link of the matrix's survey, written directly: a draft's results cannot be shared by the API. */
beforeAll(async () => {
  const [link] = await t.app.database.db
    .insert(resultShareLinks)
    .values({
      surveyId: matrix.surveyId,
      organizationId: ORG,
      tokenHash: 'matrix'.padEnd(64, '0'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: resultShareLinks.id });
  matrix.shareLinkId = link!.id;
});
/** An export job of the member's, written directly: its file is gone, so its reader gets 410, not 404. */
beforeAll(async () => {
  const db = t.app.database.db;
  const [member] = await db.select().from(users).where(eq(users.email, demoAccounts.northsideMember.email));
  const [job] = await db
    .insert(exportJobs)
    .values({
      surveyId: matrix.surveyId,
      organizationId: ORG,
      userId: member!.id,
      format: 'csv',
      filters: {},
      status: 'ready',
      total: 0,
      fileName: 'matrix-responses.csv',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: exportJobs.id });
  matrix.exportJobId = job!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('authorisation matrix', () => {
  it('covers every route: each is public or has a row', () => {
    // The storefront (the Magento-compatible API by commerce token, its file routes by cookie) has its
    // own matrix in modules/commerce/commerce-authorization.test.ts, which checks its coverage the same way.
    const apiRoutes = t.app.registeredRoutes.filter(
      (r) => !r.includes('/api/docs') && !r.split(' ')[1]!.startsWith('/commerce-content/'),
    );
    const covered = new Set([...publicRoutes, ...rows.map((r) => r.route)]);
    expect(apiRoutes.filter((r) => !covered.has(r))).toEqual([]);
    expect(rows.map((r) => r.route).filter((r) => !apiRoutes.includes(r))).toEqual([]);
  });

  for (const row of rows) {
    it(`${row.route}`, async () => {
      const [method, path] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const got: Record<string, number> = {};
      const want: Record<string, Outcome> = {};
      for (const actor of actors) {
        const url = typeof row.url === 'function' ? row.url() : (row.url ?? path);
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie: jars[actor].header, 'x-asa-organization-id': ORG },
          ...(row.body ? { payload: row.body() } : {}),
        });
        const status = response.statusCode;
        want[actor] = row.expect[actor];
        got[actor] = status;
        const hidden = status === 404 && Object.values(row.expect).includes(404);
        if (row.expect[actor] === 'ok' && (status === 401 || status === 403 || hidden)) {
          throw new Error(`${actor} was refused ${row.route} with ${status}: ${response.body}`);
        }
      }
      const refused = Object.fromEntries(Object.entries(want).filter(([, o]) => o !== 'ok'));
      const gotRefused = Object.fromEntries(Object.entries(got).filter(([actor]) => actor in refused));
      expect(gotRefused).toEqual(refused);
    });
  }
});
