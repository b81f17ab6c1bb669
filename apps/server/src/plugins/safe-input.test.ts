import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoOrganizations } from '../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../test/app';
import { fingerprint } from '../test/fuzz';
import { type CookieJar, signIn } from '../test/session';

/**
 * Issue 12, item 3: the inputs that answered 500 in the security probe (NUL bytes, lone surrogates,
 * integer overflow), the raw framework messages, the echoing 414 and the `__proto__` body. Each is a
 * plain 400 (or 414) that names the field, and nothing stored changes.
 */
const ORG = demoOrganizations.northside.id;

describe('hostile input at the door', () => {
  let t: TestApp;
  let researcher: CookieJar;
  let survey: { id: string; version: number; name: string; questions: unknown[] };

  beforeAll(async () => {
    t = await createTestApp();
    researcher = await signIn(t.app, demoAccounts.northsideMember.email);
    const created = await call('POST', '/v2/surveys', { type: 'pulse_check' });
    survey = created.json().data;
  });
  afterAll(async () => t?.close());

  function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, jar = researcher) {
    return t.app.inject({
      method,
      url,
      headers: { cookie: jar.header, 'x-asa-organization-id': ORG },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  const save = (changes: Record<string, unknown>) =>
    call('PUT', `/v2/surveys/${survey.id}`, {
      version: survey.version,
      name: survey.name,
      description: null,
      questions: survey.questions,
      audience: null,
      tags: [],
      projectId: null,
      ...changes,
    });

  const expectRejected = (response: LightMyRequestResponse, field: string, message: RegExp) => {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.data.fields[field]?.[0]).toMatch(message);
    // The message names the field, not just "something is wrong".
    expect(body.message).toContain(field);
  };

  it('refuses a NUL byte in a survey name, naming the field, and stores nothing', async () => {
    const before = await fingerprint(t.app.database.db);
    expectRejected(await save({ name: 'Phones\u0000 at school' }), 'name', /NUL/);
    expect(await fingerprint(t.app.database.db)).toEqual(before);
  });

  it('refuses a lone surrogate in a survey description', async () => {
    expectRejected(await save({ description: 'Broken \uD800 text' }), 'description', /broken character/);
  });

  it('refuses a NUL in a search filter and in a path parameter', async () => {
    expectRejected(await call('GET', '/v2/surveys?search=a%00b'), 'search', /NUL/);
    const path = await call('GET', `/v2/surveys/${survey.id}%00`);
    expect(path.statusCode).toBe(400);
    expect(path.json().data.fields.id).toBeDefined();
  });

  it('refuses a NUL in an anonymous open-text answer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/respond/${survey.id}/responses`,
      payload: {
        answers: { q1: 'I feel fine\u0000' },
        clientResponseId: crypto.randomUUID(),
        screener: { age: 15, gender: 'female', state: 'CA' },
      },
    });
    expectRejected(response, 'answers.q1', /NUL/);
  });

  it('refuses a version past the integer column with the limit in words', async () => {
    const response = await save({ version: 2_147_483_648 });
    expectRejected(response, 'version', /less than or equal to 2147483647/);
  });

  it('says which number is not a number in a query string, not "received nan"', async () => {
    const response = await call('GET', '/v2/surveys?page=abc');
    expectRejected(response, 'page', /Expected number, received string/);
  });

  it('refuses valid JSON with a __proto__ key by name', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/v2/surveys/${survey.id}`,
      headers: { cookie: researcher.header, 'content-type': 'application/json' },
      payload: '{"__proto__":{"isAdmin":true},"version":1}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'FORBIDDEN_FIELD_NAME',
      message: 'A field may not be named "__proto__".',
    });
  });

  it.each([
    ['broken JSON', '{"email":', 'The request body is not valid JSON.'],
    ['an empty JSON body', '', 'The request body is empty; send a JSON object.'],
  ])('answers %s in plain words, never an FST_ message', async (_name, payload, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.body).not.toContain('FST_');
  });

  it('answers an overlong path part with 414 without echoing the path', async () => {
    const long = 'x'.repeat(500);
    const response = await t.app.inject({ method: 'GET', url: `/v2/surveys/${long}/history` });
    expect(response.statusCode).toBe(414);
    expect(response.body).not.toContain(long);
    expect(response.json().message).toBe('A part of the address is too long.');
  });
});
