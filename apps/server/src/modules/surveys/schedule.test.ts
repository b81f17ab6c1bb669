import {
  CLOSED_ON_SCHEDULE,
  defaultAudience,
  moderationChecklist,
  OPENED_ON_SCHEDULE,
  type Survey,
} from '@tv/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { surveyStatusHistory, surveys } from '../../db/schema/surveys';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import { createScheduleService, type ScheduleService } from './schedule';

let t: TestApp;
let author: CookieJar;
let moderator: CookieJar;
let outsider: CookieJar;
let schedule: ScheduleService;

const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

async function draft(): Promise<string> {
  const created: Survey = (
    await t.app.inject({
      method: 'POST',
      url: '/v2/surveys',
      headers: { cookie: author.header, 'x-asa-organization-id': demoOrganizations.northside.id },
      payload: { type: 'long_form' },
    })
  ).json().data;
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/v2/surveys/${created.id}`,
    headers: { cookie: author.header },
    payload: {
      version: created.version,
      name: 'Weekend plans',
      description: null,
      questions: [question('Do you work at weekends?')],
      audience: defaultAudience,
      tags: [],
      projectId: null,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return created.id;
}

async function step(cookie: CookieJar, url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: { cookie: cookie.header }, payload });
  expect(res.statusCode, res.body).toBe(200);
}
const submit = (id: string) => step(author, `/v2/surveys/${id}/transitions`, { action: 'submit' });
const approve = (id: string) =>
  step(moderator, `/v2/surveys/${id}/moderation`, {
    decision: 'approve',
    checklist: Object.fromEntries(moderationChecklist.map((item) => [item.id, true])),
    reasons: [],
  });

const putSchedule = (id: string, body: object, cookie = author) =>
  t.app.inject({
    method: 'PUT',
    url: `/v2/surveys/${id}/schedule`,
    headers: { cookie: cookie.header },
    payload: body,
  });

/** Moves a scheduled time into the past, as time passing would (the API refuses past times). */
const backdate = (id: string, column: 'opens_at' | 'closes_at') =>
  t.app.database.db.execute(
    sql`update surveys set ${sql.raw(column)} = now() - interval '1 minute' where id = ${id}`,
  );

const statusOf = async (id: string) =>
  (await t.app.database.db.select({ status: surveys.status }).from(surveys).where(eq(surveys.id, id)))[0]!
    .status;

const historyOf = (id: string, action: string) =>
  t.app.database.db
    .select()
    .from(surveyStatusHistory)
    .where(and(eq(surveyStatusHistory.surveyId, id), eq(surveyStatusHistory.action, action)));

beforeAll(async () => {
  t = await createTestApp();
  author = await signIn(t.app, demoAccounts.northsideMember.email);
  moderator = await signIn(t.app, demoAccounts.moderator.email);
  outsider = await signIn(t.app, demoAccounts.brightpathMember.email);
  schedule = createScheduleService({ db: t.app.database.db, surveys: t.app.surveys, log: t.app.log });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('setting a schedule', () => {
  it('validates the times in plain words and changes nothing on bad input', async () => {
    const id = await draft();
    const cases: [object, string][] = [
      [{ opensAt: inHours(-1), closesAt: null }, 'Choose an opening time in the future.'],
      [{ opensAt: inHours(48), closesAt: inHours(24) }, 'The closing time must come after the opening time.'],
      [{ opensAt: inHours(24 * 366), closesAt: null }, 'Choose an opening time within a year from now.'],
      [{ opensAt: null, closesAt: inHours(24 * 367) }, 'Choose a closing time within a year from now.'],
      [{ opensAt: null, closesAt: inHours(-2) }, 'Choose a closing time in the future.'],
    ];
    for (const [body, message] of cases) {
      const res = await putSchedule(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const notADate = await putSchedule(id, { opensAt: 'next tuesday', closesAt: null });
    expect(notADate.statusCode).toBe(400);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${id}/schedule`,
      headers: { cookie: author.header },
    });
    expect(unchanged.json().data).toMatchObject({ opensAt: null, closesAt: null, summary: null });
  });

  it('saves the times without touching the draft version, and only for those who may edit', async () => {
    const id = await draft();
    const before = (await t.app.database.db.select().from(surveys).where(eq(surveys.id, id)))[0]!;
    const opensAt = inHours(24);
    const closesAt = inHours(24 * 8);
    const res = await putSchedule(id, { opensAt, closesAt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      opensAt: new Date(opensAt).toISOString(),
      closesAt: new Date(closesAt).toISOString(),
      opensEditable: true,
      closesEditable: true,
    });
    expect(res.json().data.summary).toMatch(/^Opens on .* if a moderator has approved it by then/);
    const after = (await t.app.database.db.select().from(surveys).where(eq(surveys.id, id)))[0]!;
    expect(after.version).toBe(before.version);
    expect((await putSchedule(id, { opensAt: null, closesAt: null }, outsider)).statusCode).toBe(404);
    expect((await putSchedule(id, { opensAt: null, closesAt: null }, moderator)).statusCode).toBe(403);
  });

  it('lets a live survey change only its closing time', async () => {
    const live = await liveSurvey(t.app, [question('Do you like mornings?')]);
    const opens = await putSchedule(live.id, { opensAt: inHours(2), closesAt: null });
    expect(opens.statusCode).toBe(409);
    expect(opens.json().message).toBe('This survey is already open, so only its closing time can change.');
    const closes = await putSchedule(live.id, { opensAt: null, closesAt: inHours(5) });
    expect(closes.statusCode, closes.body).toBe(200);
    expect(closes.json().data.summary).toMatch(/^Closes by itself on/);
  });
});

