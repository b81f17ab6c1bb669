import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../test/app';
import { type CookieJar, signIn } from '../test/session';
import { CROSS_SITE_MESSAGE } from './cross-site';

/**
 * Issue 12, CSRF: a page on another origin (another port of the same host included) made a signed-in
 * admin's browser change state. Every state-changing request from another origin is refused, and no
 * body-less POST accepts a body a cross-site form can send.
 */
let t: TestApp;
let admin: CookieJar;
const own = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: own });
  admin = await signIn(t.app, demoAccounts.northsideAdmin.email);
});
afterAll(() => t.close());

const firstName = async () => {
  const profile = await t.app.inject({
    method: 'GET',
    url: '/v2/profile',
    headers: { cookie: admin.header },
  });
  return profile.json().data.firstName as string;
};
const rename = (headers: Record<string, string>, payload: string, name = 'Mallory') =>
  t.app.inject({
    method: 'PUT',
    url: '/v2/profile',
    headers: { cookie: admin.header, host: 'localhost:3000', ...headers },
    payload:
      payload ||
      JSON.stringify({ firstName: name, lastName: 'Shah', email: demoAccounts.northsideAdmin.email }),
  });

describe('cross-site requests', () => {
  it.each([
    [
      'a page on another port of the same host',
      { origin: 'http://localhost:4000', 'sec-fetch-site': 'same-site' },
    ],
    ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['another site, from a browser without Fetch Metadata', { origin: 'https://evil.example' }],
    ['a sandboxed frame (Origin: null)', { origin: 'null' }],
    ['a subdomain claiming the same site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a change from %s, and changes nothing', async (_, headers) => {
    const before = await firstName();
    const response = await rename({ 'content-type': 'application/json', ...headers }, '');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST', message: CROSS_SITE_MESSAGE });
    expect(await firstName()).toBe(before);
  });

  it('refuses a body a cross-site form can send (text/plain, urlencoded) even without browser headers', async () => {
    const before = await firstName();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'TEXT/PLAIN; charset=utf-8']) {
      const response = await rename({ 'content-type': type }, '');
      expect(response.statusCode, type).toBe(415);
      expect(response.json().message).toBe(
        'Send this request as JSON, with the header Content-Type: application/json.',
      );
    }
    // The case: a body-less POST (sign out) sent as text/plain from a form.
    const signOut = await t.app.inject({
      method: 'DELETE',
      url: '/logout',
      headers: { cookie: admin.header, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(signOut.statusCode).toBe(415);
    // Still signed in, and still named as before.
    expect(await firstName()).toBe(before);
  });

  it('accepts our own pages (same origin, by Fetch Metadata, Origin or Host) and clients without a browser', async () => {
    const sameOrigin: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: own },
      { origin: own },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of sameOrigin) {
      const response = await rename({ 'content-type': 'application/json', ...headers }, '', 'Priya');
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
    // Reached through another address of the same server (its Host), as behind a proxy: still ours.
    const viaHost = await t.app.inject({
      method: 'PUT',
      url: '/v2/profile',
      headers: {
        cookie: admin.header,
        host: '127.0.0.1:3000',
        origin: 'http://127.0.0.1:3000',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({
        firstName: 'Priya',
        lastName: 'Shah',
        email: demoAccounts.northsideAdmin.email,
      }),
    });
    expect(viaHost.statusCode).toBe(200);
  });

  it('leaves reads alone: a cross-site GET is answered as usual', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v2/profile',
      headers: { cookie: admin.header, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
