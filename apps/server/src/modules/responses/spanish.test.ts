import { randomUUID } from 'node:crypto';
import { defaultAudience, moderationChecklist, type Question, type Survey } from '@tv/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyResponses } from '../../db/schema/responses';
import { surveys } from '../../db/schema/surveys';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { submitAsPage } from '../../test/respondent';
import { signIn } from '../../test/session';
import { question } from '../../test/surveys';

/** The Spanish version of a survey (decision 033): saved with the draft, offered when complete. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const club = question('Do you take part in a club?', {
  description: 'Any club counts.',
  options: [
    { id: 'yes', label: 'Yes' },
    { id: 'no', label: 'No' },
  ],
});
const complete = {
  es: {
    name: 'La vida después de la escuela',
    questions: {
      [club.id]: {
        title: '¿Participas en algún club?',
        description: 'Cualquier club cuenta.',
        options: { yes: 'Sí', no: 'No' },
      },
    },
  },
};
const incomplete = { es: { name: 'La vida después de la escuela' } };

async function author() {
  const session = await signIn(t.app, demoAccounts.northsideMember.email);
  return { cookie: session.header, 'x-asa-organization-id': demoOrganizations.northside.id };
}

async function draft(headers: Record<string, string>) {
  const created: Survey = (
    await t.app.inject({ method: 'POST', url: '/v2/surveys', headers, payload: { type: 'long_form' } })
  ).json().data;
  return created;
}

const save = (headers: Record<string, string>, id: string, version: number, extra: object = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/v2/surveys/${id}`,
    headers,
    payload: {
      version,
      name: 'Life after school',
      description: null,
      questions: [club] as Question[],
      audience: defaultAudience,
      tags: [],
      projectId: null,
      ...extra,
    },
  });

/** A live survey of Northside with these translations. */
async function liveWith(translations: object) {
  const headers = await author();
  const created = await draft(headers);
  const saved = await save(headers, created.id, created.version, { translations });
  expect(saved.statusCode).toBe(200);
  const moderator = await signIn(t.app, demoAccounts.moderator.email);
  const publisher = await signIn(t.app, demoAccounts.platformAdmin.email);
  const step = async (cookie: string, url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  await step(headers.cookie, `/v2/surveys/${created.id}/transitions`, { action: 'submit' });
  await step(moderator.header, `/v2/surveys/${created.id}/moderation`, {
    decision: 'approve',
    checklist: Object.fromEntries(moderationChecklist.map((item) => [item.id, true])),
    reasons: [],
  });
  await step(publisher.header, `/v2/surveys/${created.id}/transitions`, { action: 'publish' });
  return { id: created.id, headers };
}

const submit = (surveyId: string, overrides: object = {}) =>
  submitAsPage(t.app, surveyId, {
    clientResponseId: randomUUID(),
    screener: { age: 15, gender: 'female', state: 'TX' },
    answers: { [club.id]: 'yes' },
    ...overrides,
  });

describe('saving the Spanish version', () => {
  it('saves the texts with the draft and its version, keeping only texts of current questions', async () => {
    const headers = await author();
    const created = await draft(headers);
    const res = await save(headers, created.id, created.version, {
      translations: {
        es: { ...complete.es, questions: { ...complete.es.questions, gone: { title: 'Borrada' } } },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved: Survey = res.json().data;
    expect(saved.version).toBe(created.version + 1);
    expect(saved.translations).toEqual(complete);

    // Saved again without translations (an older editor): the stored texts stay.
    const again = await save(headers, created.id, saved.version);
    expect(again.json().data.translations).toEqual(complete);
  });

  it('refuses a save based on an older version and keeps what was saved', async () => {
    const headers = await author();
    const created = await draft(headers);
    const first = await save(headers, created.id, created.version, { translations: complete });
    expect(first.statusCode).toBe(200);
    const stale = await save(headers, created.id, created.version, { translations: incomplete });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect(stale.json().data.current.translations).toEqual(complete);
    const [row] = await t.app.database.db.select().from(surveys).where(eq(surveys.id, created.id));
    expect(row!.translations).toEqual(complete);
  });

  it('refuses texts longer than the English fields may be', async () => {
    const headers = await author();
    const created = await draft(headers);
    const res = await save(headers, created.id, created.version, {
      translations: { es: { questions: { [club.id]: { title: 'a'.repeat(501) } } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/at most 500 characters/);
  });

  it('refuses changes once the survey is live', async () => {
    const live = await liveWith(complete);
    const current: Survey = (
      await t.app.inject({ method: 'GET', url: `/v2/surveys/${live.id}`, headers: live.headers })
    ).json().data;
    const res = await save(live.headers, live.id, current.version, { translations: incomplete });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_EDITABLE' });
    const [row] = await t.app.database.db.select().from(surveys).where(eq(surveys.id, live.id));
    expect(row!.translations).toEqual(complete);
  });

  it('warns in the pre-check while the Spanish version is incomplete', async () => {
    const headers = await author();
    const created = await draft(headers);
    await save(headers, created.id, created.version, { translations: incomplete });
    const flags = (
      await t.app.inject({ method: 'GET', url: `/v2/surveys/${created.id}/precheck`, headers })
    ).json().data;
    expect(flags).toContainEqual({
      category: 'structure',
      severity: 'warning',
      questionId: null,
      message:
        'The Spanish version is incomplete: 4 texts are missing; respondents will only see English until it is complete.',
    });
  });
});

describe('answering in Spanish', () => {
  it('offers Spanish only when every text is translated', async () => {
    const partial = await liveWith(incomplete);
    const english = (await t.app.inject({ method: 'GET', url: `/v2/respond/${partial.id}` })).json().data;
    expect(english.languages).toEqual(['en']);
    expect(english).not.toHaveProperty('translations');

    const full = await liveWith(complete);
    const both = (await t.app.inject({ method: 'GET', url: `/v2/respond/${full.id}` })).json().data;
    expect(both.languages).toEqual(['en', 'es']);
    expect(both.translations).toEqual(complete);
    expect(both.name).toBe('Life after school');
  });

  it('stores a Spanish response with its language, checked against the same questions', async () => {
    const live = await liveWith(complete);
    const spanish = await submit(live.id, { language: 'es' });
    expect(spanish.json().data.outcome).toBe('completed');
    const english = await submit(live.id);
    expect(english.json().data.outcome).toBe('completed');
    const rows = await t.app.database.db
      .select({ language: surveyResponses.language })
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, live.id));
    expect(rows.map((r) => r.language).sort()).toEqual(['en', 'es']);

    const wrong = await submit(live.id, { language: 'es', answers: { [club.id]: 'maybe' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.fields[club.id]).toEqual(['Choose one of the options.']);
  });

  it('refuses a language it does not know, or Spanish for a survey without it', async () => {
    const partial = await liveWith(incomplete);
    const unknown = await submit(partial.id, { language: 'fr' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toMatch(/English \(en\) or Spanish \(es\)/);
    const unavailable = await submit(partial.id, { language: 'es' });
    expect(unavailable.statusCode).toBe(400);
    expect(unavailable.json()).toMatchObject({ code: 'LANGUAGE_UNAVAILABLE' });
    const count = await t.app.database.db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, partial.id));
    expect(count).toHaveLength(0);
  });
});

describe('results by language', () => {
  it('filters by language, counts Spanish responses and exports the language', async () => {
    const live = await liveWith(complete);
    for (let i = 0; i < 6; i++) await submit(live.id, { language: 'es' });
    for (let i = 0; i < 7; i++) await submit(live.id, { answers: { [club.id]: 'no' } });
    const summary = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v2/surveys/${live.id}/results/summary${query}`,
        headers: live.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const all = await summary('');
    expect(all.totals.responses).toBe(13);
    expect(all.totals.spanishResponses).toBe(6);

    const spanish = await summary('?language=es');
    expect(spanish.filtered).toBe(true);
    expect(spanish.filteredResponses).toBe(6);
    const yes = spanish.questions[0].options.find((o: { id: string }) => o.id === 'yes');
    expect(yes.count).toBe(6);
    const english = await summary('?language=en');
    expect(english.filteredResponses).toBe(7);

    const bad = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${live.id}/results/summary?language=fr`,
      headers: live.headers,
    });
    expect(bad.statusCode).toBe(400);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${live.id}/results/export.csv?weighted=false`,
      headers: live.headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...lines] = csv.body.trim().split('\r\n');
    expect(header!.split(',').at(-1)).toBe('Language');
    expect(lines.filter((line) => line.endsWith(',Spanish'))).toHaveLength(6);
  });

  it('never shows a language group under 5', async () => {
    const live = await liveWith(complete);
    for (let i = 0; i < 3; i++) await submit(live.id, { language: 'es' });
    for (let i = 0; i < 8; i++) await submit(live.id);
    const get = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v2/surveys/${live.id}/results/summary${query}`,
        headers: live.headers,
      });
    const all = (await get('')).json().data;
    expect(all.totals.responses).toBe(11);
    expect(all.totals.spanishResponses).toBeNull();
    const spanish = (await get('?language=es')).json().data;
    expect(spanish.suppressed).toBe(true);
    expect(spanish.questions).toEqual([]);
    // English is 8, but all minus English would be the 3 Spanish respondents.
    const english = (await get('?language=en')).json().data;
    expect(english.suppressed).toBe(true);
  });
});
