import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { leads } from '../../db/schema/platform';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';

let t: TestApp;
let admin: CookieJar;
let member: CookieJar;
let moderator: CookieJar;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.platformAdmin.email);
  member = await signIn(t.app, demoAccounts.northsideMember.email);
  moderator = await signIn(t.app, demoAccounts.moderator.email);
});
afterAll(async () => {
  await t?.close();
});

const salesLead = (overrides: Record<string, unknown> = {}) => ({
  kind: 'sales',
  company: 'Riverbend Health',
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: 'dana@riverbend.example',
  state: { value: 'OH', label: 'Ohio' },
  message: 'We want to hear from teens in Ohio about mental health support.',
  sourcePath: '/products',
  ...overrides,
});

const send = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v2/leads', payload, headers });

const leadsFor = (email: string) => t.app.database.db.select().from(leads).where(eq(leads.email, email));

describe('POST /v2/leads', () => {
  it('stores a sales lead signed out, with UTM and page, and queues a mail to sales', async () => {
    const res = await send(salesLead({ email: 'stored@riverbend.example' }), {
      'X-UTM-Source': 'newsletter',
      'X-UTM-Campaign': 'spring-2026',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.message).toBe('Thanks — we’ll be in touch within one business day.');
    const [row] = await leadsFor('stored@riverbend.example');
    expect(row).toMatchObject({
      kind: 'sales',
      company: 'Riverbend Health',
      state: 'OH',
      status: 'new',
      sourcePath: '/products',
      utm: { source: 'newsletter', campaign: 'spring-2026' },
    });
    const mails = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'leads/new-lead'));
    const mail = mails.find((m) => m.text.includes('stored@riverbend.example'));
    expect(mail?.toEmail).toBe('sales@teenvoice.test');
    expect(mail?.text).toContain('Riverbend Health');
    expect(mail?.text).toContain('Ohio');
  });

  it('says what is wrong with each field, word for word (spec §5)', async () => {
    const res = await send(
      salesLead({ company: 'Ab', firstName: 'Jo', lastName: 'Li', email: 'not-an-email', state: undefined }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({
      company: ['Company Name should be at least 3 characters long'],
      firstName: ['First Name should be at least 3 characters long'],
      lastName: ['Last Name should be at least 3 characters long'],
      email: ['Email is not valid'],
      state: ['Required'],
    });
  });

  it('says Required for every missing field', async () => {
    const res = await send({ kind: 'contact' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().data.fields as Record<string, string[]>;
    for (const name of ['company', 'firstName', 'lastName', 'email', 'state', 'message']) {
      expect(fields[name], name).toEqual(['Required']);
    }
  });

  it('rejects a state that is not a US state, NUL bytes, broken Unicode and overlong text, storing nothing', async () => {
    const email = 'bad-input@riverbend.example';
    const cases = [
      salesLead({ email, state: { value: 'ZZ', label: 'Nowhere' } }),
      salesLead({ email, company: 'Riverbend\u0000Health' }),
      salesLead({ email, message: 'Broken \uD800 text' }),
      salesLead({ email, message: 'x'.repeat(5000) }),
      salesLead({ email, company: 'x'.repeat(1000) }),
    ];
    for (const payload of cases) {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await leadsFor(email)).toHaveLength(0);
    const nul = await send(salesLead({ email, company: 'Riverbend\u0000Health' }));
    expect(nul.json().message).toBe(
      'Your message contains a NUL character. Please remove it and send again.',
    );
  });

  it('answers a filled honeypot with success and stores nothing', async () => {
    const res = await send(salesLead({ email: 'bot@spam.example', website: 'https://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.ok).toBe(true);
    expect(await leadsFor('bot@spam.example')).toHaveLength(0);
  });

  it('takes a newsletter sign-up with only an email', async () => {
    const res = await send({ kind: 'newsletter', email: 'reader@school.example', sourcePath: '/research' });
    expect(res.statusCode).toBe(201);
    const [row] = await leadsFor('reader@school.example');
    expect(row).toMatchObject({ kind: 'newsletter', company: null, state: null });
  });
});

describe('spam protection', () => {
  it('limits how often one address may send the form', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/v2/leads',
          payload: { kind: 'newsletter', email: `reader${i}@school.example` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('staff leads list', () => {
  it('lists leads for platform admins, filtered by status and kind', async () => {
    await send(salesLead({ email: 'listed@riverbend.example' }));
    const res = await t.app.inject({
      method: 'GET',
      url: '/v2/admin/leads?kind=sales&status=new',
      headers: { cookie: admin.header },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.data.every((l: { kind: string; status: string }) => l.kind === 'sales' && l.status === 'new'),
    ).toBe(true);
    expect(body.data.some((l: { email: string }) => l.email === 'listed@riverbend.example')).toBe(true);
    expect(body.meta).toMatchObject({ page: 1, pageSize: 20 });

    const none = await t.app.inject({
      method: 'GET',
      url: '/v2/admin/leads?kind=newsletter&status=closed',
      headers: { cookie: admin.header },
    });
    expect(none.json().data).toEqual([]);
  });

  it('changes a lead status and filters by it', async () => {
    await send(salesLead({ email: 'patched@riverbend.example' }));
    const [row] = await leadsFor('patched@riverbend.example');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v2/admin/leads/${row!.id}`,
      headers: { cookie: admin.header },
      payload: { status: 'contacted' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('contacted');
    const list = await t.app.inject({
      method: 'GET',
      url: '/v2/admin/leads?status=contacted',
      headers: { cookie: admin.header },
    });
    expect(list.json().data.map((l: { id: string }) => l.id)).toContain(row!.id);
  });

  it('answers bad filters, foreign ids and unknown statuses with a 400 or 404 in plain words', async () => {
    const cases = [
      ['GET', '/v2/admin/leads?status=lost', undefined, 400],
      ['GET', '/v2/admin/leads?page=1e400', undefined, 400],
      ['GET', '/v2/admin/leads?page=99999999999', undefined, 400],
      ['PATCH', '/v2/admin/leads/not-a-uuid', { status: 'closed' }, 400],
      ['PATCH', '/v2/admin/leads/6f1c2a9e-3b1d-4d8e-9a51-0c8f1e2d3a4b', { status: 'closed' }, 404],
      ['PATCH', '/v2/admin/leads/6f1c2a9e-3b1d-4d8e-9a51-0c8f1e2d3a4b', { status: 'won' }, 400],
    ] as const;
    for (const [method, url, payload, status] of cases) {
      const res = await t.app.inject({ method, url, payload, headers: { cookie: admin.header } });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().message, url).toBeTruthy();
    }
  });

  it('is closed to organisation members, and read-only to nobody else', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/v2/admin/leads',
      headers: { cookie: member.header },
    });
    expect(list.statusCode).toBe(403);
    const asModerator = await t.app.inject({
      method: 'GET',
      url: '/v2/admin/leads',
      headers: { cookie: moderator.header },
    });
    expect(asModerator.statusCode).toBe(403);
    const signedOut = await t.app.inject({ method: 'GET', url: '/v2/admin/leads' });
    expect(signedOut.statusCode).toBe(401);
  });
});
