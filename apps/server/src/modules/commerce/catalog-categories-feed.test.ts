import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEntries, contentMedia } from '../../db/schema/content';
import { createTestApp, type TestApp } from '../../test/app';
import {
  catalogNames,
  type Entry,
  type Media,
  seedCatalog,
  storefrontGet,
  THEME_A,
  THEME_B,
  THEME_OFF,
} from '../../test/catalog-fixtures';

let t: TestApp;
const { run, sku, urlKey } = catalogNames();
/** Published reports of our own, newest of all content, each with a seeded cover. */
let reports: Entry[];
let draftReport: Entry;
let article: Entry;
let cover: Media;
let ids: Record<string, number>;

const get = storefrontGet(() => t);

beforeAll(async () => {
  t = await createTestApp();
  ({ reports, draftReport, article, cover, ids } = await seedCatalog(t, { run, sku, urlKey }));
});

afterAll(async () => {
  await t?.close();
});

describe('GET /asa_categories', () => {
  type Node = {
    id: number;
    parent_id: number;
    name: string;
    is_active: boolean;
    position: number;
    level: number;
    product_count: number;
    children_data: Node[];
  };
  const find = (node: Node, id: number): Node | undefined =>
    node.id === id ? node : node.children_data.map((child) => find(child, id)).find(Boolean);

  it('answers the active tree from the root catalog, with levels and listed products counted', async () => {
    const res = await get('/asa_categories');
    expect(res.statusCode).toBe(200);
    const root = res.json() as Node;
    expect(root).toMatchObject({ id: 1, parent_id: 0, name: 'Root Catalog', is_active: true, level: 0 });
    const visit = (node: Node) => {
      expect(Object.keys(node).sort()).toEqual(
        [
          'children_data',
          'id',
          'is_active',
          'level',
          'name',
          'parent_id',
          'position',
          'product_count',
        ].sort(),
      );
      expect(node.is_active).toBe(true);
      // A category counts its own listed products and those of every category under it.
      expect(node.product_count).toBeGreaterThanOrEqual(
        node.children_data.reduce((sum, child) => sum + child.product_count, 0),
      );
      for (const child of node.children_data) {
        expect(child.parent_id).toBe(node.id);
        expect(child.level).toBe(node.level + 1);
        visit(child);
      }
    };
    visit(root);
    expect(find(root, 2)).toMatchObject({ level: 1, name: expect.any(String) });
    expect(find(root, 3)).toMatchObject({ level: 2, parent_id: 2 });
    expect(find(root, THEME_A)).toEqual({
      id: THEME_A,
      parent_id: 3,
      name: 'Test theme A',
      is_active: true,
      position: 90,
      level: 3,
      // Alpha and Charlie; not the orphan, the draft's or the article's product.
      product_count: 2,
      children_data: [],
    });
    expect(find(root, THEME_B)?.product_count).toBe(1);
    expect(find(root, THEME_OFF)).toBeUndefined();
    // Children in their positions' order.
    const themes = find(root, 3)!.children_data.map((child) => child.id);
    expect(themes.indexOf(THEME_A)).toBeLessThan(themes.indexOf(THEME_B));
  });
});

