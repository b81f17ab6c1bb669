import { expect, test } from '@playwright/test';
import { blockingViolations, createLiveSurvey, startSurvey, unique } from './respond-helpers';

test('a teen who writes in Spanish on an English survey is offered help wholly in Spanish, the 988 Lifeline in Spanish first', async ({
  browser,
  baseURL,
}) => {
  const survey = await createLiveSurvey(baseURL!, unique('How you feel'), [
    { type: 'long_text', title: 'Is there anything you would like to tell us?', required: false },
  ]);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await startSurvey(page, survey.id, { age: '15', gender: 'Girl', state: 'Texas' });
  await page.getByRole('textbox').fill('Quiero morir, ya no aguanto más');
  await page.getByRole('textbox').press('Tab');
  // As she leaves the answer, the card is in Spanish, header and buttons too.
  const card = page.getByRole('region', { name: 'Parece que las cosas están difíciles ahora' });
  await expect(card).toHaveAttribute('lang', 'es');
  await expect(card.getByRole('link', { name: 'Enviar AYUDA al 988' })).toBeVisible();
  // Screen readers hear it announced in Spanish too.
  await expect(page.getByRole('status').filter({ hasText: 'Parece que las cosas' })).toHaveAttribute(
    'lang',
    'es',
  );
  await page.getByRole('button', { name: 'Send my answers' }).click();

  // She wrote in Spanish: the help's header, words and buttons are Spanish too, and marked so.
  const support = page.getByTestId('support');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Gracias por contarnos. No estás solo ni sola.' }),
  ).toBeFocused();
  await expect(support).toHaveAttribute('lang', 'es');
  // The Spanish-speaking line comes first, with one-tap links that reach it in Spanish.
  const spanish = support.getByRole('listitem').first();
  await expect(spanish.getByRole('heading', { name: '988 Lifeline: Ayuda en español' })).toBeVisible();
  await expect(spanish).toContainText('Llama al 988 y marca 2');
  await expect(spanish.getByRole('link', { name: 'Llamar al 988' })).toHaveAttribute('href', 'tel:988');
  await expect(spanish.getByRole('link', { name: 'Enviar AYUDA al 988' })).toHaveAttribute(
    'href',
    'sms:988?&body=AYUDA',
  );
  // The English line is offered too, and screen readers read its words in English.
  const english = support.getByRole('listitem').filter({ hasText: '988 Suicide & Crisis Lifeline' });
  await expect(english).toHaveAttribute('lang', 'en');
  await expect(support.getByRole('link', { name: 'Llamar al 911' }).first()).toHaveAttribute(
    'href',
    'tel:911',
  );
  // Nothing the teen wrote is shown back.
  await expect(support).not.toContainText('Quiero morir');
  expect(await blockingViolations(page)).toEqual([]);
  await context.close();
});

// ── Help at the moment of disclosure (decision 035): as the teen leaves the answer, and after Stop ──

const disclosureSurvey = (baseURL: string, translations?: object) =>
  createLiveSurvey(
    baseURL,
    unique('How things are going'),
    [
      { type: 'long_text', title: 'What has been on your mind lately?', required: false },
      { type: 'single_choice', title: 'Do you take part in a club?', options: ['Yes', 'No'] },
    ],
    {},
    translations,
  );

/**
 * Words only English copy has: none may show on a Spanish screen. (Service names are names: 'Crisis
 * Text Line en español' is what the service calls its Spanish line.)
 */
const englishOnScreen =
  /\b(Call|Visit|Emergency services|Anonymous survey|the|you|your|free|help|someone|Next|Back)\b|\bText (?!Line)/;

