import { randomUUID } from 'node:crypto';
import { WITHHELD_TEXT } from '@tv/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { incidents } from '../../db/schema/responses';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { submitAsPage } from '../../test/respondent';
import { type CookieJar, signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import { type AssessRisk, createSafeguardingService, type RiskAssessment } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const submit = (surveyId: string, answers: Record<string, unknown>) =>
  submitAsPage(t.app, surveyId, {
    clientResponseId: randomUUID(),
    screener: { age: 15, gender: 'female', state: 'CA' },
    answers,
  });

const openQuestion = () =>
  question('Is there anything you want to tell us?', { type: 'long_text', options: [], required: false });

async function incidentsFor(surveyId: string) {
  return t.app.database.db
    .select({ category: incidents.category, severity: incidents.severity, excerpt: incidents.excerpt })
    .from(incidents)
    .where(and(eq(incidents.surveyId, surveyId)));
}

describe('safeguarding: the answers the fieldwork check found missed', () => {
  it.each([
    ['kms', 'self_harm', 'en', '988 Suicide & Crisis Lifeline'],
    ["someone at school has a gun and said he'll use it", 'danger_to_others', 'en', 'Emergency services'],
    ['an older guy online keeps asking for pics of me', 'exploitation', 'en', 'NCMEC CyberTipline'],
    ['Quiero morir', 'self_harm', 'es', '988 Lifeline: Ayuda en español'],
  ])('"%s" raises a %s incident and names the right help (%s)', async (text, category, language, help) => {
    const q = openQuestion();
    const survey = await liveSurvey(t.app, [q]);
    const res = await submit(survey.id, { [q.id]: text });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ outcome: 'completed', showSupport: true, helpLanguage: language });
    expect(data.helpCategories).toContain(category);
    // Categories only: the answer itself never comes back.
    expect(JSON.stringify(data)).not.toContain(text);
    expect(data.helpResources[0].name).toBe(help);
    const raised = await incidentsFor(survey.id);
    expect(raised).toContainEqual({ category, severity: 'high', excerpt: text });
  });

  it('offers Childhelp for abuse, the CyberTipline number for exploitation and 911 always', async () => {
    const q = openQuestion();
    const survey = await liveSurvey(t.app, [q]);
    const res = await submit(survey.id, { [q.id]: 'my stepdad hits me and a man online wants nudes' });
    const data = res.json().data;
    expect(data.helpCategories).toEqual(['abuse', 'exploitation']);
    const names = data.helpResources.map((r: { name: string }) => r.name);
    expect(names.slice(0, 2)).toEqual(['Childhelp National Child Abuse Hotline', 'NCMEC CyberTipline']);
    expect(names).toContain('Emergency services');
    const contacts = data.helpResources.map((r: { contact: string }) => r.contact);
    expect(contacts).toContain('Call or text 1-800-422-4453');
    expect(contacts).toContain('Report at report.cybertip.org or call 1-800-843-5678');
  });

  it.each([
    [
      'the older kids on my block make me keep their bags at my house, i cant say no',
      'en',
      'National Human Trafficking Hotline',
    ],
    [
      'me obligan a llevar unos paquetes al otro barrio cada viernes',
      'es',
      'Línea Nacional contra la Trata de Personas',
    ],
  ])(
    'offers the trafficking hotline to a teen made to carry for others ("%s")',
    async (text, language, line) => {
      const q = openQuestion();
      const survey = await liveSurvey(t.app, [q]);
      const data = (await submit(survey.id, { [q.id]: text })).json().data;
      expect(data).toMatchObject({ showSupport: true, helpLanguage: language });
      expect(data.helpCategories).toContain('exploitation');
      const lines = data.helpResources.map((r: { name: string; contact: string }) => [r.name, r.contact]);
      expect(lines).toContainEqual([line, 'Call 1-888-373-7888']);
    },
  );

  it.each([
    ['i make myself throw up after i eat', 'eating_disorder', 'Text NEDA to 741741'],
    ['i drink alone every night to forget', 'substance_use', 'Call 1-800-662-4357'],
    ['my mom kicked me out and i have nowhere to sleep', 'running_away', 'Call 1-800-786-2929'],
    ['they bully me every day on the bus', 'bullying', 'Visit stopbullying.gov'],
  ])('the newer category in "%s" (%s) raises an incident and its help', async (text, category, contact) => {
    const q = openQuestion();
    const survey = await liveSurvey(t.app, [q]);
    const data = (await submit(survey.id, { [q.id]: text })).json().data;
    expect(data.helpCategories).toContain(category);
    expect(data.helpResources.map((r: { contact: string }) => r.contact)).toContain(contact);
    expect((await incidentsFor(survey.id)).map((i) => i.category)).toContain(category);
  });

  it('a denial is raised for a human at a lower severity; hard negatives raise nothing', async () => {
    const q = openQuestion();
    const survey = await liveSurvey(t.app, [q]);
    const denial = (await submit(survey.id, { [q.id]: 'I would never hurt myself' })).json().data;
    expect(denial.showSupport).toBe(true);
    expect(await incidentsFor(survey.id)).toEqual([
      { category: 'self_harm', severity: 'medium', excerpt: 'I would never hurt myself' },
    ]);
    const other = await liveSurvey(t.app, [q]);
    for (const text of ['this homework is killing me', 'the game was sick', 'I shot a great photo']) {
      const data = (await submit(other.id, { [q.id]: text })).json().data;
      expect(data).toMatchObject({ showSupport: false, helpResources: [], helpCategories: [] });
    }
    expect(await incidentsFor(other.id)).toEqual([]);
  });
});

