import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ArticleAttributes } from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { CURRENT_TERMS_VERSION } from '../../db/seed/terms';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';
import type { ContentChangedEvent } from './service';

let t: TestApp;
let admin: CookieJar;
let moderator: CookieJar;
const events: ContentChangedEvent[] = [];

const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000010000000080806000000b8adee6a0000000049454e44ae426082',
  'hex',
);

const attributes = (slug: string, overrides: Partial<ArticleAttributes> = {}): ArticleAttributes => ({
  title: `How teens choose ${slug}`,
  slug,
  summary: 'What 2,000 teenagers told us.',
  body: '<h2>Findings</h2><p onclick="x()">Most said yes.</p><script>alert(1)</script><h2>Findings</h2>',
  cover: null,
  tags: ['choices'],
  theme: 'learning',
  author: { name: 'Dana Ruiz', role: 'Research lead' },
  readingTimeMinutes: 1,
  seoTitle: '',
  seoDescription: '',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tv-content-admin-')) });
  t.app.contentChanged.push((event) => events.push(event));
  admin = await signIn(t.app, demoAccounts.platformAdmin.email);
  moderator = await signIn(t.app, demoAccounts.moderator.email);
});

afterAll(async () => {
  await t.close();
});

const call = (
  jar: CookieJar | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => t.app.inject({ method, url, payload: payload as object, headers: jar ? { cookie: jar.header } : {} });

describe('staff content API', () => {
  it('creates a sanitised draft, refuses a duplicate slug, and keeps drafts private', async () => {
    const created = await call(admin, 'POST', '/v2/admin/content/article', {
      attributes: attributes('careers'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json().data;
    expect(entry).toMatchObject({
      status: 'draft',
      label: 'How teens choose careers',
      version: 1,
      feedback: { useful: 0 },
    });
    expect(entry.attributes.body).toBe(
      '<h2 id="findings">Findings</h2><p>Most said yes.</p><h2 id="findings-2">Findings</h2>',
    );

    const duplicate = await call(admin, 'POST', '/v2/admin/content/article', {
      attributes: attributes('careers'),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('An article with this slug already exists. Choose another slug.');

    const invalid = await call(admin, 'POST', '/v2/admin/content/article', {
      attributes: { title: 'No slug' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().data.fields.slug).toBeDefined();

    const nul = await call(admin, 'POST', '/v2/admin/content/article', {
      attributes: attributes('nul', { title: 'a\u0000b' }),
    });
    expect(nul.statusCode).toBe(400);

    expect((await call(null, 'GET', `/cms/api/teenvoice-articles/${entry.id}`)).statusCode).toBe(404);
  });

  it('saves with optimistic concurrency: a stale version is a 409 carrying the current entry', async () => {
    const { data: entry } = (
      await call(admin, 'POST', '/v2/admin/content/article', { attributes: attributes('budgets') })
    ).json();
    const saved = await call(admin, 'PUT', `/v2/admin/content/article/${entry.id}`, {
      attributes: attributes('budgets', { title: 'First save' }),
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.version).toBe(2);
    const stale = await call(admin, 'PUT', `/v2/admin/content/article/${entry.id}`, {
      attributes: attributes('budgets', { title: 'Lost save' }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.current).toMatchObject({ version: 2, attributes: { title: 'First save' } });
  });

  it('publishes, unpublishes, lists by status and tells the hooks', async () => {
    const { data: entry } = (
      await call(admin, 'POST', '/v2/admin/content/article', { attributes: attributes('voting') })
    ).json();
    events.length = 0;
    const published = await call(admin, 'POST', `/v2/admin/content/article/${entry.id}/publish`);
    expect(published.json().data.status).toBe('published');
    expect(events).toEqual([{ type: 'article', slug: 'voting', id: entry.id }]);
    expect((await call(null, 'GET', `/cms/api/teenvoice-articles/${entry.id}`)).statusCode).toBe(200);

    const list = await call(moderator, 'GET', '/v2/admin/content/article?status=published&q=VOTING');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { id: number }) => row.id)).toEqual([entry.id]);

    await call(admin, 'POST', `/v2/admin/content/article/${entry.id}/unpublish`);
    expect((await call(null, 'GET', `/cms/api/teenvoice-articles/${entry.id}`)).statusCode).toBe(404);
    expect(events).toHaveLength(2);
  });

  it('schedules: only the future, published by publishDueEntries, not when unscheduled', async () => {
    const { data: entry } = (
      await call(admin, 'POST', '/v2/admin/content/article', { attributes: attributes('later') })
    ).json();
    const past = await call(admin, 'POST', `/v2/admin/content/article/${entry.id}/schedule`, {
      publishAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    const soon = new Date(Date.now() + 1500);
    const scheduled = await call(admin, 'POST', `/v2/admin/content/article/${entry.id}/schedule`, {
      publishAt: soon.toISOString(),
    });
    expect(scheduled.json().data).toMatchObject({ status: 'scheduled', scheduledAt: soon.toISOString() });
    expect(await t.app.content.publishDueEntries()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    // A job that fired for an older schedule does nothing.
    expect(await t.app.content.publishScheduled(entry.id, new Date(soon.getTime() - 1000))).toBeNull();
    expect(await t.app.content.publishDueEntries()).toBe(1);
    expect(await t.app.content.publishDueEntries()).toBe(0);
    const after = (await call(admin, 'GET', `/v2/admin/content/article/${entry.id}`)).json().data;
    expect(after.status).toBe('published');
    expect(after.publishedAt).toBe(soon.toISOString());
  });

  it('deletes an entry, and validates type and id', async () => {
    const { data: entry } = (
      await call(admin, 'POST', '/v2/admin/content/article', { attributes: attributes('gone') })
    ).json();
    expect((await call(moderator, 'DELETE', `/v2/admin/content/article/${entry.id}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/v2/admin/content/article/${entry.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/v2/admin/content/article/${entry.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/v2/admin/content/secret/1')).statusCode).toBe(400);
    expect((await call(admin, 'GET', `/v2/admin/content/article/${'9'.repeat(30)}`)).statusCode).toBe(400);
  });

  it('counts and lists article feedback for staff', async () => {
    const { data: entry } = (
      await call(admin, 'POST', '/v2/admin/content/article', { attributes: attributes('feedback') })
    ).json();
    await call(admin, 'POST', `/v2/admin/content/article/${entry.id}/publish`);
    await call(null, 'POST', `/cms/api/teenvoice-articles/${entry.id}/feedback`, {
      useful: true,
      comment: 'Clear and useful',
    });
    await call(null, 'POST', `/cms/api/teenvoice-articles/${entry.id}/feedback`, { useful: false });
    const detail = (await call(moderator, 'GET', `/v2/admin/content/article/${entry.id}`)).json().data;
    expect(detail.feedback).toEqual({ useful: 1, notUseful: 1, comments: 1 });
    const comments = (await call(moderator, 'GET', `/v2/admin/content/article/${entry.id}/feedback`)).json();
    expect(comments.data).toEqual([
      { useful: true, comment: 'Clear and useful', createdAt: expect.any(String) },
    ]);
  });
});

describe('terms versions', () => {
  it('drafts stay private until published; then sign-up and the profile need the new version', async () => {
    const draft = await call(admin, 'POST', '/v2/admin/content/terms', {
      content: '# Terms\n\nUpdated {versionTimestamp}.',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const version = draft.json().data.versionTimestamp;
    expect(draft.json().data.publishedAt).toBeNull();
    const latest = () =>
      call(
        null,
        'GET',
        '/cms/api/teenvoice-terms-and-conditions?sort=versionTimestamp:desc&pagination[pageSize]=1',
      );
    expect((await latest()).json().data[0].attributes.versionTimestamp).toBe(CURRENT_TERMS_VERSION);
    const staffList = (await call(moderator, 'GET', '/v2/admin/content/terms')).json().data;
    expect(staffList.map((row: { versionTimestamp: string }) => row.versionTimestamp)).toContain(version);

    const profileBefore = (await call(admin, 'GET', '/v2/profile')).json().data;
    expect(profileBefore.mustAcceptTerms).toBe(false);

    const published = await call(
      admin,
      'POST',
      `/v2/admin/content/terms/${encodeURIComponent(version)}/publish`,
    );
    expect(published.json().data.publishedAt).not.toBeNull();
    expect((await latest()).json().data[0].attributes.versionTimestamp).toBe(version);

    expect((await call(admin, 'GET', '/v2/profile')).json().data.mustAcceptTerms).toBe(true);
    const old = await call(admin, 'POST', '/v2/profile/accept-terms', {
      versionTimestamp: CURRENT_TERMS_VERSION,
    });
    expect(old.statusCode).toBe(400);
    const accepted = await call(admin, 'POST', '/v2/profile/accept-terms', { versionTimestamp: version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await call(admin, 'GET', '/v2/profile')).json().data.mustAcceptTerms).toBe(false);
  });
});

describe('copy', () => {
  it('replaces and publishes the copy and regenerates the fallback file', async () => {
    const copy = { builder: { greeting: 'Welcome back' }, site: { cta: 'Talk to us' } };
    expect((await call(moderator, 'PUT', '/v2/admin/content/copy', copy)).statusCode).toBe(403);
    const saved = await call(admin, 'PUT', '/v2/admin/content/copy', copy);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(null, 'GET', '/cms/api/teenvoice-copy.json')).json()).toEqual(copy);
    expect((await call(null, 'GET', '/copy/strapiCopyFallback.json')).json()).toEqual(copy);
    expect((await call(admin, 'GET', '/v2/admin/content/copy')).json().data).toEqual(copy);
    expect(
      (await call(admin, 'PUT', '/v2/admin/content/copy', { builder: { a: 'x\u0000' } })).statusCode,
    ).toBe(400);
  });
});

describe('media uploads', () => {
  const multipart = (files: { name: string; bytes: Buffer; type?: string }[]) => {
    const boundary = '----tvboundary';
    const parts = files.map((file) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      ]),
    );
    return {
      payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };
  const upload = (jar: CookieJar | null, files: { name: string; bytes: Buffer; type?: string }[]) => {
    const body = multipart(files);
    return t.app.inject({
      method: 'POST',
      url: '/cms/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...(jar ? { cookie: jar.header } : {}) },
    });
  };

  it('stores images and PDFs by content, serves them immutable, and deletes them', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const response = await upload(admin, [
      { name: 'Chart One.PNG', bytes: png, type: 'image/png' },
      { name: 'report.pdf', bytes: pdf },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [image, file] = response.json();
    expect(image).toMatchObject({
      name: 'Chart One.PNG',
      mime: 'image/png',
      width: 16,
      height: 8,
      size: png.length,
    });
    expect(file).toMatchObject({ mime: 'application/pdf', width: null });

    const again = await upload(admin, [{ name: 'copy.png', bytes: png }]);
    expect(again.json()[0].id).toBe(image.id);

    const served = await call(null, 'GET', image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await call(null, 'GET', file.url)).headers['content-disposition']).toMatch(/^inline/);
    expect((await call(null, 'GET', '/cms/uploads/0123456789abcdef/..%2F..%2Fpasswd')).statusCode).toBe(404);

    const library = await call(moderator, 'GET', '/cms/api/upload/files');
    expect(library.json().map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([image.id, file.id]),
    );
    expect((await call(moderator, 'DELETE', `/cms/api/upload/files/${file.id}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/cms/api/upload/files/${file.id}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', file.url)).statusCode).toBe(404);
  });

  it("keeps an upload's alt text, editable after, and refuses an empty one in plain words", async () => {
    const [image] = (await upload(admin, [{ name: 'cover.png', bytes: png, type: 'image/png' }])).json();
    const url = `/cms/api/upload/files/${image.id}`;
    const empty = await call(admin, 'PUT', url, { alternativeText: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Describe what the image shows in a few words.');
    expect((await call(moderator, 'PUT', url, { alternativeText: 'x' })).statusCode).toBe(403);
    expect(
      (await call(admin, 'PUT', '/cms/api/upload/files/999999', { alternativeText: 'x' })).statusCode,
    ).toBe(404);
    const saved = await call(admin, 'PUT', url, {
      alternativeText: ' Two teens reading a survey on a phone ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      id: image.id,
      alternativeText: 'Two teens reading a survey on a phone',
    });
    const library = (await call(moderator, 'GET', '/cms/api/upload/files')).json();
    expect(library.find((row: { id: number }) => row.id === image.id).alternativeText).toBe(
      'Two teens reading a survey on a phone',
    );
  });

  it('refuses SVG, disguised files, too large files and people without content~manage', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const bytes of [svg, Buffer.from('<html>not a png</html>')]) {
      const response = await upload(admin, [{ name: 'image.png', bytes, type: 'image/png' }]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        'Only PNG, JPEG, WebP, GIF images and PDF files can be uploaded.',
      );
    }
    const huge = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(admin, [{ name: 'huge.png', bytes: huge }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe('A file can be at most 10 MB.');
    expect((await upload(moderator, [{ name: 'a.png', bytes: png }])).statusCode).toBe(403);
    const signedOut = await upload(null, [{ name: 'a.png', bytes: png }]);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.name).toBe('UnauthorizedError');
  });
});
