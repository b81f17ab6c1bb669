import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ArticleAttributes, FaqAttributes } from '@tv/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFeedback, contentEntries } from '../../db/schema/content';
import { createTestApp, type TestApp } from '../../test/app';
import { saveMedia } from './media';
import { insertEntry } from './repository';

let t: TestApp;
const ids: Record<string, number> = {};

// A 3×2 PNG: the signature, then IHDR with width and height.
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000003000000020806000000b8adee6a0000000049454e44ae426082',
  'hex',
);

const article = (slug: string, overrides: Partial<ArticleAttributes> = {}): ArticleAttributes => ({
  title: `Article ${slug}`,
  slug,
  summary: 'What teenagers told us.',
  body: '<h2 id="findings">Findings</h2><p>Most teens say so.</p>',
  cover: null,
  tags: [],
  theme: 'digital-life',
  author: { name: 'Dana Ruiz', role: 'Research lead' },
  readingTimeMinutes: 3,
  seoTitle: '',
  seoDescription: '',
  ...overrides,
});

const past = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tv-content-')) });
  const db = t.app.database.db;
  // The demo seed may hold content of its own; these tests count exactly what they insert.
  await db.delete(contentEntries);
  const cover = await saveMedia(db, t.app.content.storage, {
    name: 'Cover photo.png',
    bytes: png,
    alternativeText: 'Teens',
  });
  ids.cover = cover.id;
  const rows = [
    article('screen-time', {
      tags: ['phones', 'sleep'],
      theme: 'digital-life',
      readingTimeMinutes: 4,
      cover: cover.id,
    }),
    article('first-jobs', {
      tags: ['work'],
      theme: 'money-and-work',
      readingTimeMinutes: 7,
      title: 'First JOBS',
    }),
    article('school-stress', { tags: ['school', 'sleep'], theme: 'learning', readingTimeMinutes: 2 }),
  ];
  for (const [index, attributes] of rows.entries()) {
    const row = await insertEntry(db, {
      type: 'article',
      slug: attributes.slug,
      attributes,
      publishedAt: past(10 - index),
    });
    ids[attributes.slug] = row!.id;
  }
  const draft = await insertEntry(db, {
    type: 'article',
    slug: 'draft-one',
    attributes: article('draft-one'),
    publishedAt: null,
  });
  ids.draft = draft!.id;
  const future = await insertEntry(db, {
    type: 'article',
    slug: 'future-one',
    attributes: article('future-one'),
    publishedAt: new Date(Date.now() + 86_400_000),
  });
  ids.future = future!.id;
  const faq: FaqAttributes = {
    question: 'Who answers?',
    answer: 'Teens aged 13 to 19.',
    placement: 'home',
    order: 1,
  };
  await insertEntry(db, { type: 'faq', slug: null, attributes: faq, publishedAt: past(1) });
});

afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const slugsOf = (body: { data: { attributes: { slug: string } }[] }) =>
  body.data.map((entry) => entry.attributes.slug);
const base = '/cms/api/teenvoice-articles';

