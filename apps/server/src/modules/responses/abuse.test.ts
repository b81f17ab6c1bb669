import { randomUUID } from 'node:crypto';
import { type Audience, defaultAudience } from '@tv/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { surveyResponses } from '../../db/schema/responses';
import { surveys } from '../../db/schema/surveys';
import { createTestApp, type TestApp } from '../../test/app';
import { redisReachable, testRedisUrl } from '../../test/redis';
import { respondentPass } from '../../test/respondent';
import { liveSurvey, question } from '../../test/surveys';

// Issue 23: a live survey that no script can fill. This app runs with the production defaults of the
// respondent limits (20 answers a minute per address and survey, 1.5 s per question, an alert at 20).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RESPOND_RATE_LIMIT: '20',
    RESPOND_SECONDS_PER_QUESTION: '1.5',
    RESPOND_ALERT_THRESHOLD: '20',
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

const questions = () => [
  question('Do you take part in a club?'),
  question('Do you play a sport?'),
  question('Do you have a part-time job?'),
  question('Do you volunteer?'),
];
type Answers = Record<string, string>;
const answersFor = (qs: ReturnType<typeof questions>, i: number): Answers =>
  Object.fromEntries(qs.map((q, k) => [q.id, (i >> k) & 1 ? 'yes' : 'no']));
const screener = { age: 15, gender: 'female' as const, state: 'OH' };

