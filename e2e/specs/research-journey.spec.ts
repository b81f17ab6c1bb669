import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { runPspp } from '../../apps/server/src/modules/results/spss/test-support';
import { expectNoSeriousViolations } from './axe-helpers';
import {
  accounts,
  apiAs,
  approveAndPublish,
  blockingViolations,
  NORTHSIDE,
  openSurvey,
  pageAs,
  unique,
} from './respond-helpers';

/**
 * Issue 26's journey, on one survey: nested display logic, every new question type and piping in both
 * languages; the moderator asks for a Spanish fix and sees just that change, with the rules in words
 * in both languages; a teen answers it in Spanish on a phone, the piped answer in Spanish; the
 * researcher codes the open answers into a theme that counts, and downloads the .sav (read back by
 * PSPP) and banner tables (read back with exceljs).
 */
test.describe.configure({ mode: 'serial' });

const HOURS = 'q0';
const CLUB = 'q1';
const WHY = 'q2';
// A 3×2 PNG for the image choice's pictures, uploaded by staff to the media library.
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000003000000020806000000b8adee6a0000000049454e44ae426082',
  'hex',
);

const base = {
  description: null,
  required: true,
  randomizeOptions: false,
  options: [] as { id: string; label: string }[],
  rows: [],
  scale: null,
  displayLogic: null,
};
const questionsWith = (pictures: string[]) => [
  {
    ...base,
    id: HOURS,
    type: 'slider',
    title: 'How many hours a week do you spend at clubs?',
    scale: { min: 0, max: 10, minLabel: 'None', maxLabel: '10 or more' },
    step: 1,
  },
  {
    ...base,
    id: CLUB,
    type: 'single_choice',
    title: 'Which after-school club do you like most?',
    options: [
      { id: 'sport', label: 'Sports' },
      { id: 'drama', label: 'Drama' },
      { id: 'none', label: 'None of them' },
    ],
  },
  {
    ...base,
    id: WHY,
    type: 'long_text',
    title: 'What do you like about {{answer:q1}}?',
    required: false,
    // Nested: a club other than none, and either some hours at clubs or drama.
    displayLogic: {
      match: 'all',
      conditions: [
        { questionId: CLUB, operator: 'not_equals', value: 'none' },
        {
          match: 'any',
          conditions: [
            { questionId: HOURS, operator: 'at_least', value: 1 },
            { questionId: CLUB, operator: 'equals', value: 'drama' },
          ],
        },
      ],
    },
  },
  // Every new question type (decision 048), optional so the seeded answers below can leave them out.
  {
    ...base,
    id: 'trip',
    type: 'date',
    title: 'When is your next club trip?',
    required: false,
    dateMin: '2026-09-01',
    dateMax: '2027-06-30',
  },
  {
    ...base,
    id: 'lunch',
    type: 'image_choice',
    title: 'Which snack would you bring to club?',
    required: false,
    options: [
      { id: 'salad', label: 'Salad', image: { url: pictures[0], alt: 'A bowl of green salad' } },
      { id: 'pizza', label: 'Pizza', image: { url: pictures[1], alt: 'A slice of cheese pizza' } },
    ],
  },
  {
    ...base,
    id: 'afternoon',
    type: 'constant_sum',
    title: 'Share 100 points across a free afternoon',
    required: false,
    options: [
      { id: 'sleep', label: 'Sleeping in' },
      { id: 'friends', label: 'Seeing friends' },
    ],
    sumTotal: 100,
  },
  {
    ...base,
    id: 'job',
    type: 'maxdiff',
    title: 'What matters most in a club?',
    required: false,
    options: ['Friends there', 'A good coach', 'Learning skills', 'Having fun'].map((label, i) => ({
      id: `j${i + 1}`,
      label,
    })),
    maxDiffSetSize: 3,
  },
];
const spanishWith = (why: string) => ({
  name: 'Clubes después de la escuela',
  description: 'Una encuesta corta sobre los clubes.',
  questions: {
    [HOURS]: {
      title: '¿Cuántas horas a la semana pasas en clubes?',
      minLabel: 'Ninguna',
      maxLabel: '10 o más',
    },
    [CLUB]: {
      title: '¿Qué club después de la escuela te gusta más?',
      options: { sport: 'Deportes', drama: 'Teatro', none: 'Ninguno' },
    },
    [WHY]: { title: why },
    trip: { title: '¿Cuándo es tu próxima salida con el club?' },
    lunch: { title: '¿Qué merienda llevarías al club?', options: { salad: 'Ensalada', pizza: 'Pizza' } },
    afternoon: {
      title: 'Reparte 100 puntos en una tarde libre',
      options: { sleep: 'Dormir hasta tarde', friends: 'Ver a mis amigos' },
    },
    job: {
      title: '¿Qué es lo que más importa en un club?',
      options: { j1: 'Los amigos', j2: 'Un buen entrenador', j3: 'Aprender cosas', j4: 'Divertirme' },
    },
  },
});

let surveyId = '';