describe('public content API: filters', () => {
  const cases: [string, string, string[]][] = [
    ['$eq', 'filters[slug][$eq]=first-jobs', ['first-jobs']],
    ['implicit $eq', 'filters[slug]=first-jobs', ['first-jobs']],
    ['$ne', 'filters[slug][$ne]=first-jobs', ['screen-time', 'school-stress']],
    [
      '$in',
      'filters[slug][$in][0]=first-jobs&filters[slug][$in][1]=school-stress',
      ['first-jobs', 'school-stress'],
    ],
    ['$notIn', 'filters[slug][$notIn][0]=first-jobs', ['screen-time', 'school-stress']],
    ['$contains', 'filters[title][$contains]=JOBS', ['first-jobs']],
    ['$contains is case-sensitive', 'filters[title][$contains]=jobs', []],
    ['$containsi', 'filters[title][$containsi]=jobs', ['first-jobs']],
    ['$lt', 'filters[readingTimeMinutes][$lt]=4', ['school-stress']],
    ['$lte', 'filters[readingTimeMinutes][$lte]=4', ['screen-time', 'school-stress']],
    ['$gt', 'filters[readingTimeMinutes][$gt]=4', ['first-jobs']],
    ['$gte', 'filters[readingTimeMinutes][$gte]=4', ['screen-time', 'first-jobs']],
    ['$null', 'filters[cover][$null]=true', ['first-jobs', 'school-stress']],
    ['$notNull', 'filters[cover][$notNull]=true', ['screen-time']],
    ['array $contains', 'filters[tags][$contains]=sleep', ['screen-time', 'school-stress']],
    ['array $in', 'filters[tags][$in][0]=work&filters[tags][$in][1]=phones', ['screen-time', 'first-jobs']],
    [
      'nested attribute',
      'filters[author][name][$eq]=Dana%20Ruiz&filters[slug][$eq]=screen-time',
      ['screen-time'],
    ],
    [
      '$or',
      'filters[$or][0][theme][$eq]=learning&filters[$or][1][theme][$eq]=money-and-work',
      ['first-jobs', 'school-stress'],
    ],
    [
      '$and',
      'filters[$and][0][tags][$contains]=sleep&filters[$and][1][theme][$eq]=learning',
      ['school-stress'],
    ],
    ['id', `filters[id][$eq]=${'ID'}`, ['first-jobs']],
    ['publishedAt', 'filters[publishedAt][$gte]=2000-01-01', ['screen-time', 'first-jobs', 'school-stress']],
  ];
  it.each(cases)('%s', async (_name, query, expected) => {
    const response = await get(`${base}?${query.replace('ID', String(ids['first-jobs']))}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(slugsOf(response.json())).toEqual(expected);
  });
});

describe('public content API: shape, sort, pagination, populate, fields', () => {
  it('answers the Strapi v4 list shape with short public caching', async () => {
    const response = await get(base);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const body = response.json();
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 3 });
    expect(body.data[0]).toMatchObject({
      id: ids['screen-time'],
      attributes: {
        slug: 'screen-time',
        locale: 'en',
        publishedAt: expect.any(String),
        createdAt: expect.any(String),
      },
    });
    // Media relations are left out unless populated, as Strapi does.
    expect(body.data[0].attributes).not.toHaveProperty('cover');
  });

  it.each([
    ['string', 'sort=readingTimeMinutes:desc', ['first-jobs', 'screen-time', 'school-stress']],
    ['comma list', 'sort=theme:asc,slug:desc', ['screen-time', 'school-stress', 'first-jobs']],
    ['array', 'sort[0]=slug:asc', ['first-jobs', 'school-stress', 'screen-time']],
    ['column', 'sort=publishedAt:desc', ['school-stress', 'first-jobs', 'screen-time']],
  ])('sorts with the %s form', async (_name, query, expected) => {
    const response = await get(`${base}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(slugsOf(response.json())).toEqual(expected);
  });

  it('pages with page and pageSize', async () => {
    const body = (await get(`${base}?sort=slug:asc&pagination[page]=2&pagination[pageSize]=2`)).json();
    expect(slugsOf(body)).toEqual(['screen-time']);
    expect(body.meta.pagination).toEqual({ page: 2, pageSize: 2, pageCount: 2, total: 3 });
  });

  it('pages with start and limit', async () => {
    const body = (await get(`${base}?sort=slug:asc&pagination[start]=1&pagination[limit]=1`)).json();
    expect(slugsOf(body)).toEqual(['school-stress']);
    expect(body.meta.pagination).toEqual({ start: 1, limit: 1, total: 3 });
  });

  it('caps the page size at 100', async () => {
    const body = (await get(`${base}?pagination[pageSize]=500`)).json();
    expect(body.meta.pagination.pageSize).toBe(100);
  });

  it.each(['populate=*', 'populate[0]=cover', 'populate=cover', 'populate[cover][fields][0]=url'])(
    'populates media with %s',
    async (query) => {
      const body = (await get(`${base}?filters[slug][$eq]=screen-time&${query}`)).json();
      expect(body.data[0].attributes.cover).toEqual({
        data: {
          id: ids.cover,
          attributes: {
            name: 'Cover photo.png',
            alternativeText: 'Teens',
            url: expect.stringMatching(/^\/cms\/uploads\/[a-f0-9]{16}\/cover-photo\.png$/),
            mime: 'image/png',
            size: png.length,
            width: 3,
            height: 2,
          },
        },
      });
      const empty = (await get(`${base}?filters[slug][$eq]=first-jobs&${query}`)).json();
      expect(empty.data[0].attributes.cover).toEqual({ data: null });
    },
  );

  it('picks fields', async () => {
    const body = (await get(`${base}?fields[0]=title&fields[1]=slug&filters[slug]=first-jobs`)).json();
    expect(body.data[0]).toEqual({
      id: ids['first-jobs'],
      attributes: { title: 'First JOBS', slug: 'first-jobs' },
    });
  });

  it('serves one entry by id, and 404 in Strapi shape for drafts and unknown ids', async () => {
    const one = await get(`${base}/${ids['first-jobs']}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ data: { id: ids['first-jobs'] }, meta: {} });
    for (const id of [ids.draft, ids.future, 999_999]) {
      const response = await get(`${base}/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        data: null,
        error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} },
      });
    }
  });

  it('never shows drafts or future entries, not even with publicationState=preview', async () => {
    for (const query of [
      '',
      'publicationState=preview',
      'filters[slug][$eq]=draft-one',
      'filters[publishedAt][$null]=true',
    ]) {
      const body = (await get(`${base}?${query}`)).json();
      expect(slugsOf(body)).not.toContain('draft-one');
      expect(slugsOf(body)).not.toContain('future-one');
    }
  });

  it('filters by locale (default en)', async () => {
    expect((await get(`${base}?locale=en`)).json().meta.pagination.total).toBe(3);
    expect((await get(`${base}?locale=es`)).json().meta.pagination.total).toBe(0);
  });

  it('serves every collection type', async () => {
    const faqs = (await get('/cms/api/teenvoice-faqs?filters[placement][$eq]=home')).json();
    expect(faqs.data).toHaveLength(1);
    for (const plural of ['reports', 'library-items', 'testimonials', 'legal-pages']) {
      expect((await get(`/cms/api/teenvoice-${plural}`)).statusCode).toBe(200);
    }
  });
});

