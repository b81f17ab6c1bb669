import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pendingRegistrations } from '../db/schema/identity';
import { DEMO_PASSWORD } from '../db/seed/demo-accounts';
import { hashToken, randomToken } from '../lib/tokens';

/** Cookies a browser would keep from a response, merged into what it already had. */
export function cookieJar(initial = '') {
  const jar = new Map<string, string>();
  for (const part of initial.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name) jar.set(name, value.join('='));
  }
  return {
    take(response: LightMyRequestResponse) {
      for (const cookie of response.cookies) {
        if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0))
          jar.delete(cookie.name);
        else jar.set(cookie.name, cookie.value);
      }
      return response;
    },
    get header() {
      return [...jar.entries()].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    get(name: string) {
      return jar.get(name);
    },
    set(name: string, value: string) {
      jar.set(name, value);
    },
  };
}
export type CookieJar = ReturnType<typeof cookieJar>;

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<CookieJar> {
  const jar = cookieJar();
  const response = jar.take(
    await app.inject({ method: 'POST', url: '/v2/login', payload: { email, password } }),
  );
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
  return jar;
}

export async function softRegister(app: FastifyInstance): Promise<CookieJar> {
  const jar = cookieJar();
  const response = jar.take(await app.inject({ method: 'POST', url: '/v2/soft-register' }));
  if (response.statusCode !== 200) throw new Error(`soft-register failed: ${response.body}`);
  return jar;
}

/**
 * Signs up and opens the mailed link in the same browser (`jar`), which then holds the new account's
 * session (decision 037). The link reaches only its recipient (decision 023), so in place of reading the
 * mail the helper gives the waiting sign-up a token of its own. Answers the confirmation, with the profile.
 */
export async function signUpAndConfirm(
  app: FastifyInstance,
  registration: { email: string } & Record<string, unknown>,
  jar: CookieJar = cookieJar(),
): Promise<LightMyRequestResponse> {
  const cookie = () => (jar.header ? { cookie: jar.header } : {});
  const signedUp = await app.inject({
    method: 'POST',
    url: '/v2/register',
    headers: cookie(),
    payload: registration,
  });
  if (signedUp.statusCode !== 200) throw new Error(`sign-up failed: ${signedUp.body}`);
  const token = randomToken();
  await app.database.db
    .update(pendingRegistrations)
    .set({ tokenHash: hashToken(token) })
    .where(eq(pendingRegistrations.email, registration.email.toLowerCase()));
  const confirmed = jar.take(
    await app.inject({
      method: 'POST',
      url: '/v2/register/confirm',
      headers: { ...cookie(), authorization: token },
    }),
  );
  if (confirmed.statusCode !== 200) throw new Error(`confirming the sign-up failed: ${confirmed.body}`);
  return confirmed;
}