test('a teen who writes a disclosure sees help as she leaves the answer, and still sees it after stopping', async ({
  browser,
  baseURL,
}, testInfo) => {
  const survey = await disclosureSurvey(baseURL!);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await startSurvey(page, survey.id);
  const step = page.getByTestId('question-step');
  await expect(step).toHaveAttribute('data-question-id', 'q1');

  const answer = 'sometimes I think about hurting myself';
  await page.getByRole('textbox').fill(answer);
  // Leaving the field is enough: the help shows before the next question, on the same page.
  await page.getByRole('textbox').press('Tab');
  const card = page.getByRole('region', { name: 'It sounds like things might be hard right now' });
  await expect(card).toBeVisible();
  await expect(step).toHaveAttribute('data-question-id', 'q1');
  await expect(card.getByRole('listitem').first().getByRole('heading', { level: 3 })).toHaveText(
    '988 Suicide & Crisis Lifeline',
  );
  await expect(card.getByRole('link', { name: 'Call 988' }).first()).toHaveAttribute('href', 'tel:988');
  await expect(card).not.toContainText(answer);
  // Announced to screen readers without taking the teen's focus away.
  await expect(page.getByRole('status')).toHaveText('It sounds like things might be hard right now');
  expect(await blockingViolations(page)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('help-card-360.png'), fullPage: true });

  // Stopping sends nothing, and the help for what she wrote is still there.
  await page.getByRole('button', { name: 'Stop the survey' }).click();
  await page.getByRole('button', { name: 'Yes, stop and delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You stopped the survey' })).toBeFocused();
  const still = page.getByRole('region', { name: 'You can still talk to someone' });
  await expect(still).toBeVisible();
  await expect(still.getByRole('heading', { name: '988 Suicide & Crisis Lifeline' })).toBeVisible();
  await expect(still.getByRole('link', { name: 'Call 911' }).first()).toHaveAttribute('href', 'tel:911');
  await expect(page.getByRole('button', { name: 'Start again' })).toBeVisible();
  await expect(page.getByTestId('declined')).not.toContainText(answer);
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('stopped-help-360.png'), fullPage: true });

  // A new attempt starts with nothing raised: stopping it shows no help.
  await page.getByRole('button', { name: 'Start again' }).click();
  await page.getByRole('button', { name: 'I’m happy to take part' }).click();
  await page.getByLabel('How old are you?').selectOption({ label: '15' });
  await page.getByRole('radio', { name: 'Girl', exact: true }).check();
  await page.getByLabel('Which state do you live in?').selectOption({ label: 'Ohio' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(step).toHaveAttribute('data-question-id', 'q1');
  await page.getByRole('button', { name: 'Stop the survey' }).click();
  await page.getByRole('button', { name: 'Yes, stop and delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You stopped the survey' })).toBeVisible();
  await expect(page.getByTestId('stopped-help')).toHaveCount(0);
  await context.close();
});

