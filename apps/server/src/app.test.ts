import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './plugins/errors';
import { createTestApp, type TestApp } from './test/app';
import { liveSurvey, question } from './test/surveys';

const webDist = mkdtempSync(join(tmpdir(), 'tv-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><script>document.documentElement.dataset.x="1"</script><script type="module" src="/assets/app.js"></script></head><body></body></html>',
);
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log("app")');
// The respondent page's own entry (decision 019).
writeFileSync(
  join(webDist, 'respond.html'),
  '<!doctype html><html><head><title>Survey | TeenVoice</title><script type="module" src="/assets/respond.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  join(webDist, 'build.json'),
  JSON.stringify({ version: '1.2.3', buildTime: '2026-11-22T08:00:00Z' }),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { WEB_DIST: webDist },
    {
      extend(app) {
        app.get('/v2/test/boom', async () => {
          throw new Error('connection string postgres://secret@db leaked');
        });
        app.get('/v2/test/conflict', async () => {
          throw new HttpError(409, 'Someone else saved this survey first.', 'VERSION_CONFLICT', {
            version: 4,
          });
        });
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

describe('error handler', () => {
  it('hides the details of a server error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json().message).toMatch(/Something went wrong on our side/);
  });

  it('keeps the message, code and data of a client error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Someone else saved this survey first.',
      code: 'VERSION_CONFLICT',
      data: { version: 4 },
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v2/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

describe('web app serving', () => {
  it('serves index.html for any page path so the app router decides', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/research/builder/survey/abc',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('/assets/app.js');
  });

  it('caches hashed assets for a year and revalidates the build metadata', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const build = await t.app.inject({ method: 'GET', url: '/build.json' });
    expect(build.headers['cache-control']).toBe('no-cache');
    expect(build.json()).toEqual({ version: '1.2.3', buildTime: '2026-11-22T08:00:00Z' });
  });

  it('answers a missing file with 404, not the app', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('sends a Content-Security-Policy that allows exactly the inline scripts of the build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives an API answer and a respondent page the same security headers as a page', async () => {
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(([name]) =>
          /^(content-security-policy|strict-transport|x-|cross-origin|origin-agent|referrer-policy)/.test(
            name,
          ),
        ),
      );
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const api = await t.app.inject({ method: 'GET', url: '/healthz' });
    const respondent = await t.app.inject({ method: 'GET', url: '/s/x', headers: { accept: 'text/html' } });
    expect(Object.keys(security(page.headers)).length).toBeGreaterThan(8);
    expect(security(api.headers)).toEqual(security(page.headers));
    expect(security(respondent.headers)).toEqual(security(page.headers));
    expect(api.headers['x-powered-by']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents the API at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.version).toBe('1.2.3');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v2/redirects/resolve', '/v2/platform/status', '/healthz']),
    );
  });

  it('serves the explorer at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});

describe('the respondent page /s/{id}', () => {
  it('comes with the survey in it, as GET /v2/respond/{id} gives it, and its name in the title', async () => {
    const live = (await liveSurvey(t.app, [question('Do you take part in a club?')])).id;
    const res = await t.app.inject({ method: 'GET', url: `/s/${live}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const embedded = /<script type="application\/json" id="tv-public-survey">(.*?)<\/script>/s.exec(
      res.body,
    )?.[1];
    const api = await t.app.inject({ method: 'GET', url: `/v2/respond/${live}` });
    // The same answer, with a start token and a device of its own (signed when the page was sent).
    const { startToken, deviceToken, ...survey } = JSON.parse(embedded!).data;
    const { startToken: _, deviceToken: __, ...expected } = api.json().data;
    expect(survey).toEqual(expected);
    expect(startToken).toMatch(/^\d{13}\.[\w-]{22}\.[\w-]{43}$/);
    expect(deviceToken).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(res.body).toContain(`<title>${api.json().data.name} | TeenVoice</title>`);
    expect(res.body).toContain('/assets/respond.js');
  });

  it('answers 404 for a survey that does not exist, and the app page for an address that is no id', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/s/5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b99' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('/assets/respond.js');
    expect(unknown.body).not.toContain('tv-public-survey');
    const notAnId = await t.app.inject({ method: 'GET', url: '/s/not-a-uuid' });
    expect(notAnId.body).toContain('/assets/app.js');
  });
});