describe('the once-a-minute sweep', () => {
  it('opens approved surveys whose time has come, leaves the rest, closes live ones, and is idempotent', async () => {
    // Approved, opening time passed: opens.
    const approved = await draft();
    await putSchedule(approved, { opensAt: inHours(1), closesAt: inHours(48) });
    await submit(approved);
    await approve(approved);
    await backdate(approved, 'opens_at');
    // A draft and one in moderation whose opening time passed: a schedule never skips moderation.
    const stillDraft = await draft();
    await putSchedule(stillDraft, { opensAt: inHours(1), closesAt: null });
    await backdate(stillDraft, 'opens_at');
    const inModeration = await draft();
    await putSchedule(inModeration, { opensAt: inHours(1), closesAt: null });
    await submit(inModeration);
    await backdate(inModeration, 'opens_at');
    // Approved, but its opening time is still ahead: waits.
    const later = await draft();
    await putSchedule(later, { opensAt: inHours(3), closesAt: null });
    await submit(later);
    await approve(later);
    // Live, closing time passed: closes.
    const live = await liveSurvey(t.app, [question('Do you like mornings?')]);
    await putSchedule(live.id, { opensAt: null, closesAt: inHours(1) });
    await backdate(live.id, 'closes_at');

    const [a, b] = await Promise.all([schedule.sweep(), schedule.sweep()]);
    expect(a.opened + b.opened).toBe(1);
    expect(a.closed + b.closed).toBe(1);

    expect(await statusOf(approved)).toBe('live');
    expect(await statusOf(stillDraft)).toBe('draft');
    expect(await statusOf(inModeration)).toBe('in_moderation');
    expect(await statusOf(later)).toBe('approved');
    expect(await statusOf(live.id)).toBe('complete');

    const published = await historyOf(approved, 'publish');
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      fromStatus: 'approved',
      toStatus: 'live',
      actorId: null,
      reason: OPENED_ON_SCHEDULE,
    });
    const closed = await historyOf(live.id, 'close');
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({
      fromStatus: 'live',
      toStatus: 'complete',
      actorId: null,
      reason: CLOSED_ON_SCHEDULE,
    });

    // The same mail as a staff publish: the owner hears the survey is live.
    const mail = await t.app.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toEmail, demoAccounts.northsideMember.email),
          eq(mailOutbox.template, 'survey/status-updates'),
        ),
      );
    const opened = mail.filter((m) => m.text.includes(approved));
    expect(opened.map((m) => m.subject)).toEqual(['Your survey is now live']);

    // Run again: nothing left to do, nothing recorded twice.
    expect(await schedule.sweep()).toEqual({ opened: 0, closed: 0 });
    expect(await historyOf(approved, 'publish')).toHaveLength(1);
    expect(await historyOf(live.id, 'close')).toHaveLength(1);

    // The history names the schedule, without an actor, as the API shows it.
    const history = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${approved}/history`,
      headers: { cookie: author.header },
    });
    expect(history.json().data.at(-1)).toMatchObject({
      action: 'publish',
      actorName: null,
      reason: OPENED_ON_SCHEDULE,
    });
  });

  it('opens a survey approved after its opening time at the next sweep, but not past its closing time', async () => {
    const late = await draft();
    await putSchedule(late, { opensAt: inHours(1), closesAt: null });
    await submit(late);
    await backdate(late, 'opens_at');
    expect((await schedule.sweep()).opened).toBe(0);
    await approve(late);
    expect((await schedule.sweep()).opened).toBe(1);
    expect(await statusOf(late)).toBe('live');

    const missed = await draft();
    await putSchedule(missed, { opensAt: inHours(1), closesAt: inHours(2) });
    await submit(missed);
    await approve(missed);
    await backdate(missed, 'opens_at');
    await backdate(missed, 'closes_at');
    expect((await schedule.sweep()).opened).toBe(0);
    expect(await statusOf(missed)).toBe('approved');
    // Staff cannot publish it either until the closing time changes.
    const publisher = await signIn(t.app, demoAccounts.platformAdmin.email);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${missed}/transitions`,
      headers: { cookie: publisher.header },
      payload: { action: 'publish' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SCHEDULE_CLOSED');
  });
});
