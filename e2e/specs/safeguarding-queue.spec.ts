import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { assessRisk } from '../../apps/server/src/modules/privacy/classifier';
import { incidentCategoryLabels } from '../../packages/contract/src/results';
import { accounts, blockingViolations, createLiveSurvey, pageAs, passOf, unique } from './respond-helpers';

/**
 * Answers that may fall in the grey band, just below the raise threshold. Which ones do depends on the
 * classifier this build ships (its learned layer is retrained as its corpus grows), so the spec asks
 * that classifier, the same code the server runs, and takes those it holds without raising.
 */
const candidates = [
  // From the corpus, held by the model of ba42495 (the first trained one).
  'toss lunch in the trash b4 home',
  'bare gas canisters under my bed, mum thinks theyre for baking lol',
  'this lecture is so boring i wanna die lol jk',
  'if my mom doesnt buy me the new jordans im running away jk',
  "i'm scared to go home because i broke the lamp playing ball in the house and my mom is going to make me pay for it",
  'used to get bullied in 6th grade but i switched schools and its good now',
  'siempre ando grifo, hasta en clase',
  // Written for this spec.
  'sometimes i wonder if anyone would even notice if i was gone',
  'no te preocupes maestra, despues de este fin ya no voy a dar problemas',
  "I've stood on the wrong side of the railing on the highway bridge a few times this month.",
  'lately i skip lunch a lot and i dont really feel hungry anymore',
  'i only eat one meal a day now and i feel kind of proud of it',
  'i dont really want to go home after school most days',
  'my uncle says i shouldnt tell my mom about the stuff we talk about online',
  'a guy from a game keeps sending me gift cards and asks what im wearing',
  'my stepdad gets really angry when he drinks and i stay in my room',
  'I came out to my parents and now they won’t let me leave my room except for school.',
  'Mi mamá se fue a Guatemala por dos semanas en agosto y ya es marzo, nos quedamos con su novio.',
  'Me subo al camión nocturno y doy vueltas hasta que abren la escuela.',
  "School's ok. I just get spit on on the bus sometimes. And tripped.",
  'everyone in the group chat stopped talking to me and they post about me',
  'me hackearon el insta y publicaron cosas como si fuera yo',
  'i take a couple of my moms pills when i cant sleep',
  'me and my friends drink most weekends, its not a big deal',
  'some kid said he is going to bring something to school on friday and everyone is laughing about it',
  'Mi hermana y yo nos vamos a ir juntas. Ella tiene 16 y yo 14. Ya juntamos el dinero.',
  'i have been sleeping at my friends house most nights because its easier',
  'I’m not proud of it but older guys give me money sometimes.',
  'i feel tired of everything lately and i dont see the point',
  'my parents fight sometimes, i put headphones on',
  'i ran away from home once when i was little, for an hour',
  'my brother and i fight a lot, he punched my arm once',
  'i dont eat breakfast most days',
  // From the corpus's everyday answers, held by version 19 (the grey band narrowed as the corpus grew).
  "I won't be here next year because we're moving back to my grandparents' town",
  'I help my uncle at his auto shop sometimes and he pays me cash',
];
const held = candidates
  .map((text) => ({ text, assessment: assessRisk(text) }))
  .filter(({ assessment }) => assessment.raised.length === 0 && assessment.concerns.length > 0)
  .map(({ text, assessment }) => ({ text, category: assessment.concerns[0]!.category }));
// Two possible concerns of different categories, so a category filter shows one and hides the other.
const first = held[0];
const second = held.find((h) => first && h.category !== first.category);
const RAISED = 'they bully me every day on the bus and nobody does anything';

