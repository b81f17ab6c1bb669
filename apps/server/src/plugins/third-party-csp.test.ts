import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../test/app';
import { signIn } from '../test/session';

// Decision 012, revisited: only a public marketing page's document may name the flagged scripts' origins
// in its Content-Security-Policy; the app shell of every other screen, respondent pages, the API and
// files never do, whatever the flags say.

const TAG_MANAGER = 'https://www.googletagmanager.com';
const FORMS = 'https://forms.example.com';
const RESULTS_ID = '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b01';
const PULSE_ID = '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02';

const webDist = mkdtempSync(join(tmpdir(), 'tv-web-csp-'));
mkdirSync(join(webDist, 'assets'));
mkdirSync(join(webDist, 'forms'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log("app")');
writeFileSync(join(webDist, 'forms', 'marketing-form.js'), 'console.log("form")');
writeFileSync(
  join(webDist, 'respond.html'),
  '<!doctype html><html><head><script type="module" src="/assets/respond.js"></script></head><body><div id="root"></div></body></html>',
);

let t: TestApp;
let superAdmin: string;

const setFlags = async (enabled: boolean) => {
  for (const [key, settings] of [
    ['analytics_tag_manager', { containerId: 'GTM-ABC1234', scriptOrigin: TAG_MANAGER }],
    ['marketing_automation', { scriptUrl: `${FORMS}/f.js` }],
  ] as const) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v2/admin/feature-flags/${key}`,
      payload: { enabled, settings },
      headers: { cookie: superAdmin },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
};

const cspOf = async (url: string, cookie?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  return String(res.headers['content-security-policy']);
};
const directive = (csp: string, name: string) =>
  csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist });
  superAdmin = (await signIn(t.app, demoAccounts.superAdmin.email)).header;
  await setFlags(true);
});
afterAll(async () => {
  await t?.close();
});

describe('the CSP of each kind of address, with both flagged scripts on', () => {
  it.each([
    '/',
    '/why-us',
    '/about-us',
    '/quality',
    '/contact',
    '/products',
    '/research',
    '/research?theme=wellbeing',
    '/research/reports/teen-wellbeing-2026',
    '/research/articles/screen-time',
    '/legal/privacy-policy',
    '/legal/terms-of-use',
  ])('a marketing page (%s) allows the flagged origins', async (url) => {
    const csp = await cspOf(url);
    expect(directive(csp, 'script-src')).toContain(TAG_MANAGER);
    expect(directive(csp, 'script-src')).toContain(FORMS);
    expect(directive(csp, 'connect-src')).toContain(TAG_MANAGER);
    expect(directive(csp, 'img-src')).toContain(TAG_MANAGER);
  });

  it.each([
    // The signed-in app: results, the builder, account, admin.
    `/research/builder/survey/summary/${RESULTS_ID}`,
    `/research/builder/survey/report/${RESULTS_ID}`,
    `/research/builder/survey/questionnaire/${RESULTS_ID}`,
    '/research/builder',
    '/research/builder/admin/surveys',
    '/user/profile',
    '/user/purchase-history',
    '/user/manage-members',
    // Shop, sign-in, shared results, tools.
    '/cart',
    '/order-confirmation',
    '/login',
    '/register',
    '/security/password-reset',
    '/shared/results/abcdefghijklmnop',
    '/style-tokens',
    '/maintenance',
    '/no-such-page',
    '/research/reports',
    // Respondents.
    `/s/${PULSE_ID}`,
    '/s',
    // Payloads, API, content service and files.
    '/research/_payload.json',
    '/v2/platform/feature-flags',
    '/cms/api/teenvoice-articles',
    '/healthz',
    '/assets/app.js',
    '/forms/marketing-form.js',
  ])('%s names no third-party origin', async (url) => {
    const csp = await cspOf(url);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain(TAG_MANAGER);
    expect(csp).not.toContain(FORMS);
  });

  it('is the same for a signed-in screen opened by a signed-in user', async () => {
    const researcher = (await signIn(t.app, demoAccounts.northsideMember.email)).header;
    const csp = await cspOf(`/research/builder/survey/summary/${RESULTS_ID}`, researcher);
    expect(csp).not.toContain(TAG_MANAGER);
    expect(csp).not.toContain(FORMS);
  });

  it('sends no referrer from any page, so a marketing page opened from an app page never learns its address', async () => {
    for (const url of [`/research/builder/survey/summary/${RESULTS_ID}`, `/s/${PULSE_ID}`, '/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('a non-marketing page gets exactly the CSP every page gets with the flags off', async () => {
    const withFlags = await cspOf('/cart');
    await setFlags(false);
    try {
      expect(await cspOf('/cart')).toBe(withFlags);
      expect(await cspOf('/')).toBe(withFlags);
    } finally {
      await setFlags(true);
    }
  });
});