describe('GET /categories/:id/asa_strapi_articles', () => {
  it('lists every published article in category 2, newest first', async () => {
    const db = t.app.database.db;
    const published = await db
      .select()
      .from(contentEntries)
      .where(and(eq(contentEntries.type, 'article'), lte(contentEntries.publishedAt, sql`now()`)))
      .orderBy(desc(contentEntries.publishedAt), desc(contentEntries.id));
    expect(published.length).toBeGreaterThan(1);
    const res = await get('/categories/2/asa_strapi_articles');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_count).toBe(published.length);
    expect(body.items.map((item: { id: number }) => item.id)).toEqual(published.map((row) => row.id));
    const first = published[0]!;
    const [firstCover] = await db
      .select()
      .from(contentMedia)
      .where(eq(contentMedia.id, first.attributes.cover as number));
    expect(body.items[0]).toEqual({
      id: first.id,
      category_id: 2,
      title: first.attributes.title,
      slug: first.slug,
      url: `${t.config.publicUrl}/research/articles/${first.slug}`,
      summary: first.attributes.summary,
      image: `${t.config.publicUrl}/cms/uploads/${firstCover!.storageKey}`,
      published_at: first.publishedAt!.toISOString(),
    });
    const paged = await get(
      '/categories/2/asa_strapi_articles?searchCriteria[pageSize]=1&searchCriteria[currentPage]=2',
    );
    expect(paged.json()).toMatchObject({ total_count: published.length, items: [{ id: published[1]!.id }] });
  });

  it('leaves out drafts and articles scheduled for later', async () => {
    const db = t.app.database.db;
    const attributes = { ...article.attributes, title: 'Not yet' };
    const [draft, later] = await db
      .insert(contentEntries)
      .values([
        { type: 'article', slug: `draft-${run.toLowerCase()}`, attributes, publishedAt: null },
        {
          type: 'article',
          slug: `later-${run.toLowerCase()}`,
          attributes,
          publishedAt: new Date(Date.now() + 86_400_000),
        },
      ])
      .returning();
    try {
      const listed = (await get('/categories/2/asa_strapi_articles'))
        .json()
        .items.map((item: { id: number }) => item.id);
      expect(listed).not.toContain(draft!.id);
      expect(listed).not.toContain(later!.id);
      const feed = (await get('/mixedfeed')).json().items.map((item: { id: number }) => item.id);
      expect(feed).not.toContain(draft!.id);
      expect(feed).not.toContain(later!.id);
    } finally {
      await db.delete(contentEntries).where(inArray(contentEntries.id, [draft!.id, later!.id]));
    }
  });

  it('answers an empty list for other categories', async () => {
    for (const id of [1, 3, THEME_A, THEME_OFF]) {
      const res = await get(`/categories/${id}/asa_strapi_articles`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [], total_count: 0 });
    }
  });

  it('answers 404 for a category that does not exist and 400 for an id that is not a number', async () => {
    const missing = await get('/categories/987654/asa_strapi_articles');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: 'No such entity with %fieldName = %fieldValue',
      parameters: { fieldName: 'id', fieldValue: '987654' },
    });
    for (const id of ['0', '-2', '99999999999999']) {
      expect((await get(`/categories/${id}/asa_strapi_articles`)).statusCode, id).toBe(404);
    }
    const word = await get('/categories/news/asa_strapi_articles');
    expect(word.statusCode).toBe(400);
    expect(word.json()).toEqual({
      message: 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
      parameters: { value: 'news', type: 'int' },
    });
    for (const id of ['1.5', '1e3', '2%00', '%ED%A0%80']) {
      const res = await get(`/categories/${id}/asa_strapi_articles`);
      expect(res.statusCode, id).toBe(400);
      expect(JSON.stringify(res.json())).not.toContain('\\u0000');
    }
    expect((await get('/categories/2/asa_strapi_articles?searchCriteria[pageSize]=5000')).statusCode).toBe(
      400,
    );
  });
});

describe('GET /mixedfeed', () => {
  it('interleaves reports and articles, newest first, with each report’s product', async () => {
    const db = t.app.database.db;
    const [counts] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(contentEntries)
      .where(
        and(inArray(contentEntries.type, ['report', 'article']), lte(contentEntries.publishedAt, sql`now()`)),
      );
    const res = await get('/mixedfeed?limit=1000');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_count).toBe(counts!.n);
    expect(body.items).toHaveLength(counts!.n);
    const dates = body.items.map((item: { published_at: string }) => item.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(body.items.map((item: { type: string }) => item.type))).toEqual(
      new Set(['report', 'article']),
    );

    // Our reports are the newest content of all.
    expect(body.items.slice(0, 4).map((item: { id: number }) => item.id)).toEqual(
      reports.map((row) => row.id),
    );
    expect(body.items[0]).toEqual({
      type: 'report',
      id: reports[0]!.id,
      title: `Alpha report ${run}`,
      slug: urlKey('Alpha'),
      url: `${t.config.publicUrl}/research/reports/${urlKey('Alpha')}`,
      summary: 'What teens told us about Alpha.',
      image: `${t.config.publicUrl}/cms/uploads/${cover.storageKey}`,
      published_at: reports[0]!.publishedAt!.toISOString(),
      product: { id: ids.Alpha, sku: sku('Alpha'), price: 895, is_salable: '1' },
    });
    expect(body.items[1].product).toEqual({
      id: ids.Bravo,
      sku: sku('Bravo'),
      price: 1234.5,
      is_salable: '',
    });
    const anArticle = body.items.find((item: { type: string }) => item.type === 'article');
    expect(anArticle.product).toBeNull();
    expect(anArticle.url).toBe(`${t.config.publicUrl}/research/articles/${anArticle.slug}`);
    expect(body.items.map((item: { id: number }) => item.id)).not.toContain(draftReport.id);
  });

  it('stops at the limit, 1000 when none is given', async () => {
    const five = await get('/mixedfeed?limit=5');
    expect(five.json().items).toHaveLength(5);
    expect(
      five
        .json()
        .items.map((item: { id: number }) => item.id)
        .slice(0, 4),
    ).toEqual(reports.map((row) => row.id));
    const all = await get('/mixedfeed');
    expect(all.json().items).toHaveLength(Math.min(1000, all.json().total_count));
  });

  it('refuses a limit that is not a whole number from 1 to 1000', async () => {
    for (const limit of ['0', '1001', '-1', 'ten', '1e3', '', '5%00']) {
      const res = await get(`/mixedfeed?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const res = await get('/mixedfeed?limit=0');
    expect(res.json()).toEqual({
      message: 'Invalid value of "%value" provided for the %fieldName field.',
      parameters: { fieldName: 'limit', value: '0' },
    });
  });
});
