import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { leads } from '../../db/schema/platform';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { pageTexts } from '../../test/pdf-text';
import { type CookieJar, signIn } from '../../test/session';
import { HIDDEN_LINK } from '../mail/service';

/** Issue 25: the library delivers (gated by the lead form or not), and the leads screen's API. */
let t: TestApp;
let admin: CookieJar;
let member: CookieJar;
let moderator: CookieJar;

interface PublicItem {
  id: number;
  attributes: {
    slug: string;
    title: string;
    gated: boolean;
    offers: 'file' | 'video' | 'none';
    downloadUrl: string | null;
    videoUrl: string;
    file: { data: { attributes: { url: string } } | null };
  };
}
let items: PublicItem[];
const item = (slug: string) => items.find((i) => i.attributes.slug === slug)!;
const GATED = 'guide-writing-surveys-for-teens';
const UNGATED = 'safeguarding-checklist-youth-research';
const VIDEO = 'webinar-what-2026-taught-us-researching-teens';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.platformAdmin.email);
  member = await signIn(t.app, demoAccounts.northsideMember.email);
  moderator = await signIn(t.app, demoAccounts.moderator.email);
  const res = await t.app.inject({ method: 'GET', url: '/cms/api/teenvoice-library-items?populate=*' });
  items = res.json().data;
});
afterAll(async () => {
  await t?.close();
});

const libraryLead = (libraryItemId: number, email: string) => ({
  kind: 'library',
  libraryItemId,
  company: 'Riverbend Health',
  firstName: 'Dana',
  lastName: 'Whitfield',
  email,
  state: { value: 'OH', label: 'Ohio' },
  sourcePath: '/research',
});
const send = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v2/leads', payload, headers });
const get = (url: string, cookie?: CookieJar) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie: cookie.header } : {} });

