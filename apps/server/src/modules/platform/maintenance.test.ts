import { ORGANIZATION_HEADER } from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { plausible } from '../../test/fuzz';
import { type CookieJar, cookieJar, signIn } from '../../test/session';

type Schema = Parameters<typeof plausible>[0];
interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: Schema }[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
}

/** Every operation of the document as a request a client could send: plausible path values and body. */
function everyOperation(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => {
        let url = path;
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'path') continue;
          const value = String(plausible(parameter.schema ?? { type: 'string', format: 'uuid' }));
          url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
        }
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        return {
          name: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase() as 'GET',
          url,
          body: bodySchema ? JSON.stringify(plausible(bodySchema)) : undefined,
        };
      }),
  );
}

/**
 * What stays open while maintenance is on (decision 004): health, readiness, the status and the switch,
 * and signing in and refreshing a session, so a Super Admin can always get to the switch.
 */
const openDuringMaintenance = [
  'POST /v2/login',
  'POST /refresh-access-token',
  'GET /healthz',
  'GET /readyz',
  'GET /v2/platform/status',
  'PUT /v2/platform/maintenance',
  // A file of the web app, not an API call: screens read it when the copy call fails, as it then does.
  'GET /copy/strapiCopyFallback.json',
];
const message = 'Back at 10:00 UTC.';

let t: TestApp;
let member: CookieJar;
let superAdmin: CookieJar;
beforeAll(async () => {
  t = await createTestApp();
  // Sign-in is closed during maintenance, so everyone signs in first.
  [member, superAdmin] = await Promise.all([
    signIn(t.app, demoAccounts.northsideAdmin.email),
    signIn(t.app, demoAccounts.superAdmin.email),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const switchMaintenance = (maintenance: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/v2/platform/maintenance',
    headers: { cookie: superAdmin.header },
    payload: { maintenance, message: maintenance ? message : null },
  });

const send = (request: { method: 'GET'; url: string; body?: string | undefined }, jar: CookieJar) =>
  t.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      [ORGANIZATION_HEADER]: demoOrganizations.northside.id,
      ...(jar.header ? { cookie: jar.header } : {}),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { payload: request.body }),
  });

describe('maintenance mode across the whole API', () => {
  it('answers every operation of the OpenAPI document with 503, but health, readiness, status, the switch and the copy file', async () => {
    const operations = everyOperation(t.app.swagger() as OpenApiDocument);
    expect(operations.length).toBeGreaterThan(100);
    expect(
      operations
        .filter((o) => openDuringMaintenance.includes(o.name))
        .map((o) => o.name)
        .sort(),
    ).toEqual([...openDuringMaintenance].sort());

    expect((await switchMaintenance(true)).statusCode).toBe(200);
    const wrong: string[] = [];
    try {
      for (const caller of [
        { as: 'visitor', jar: cookieJar() },
        { as: 'member', jar: member },
      ]) {
        for (const operation of operations) {
          const response = await send(operation, caller.jar);
          const closed = response.statusCode === 503 && response.json().code === 'MAINTENANCE';
          if (closed !== !openDuringMaintenance.includes(operation.name)) {
            wrong.push(`${caller.as} ${operation.name}: ${response.statusCode}`);
          }
          if (closed) {
            expect(response.json()).toEqual({
              statusCode: 503,
              error: 'Service Unavailable',
              code: 'MAINTENANCE',
              message,
            });
            expect(response.headers['retry-after']).toBe('120');
          }
        }
      }
      // An address the router decodes to an API route is that route, closed as well.
      const encoded = await send({ method: 'GET', url: '/%762/organization/members' }, member);
      expect(encoded.statusCode).toBe(503);
    } finally {
      await t.app.platformStatus.setMaintenance(false);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a Super Admin who signed in before end it, and then the API answers again', async () => {
    expect((await switchMaintenance(true)).statusCode).toBe(200);
    try {
      const members = () => send({ method: 'GET', url: '/v2/organization/members' }, member);
      expect((await members()).statusCode).toBe(503);
      const status = await send({ method: 'GET', url: '/v2/platform/status' }, superAdmin);
      expect(status.json()).toEqual({ data: { maintenance: true, maintenanceMessage: message } });
      // A Super Admin's session works everywhere, to check the service before ending maintenance.
      expect(
        (await send({ method: 'GET', url: '/v2/organization/members' }, superAdmin)).statusCode,
      ).not.toBe(503);
      // A Super Admin whose session ran out signs in again; anyone who signs in meets 503 elsewhere.
      const again = await signIn(t.app, demoAccounts.superAdmin.email);
      expect((await send({ method: 'GET', url: '/v2/platform/status' }, again)).statusCode).toBe(200);

      const ended = await switchMaintenance(false);
      expect(ended.json()).toEqual({ data: { maintenance: false, maintenanceMessage: null } });
      expect((await members()).statusCode).toBe(200);
    } finally {
      await t.app.platformStatus.setMaintenance(false);
    }
  });
});