test('pressing Next straight after a threat shows the line for immediate danger first, before the next question', async ({
  page,
  baseURL,
}) => {
  const survey = await disclosureSurvey(baseURL!);
  await startSurvey(page, survey.id);
  const step = page.getByTestId('question-step');
  await page.getByRole('textbox').fill('They bully me every day. I want to hurt the people who bully me');
  await page.getByRole('button', { name: 'Next' }).click();

  // Next waited for the check: the card shows and takes focus; the next question waits.
  const card = page.getByRole('region', { name: 'It sounds like things might be hard right now' });
  await expect(card.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(step).toHaveAttribute('data-question-id', 'q1');
  // Danger to others leads: 911 before StopBullying.
  const services = card.getByRole('listitem');
  await expect(services.first().getByRole('heading', { level: 3 })).toHaveText('Emergency services');
  const names = await services.getByRole('heading', { level: 3 }).allTextContents();
  expect(names.indexOf('Emergency services')).toBeLessThan(names.indexOf('StopBullying.gov'));
  // Keyboard: the next Tab reaches the first way to call.
  await page.keyboard.press('Tab');
  await expect(card.getByRole('link', { name: 'Call 911' })).toBeFocused();

  // The next Next goes on.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(step).toHaveAttribute('data-question-id', 'q2');
  await expect(page.getByTestId('help-card')).toHaveCount(0);
});

const spanishVersion = {
  es: {
    name: 'Cómo te va',
    description: 'Una encuesta corta hecha por una prueba automática.',
    questions: {
      q1: { title: '¿Qué has tenido en la mente últimamente?' },
      q2: { title: '¿Participas en algún club?', options: { o1: 'Sí', o2: 'No' } },
    },
  },
};

/** Through the Spanish assent and screener, as a teen whose browser prefers Spanish would. */
async function startInSpanish(page: import('@playwright/test').Page, surveyId: string) {
  await page.goto(`/s/${surveyId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cómo te va' })).toBeVisible();
  await page.getByRole('button', { name: 'Sí, quiero participar' }).click();
  await page.getByLabel('¿Cuántos años tienes?').selectOption({ label: '15' });
  await page.getByRole('radio', { name: 'Chica' }).check();
  await page.getByLabel('¿En qué estado vives?').selectOption({ label: 'Texas' });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('¿Qué has tenido en la mente últimamente?')).toBeVisible();
}

test('on a Spanish screen the help is wholly Spanish: the card, the page bar and the help after stopping (dark mode, 360 px)', async ({
  browser,
  baseURL,
}, testInfo) => {
  const survey = await disclosureSurvey(baseURL!, spanishVersion);
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'es-US',
    colorScheme: 'dark',
  });
  const page = await context.newPage();
  await startInSpanish(page, survey.id);
  await expect(page.getByRole('banner')).toContainText('Encuesta anónima');

  await page.getByRole('textbox').fill('Quiero morir, ya no aguanto más');
  await page.getByRole('textbox').press('Tab');
  const card = page.getByRole('region', { name: 'Parece que las cosas están difíciles ahora' });
  await expect(card).toBeVisible();
  const first = card.getByRole('listitem').first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveText('988 Lifeline: Ayuda en español');
  await expect(first.getByRole('link', { name: 'Llamar al 988' })).toHaveAttribute('href', 'tel:988');
  await expect(first.getByRole('link', { name: 'Enviar AYUDA al 988' })).toHaveAttribute(
    'href',
    'sms:988?&body=AYUDA',
  );
  for (const service of await card.getByRole('listitem').all())
    await expect(service).toHaveAttribute('lang', 'es');
  expect(await card.innerText()).not.toMatch(englishOnScreen);
  expect(await page.getByRole('banner').innerText()).not.toMatch(englishOnScreen);
  expect(await blockingViolations(page)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('help-card-es-dark-360.png'), fullPage: true });

  await page.getByRole('button', { name: 'Parar la encuesta' }).click();
  await page.getByRole('button', { name: 'Sí, parar y borrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paraste la encuesta' })).toBeFocused();
  const still = page.getByRole('region', { name: 'Todavía puedes hablar con alguien' });
  await expect(still.getByRole('heading', { name: '988 Lifeline: Ayuda en español' })).toBeVisible();
  expect(await page.getByRole('main').innerText()).not.toMatch(englishOnScreen);
  expect(await blockingViolations(page)).toEqual([]);
  await context.close();
});

test('on a Spanish screen the help after sending is wholly Spanish too', async ({ browser, baseURL }) => {
  const survey = await disclosureSurvey(baseURL!, spanishVersion);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-US' });
  const page = await context.newPage();
  await startInSpanish(page, survey.id);
  // Written in English on a Spanish screen: the help is Spanish all the same.
  await page.getByRole('textbox').fill('I want to hurt the people who bully me');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const card = page.getByRole('region', { name: 'Parece que las cosas están difíciles ahora' });
  await expect(card.getByRole('listitem').first().getByRole('heading', { level: 3 })).toHaveText(
    'Emergencias: 911',
  );
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Enviar mis respuestas' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Gracias por contarnos. No estás solo ni sola.' }),
  ).toBeFocused();
  const support = page.getByTestId('support');
  await expect(support.getByRole('listitem').first().getByRole('heading', { level: 2 })).toHaveText(
    'Emergencias: 911',
  );
  expect(await page.getByRole('main').innerText()).not.toMatch(englishOnScreen);
  expect(await page.getByRole('banner').innerText()).not.toMatch(englishOnScreen);
  await context.close();
});

test('a teen made to carry for others is offered the trafficking hotline as well as the CyberTipline, in Spanish (360 px)', async ({
  browser,
  baseURL,
}, testInfo) => {
  const survey = await disclosureSurvey(baseURL!, spanishVersion);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-US' });
  const page = await context.newPage();
  await startInSpanish(page, survey.id);
  await page.getByRole('textbox').fill('me obligan a llevar unos paquetes al otro barrio cada viernes');
  await page.getByRole('textbox').press('Tab');
  const card = page.getByRole('region', { name: 'Parece que las cosas están difíciles ahora' });
  const headings = card.getByRole('listitem').getByRole('heading', { level: 3 });
  await expect(headings.first()).toHaveText('NCMEC CyberTipline');
  const hotline = card
    .getByRole('listitem')
    .filter({ hasText: 'Línea Nacional contra la Trata de Personas' });
  await expect(hotline).toContainText('te obliga a llevar, esconder o vender cosas');
  await expect(hotline).toHaveAttribute('lang', 'es');
  await expect(hotline.getByRole('link', { name: 'Llamar al 1-888-373-7888' })).toHaveAttribute(
    'href',
    'tel:18883737888',
  );
  expect(await card.innerText()).not.toMatch(englishOnScreen);
  // On a 360 px phone every button shows its whole label: long numbers wrap instead of being cut off.
  for (const link of await card.getByRole('link').all()) {
    const clipped = await link.evaluate((el) => {
      const label = el.querySelector('.mantine-Button-label')!;
      return label.scrollWidth > label.clientWidth + 1 || el.scrollWidth > el.clientWidth + 1;
    });
    expect(clipped, await link.innerText()).toBe(false);
  }
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('help-card-exploitation-es-360.png'), fullPage: true });
  await context.close();
});

test('a pasted answer carrying an invisible NUL character is sent, and the disclosure in it still brings help', async ({
  browser,
  baseURL,
}) => {
  const survey = await createLiveSurvey(baseURL!, unique('Pasted answers'), [
    { type: 'long_text', title: 'Anything else you want to tell us?', required: false },
  ]);
  const context = await browser.newContext();
  const page = await context.newPage();
  await startSurvey(page, survey.id, { age: '15', gender: 'Girl', state: 'Texas' });
  // Pasted text can carry a NUL (code 0), which no one can see to delete: set as a paste sets it.
  await page.getByRole('textbox').evaluate((element: HTMLTextAreaElement, text) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, 'school is fine and i like my friends. i want to kill myself.\u0000 anyway thats it');
  await page.getByRole('button', { name: 'Send my answers' }).click();
  // Sent (the server refuses a NUL, so it was not sent as pasted), with help first.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for sharing. You’re not alone.' }),
  ).toBeFocused();
  await expect(
    page.getByTestId('support').getByRole('heading', { name: '988 Suicide & Crisis Lifeline' }),
  ).toBeVisible();
  await context.close();
});
