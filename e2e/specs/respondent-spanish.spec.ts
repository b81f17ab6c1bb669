import { expect, test } from '@playwright/test';
import { accounts, apiAs, approveAndPublish, blockingViolations, NORTHSIDE, unique } from './respond-helpers';

// A teen on a phone answers a survey's Spanish version (decision 033).
test.use({ viewport: { width: 360, height: 740 }, locale: 'en-US' });

const questions = [
  {
    id: 'q1',
    type: 'single_choice',
    title: 'How do you usually get to school?',
    description: null,
    required: true,
    randomizeOptions: false,
    options: [
      { id: 'walk', label: 'I walk' },
      { id: 'bus', label: 'School bus' },
    ],
    rows: [],
    scale: null,
    displayLogic: null,
  },
  {
    id: 'q2',
    type: 'rating',
    title: 'How much do you enjoy weekends?',
    description: null,
    required: true,
    randomizeOptions: false,
    options: [],
    rows: [],
    scale: { min: 1, max: 5, minLabel: 'Not at all', maxLabel: 'A lot' },
    displayLogic: null,
  },
];

/** A Northside survey with a complete Spanish version, taken live through the API. */
async function liveSpanishSurvey(baseURL: string, name: string) {
  const author = await apiAs(baseURL, accounts.researcher);
  const created = await author.post('/v2/surveys', {
    data: { type: 'long_form' },
    headers: { 'x-asa-organization-id': NORTHSIDE },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const survey = (await created.json()).data as { id: string; version: number };
  const saved = await author.put(`/v2/surveys/${survey.id}`, {
    data: {
      version: survey.version,
      name,
      description: 'A short survey about getting around.',
      questions,
      audience: {
        ageMin: 13,
        ageMax: 19,
        genders: [],
        states: [],
        regions: [],
        sampleSize: 200,
        quotas: [],
      },
      tags: [],
      projectId: null,
      translations: {
        es: {
          name: 'Cómo te mueves',
          description: 'Una encuesta corta sobre cómo te mueves.',
          questions: {
            q1: {
              title: '¿Cómo llegas normalmente a la escuela?',
              options: { walk: 'Caminando', bus: 'En el autobús escolar' },
            },
            q2: {
              title: '¿Cuánto disfrutas los fines de semana?',
              minLabel: 'Nada',
              maxLabel: 'Mucho',
            },
          },
        },
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const submitted = await author.post(`/v2/surveys/${survey.id}/transitions`, { data: { action: 'submit' } });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
  await author.dispose();
  await approveAndPublish(baseURL, survey.id);
  return survey.id;
}

test('a teen answers a survey in Spanish on a phone, and the answer counts as Spanish', async ({
  page,
  baseURL,
}) => {
  const surveyId = await liveSpanishSurvey(baseURL!, unique('Getting around'));

  await page.goto(`/s/${surveyId}`);
  // An English browser starts in English, with the switch on the first screen.
  await expect(page.getByRole('heading', { level: 1, name: /Getting around/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const switcher = page.getByTestId('language-switch');
  await expect(switcher.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

  await switcher.getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Cómo te mueves' })).toBeVisible();
  // The Spanish assent.
  await expect(page.getByText('Tus respuestas son anónimas')).toBeVisible();
  await expect(page.getByText('Más o menos 1 minuto')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Sí, quiero participar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tres preguntas rápidas' })).toBeFocused();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Por favor, elige tu edad.')).toBeVisible();
  await page.getByLabel('¿Cuántos años tienes?').selectOption({ label: '15' });
  await page.getByRole('radio', { name: 'Chica' }).check();
  await page.getByLabel('¿En qué estado vives?').selectOption({ label: 'Nueva York' });
  await page.getByRole('button', { name: 'Continuar' }).click();

  // A Spanish question, with the Spanish check message.
  const step = page.getByTestId('question-step');
  await expect(step.getByText('¿Cómo llegas normalmente a la escuela?')).toBeVisible();
  await step.getByRole('button', { name: 'Siguiente' }).click();
  await expect(step.getByText('Por favor, responde esta pregunta.')).toBeVisible();
  await step.getByRole('radio', { name: 'En el autobús escolar' }).check();
  await step.getByRole('button', { name: 'Siguiente' }).click();

  await expect(step.getByText('¿Cuánto disfrutas los fines de semana?')).toBeVisible();
  await expect(step.getByText('Mucho', { exact: true })).toBeVisible();
  await step.getByRole('radio', { name: /^4/ }).check();
  expect(await blockingViolations(page)).toEqual([]);
  await step.getByRole('button', { name: 'Enviar mis respuestas' }).click();

  // The Spanish thank-you.
  await expect(page.getByRole('heading', { level: 1, name: '¡Gracias, eso es todo!' })).toBeVisible();
  await expect(page.getByText(/^¡Gracias! Tus respuestas se enviaron/)).toBeVisible();

  // The researcher's totals count it as a Spanish response.
  const researcher = await apiAs(baseURL!, accounts.researcher);
  const summary = await researcher.get(`/v2/surveys/${surveyId}/results/summary?includeSimulated=true`);
  expect(summary.ok(), await summary.text()).toBeTruthy();
  const { totals } = (await summary.json()).data;
  expect(totals.responses).toBe(1);
  // A single Spanish response is a group under 5: its count is not shown.
  expect(totals.spanishResponses).toBeNull();
  await researcher.dispose();
});

test('a Spanish browser starts in Spanish when the survey has a Spanish version', async ({
  browser,
  baseURL,
}) => {
  const surveyId = await liveSpanishSurvey(baseURL!, unique('Getting around'));
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-US' });
  const page = await context.newPage();
  await page.goto(`/s/${surveyId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cómo te mueves' })).toBeVisible();
  await expect(page.getByTestId('language-switch').getByRole('button', { name: 'Español' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await context.close();
});
