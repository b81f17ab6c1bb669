import { type APIRequestContext, type Browser, expect, type Page, request } from '@playwright/test';
import { axeFor } from './axe-helpers';

export const PASSWORD = 'teenvoice-demo';
export const NORTHSIDE = '0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a01';
/** Seeded: a live pulse check (mood rating, sleep single choice, optional 'best' short text). */
export const PULSE_ID = '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02';
/** Seeded: Northside's results-ready survey with 400 responses and every question type. */
export const RESULTS_ID = '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b01';

export const accounts = {
  researcher: 'jordan@northside.test',
  orgAdmin: 'priya@northside.test',
  moderator: 'moderator@teenvoice.test',
  admin: 'admin@teenvoice.test',
  otherOrg: 'alex@brightpath.test',
} as const;

export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A page of its own browser context, signed in through the API. */
export async function pageAs(
  browser: Browser,
  email: string,
  options: { phone?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext(options.phone ? { viewport: { width: 360, height: 740 } } : {});
  const page = await context.newPage();
  const response = await page.request.post('/v2/login', { data: { email, password: PASSWORD } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

/** A signed-in API client, outside any page. */
export async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/v2/login', { data: { email, password: PASSWORD } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return api;
}

export interface QuestionInput {
  id?: string;
  type: string;
  title: string;
  required?: boolean;
  options?: string[];
  scale?: { min: number; max: number; minLabel: string | null; maxLabel: string | null } | null;
}

export interface AudienceInput {
  ageMin?: number;
  ageMax?: number;
  sampleSize?: number;
  quotas?: { attribute: 'gender' | 'age' | 'region'; value: string; percent: number }[];
}

/** The moderation checklist, every point ticked, as an approval needs it. */
export const fullChecklist = Object.fromEntries(
  ['no_personal_data', 'sensitive_handled', 'age_appropriate', 'neutral_wording', 'purpose_clear'].map(
    (id) => [id, true],
  ),
);

/** A submitted survey approved by the moderator with the checklist, then published by the platform admin. */
export async function approveAndPublish(baseURL: string, surveyId: string) {
  const moderator = await apiAs(baseURL, accounts.moderator);
  const approved = await moderator.post(`/v2/surveys/${surveyId}/moderation`, {
    data: { decision: 'approve', checklist: fullChecklist, reasons: [] },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  const admin = await apiAs(baseURL, accounts.admin);
  const published = await admin.post(`/v2/surveys/${surveyId}/transitions`, { data: { action: 'publish' } });
  expect(published.ok(), await published.text()).toBeTruthy();
  await Promise.all([moderator.dispose(), admin.dispose()]);
}

/**
 * A Northside survey taken to live through the API, as the lifecycle requires: the researcher
 * saves and submits it, the moderator approves it with the checklist, the platform admin publishes.
 */
export async function createLiveSurvey(
  baseURL: string,
  name: string,
  questions: QuestionInput[],
  audience: AudienceInput = {},
  /** The survey's Spanish version (decision 033), offered when every text is translated. */
  translations?: object,
): Promise<{ id: string; questionIds: string[] }> {
  const author = await apiAs(baseURL, accounts.researcher);
  const created = await author.post('/v2/surveys', {
    data: { type: 'long_form' },
    headers: { 'x-asa-organization-id': NORTHSIDE },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const survey = (await created.json()).data as { id: string; version: number };
  const full = questions.map((q, index) => ({
    id: q.id ?? `q${index + 1}`,
    type: q.type,
    title: q.title,
    description: null,
    required: q.required ?? true,
    randomizeOptions: false,
    options: (q.options ?? []).map((label, position) => ({ id: `o${position + 1}`, label })),
    rows: [],
    scale: q.scale ?? null,
    displayLogic: null,
  }));
  const saved = await author.put(`/v2/surveys/${survey.id}`, {
    data: {
      version: survey.version,
      name,
      description: 'A short survey made by an end-to-end test.',
      questions: full,
      audience: {
        ageMin: audience.ageMin ?? 13,
        ageMax: audience.ageMax ?? 19,
        genders: [],
        states: [],
        regions: [],
        sampleSize: audience.sampleSize ?? 200,
        quotas: audience.quotas ?? [],
      },
      tags: [],
      projectId: null,
      ...(translations ? { translations } : {}),
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const submitted = await author.post(`/v2/surveys/${survey.id}/transitions`, { data: { action: 'submit' } });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();

  await author.dispose();
  await approveAndPublish(baseURL, survey.id);
  return { id: survey.id, questionIds: full.map((q) => q.id) };
}

/** The counted responses of a survey, as its summary reports them. */
export async function responseTotal(baseURL: string, surveyId: string): Promise<number> {
  const api = await apiAs(baseURL, accounts.researcher);
  const response = await api.get(`/v2/surveys/${surveyId}/results/summary`);
  expect(response.ok(), await response.text()).toBeTruthy();
  const total = (await response.json()).data.totals.responses as number;
  await api.dispose();
  return total;
}

/** Serious and critical axe violations on the page as it is now. */
export async function blockingViolations(page: Page) {
  // Let entrance transitions settle so colours are measured at rest.
  await page.waitForTimeout(300);
  const results = await axeFor(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }));
}

/** Through the assent screen and the screener, as a teen would. */
export async function startSurvey(
  page: Page,
  surveyId: string,
  screener: { age: string; gender: string; state: string } = { age: '15', gender: 'Girl', state: 'Ohio' },
) {
  await page.goto(`/s/${surveyId}`);
  await page.getByRole('button', { name: 'I’m happy to take part' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Three quick questions' })).toBeFocused();
  await page.getByLabel('How old are you?').selectOption({ label: screener.age });
  await page.getByRole('radio', { name: screener.gender, exact: true }).check();
  await page.getByLabel('Which state do you live in?').selectOption({ label: screener.state });
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A respondent's pass from GET /v2/respond/:id's answer: its single-use start and its device (issue 23). */
export const passOf = (opened: { data: { startToken: string; deviceToken: string } }) => ({
  startToken: opened.data.startToken,
  deviceToken: opened.data.deviceToken,
});

/** Opens a survey as a teen's page does, for one response: seeded answers each take their own. */
export async function openSurvey(request: APIRequestContext, surveyId: string) {
  const opened = await request.get(`/v2/respond/${surveyId}`);
  if (!opened.ok()) throw new Error(`GET /v2/respond/${surveyId}: ${await opened.text()}`);
  return passOf(await opened.json());
}