test('a survey with nested logic, every new type and piping in both languages is moderated with its changes shown, and a teen answers it in Spanish on a phone', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // Staff upload the image choice's pictures to the media library.
  const admin = await apiAs(baseURL!, accounts.admin);
  const pictures: string[] = [];
  for (const name of ['salad', 'pizza']) {
    const uploaded = await admin.post('/cms/api/upload', {
      multipart: {
        files: { name: `${unique(name).replace(/\W+/g, '-')}.png`, mimeType: 'image/png', buffer: png },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    pictures.push(((await uploaded.json()) as { url: string }[])[0]!.url);
  }

  const author = await apiAs(baseURL!, accounts.researcher);
  const created = await author.post('/v2/surveys', {
    data: { type: 'long_form' },
    headers: { 'x-asa-organization-id': NORTHSIDE },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  surveyId = ((await created.json()).data as { id: string }).id;
  const details = {
    name: unique('After-school clubs'),
    description: 'A short survey about clubs.',
    questions: questionsWith(pictures),
    audience: { ageMin: 13, ageMax: 19, genders: [], states: [], regions: [], sampleSize: 200, quotas: [] },
    tags: [],
    projectId: null,
  };
  const saveAndSubmit = async (why: string) => {
    const current = (await (await author.get(`/v2/surveys/${surveyId}`)).json()).data as { version: number };
    const saved = await author.put(`/v2/surveys/${surveyId}`, {
      data: { version: current.version, ...details, translations: { es: spanishWith(why) } },
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();
    const submitted = await author.post(`/v2/surveys/${surveyId}/transitions`, {
      data: { action: 'submit' },
    });
    expect(submitted.ok(), await submitted.text()).toBeTruthy();
  };
  await saveAndSubmit('¿Que te gusta de {{answer:q1}}?');

  // The moderator asks for one Spanish fix; the author makes only that change.
  const moderator = await apiAs(baseURL!, accounts.moderator);
  const sendBack = async () => {
    const decided = await moderator.post(`/v2/surveys/${surveyId}/moderation`, {
      data: {
        decision: 'reject',
        checklist: {},
        reasons: ['Write “Qué” with its accent in Spanish question 3.'],
      },
    });
    expect(decided.ok(), await decided.text()).toBeTruthy();
  };
  await sendBack();
  await saveAndSubmit('¿Qué te gusta de {{answer:q1}}?');

  // The review shows that one change, and the nested rule and the piping in words in both languages.
  const review = await pageAs(browser, accounts.moderator);
  await review.goto(`/research/builder/admin/survey/moderation/${surveyId}`);
  const changes = review.getByTestId('review-diff').getByTestId('review-change');
  await expect(changes).toHaveCount(1);
  await expect(changes).toContainText('Spanish version: 1 text changed');
  await expect(changes).toContainText(
    '“¿Que te gusta de [respuesta a P2]?” → “¿Qué te gusta de [respuesta a P2]?”',
  );
  const why = review.getByTestId('moderation-question').nth(2);
  await expect(why).toContainText('What do you like about [answer to Q2]?');
  await expect(why.getByTestId('question-rules-en')).toContainText(
    /Shown only when .* is not “None of them”, and \(/,
  );
  await expect(why.getByTestId('question-rules-es')).toContainText('Ninguno');
  await expect(review.getByText('{{answer:', { exact: false })).toHaveCount(0);
  await review.context().close();
  await Promise.all([author.dispose(), moderator.dispose(), admin.dispose()]);
  await approveAndPublish(baseURL!, surveyId);

  // A teen whose phone is set to Spanish.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-US' });
  const page = await context.newPage();
  await page.goto(`/s/${surveyId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Clubes después de la escuela' })).toBeVisible();
  await page.getByRole('button', { name: 'Sí, quiero participar' }).click();
  await page.getByLabel('¿Cuántos años tienes?').selectOption({ label: '15' });
  await page.getByRole('radio', { name: 'Chica' }).check();
  await page.getByLabel('¿En qué estado vives?').selectOption({ label: 'Nueva York' });
  await page.getByRole('button', { name: 'Continuar' }).click();
  const step = page.getByTestId('question-step');
  const next = step.getByRole('button', { name: 'Siguiente' });
  // The slider, by keyboard: three steps up from its start.
  const slider = step.getByTestId('slider-input');
  await slider.focus();
  for (let i = 0; i < 3; i++) await slider.press('ArrowRight');
  await expect(step.getByText(/^Tu respuesta: \d+$/)).toBeVisible();
  await next.click();
  await step.getByRole('radio', { name: 'Teatro' }).check();
  await next.click();
  // Shown by the nested rule; the piped answer reads in Spanish, as the teen chose it.
  await expect(step.getByText('¿Qué te gusta de Teatro?')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await blockingViolations(page)).toEqual([]);
  await step.getByRole('textbox').fill('Me gusta actuar con mis amigos');
  await next.click();
  await expect(step.getByText('¿Cuándo es tu próxima salida con el club?')).toBeVisible();
  await step.getByTestId('date-input').fill('2026-10-15');
  await next.click();
  await expect(step.getByRole('img', { name: 'A slice of cheese pizza' })).toBeVisible();
  await step.getByRole('radio', { name: /Pizza/ }).check();
  await next.click();
  await step.getByLabel('Dormir hasta tarde').fill('70');
  await expect(step.getByText('Total: 70 de 100 (te quedan 30 por repartir)')).toBeVisible();
  await step.getByLabel('Ver a mis amigos').fill('30');
  await next.click();
  const sets = step.locator('fieldset fieldset');
  await expect(sets).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    await sets
      .nth(i)
      .getByRole('radio', { name: /^Lo más importante/ })
      .first()
      .check();
    await sets
      .nth(i)
      .getByRole('radio', { name: /^Lo menos importante/ })
      .last()
      .check();
  }
  expect(await blockingViolations(page)).toEqual([]);
  await step.getByRole('button', { name: 'Enviar mis respuestas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '¡Gracias, eso es todo!' })).toBeVisible();
  await context.close();
});

test('the researcher codes the open answers into a theme that counts, and downloads banner tables', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const states = ['CA', 'TX', 'NY', 'OH', 'IL', 'GA'];
  const reasons = [
    'I get to see my friends',
    'The coach is great',
    'Acting on stage with friends',
    'It is fun',
  ];
  await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      const sent = await request.post(`/v2/respond/${surveyId}/responses`, {
        data: {
          clientResponseId: randomUUID(),
          screener: {
            age: 13 + (i % 7),
            gender: i % 2 ? 'male' : 'female',
            state: states[i % states.length],
          },
          answers: {
            [HOURS]: 1 + (i % 10),
            [CLUB]: i % 3 === 0 ? 'drama' : 'sport',
            [WHY]: reasons[i % reasons.length],
          },
          ...(await openSurvey(request, surveyId)),
        },
      });
      expect(sent.ok(), await sent.text()).toBeTruthy();
    }),
  );

  const page = await pageAs(browser, accounts.researcher);
  await page.goto(`/research/builder/survey/summary/${surveyId}`);
  const card = page
    .getByTestId('question-result')
    .filter({ hasText: 'What do you like about [answer to Q2]?' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Code these answers into themes' }).click();
  const dialog = page.getByRole('dialog', { name: /^Code answers/ });
  await dialog.getByLabel('New code').fill('Friends');
  await dialog.getByRole('button', { name: 'Add code' }).click();
  await expect(dialog.getByRole('list', { name: 'Codes' })).toContainText('Friends');
  await expectNoSeriousViolations(page);
  // Tag every answer that talks about friends, searching as a researcher does.
  await dialog.getByLabel('Search answers').fill('friends');
  const answers = dialog.getByTestId('coding-answer');
  // Half the seeded answers mention friends; the search finds those and nothing else.
  await expect(answers).toHaveCount(20);
  for (let i = 0; i < 6; i++) {
    // A chip per code: its box is drawn by its label, which is what a person clicks.
    const answer = answers.nth(i);
    await answer.getByText('Friends', { exact: true }).click();
    await expect(answer.getByRole('checkbox', { name: 'Friends' })).toBeChecked();
  }
  await page.keyboard.press('Escape');
  // The code is now a closed variable with its own chart and base.
  await expect(card.getByText('Friends').first()).toBeVisible();
  await expect(card).toContainText(/Base: \d+/);

  // The .sav of the same survey, read back by PSPP: the slider a number, the code a 0/1 variable.
  await page.getByRole('button', { name: 'More formats' }).click();
  const savDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /SPSS \(\.sav\)/ }).click();
  const sav = readFileSync(await (await savDownload).path());
  const dictionary = runPspp(
    { 'survey.sav': sav },
    "GET FILE='survey.sav'.\nDISPLAY DICTIONARY.\n",
    [],
  ).output;
  expect(dictionary).toContain('How many hours a week do you spend at clubs?');
  expect(dictionary).toContain('Friends');

  // Banner tables: every closed question against gender, read back from the workbook.
  await page.goto(`/research/builder/survey/summary/${surveyId}#crosstab`);
  const banner = page.getByTestId('banner-tables');
  await expect(banner).toBeVisible();
  // The banner starts from the cross-tab's column; gender is added unless it is there already.
  if (!(await banner.getByText('Gender', { exact: true }).isVisible())) {
    await banner.getByLabel('Banner columns').click();
    await page.getByRole('option', { name: 'Gender' }).click();
    await page.keyboard.press('Escape');
  }
  const downloaded = page.waitForEvent('download');
  await banner.getByRole('button', { name: /Download banner tables/ }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/-banner-tables\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('Banner tables');
  expect(sheet).toBeDefined();
  const text = sheet!
    .getSheetValues()
    .flat()
    .map((cell) => (cell && typeof cell === 'object' && 'richText' in cell ? '' : String(cell ?? '')))
    .join(' | ');
  expect(text).toContain('Which after-school club do you like most?');
  expect(text).toContain('Total');
  expect(text).toContain('Girls');
  await page.context().close();
});