async function respond(request: APIRequestContext, surveyId: string, text: string) {
  const opened = await request.get(`/v2/respond/${surveyId}`);
  expect(opened.ok(), await opened.text()).toBeTruthy();
  const sent = await request.post(`/v2/respond/${surveyId}/responses`, {
    data: {
      clientResponseId: randomUUID(),
      screener: { age: 15, gender: 'female', state: 'CA' },
      answers: { q1: text },
      ...passOf(await opened.json()),
    },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  return (await sent.json()).data as { outcome: string; showSupport: boolean };
}

test.describe
  .serial('the moderator’s queue: incidents and possible concerns', () => {
    // A build whose classifier holds none of the candidates fails here, rather than skipping unseen.
    test('the classifier in this build holds two candidates of different categories', () => {
      expect(first, 'add a candidate answer the classifier holds in the grey band').toBeTruthy();
      expect(second, 'add a held candidate of another category').toBeTruthy();
    });
    const surveyName = unique('After school clubs');
    let surveyId = '';
    const cards = (page: Page) => page.getByTestId('incident');
    const queue = (page: Page) => page.getByRole('radiogroup', { name: 'Queue' });

    test('seed: answers in the grey band and one that raises an incident, through the API', async ({
      request,
      baseURL,
    }) => {
      const survey = await createLiveSurvey(baseURL!, surveyName, [
        { type: 'long_text', title: 'What would you change about after school clubs?', required: false },
      ]);
      surveyId = survey.id;
      for (const concern of [first!, ...(second ? [second] : [])]) {
        // Held in the grey band: no help for the teen.
        expect(await respond(request, surveyId, concern.text)).toMatchObject({
          outcome: 'completed',
          showSupport: false,
        });
      }
      expect((await respond(request, surveyId, RAISED)).showSupport).toBe(true);
    });

    test('a moderator opens the queue, switches to possible concerns and filters by category', async ({
      browser,
    }) => {
      // The scan runs in the background; on a loaded machine it can take a while.
      test.setTimeout(120_000);
      const page = await pageAs(browser, accounts.moderator);
      // The queue of this survey, linked as a moderator would share it.
      await page.goto(`/research/builder/admin/incidents?survey=${surveyId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Safeguarding incidents' })).toBeVisible();
      const concernCount = second ? 2 : 1;
      await expect(async () => {
        await page.reload();
        await expect(queue(page).getByText(`Possible concerns (${concernCount})`)).toBeVisible({
          timeout: 3_000,
        });
        await expect(cards(page)).toHaveCount(1, { timeout: 1_000 });
      }).toPass({ timeout: 90_000 });

      // The incidents queue has the raised answer only.
      await expect(queue(page).getByText('Incidents (1)')).toBeVisible();
      await expect(cards(page).first()).toHaveAttribute('data-kind', 'incident');
      await expect(
        cards(page).first().getByRole('heading', { name: 'Bullying or harassment' }),
      ).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Survey' })).toHaveValue(
        `${surveyName} (Northside Youth Trust)`,
      );

      await queue(page)
        .getByText(/Possible concerns/)
        .click();
      await expect(page).toHaveURL(/[?&]kind=concern/);
      await expect(cards(page)).toHaveCount(concernCount);
      for (const card of await cards(page).all()) {
        await expect(card).toHaveAttribute('data-kind', 'concern');
        await expect(card.getByText('Possible concern', { exact: true })).toBeVisible();
        await expect(card.getByTestId('answer-decision-status')).toHaveText(
          'Withheld, waiting for a decision',
        );
      }
      expect(await blockingViolations(page)).toEqual([]);

      const label = incidentCategoryLabels[first!.category];
      await page.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]category=${first!.category}`));
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first().getByRole('heading', { level: 2 })).toHaveText(label);
      await cards(page).first().getByRole('button', { name: 'Show the answer' }).click();
      await expect(cards(page).first().getByTestId('excerpt')).toHaveText(first!.text);

      // The filtered view is in the address: a reload (or a shared link) shows the same.
      await page.reload();
      await expect(queue(page).getByRole('radio', { name: /Possible concerns/ })).toBeChecked();
      await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(label);
      await expect(cards(page)).toHaveCount(1);

      // A category with nothing in it says so, and how to get back.
      const other = (Object.keys(incidentCategoryLabels) as (keyof typeof incidentCategoryLabels)[]).find(
        (c) => c !== first!.category && c !== second?.category,
      )!;
      await page.goto(`/research/builder/admin/incidents?kind=concern&survey=${surveyId}&category=${other}`);
      await expect(page.getByRole('heading', { name: 'Nothing matches these filters' })).toBeVisible();
      await page.getByRole('button', { name: 'Clear filters' }).first().click();
      await expect(page).not.toHaveURL(/category=/);
      await expect(page).toHaveURL(/[?&]kind=concern/);
    });

    test('on a phone in dark mode the queue reads well and has no serious accessibility problems', async ({
      browser,
    }) => {
      const page = await pageAs(browser, accounts.moderator, { phone: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`/research/builder/admin/incidents?kind=concern&survey=${surveyId}`);
      await expect(cards(page).first()).toHaveAttribute('data-kind', 'concern');
      await cards(page).first().getByRole('button', { name: 'Show the answer' }).click();
      expect(await blockingViolations(page)).toEqual([]);
      // Nothing is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });

    test('escalating a possible concern moves it to the incidents queue', async ({ browser }) => {
      const page = await pageAs(browser, accounts.moderator);
      await page.goto(
        `/research/builder/admin/incidents?kind=concern&survey=${surveyId}&category=${first!.category}`,
      );
      const card = cards(page).first();
      await expect(card).toHaveAttribute('data-kind', 'concern');
      await card.getByRole('button', { name: 'Escalate' }).click();
      const dialog = page.getByRole('dialog', { name: /^Escalate:/ });
      await dialog.getByRole('button', { name: 'Escalate to incident' }).click();
      await expect(dialog.getByText('Write why this needs to be an incident')).toBeVisible();
      await dialog
        .getByRole('textbox', { name: 'Why it needs to be an incident' })
        .fill('Reads as a real risk on a second look.');
      await dialog.getByRole('button', { name: 'Escalate to incident' }).click();
      await expect(dialog).toBeHidden();
      await expect(cards(page)).toHaveCount(0);

      await queue(page)
        .getByText(/^Incidents/)
        .click();
      const escalated = cards(page).filter({ hasText: 'Reads as a real risk on a second look.' });
      await expect(escalated).toHaveCount(1);
      await expect(escalated).toHaveAttribute('data-kind', 'incident');
    });
  });