// ── The grey band (issue 22) ──────────────────────────────────────────────────────────────────────
// These tests are about what happens to a possible concern, not about which answers are one (the
// classifier's own tests and evaluation cover that), so the app gets a classifier of our own through
// the service's deps (dependency injection, no mock of the backend): a fixed table, so a retrained
// model cannot move these answers. GREY_LOUD is one today's word lists raise, so a help screen or a
// mail for it would show that the wrong assessment was used.

/** Raised by today's word lists; here, just below the threshold. */
const GREY_LOUD = 'i make myself throw up after i eat';
/** Raised by nothing today; here, a possible concern. */
const GREY_QUIET = 'lately i skip lunch a lot and i dont really feel hungry anymore';
const RAISED_SELF_HARM = 'kms';
const RAISED_BULLYING = 'they bully me every day on the bus';
const fixedAssessments: Record<string, RiskAssessment> = {
  [GREY_LOUD]: { raised: [], concerns: [{ category: 'eating_disorder', severity: 'medium' }] },
  [GREY_QUIET]: { raised: [], concerns: [{ category: 'eating_disorder', severity: 'medium' }] },
  [RAISED_SELF_HARM]: { raised: [{ category: 'self_harm', severity: 'high' }], concerns: [] },
  [RAISED_BULLYING]: { raised: [{ category: 'bullying', severity: 'medium' }], concerns: [] },
};
const greyBand: AssessRisk = (text) => fixedAssessments[text] ?? { raised: [], concerns: [] };