describe('public content API: bad input answers 400 in Strapi shape', () => {
  it.each([
    ['unknown top-level key', 'foo=bar', 'Invalid key foo'],
    ['unknown field', 'filters[nope][$eq]=x', 'Invalid key nope'],
    ['unknown nested field', 'filters[author][age][$eq]=1', 'Invalid key author.age'],
    ['prototype key', 'filters[__proto__][$eq]=x', undefined],
    ['unknown operator', 'filters[slug][$regex]=x', 'Invalid operator $regex for slug'],
    ['operator at the top', 'filters[$eq]=x', 'Invalid key $eq'],
    ['unknown sort field', 'sort=nope:asc', 'Invalid key nope'],
    ['bad sort direction', 'sort=title:sideways', undefined],
    ['populate of a non-media field', 'populate=title', undefined],
    ['unknown fields', 'fields[0]=secret', undefined],
    ['bad page', 'pagination[page]=0', undefined],
    ['text page', 'pagination[page]=abc', undefined],
    ['mixed pagination', 'pagination[page]=1&pagination[start]=0', undefined],
    ['NUL byte', 'filters[slug][$eq]=a%00b', /NUL character/],
    ['broken UTF-8', 'filters[slug][$eq]=%ED%A0%80', 'The query is not valid UTF-8'],
    ['truncated escape', 'filters[slug][$eq]=%E2%82', 'The query is not valid UTF-8'],
    ['huge number', `filters[readingTimeMinutes][$gt]=${'9'.repeat(40)}`, undefined],
    ['huge id', `filters[id][$eq]=${'9'.repeat(15)}`, undefined],
    ['not a number', 'filters[readingTimeMinutes][$gt]=many', undefined],
    ['bad date', 'filters[publishedAt][$gt]=yesterday', undefined],
    ['bad locale', 'locale=../../etc', undefined],
    ['filters as text', 'filters=slug', undefined],
    ['deep nesting', `filters${'[$or][0]'.repeat(12)}[slug][$eq]=x`, undefined],
  ])('%s', async (_name, query, message) => {
    const response = await get(`${base}?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ data: null, error: { status: 400, name: 'ValidationError', details: {} } });
    if (message) expect(body.error.message).toMatch(message);
  });

  it.each(['abc', '-1', '0', '99999999999999999999', '1.5'])('a malformed id %s is a 400', async (id) => {
    const response = await get(`${base}/${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.name).toBe('ValidationError');
  });

  it('unknown collections are 404', async () => {
    expect((await get('/cms/api/teenvoice-secrets')).json().error.name).toBe('NotFoundError');
  });
});

describe('terms, copy and feedback', () => {
  it('serves the newest published terms version first', async () => {
    const response = await get(
      '/cms/api/teenvoice-terms-and-conditions?sort=versionTimestamp:desc&pagination[page]=1&pagination[pageSize]=1',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0].attributes.content).toContain('{versionTimestamp}');
    expect((await get('/cms/api/teenvoice-terms-and-conditions?bogus=1')).statusCode).toBe(400);
  });

  it('serves the copy and the copy fallback file', async () => {
    const copy = (await get('/cms/api/teenvoice-copy.json')).json();
    expect(copy).toHaveProperty('builder');
    const fallback = await get('/copy/strapiCopyFallback.json');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['cache-control']).toBe('no-cache');
    expect(fallback.json()).toEqual(copy);
  });

  it('keeps one vote per visitor, changeable', async () => {
    const url = `${base}/${ids['first-jobs']}/feedback`;
    const first = await t.app.inject({
      method: 'POST',
      url,
      payload: { useful: false, comment: 'Too short' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { useful: false, comment: 'Too short' } });
    const visitor = first.cookies.find((cookie) => cookie.name === 'tv_visitor');
    expect(visitor).toMatchObject({ httpOnly: true, path: '/' });
    const cookies = { tv_visitor: visitor!.value };
    // Changing the vote by a click keeps the comment already given.
    const second = await t.app.inject({ method: 'POST', url, cookies, payload: { useful: true } });
    expect(second.json()).toEqual({ data: { useful: true, comment: 'Too short' } });
    expect((await t.app.inject({ method: 'GET', url: `${url}/mine`, cookies })).json()).toEqual({
      data: { useful: true, comment: 'Too short' },
    });
    expect((await get(`${url}/mine`)).json()).toEqual({ data: null });
    const onDraft = await t.app.inject({
      method: 'POST',
      url: `${base}/${ids.draft}/feedback`,
      payload: { useful: true },
    });
    expect(onDraft.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url, payload: { useful: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.name).toBe('ValidationError');
    // A NUL byte is refused in plain words, and the stored vote stays as it was.
    const nul = await t.app.inject({
      method: 'POST',
      url,
      cookies,
      payload: { useful: false, comment: 'a\u0000b' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toMatch(/comment \(Contains a NUL character .*please retype it/);
    expect((await t.app.inject({ method: 'GET', url: `${url}/mine`, cookies })).json()).toEqual({
      data: { useful: true, comment: 'Too short' },
    });
  });

  it("counts a 'Yes' at the click, and the comment sent after it joins that same vote", async () => {
    const url = `${base}/${ids['screen-time']}/feedback`;
    const count = async () =>
      (
        await t.app.database.db
          .select()
          .from(articleFeedback)
          .where(eq(articleFeedback.entryId, ids['screen-time']!))
      ).length;
    const before = await count();
    const click = await t.app.inject({ method: 'POST', url, payload: { useful: true } });
    expect(click.json()).toEqual({ data: { useful: true, comment: null } });
    expect(await count()).toBe(before + 1);
    const cookies = { tv_visitor: click.cookies.find((cookie) => cookie.name === 'tv_visitor')!.value };
    const send = await t.app.inject({
      method: 'POST',
      url,
      cookies,
      payload: { useful: true, comment: 'Clear charts' },
    });
    expect(send.json()).toEqual({ data: { useful: true, comment: 'Clear charts' } });
    expect(await count()).toBe(before + 1);
  });
});