const open = (surveyId: string) => respondentPass(t.app, surveyId);
const send = (surveyId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/v2/respond/${surveyId}/responses`, payload });
const body = (answers: Answers, pass: object) => ({
  clientResponseId: randomUUID(),
  screener,
  answers,
  ...pass,
});

async function surveyState(id: string) {
  const [row] = await t.app.database.db
    .select({ status: surveys.status, completedCount: surveys.completedCount })
    .from(surveys)
    .where(eq(surveys.id, id));
  const rows = await t.app.database.db
    .select({
      excluded: surveyResponses.excluded,
      flags: surveyResponses.qualityFlags,
      reason: surveyResponses.excludedReason,
    })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.surveyId, id), eq(surveyResponses.status, 'completed')));
  return {
    status: row!.status,
    counted: row!.completedCount,
    stored: rows.length,
    held: rows.filter((r) => r.excluded),
  };
}

/** A clock the test moves: tokens, the plausible time and the limits' windows all read Date. */
function useClock() {
  let now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now });
  return {
    advance(ms: number) {
      now += ms;
      vi.setSystemTime(now);
    },
  };
}

async function survey(audience: Partial<Audience> = {}) {
  const qs = questions();
  const created = await liveSurvey(t.app, qs, { ...defaultAudience, sampleSize: 500, ...audience });
  return { ...created, qs };
}

describe('start tokens and devices are the server’s', () => {
  it('takes a start token once: a second response with it is refused, a retry of the first is not', async () => {
    const clock = useClock();
    try {
      const s = await survey();
      const pass = await open(s.id);
      clock.advance(60_000);
      const first = body(answersFor(s.qs, 1), pass);
      expect((await send(s.id, first)).json().data.outcome).toBe('completed');
      // The same attempt sent again (a retry): the same answer, stored once.
      expect((await send(s.id, first)).json().data.outcome).toBe('completed');
      // Another response on the same token, with a device of its own: refused.
      const other = await open(s.id);
      const replay = await send(
        s.id,
        body(answersFor(s.qs, 2), { startToken: pass.startToken, deviceToken: other.deviceToken }),
      );
      expect(replay.json().data.outcome).toBe('already_taken');
      expect(await surveyState(s.id)).toMatchObject({ counted: 1, stored: 1, held: [] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds a response with a device the server did not issue, or no start token, and gives it no place', async () => {
    const clock = useClock();
    try {
      const s = await survey();
      const pass = await open(s.id);
      clock.advance(60_000);
      const madeUp = await send(
        s.id,
        body(answersFor(s.qs, 1), { startToken: pass.startToken, deviceToken: 'f'.repeat(48) }),
      );
      const noStart = await send(s.id, body(answersFor(s.qs, 2), { deviceToken: pass.deviceToken }));
      // The respondent is thanked as usual: a script learns nothing from the answer.
      expect([madeUp, noStart].map((r) => r.json().data.outcome)).toEqual(['completed', 'completed']);
      const state = await surveyState(s.id);
      expect(state).toMatchObject({ counted: 0, stored: 2 });
      expect(state.held.map((r) => r.flags)).toEqual([['unverified'], ['unverified']]);
      expect(state.held[0]!.reason).toContain('Held for review');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a plausible time, from the survey’s length', () => {
  it('holds a response sent sooner than its questions can be read; counts one that took its time', async () => {
    const clock = useClock();
    try {
      const s = await survey();
      const fast = await open(s.id);
      clock.advance(3_000); // four questions take at least 6 s
      await send(s.id, body(answersFor(s.qs, 1), fast));
      const slow = await open(s.id);
      clock.advance(45_000);
      await send(s.id, body(answersFor(s.qs, 2), slow));
      const state = await surveyState(s.id);
      expect(state).toMatchObject({ counted: 1, stored: 2 });
      expect(state.held).toHaveLength(1);
      expect(state.held[0]!.flags).toContain('too_fast');
      expect(state.held[0]!.reason).toBe(
        'Held for review: sent 3 seconds after it started; its 4 questions take at least 6 seconds to read and answer.',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('a held response takes no place in a quota, and counts once staff include it', async () => {
    const clock = useClock();
    try {
      const s = await survey({
        sampleSize: 50,
        quotas: [{ attribute: 'gender', value: 'female', percent: 2 }],
      });
      const fast = await open(s.id);
      clock.advance(1_000);
      await send(s.id, body(answersFor(s.qs, 1), fast));
      // The quota of one girl is still open for a real one.
      const real = await open(s.id);
      clock.advance(60_000);
      expect((await send(s.id, body(answersFor(s.qs, 2), real))).json().data.outcome).toBe('completed');
      expect(await surveyState(s.id)).toMatchObject({ counted: 1, stored: 2 });

      const [held] = await t.app.database.db
        .select({ id: surveyResponses.id })
        .from(surveyResponses)
        .where(and(eq(surveyResponses.surveyId, s.id), eq(surveyResponses.excluded, true)));
      const include = await t.app.inject({
        method: 'POST',
        url: `/v2/surveys/${s.id}/quality/responses/${held!.id}/include`,
        headers: { cookie: s.moderator.header },
      });
      expect(include.statusCode).toBe(200);
      expect(await surveyState(s.id)).toMatchObject({ counted: 2, held: [] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a flood of held answers can never complete a survey', async () => {
    const clock = useClock();
    try {
      const s = await survey({ sampleSize: 50 });
      for (let i = 0; i < 55; i++) {
        const pass = await open(s.id);
        clock.advance(1_000);
        await send(s.id, body(answersFor(s.qs, i), pass));
        // Slow enough for the address limit: this is about the sample, not the rate.
        clock.advance(3_000);
      }
      expect(await surveyState(s.id)).toMatchObject({ status: 'live', counted: 0, stored: 55 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('limits per address and survey', () => {
  it('lets a class of 40 on one school network through: they start together and finish within 5 minutes', async () => {
    const clock = useClock();
    try {
      const s = await survey({ sampleSize: 300 });
      // Everyone opens the survey when the teacher says so, and passes the screener.
      const teens = [];
      for (let i = 0; i < 40; i++) {
        const pass = await open(s.id);
        const clientResponseId = randomUUID();
        const screen = await t.app.inject({
          method: 'POST',
          url: `/v2/respond/${s.id}/screen`,
          payload: { clientResponseId, screener, deviceToken: pass.deviceToken },
        });
        expect(screen.json().data.outcome).toBe('eligible');
        teens.push({ pass, clientResponseId, answers: answersFor(s.qs, i) });
      }
      // They finish between the second and the fourth minute, most of them in a rush at the end; a
      // page told to wait sends again when the wait is over, as the respondent page does.
      const finishAt = teens.map((_, i) => 60_000 + Math.round((i / 39) ** 0.5 * 180_000));
      const queue = teens.map((teen, i) => ({ ...teen, at: finishAt[i]! }));
      let elapsed = 0;
      let refusals = 0;
      while (queue.length > 0) {
        queue.sort((a, b) => a.at - b.at);
        const next = queue.shift()!;
        if (next.at > elapsed) {
          clock.advance(next.at - elapsed);
          elapsed = next.at;
        }
        const res = await send(s.id, {
          clientResponseId: next.clientResponseId,
          screener,
          answers: next.answers,
          ...next.pass,
        });
        if (res.statusCode === 429) {
          refusals++;
          queue.push({ ...next, at: elapsed + Number(res.headers['retry-after'] ?? 60) * 1000 });
          continue;
        }
        expect(res.json().data.outcome).toBe('completed');
      }
      expect(await surveyState(s.id)).toMatchObject({ counted: 40, stored: 40, held: [] });
      expect(elapsed).toBeLessThanOrEqual(5 * 60_000);
      // The rush at the end did meet the limit: the pages waited and sent again.
      expect(refusals).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('1,000 scripted answers from one address in 60 s leave at most 20 counted, and the survey stays live', async () => {
    const clock = useClock();
    try {
      const s = await survey({ sampleSize: 500 });
      const replayed = await open(s.id);
      const outcomes = { refused: 0, accepted: 0 };
      for (let i = 0; i < 1000; i++) {
        clock.advance(60);
        // Half replay one start token with made-up devices, as the probe did; half open the survey
        // afresh each time, as a smarter script would.
        const pass =
          i % 2 === 0
            ? { startToken: replayed.startToken, deviceToken: randomUUID().replaceAll('-', '') }
            : await t.app
                .inject({ method: 'GET', url: `/v2/respond/${s.id}` })
                .then((r) =>
                  r.statusCode === 200
                    ? { startToken: r.json().data.startToken, deviceToken: r.json().data.deviceToken }
                    : {},
                );
        const res = await send(s.id, body(answersFor(s.qs, i), pass));
        if (res.statusCode === 429) outcomes.refused++;
        else outcomes.accepted++;
      }
      const state = await surveyState(s.id);
      expect(state.status).toBe('live');
      expect(state.counted).toBeLessThanOrEqual(20);
      expect(outcomes.refused).toBeGreaterThanOrEqual(960);

      // Staff hear of it once: one mail to each moderator and admin, not one per answer.
      const burstMails = async () =>
        (
          await t.app.database.db
            .select({ to: mailOutbox.toEmail, subject: mailOutbox.subject, text: mailOutbox.text })
            .from(mailOutbox)
            .where(eq(mailOutbox.template, 'fieldwork/respondent-burst'))
        ).filter((m) => m.text.includes(s.id));
      await vi.waitFor(async () => expect((await burstMails()).length).toBeGreaterThan(0));
      const sent = await burstMails();
      expect(new Set(sent.map((m) => m.to)).size).toBe(sent.length);
      expect(sent[0]!.subject).toBe('A live survey is receiving suspect answers');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a refused page in the respondent’s words, with when to send again', async () => {
    const s = await survey();
    let last = await send(s.id, body(answersFor(s.qs, 0), {}));
    for (let i = 1; i <= 20; i++) last = await send(s.id, body(answersFor(s.qs, i), {}));
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // The page reads the wait from the body (it cannot read the header).
    expect(last.json().data.retryAfterSeconds).toBeGreaterThan(0);
    expect(last.json().code).toBe('RATE_LIMITED');
    expect(last.json().message).toBe(
      'Lots of answers are coming from your network right now. Your answers are saved on this device, and we’ll try again in a moment.',
    );
    // Another survey from the same address is not affected.
    const other = await survey();
    expect((await send(other.id, body(answersFor(other.qs, 0), {}))).statusCode).toBe(200);
  });
});

describe('the settings', () => {
  it('RESPOND_RATE_LIMIT=0 turns the respondent limits off, for load tests and benchmarks', async () => {
    const off = await createTestApp({ RESPOND_RATE_LIMIT: '0' });
    try {
      const qs = questions();
      const s = await liveSurvey(off.app, qs, { ...defaultAudience, sampleSize: 500 });
      const codes = new Set<number>();
      for (let i = 0; i < 30; i++) {
        const res = await off.app.inject({
          method: 'POST',
          url: `/v2/respond/${s.id}/responses`,
          payload: body(answersFor(qs, i), {}),
        });
        codes.add(res.statusCode);
      }
      expect([...codes]).toEqual([200]);
    } finally {
      await off.close();
    }
  });

  it('two server copies share the limits through Redis', async (context) => {
    if (!(await redisReachable())) context.skip();
    const prefix = randomUUID();
    const one = await createTestApp({ REDIS_URL: testRedisUrl, RESPOND_RATE_LIMIT: '10' });
    const two = await createTestApp({ REDIS_URL: testRedisUrl, RESPOND_RATE_LIMIT: '10' });
    try {
      const qs = questions();
      // The same survey id on both copies' databases is what two copies behind one proxy see.
      const s = await liveSurvey(one.app, qs);
      const codes: number[] = [];
      for (let i = 0; i < 16; i++) {
        const app = i % 2 ? two.app : one.app;
        const res = await app.inject({
          method: 'POST',
          url: `/v2/respond/${s.id}/responses`,
          payload: body(answersFor(qs, i), {}),
          remoteAddress: `10.${prefix.charCodeAt(0) % 250}.0.7`,
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 429)).toHaveLength(6);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