describe('the grey band: possible concerns', () => {
  let g: TestApp;
  let moderator: CookieJar;
  beforeAll(async () => {
    g = await createTestApp({}, { assessRisk: greyBand });
    moderator = await signIn(g.app, demoAccounts.moderator.email);
  });
  afterAll(async () => {
    await g?.close();
  });

  const submitTo = (surveyId: string, answers: Record<string, unknown>) =>
    submitAsPage(g.app, surveyId, {
      clientResponseId: randomUUID(),
      screener: { age: 15, gender: 'female', state: 'CA' },
      answers,
    });
  const rowsFor = (surveyId: string) =>
    g.app.database.db.select().from(incidents).where(eq(incidents.surveyId, surveyId));
  const mails = (template: string) =>
    g.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, template));
  const staff = (method: 'GET' | 'POST', url: string, payload?: object, cookie = moderator.header) =>
    g.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('shows no help, sends no mail, and is stored as a possible concern', async () => {
    const q = openQuestion();
    const survey = await liveSurvey(g.app, [q]);
    const mailsBefore = (await mails('safeguarding/incident-notification')).length;
    const res = await submitTo(survey.id, { [q.id]: GREY_LOUD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      outcome: 'completed',
      showSupport: false,
      helpCategories: [],
      helpResources: [],
    });
    expect(await rowsFor(survey.id)).toMatchObject([
      {
        kind: 'concern',
        category: 'eating_disorder',
        severity: 'medium',
        status: 'open',
        excerpt: GREY_LOUD,
      },
    ]);
    expect((await mails('safeguarding/incident-notification')).length).toBe(mailsBefore);

    // A raised answer in the same app is still an incident, with help and the mail.
    const raised = await submitTo(survey.id, { [q.id]: RAISED_SELF_HARM });
    expect(raised.json().data.showSupport).toBe(true);
    expect((await rowsFor(survey.id)).map((r) => [r.kind, r.category])).toContainEqual([
      'incident',
      'self_harm',
    ]);
    expect((await mails('safeguarding/incident-notification')).length).toBeGreaterThan(mailsBefore);
  });

  it('is withheld from the organization’s results and exports until a moderator releases it', async () => {
    const q = openQuestion();
    const survey = await liveSurvey(g.app, [q]);
    for (const text of ['More clubs', 'Longer hours', 'A quiet room', 'Free snacks', GREY_QUIET]) {
      expect((await submitTo(survey.id, { [q.id]: text })).statusCode).toBe(200);
    }
    const texts = async () => {
      const res = await staff(
        'GET',
        `/v2/surveys/${survey.id}/results/summary`,
        undefined,
        survey.author.header,
      );
      expect(res.statusCode).toBe(200);
      return res.json().data.questions.find((r: { questionId: string }) => r.questionId === q.id)
        .texts as string[];
    };
    const csv = async () =>
      (await staff('GET', `/v2/surveys/${survey.id}/results/export.csv`, undefined, survey.author.header))
        .body;
    expect(await texts()).toContain(WITHHELD_TEXT);
    expect((await texts()).join('\n')).not.toContain('skip lunch');
    expect(await csv()).not.toContain('skip lunch');
    expect(await csv()).toContain(WITHHELD_TEXT);

    const [concern] = await rowsFor(survey.id);
    expect(concern).toMatchObject({ kind: 'concern' });
    const released = await staff('POST', `/v2/admin/incidents/${concern!.id}/answer`, {
      decision: 'released',
    });
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toMatchObject({ kind: 'concern', answer: { decision: 'released' } });
    expect(await texts()).toContain(GREY_QUIET);
    expect(await csv()).toContain('skip lunch');

    const withheld = await staff('POST', `/v2/admin/incidents/${concern!.id}/answer`, {
      decision: 'withheld',
    });
    expect(withheld.json().data.answer.decision).toBe('withheld');
    expect(await texts()).not.toContain(GREY_QUIET);
    expect(await csv()).not.toContain('skip lunch');
  });

  it('lists each queue with its kind and counts per kind, filtered by survey, category and severity', async () => {
    const q = openQuestion();
    const first = await liveSurvey(g.app, [q]);
    const second = await liveSurvey(g.app, [q]);
    await submitTo(first.id, { [q.id]: GREY_QUIET });
    await submitTo(first.id, { [q.id]: RAISED_BULLYING });
    await submitTo(second.id, { [q.id]: GREY_LOUD });
    await submitTo(second.id, { [q.id]: RAISED_SELF_HARM });

    const list = async (query: string) => {
      const res = await staff('GET', `/v2/admin/incidents?pageSize=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        data: { kind: string; surveyId: string; category: string; severity: string }[];
        meta: { total: number; counts: { incident: number; concern: number }; surveys: { id: string }[] };
      };
    };
    const concerns = await list(`kind=concern&surveyId=${first.id}`);
    expect(concerns.data).toEqual([
      expect.objectContaining({ kind: 'concern', surveyId: first.id, category: 'eating_disorder' }),
    ]);
    expect(concerns.meta).toMatchObject({ total: 1, counts: { incident: 1, concern: 1 } });
    expect(concerns.meta.surveys.map((s) => s.id)).toEqual(expect.arrayContaining([first.id, second.id]));

    const incidentsOfFirst = await list(`kind=incident&surveyId=${first.id}`);
    expect(incidentsOfFirst.data.map((i) => [i.kind, i.category])).toEqual([['incident', 'bullying']]);

    // Category and severity narrow both queues, and the counts with them.
    const selfHarm = await list(`kind=incident&category=self_harm&surveyId=${second.id}`);
    expect(selfHarm.data.map((i) => i.category)).toEqual(['self_harm']);
    expect(selfHarm.meta.counts).toEqual({ incident: 1, concern: 0 });
    const medium = await list(`kind=concern&severity=medium`);
    expect(medium.data.every((i) => i.kind === 'concern' && i.severity === 'medium')).toBe(true);
    expect(medium.data.map((i) => i.surveyId)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await list(`kind=concern&severity=high&surveyId=${first.id}`)).data).toEqual([]);

    // No kind: both queues.
    const both = await list(`surveyId=${second.id}`);
    expect(both.data.map((i) => i.kind).sort()).toEqual(['concern', 'incident']);
    expect(both.meta.total).toBe(2);
  });

  it.each([
    ['kind=maybe', 'kind (one of: incident, concern)'],
    ['category=sad', 'category (one of: self_harm, abuse,'],
    ['severity=urgent', 'severity (one of: high, medium, low)'],
    ['surveyId=42', 'surveyId (a survey id, as a UUID)'],
    ['status=closed', 'status (one of: open, triaged, resolved)'],
  ])('refuses the filter %s with a clear message', async (query, message) => {
    const res = await staff('GET', `/v2/admin/incidents?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('escalates a possible concern to an incident, which mails the moderators then', async () => {
    const q = openQuestion();
    const survey = await liveSurvey(g.app, [q]);
    await submitTo(survey.id, { [q.id]: GREY_QUIET });
    const [concern] = await rowsFor(survey.id);
    const before = (await mails('safeguarding/incident-escalation')).length;

    const noNote = await staff('POST', `/v2/admin/incidents/${concern!.id}/escalate`, { note: ' ' });
    expect(noNote.statusCode).toBe(400);
    const missing = await staff('POST', `/v2/admin/incidents/${randomUUID()}/escalate`, { note: 'Worrying' });
    expect(missing.statusCode).toBe(404);
    expect((await mails('safeguarding/incident-escalation')).length).toBe(before);

    const escalated = await staff('POST', `/v2/admin/incidents/${concern!.id}/escalate`, {
      severity: 'high',
      note: 'Skipping meals every day for weeks: needs follow-up',
    });
    expect(escalated.statusCode, escalated.body).toBe(200);
    expect(escalated.json().data).toMatchObject({ kind: 'incident', status: 'open', severity: 'high' });
    expect(escalated.json().data.notes.at(-1).text).toBe(
      'Escalated to an incident: Skipping meals every day for weeks: needs follow-up',
    );
    const sent = (await mails('safeguarding/incident-escalation')).slice(before);
    expect(sent.map((m) => m.toEmail)).toContain(demoAccounts.moderator.email);
    expect(sent[0]!.subject).toBe('[HIGH] Safeguarding concern escalated: Eating disorder');
    const again = await staff('POST', `/v2/admin/incidents/${concern!.id}/escalate`, { note: 'Twice' });
    expect(again.statusCode).toBe(409);

    const listed = await staff('GET', `/v2/admin/incidents?kind=incident&surveyId=${survey.id}`);
    expect(listed.json().data.map((i: { id: string }) => i.id)).toEqual([concern!.id]);
  });

  it('closes a possible concern without mailing anyone; a closed one cannot be escalated', async () => {
    const q = openQuestion();
    const survey = await liveSurvey(g.app, [q]);
    await submitTo(survey.id, { [q.id]: GREY_QUIET });
    const [concern] = await rowsFor(survey.id);
    const before = (await mails('safeguarding/incident-resolution')).length;
    const closed = await staff('POST', `/v2/admin/incidents/${concern!.id}/resolve`, {
      resolution: 'Read it: an ordinary week, nothing to act on',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ kind: 'concern', status: 'resolved' });
    expect(closed.json().data.notes.at(-1).text).toBe('Closed: Read it: an ordinary week, nothing to act on');
    expect((await mails('safeguarding/incident-resolution')).length).toBe(before);
    const late = await staff('POST', `/v2/admin/incidents/${concern!.id}/escalate`, { note: 'Too late' });
    expect(late.statusCode).toBe(409);
  });

  it('a later scan that raises a possible concern makes it an incident and mails then, once', async () => {
    const q = openQuestion();
    const survey = await liveSurvey(g.app, [q]);
    await submitTo(survey.id, { [q.id]: GREY_LOUD });
    const [concern] = await rowsFor(survey.id);
    expect(concern).toMatchObject({ kind: 'concern' });
    // The same answer scanned again by a classifier that now raises it (e.g. a job retried after a
    // new model was deployed).
    const rescan = createSafeguardingService({
      db: g.app.database.db,
      mail: g.app.mail,
      config: g.config,
      boss: () => null,
      assess: () => ({ raised: [{ category: 'eating_disorder', severity: 'medium' }], concerns: [] }),
    });
    const before = (await mails('safeguarding/incident-notification')).length;
    await rescan.scanResponse(concern!.responseId!);
    const [after] = await rowsFor(survey.id);
    expect(after).toMatchObject({ id: concern!.id, kind: 'incident', category: 'eating_disorder' });
    expect(after!.notes.at(-1)!.text).toMatch(/now an incident/);
    const sent = (await mails('safeguarding/incident-notification')).length;
    expect(sent).toBeGreaterThan(before);
    // Scanned once more (a retried job): nothing new, no second mail.
    await rescan.scanResponse(concern!.responseId!);
    expect(await rowsFor(survey.id)).toHaveLength(1);
    expect((await mails('safeguarding/incident-notification')).length).toBe(sent);
  });
});
