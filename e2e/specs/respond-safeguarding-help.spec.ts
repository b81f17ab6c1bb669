import { expect, test } from '@playwright/test';
import { blockingViolations, createLiveSurvey, startSurvey, unique } from './respond-helpers';

test('a teen who writes in Spanish that she wants to die is offered the 988 Lifeline in Spanish at once', async ({
  browser,
  baseURL,
}) => {
  const survey = await createLiveSurvey(baseURL!, unique('Cómo te sientes'), [
    { type: 'long_text', title: '¿Hay algo que quieras contarnos?', required: false },
  ]);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await startSurvey(page, survey.id, { age: '15', gender: 'Girl', state: 'Texas' });
  await page.getByRole('textbox').fill('Quiero morir, ya no aguanto más');
  await page.getByRole('button', { name: 'Send my answers' }).click();

  const support = page.getByTestId('support');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for sharing. You’re not alone.' }),
  ).toBeFocused();
  // The Spanish-speaking line comes first, with one-tap links that reach it in Spanish.
  const spanish = support.getByRole('listitem').first();
  await expect(spanish.getByRole('heading', { name: '988 Lifeline: Ayuda en español' })).toBeVisible();
  await expect(spanish).toContainText('Llama al 988 y marca 2');
  // Screen readers read it in Spanish.
  await expect(spanish).toHaveAttribute('lang', 'es');
  await expect(spanish.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
  await expect(spanish.getByRole('link', { name: 'Text AYUDA to 988' })).toHaveAttribute(
    'href',
    'sms:988?&body=AYUDA',
  );
  await expect(support.getByRole('heading', { name: '988 Suicide & Crisis Lifeline' })).toBeVisible();
  await expect(support.getByRole('link', { name: 'Call 911' }).first()).toHaveAttribute('href', 'tel:911');
  // Nothing the teen wrote is shown back.
  await expect(support).not.toContainText('Quiero morir');
  expect(await blockingViolations(page)).toEqual([]);
  await context.close();
});
