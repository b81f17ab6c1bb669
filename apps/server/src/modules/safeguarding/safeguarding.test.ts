import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidents } from '../../db/schema/responses';
import { createTestApp, type TestApp } from '../../test/app';
import { liveSurvey, question } from '../../test/surveys';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const submit = (surveyId: string, answers: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/v2/respond/${surveyId}/responses`,
    payload: {
      clientResponseId: randomUUID(),
      screener: { age: 15, gender: 'female', state: 'CA' },
      answers,
    },
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