describe('the library', () => {
  it('never shows a gated file or its address in the public API, and says what it offers', async () => {
    const gated = item(GATED);
    expect(gated.attributes).toMatchObject({ gated: true, offers: 'file', downloadUrl: null });
    expect(gated.attributes.file.data).toBeNull();
    const raw = (await get('/cms/api/teenvoice-library-items?populate=*')).body;
    expect(raw).not.toContain(`${GATED}.pdf`);
    expect(item(VIDEO).attributes).toMatchObject({ gated: false, offers: 'video' });
    expect(item(VIDEO).attributes.videoUrl).toMatch(/^https:\/\//);
  });

  it('downloads an ungated item’s PDF straight away', async () => {
    const ungated = item(UNGATED);
    expect(ungated.attributes).toMatchObject({ gated: false, offers: 'file' });
    const res = await get(ungated.attributes.downloadUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    const text = (await pageTexts(res.rawPayload)).join('\n');
    expect(text).toContain('Safeguarding checklist for youth research');
  });

  it('refuses a gated item’s file without a token, with a wrong one, or one for another item', async () => {
    const id = item(GATED).id;
    expect((await get(`/cms/library/${id}/download`)).statusCode).toBe(403);
    expect((await get(`/cms/library/${id}/download?token=1.99999999999.${'a'.repeat(43)}`)).statusCode).toBe(
      403,
    );
    const other = await send(
      libraryLead(item('reporting-teen-research-toolkit').id, 'other@riverbend.example'),
    );
    const otherToken = new URL(other.json().data.downloadUrl, 'http://x').searchParams.get('token');
    expect((await get(`/cms/library/${id}/download?token=${otherToken}`)).statusCode).toBe(403);
    expect((await get('/cms/library/999999/download')).statusCode).toBe(404);
    // Past a 32-bit id, or not a plain number: no such item, not a server error.
    for (const bad of ['2147483648', '99999999999999999999', '1e3', '-1'])
      expect((await get(`/cms/library/${bad}/download`)).statusCode, bad).toBe(404);
  });

  it('gives a gated item’s file after the form: a lead with the item, a link on the page and by mail', async () => {
    const gated = item(GATED);
    const res = await send(libraryLead(gated.id, 'gated@riverbend.example'), { 'X-UTM-Source': 'linkedin' });
    expect(res.statusCode).toBe(201);
    const { downloadUrl, message } = res.json().data;
    expect(message).toContain('your download is ready');
    expect(downloadUrl).toMatch(new RegExp(`^/cms/library/${gated.id}/download\\?token=`));
    const file = await get(downloadUrl);
    expect(file.statusCode).toBe(200);
    expect((await pageTexts(file.rawPayload)).join('\n')).toContain('Write the way teens talk');

    const [lead] = await t.app.database.db
      .select()
      .from(leads)
      .where(eq(leads.email, 'gated@riverbend.example'));
    expect(lead).toMatchObject({
      kind: 'library',
      libraryItemId: gated.id,
      libraryItemTitle: gated.attributes.title,
      utm: { source: 'linkedin' },
    });
    const mails = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'leads/library-download'));
    const mail = mails.find((m) => m.toEmail === 'gated@riverbend.example');
    // The mail carries the same link, sealed: staff reading the outbox see it hidden, never its token.
    expect(mail?.text).toContain(HIDDEN_LINK);
    expect(`${mail?.html}${mail?.text}${JSON.stringify(mail?.props)}`).not.toContain('token=');
  });

  it('answers a webinar’s form with its video link, and refuses an item that does not exist, storing nothing', async () => {
    const video = await send(libraryLead(item(VIDEO).id, 'video@riverbend.example'));
    expect(video.json().data.downloadUrl).toBe(item(VIDEO).attributes.videoUrl);
    const missing = await send(libraryLead(999_999, 'missing@riverbend.example'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('no longer in our library');
    const rows = await t.app.database.db
      .select()
      .from(leads)
      .where(eq(leads.email, 'missing@riverbend.example'));
    expect(rows).toHaveLength(0);
    const bad = await send({ ...libraryLead(item(GATED).id, 'bad@riverbend.example'), company: 'Ab' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the leads screen’s API', () => {
  it('searches name, email, organisation and message', async () => {
    await send({
      kind: 'contact',
      company: 'Quillfeather Schools',
      firstName: 'Marisol',
      lastName: 'Okonkwo',
      email: 'marisol@quillfeather.example',
      state: { value: 'TX', label: 'Texas' },
      message: 'We would like a study about homework and sleep in %100 of our schools.',
    });
    for (const q of ['Marisol', 'quillfeather.example', 'Quillfeather Schools', 'homework sleep', '%100']) {
      const res = await get(`/v2/admin/leads?q=${encodeURIComponent(q)}`, admin);
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json().data.map((l: { email: string }) => l.email),
        q,
      ).toEqual(['marisol@quillfeather.example']);
    }
    const none = await get('/v2/admin/leads?q=%25', admin);
    expect(none.json().data.every((l: { message: string | null }) => l.message?.includes('%'))).toBe(true);
  });

  it('records who changed a status and when, and takes qualified', async () => {
    const [row] = await t.app.database.db
      .select()
      .from(leads)
      .where(eq(leads.email, 'gated@riverbend.example'));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v2/admin/leads/${row!.id}`,
      headers: { cookie: admin.header },
      payload: { status: 'qualified' },
    });
    expect(res.statusCode).toBe(200);
    const lead = res.json().data;
    expect(lead.status).toBe('qualified');
    expect(lead.statusChangedBy).toContain(demoAccounts.platformAdmin.email);
    expect(Date.now() - Date.parse(lead.statusChangedAt)).toBeLessThan(60_000);
    expect(lead.libraryItem).toEqual({ id: row!.libraryItemId, title: row!.libraryItemTitle });
  });

  it('exports the filtered leads as CSV with formulas made harmless', async () => {
    await send({
      kind: 'contact',
      company: '=HYPERLINK("http://evil.example")',
      firstName: '+Formula',
      lastName: '@Person',
      email: 'formula@evil.example',
      state: { value: 'OH', label: 'Ohio' },
      message: '-2+3 and "quotes", commas\nand lines',
    });
    const res = await get('/v2/admin/leads/export.csv?q=formula%40evil.example', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="teenvoice-leads-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toContain('Received,Source,Status');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toContain(`'+Formula,'@Person`);
    expect(lines[1]).toContain(`"'-2+3 and ""quotes"", commas\nand lines"`);
    expect(lines[1]).not.toMatch(/,[=+@-]/);
  });

  it('is for staff with the leads permission only: list, export and status', async () => {
    for (const url of ['/v2/admin/leads?q=a', '/v2/admin/leads/export.csv']) {
      expect((await get(url, member)).statusCode, url).toBe(403);
      expect((await get(url, moderator)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
    }
    const [row] = await t.app.database.db.select().from(leads).limit(1);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/v2/admin/leads/${row!.id}`,
      headers: { cookie: moderator.header },
      payload: { status: 'closed' },
    });
    expect(patch.statusCode).toBe(403);
  });
});
