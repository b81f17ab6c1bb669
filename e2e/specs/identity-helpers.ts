import { type APIRequestContext, expect, type Page, request } from '@playwright/test';

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

/** Creates an account through the API (in the given request context, so its cookies sign it in there). */
export async function registerAccount(
  api: APIRequestContext,
  account: { email: string; firstName: string; lastName: string; password?: string },
) {
  const response = await api.post('/v2/register', {
    data: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      password: account.password ?? DEMO_PASSWORD,
      acceptMarketing: false,
      termsAndConditions: await currentTermsVersion(api),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data as { id: string };
}

/** Signs a request context (a page's `request` shares the page's cookies) in as a demo account. */
export async function signInApi(api: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await api.post('/v2/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A request context signed in as platform staff, to read the outbox the way the mailbox screen does. */
export async function staffApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/v2/login', { data: { email: demo.moderator, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return api;
}

interface OutboxMessage {
  id: string;
  template: string;
  to: string;
  subject: string;
  createdAt: string;
}

/** The newest message of a template sent to an address, waiting for it to be written. */
export async function readMail(api: APIRequestContext, to: string, template: string) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await api.get('/v2/admin/mailbox', { params: { search: to } });
        const messages = (await response.json()).data as OutboxMessage[];
        found = messages.find((message) => message.to === to && message.template === template);
        return found !== undefined;
      },
      { message: `a ${template} mail to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  const response = await api.get(`/v2/admin/mailbox/${found!.id}`);
  return (await response.json()).data as OutboxMessage & { html: string; text: string };
}

/** The first link in a message's text that points at the given app path. */
export function linkIn(text: string, path: string): URL {
  const match = text.match(new RegExp(`https?://[^\\s)\\]]*${path.replace(/[/]/g, '\\/')}[^\\s)\\]]*`));
  expect(match, `a link to ${path} in:\n${text}`).not.toBeNull();
  return new URL(match![0]);
}
