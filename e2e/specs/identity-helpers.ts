import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'teenvoice-demo';

export const demo = {
  superAdmin: 'super@teenvoice.test',
  platformAdmin: 'admin@teenvoice.test',
  moderator: 'moderator@teenvoice.test',
  northsideAdmin: 'priya@northside.test',
  northsideMember: 'jordan@northside.test',
} as const;

/** An address no other test (or earlier run) uses. */
export const uniqueEmail = (label: string) =>
  `e2e-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/** Signs in through the login form and waits until the app shows the account menu. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('textbox', { name: 'Password' }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

export const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account menu for / });

/** The terms version sign-up must name, as the content service publishes it. */
export async function currentTermsVersion(api: APIRequestContext): Promise<string> {
  const response = await api.get(
    '/cms/api/teenvoice-terms-and-conditions?sort=versionTimestamp:desc&pagination[page]=1&pagination[pageSize]=1',
  );
  expect(response.ok()).toBe(true);
  return (await response.json()).data[0].attributes.versionTimestamp as string;
}

/** The subject of the mail whose link finishes a sign-up (decision 037). */
export const SIGN_UP_MAIL_SUBJECT = 'Finish creating your TeenVoice account';

/**
 * Creates an account through the API: signs up, then uses the mailed link in the given request context,
 * so its cookies sign it in there (decision 037).
 */
export async function registerAccount(
  api: APIRequestContext,
  account: { email: string; firstName: string; lastName: string; password?: string },
) {
  const signedUp = await api.post('/v2/register', {
    data: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      password: account.password ?? DEMO_PASSWORD,
      acceptMarketing: false,
      termsAndConditions: await currentTermsVersion(api),
    },
  });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const mail = await readDeliveredMail(account.email, SIGN_UP_MAIL_SUBJECT);
  const token = linkIn(mail.text, '/register/confirm').searchParams.get('token')!;
  const response = await api.post('/v2/register/confirm', { headers: { Authorization: token }, data: {} });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data as { id: string };
}

/** Signs a request context (a page's `request` shares the page's cookies) in as a demo account. */
export async function signInApi(api: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await api.post('/v2/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
}

export interface DeliveredMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * The newest message whose subject matches, as its recipient received it, waiting for delivery. It comes
 * from the run's mail sink (e2e/stubs/mail-sink.ts), the only place a reset or invitation link can be
 * read: staff never can (decision 023).
 */
export async function readDeliveredMail(to: string, subject: string | RegExp): Promise<DeliveredMail> {
  const sink = process.env.E2E_MAIL_SINK;
  expect(sink, 'E2E_MAIL_SINK, set by playwright.config.ts').toBeTruthy();
  const matches = (message: DeliveredMail) =>
    typeof subject === 'string' ? message.subject === subject : subject.test(message.subject);
  let found: DeliveredMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${sink}/messages?to=${encodeURIComponent(to)}`);
        const messages = ((await response.json()) as { data: DeliveredMail[] }).data;
        found = messages.filter(matches).at(-1);
        return found !== undefined;
      },
      { message: `a mail "${subject}" delivered to ${to}`, timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in a message's text that points at the given app path. */
export function linkIn(text: string, path: string): URL {
  const match = text.match(new RegExp(`https?://[^\\s)\\]]*${path.replace(/[/]/g, '\\/')}[^\\s)\\]]*`));
  expect(match, `a link to ${path} in:\n${text}`).not.toBeNull();
  return new URL(match![0]);
}
