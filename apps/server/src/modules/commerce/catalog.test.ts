import { randomBytes } from 'node:crypto';
import { COMMERCE_BASE } from '@tv/contract';
import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceCategories, commerceProducts } from '../../db/schema/commerce';
import { contentEntries, contentMedia } from '../../db/schema/content';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
const run = randomBytes(3).toString('hex').toUpperCase();
const sku = (name: string) => `CAT-${run}-${name}`;
const urlKey = (name: string) => `catalog-test-${run.toLowerCase()}-${name.toLowerCase()}`;

/** Our own categories under 3 'Reports' (ids far from the seed's), one of them switched off. */
const THEME_A = 9101;
const THEME_B = 9102;
const THEME_OFF = 9103;

type Entry = typeof contentEntries.$inferSelect;
type Media = typeof contentMedia.$inferSelect;
/** Published reports of our own, newest of all content, each with a seeded cover. */
const reports: Entry[] = [];
let draftReport: Entry;
let article: Entry;
let cover: Media;
const ids: Record<string, number> = {};

const get = (path: string) => t.app.inject({ method: 'GET', url: `${COMMERCE_BASE}${path}` });

/** A products-render-info query; criteria are written as qs objects and sent with encoded brackets. */
const products = (searchCriteria: object, extra = '') =>
  get(`/products-render-info?${qs.stringify({ storeId: 1, currencyCode: 'USD', searchCriteria })}${extra}`);

const ours = (names: string[], more: object[] = []) => ({
  filter_groups: [
    { filters: [{ field: 'sku', value: names.map(sku).join(','), condition_type: 'in' }] },
    ...more,
  ],
});

const skus = (res: { json(): { items: Array<{ extension_attributes: { sku: string } }> } }) =>
  res.json().items.map((item) => item.extension_attributes.sku);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.database.db;
  await db
    .insert(commerceCategories)
    .values([
      { id: 1, parentId: 0, name: 'Root Catalog', urlKey: 'root-catalog', position: 0 },
      { id: 2, parentId: 1, name: 'TeenVoice Research', urlKey: 'teenvoice-research', position: 1 },
      { id: 3, parentId: 2, name: 'Reports', urlKey: 'reports', position: 1 },
    ])
    .onConflictDoNothing();
  await db.insert(commerceCategories).values([
    { id: THEME_A, parentId: 3, name: 'Test theme A', urlKey: 'test-theme-a', position: 90 },
    { id: THEME_B, parentId: 3, name: 'Test theme B', urlKey: 'test-theme-b', position: 91 },
    {
      id: THEME_OFF,
      parentId: 3,
      name: 'Switched off',
      urlKey: 'switched-off',
      position: 92,
      isActive: false,
    },
  ]);

  // A seeded report is the template: our reports copy its attributes under their own titles and slugs.
  const [seeded] = await db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.type, 'report'), isNotNull(contentEntries.publishedAt)))
    .orderBy(desc(contentEntries.id))
    .limit(1);
  const [seededCover] = await db
    .select()
    .from(contentMedia)
    .where(eq(contentMedia.id, seeded!.attributes.cover as number));
  cover = seededCover!;
  const now = Date.now();
  for (const [i, name] of ['Alpha', 'Bravo', 'Charlie', 'Delta'].entries()) {
    const [row] = await db
      .insert(contentEntries)
      .values({
        type: 'report',
        slug: urlKey(name),
        attributes: {
          ...seeded!.attributes,
          title: `${name} report ${run}`,
          slug: urlKey(name),
          summary: `What teens told us about ${name}.`,
          pageCount: 40 + i,
          format: 'PDF',
        },
        // Newest first: Alpha, Bravo, Charlie, Delta; all newer than the seed.
        publishedAt: new Date(now - 1000 * (i + 1)),
      })
      .returning();
    reports.push(row!);
  }
  const [draft] = await db
    .insert(contentEntries)
    .values({
      type: 'report',
      slug: urlKey('draft'),
      attributes: { title: 'Draft report' },
      publishedAt: null,
    })
    .returning();
  draftReport = draft!;
  const [anArticle] = await db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.type, 'article'), isNotNull(contentEntries.publishedAt)))
    .limit(1);
  article = anArticle!;

  const product = (name: string, values: Partial<typeof commerceProducts.$inferInsert>) => ({
    sku: sku(name),
    name: `${name} report`,
    urlKey: urlKey(name),
    priceCents: 0,
    ...values,
  });
  const rows = await db
    .insert(commerceProducts)
    .values([
      // On sale with a file and a sample: listed and salable.
      product('Alpha', {
        priceCents: 89_500,
        categoryId: THEME_A,
        contentEntryId: reports[0]!.id,
        fileKey: '0123456789abcdef/alpha.pdf',
        fileName: 'alpha.pdf',
        sampleFileKey: '0123456789abcdef/alpha-sample.pdf',
        numberOfDownloads: 5,
      }),
      // On sale without a file yet: listed, not salable.
      product('Bravo', { priceCents: 123_450, categoryId: THEME_B, contentEntryId: reports[1]!.id }),
      // Free, taken off sale: listed, not salable.
      product('Charlie', {
        priceCents: 0,
        categoryId: THEME_A,
        contentEntryId: reports[2]!.id,
        onSale: false,
        fileKey: '0123456789abcdef/charlie.pdf',
      }),
      // In a switched-off category: listed, but the tree does not show its category.
      product('Delta', {
        priceCents: 9_900,
        categoryId: THEME_OFF,
        contentEntryId: reports[3]!.id,
        fileKey: '0123456789abcdef/delta.pdf',
      }),
      // Never listed: no report, a draft report, an article instead of a report.
      product('Orphan', { priceCents: 100, categoryId: THEME_A, fileKey: '0123456789abcdef/orphan.pdf' }),
      product('Draft', { priceCents: 100, categoryId: THEME_A, contentEntryId: draftReport.id }),
      product('Article', { priceCents: 100, categoryId: THEME_A, contentEntryId: article.id }),
    ])
    .returning();
  for (const row of rows) ids[row.sku.split('-').at(-1)!] = row.id;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /products-render-info', () => {
  it('answers Magento’s render info for a listed product, field by field', async () => {
    const res = await products(ours(['Alpha']));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['items', 'search_criteria', 'total_count']);
    expect(body.total_count).toBe(1);
    const price = '<span class="price">$895.00</span>';
    expect(body.items).toEqual([
      {
        id: ids.Alpha,
        name: 'Alpha report',
        url: `${t.config.publicUrl}/research/reports/${urlKey('Alpha')}`,
        type: 'downloadable',
        is_salable: '1',
        store_id: 1,
        currency_code: 'USD',
        images: [
          {
            url: `${t.config.publicUrl}/cms/uploads/${cover.storageKey}`,
            code: 'small_image',
            label: `Alpha report ${run}`,
            width: cover.width,
            height: cover.height,
          },
        ],
        price_info: {
          final_price: 895,
          regular_price: 895,
          minimal_price: 895,
          max_price: 895,
          special_price: null,
          minimal_regular_price: 895,
          max_regular_price: 895,
          formatted_prices: {
            final_price: price,
            regular_price: price,
            minimal_price: price,
            max_price: price,
            special_price: null,
            minimal_regular_price: price,
            max_regular_price: price,
          },
          extension_attributes: {},
        },
        extension_attributes: {
          sku: sku('Alpha'),
          url_key: urlKey('Alpha'),
          category_ids: [2, 3, THEME_A],
          content_id: reports[0]!.id,
          page_count: 40,
          format: 'PDF',
          number_of_downloads: 5,
          has_sample: true,
        },
      },
    ]);
    expect(cover.width).toBeGreaterThan(0);
    expect(body.search_criteria).toEqual({
      filter_groups: [{ filters: [{ field: 'sku', value: sku('Alpha'), condition_type: 'in' }] }],
    });
    // The cover address is a real one.
    const image = await t.app.inject({
      method: 'GET',
      url: body.items[0].images[0].url.slice(t.config.publicUrl.length),
    });
    expect(image.statusCode).toBe(200);
  });

  it('says which listed products can be bought, and formats thousands like Magento', async () => {
    const res = await products(ours(['Bravo', 'Charlie']));
    const [bravo, charlie] = res.json().items;
    expect(bravo.is_salable).toBe('');
    expect(bravo.price_info.final_price).toBe(1234.5);
    expect(bravo.price_info.formatted_prices.final_price).toBe('<span class="price">$1,234.50</span>');
    expect(bravo.extension_attributes.has_sample).toBe(false);
    expect(charlie.is_salable).toBe('');
    expect(charlie.price_info.final_price).toBe(0);
    expect(charlie.price_info.formatted_prices.final_price).toBe('<span class="price">$0.00</span>');
  });

  it('lists only products whose report is published', async () => {
    const res = await products(ours(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Orphan', 'Draft', 'Article']));
    expect(res.json().total_count).toBe(4);
    expect(skus(res)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta'].map(sku));
    // Unpublishing the report takes its product off the catalog.
    const db = t.app.database.db;
    await db.update(contentEntries).set({ publishedAt: null }).where(eq(contentEntries.id, reports[3]!.id));
    try {
      expect(skus(await products(ours(['Delta'])))).toEqual([]);
    } finally {
      await db
        .update(contentEntries)
        .set({ publishedAt: new Date(Date.now() - 4000) })
        .where(eq(contentEntries.id, reports[3]!.id));
    }
    expect(skus(await products(ours(['Delta'])))).toEqual([sku('Delta')]);
  });

  it('filters by url_key, as the report page asks', async () => {
    const res = await products({
      filter_groups: [{ filters: [{ field: 'url_key', value: urlKey('Bravo') }] }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total_count).toBe(1);
    expect(res.json().items[0].url).toBe(`${t.config.publicUrl}/research/reports/${urlKey('Bravo')}`);
    expect(res.json().search_criteria.filter_groups[0].filters[0]).toEqual({
      field: 'url_key',
      value: urlKey('Bravo'),
      condition_type: 'eq',
    });
    // The same query as a browser writes it, brackets unencoded.
    const raw = await get(
      `/products-render-info?storeId=1&currencyCode=USD&searchCriteria[filter_groups][0][filters][0][field]=url_key&searchCriteria[filter_groups][0][filters][0][value]=${urlKey('Bravo')}&searchCriteria[filter_groups][0][filters][0][condition_type]=eq`,
    );
    expect(skus(raw)).toEqual([sku('Bravo')]);
  });

  it('filters by category, counting the categories under it', async () => {
    const inTheme = await products({
      filter_groups: [{ filters: [{ field: 'category_id', value: String(THEME_A) }] }],
    });
    expect(skus(inTheme)).toEqual([sku('Alpha'), sku('Charlie')]);
    const underReports = await products(
      ours(
        ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Orphan'],
        [{ filters: [{ field: 'category_id', value: '3', condition_type: 'eq' }] }],
      ),
    );
    expect(skus(underReports)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta'].map(sku));
    const notA = await products(
      ours(
        ['Alpha', 'Bravo', 'Charlie'],
        [{ filters: [{ field: 'category_id', value: String(THEME_A), condition_type: 'neq' }] }],
      ),
    );
    expect(skus(notA)).toEqual([sku('Bravo')]);
    const either = await products({
      filter_groups: [
        { filters: [{ field: 'category_id', value: `${THEME_A},${THEME_B}`, condition_type: 'in' }] },
      ],
    });
    expect(skus(either)).toEqual(['Alpha', 'Bravo', 'Charlie'].map(sku));
    const nowhere = await products({
      filter_groups: [{ filters: [{ field: 'category_id', value: '987654' }] }],
    });
    expect(nowhere.json()).toMatchObject({ items: [], total_count: 0 });
  });

  it('takes * as everything, as field or as value', async () => {
    const db = t.app.database.db;
    const [listed] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(commerceProducts)
      .innerJoin(
        contentEntries,
        and(
          eq(contentEntries.id, commerceProducts.contentEntryId),
          eq(contentEntries.type, 'report'),
          lte(contentEntries.publishedAt, sql`now()`),
        ),
      );
    const byField = await products({ filter_groups: [{ filters: [{ field: '*', value: 'x' }] }] });
    const byValue = await products({ filter_groups: [{ filters: [{ field: 'sku', value: '*' }] }] });
    const nothing = await get('/products-render-info');
    for (const res of [byField, byValue, nothing]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().total_count).toBe(listed!.n);
      expect(skus(res)).toEqual(expect.arrayContaining(['Alpha', 'Bravo', 'Charlie', 'Delta'].map(sku)));
      expect(skus(res)).not.toContain(sku('Orphan'));
    }
  });

  it('matches like, in, nin, neq and the comparisons', async () => {
    const one = async (filter: object) =>
      skus(await products(ours(['Alpha', 'Bravo', 'Charlie', 'Delta'], [{ filters: [filter] }])));
    expect(await one({ field: 'name', value: '%rav%', condition_type: 'like' })).toEqual([sku('Bravo')]);
    // Magento's like ignores case (MySQL collation); so does ours.
    expect(await one({ field: 'sku', value: `cat-${run.toLowerCase()}-a%`, condition_type: 'like' })).toEqual(
      [sku('Alpha')],
    );
    expect(await one({ field: 'url_key', value: '%-_elta', condition_type: 'like' })).toEqual([sku('Delta')]);
    // Alpha and Delta end in 'a report'.
    expect(await one({ field: 'name', value: '%a report', condition_type: 'nlike' })).toEqual([
      sku('Bravo'),
      sku('Charlie'),
    ]);
    expect(
      await one({ field: 'sku', value: `${sku('Alpha')}, ${sku('Delta')}`, condition_type: 'in' }),
    ).toEqual([sku('Alpha'), sku('Delta')]);
    expect(
      await one({ field: 'sku', value: `${sku('Alpha')},${sku('Delta')}`, condition_type: 'nin' }),
    ).toEqual([sku('Bravo'), sku('Charlie')]);
    expect(await one({ field: 'sku', value: sku('Alpha'), condition_type: 'neq' })).toEqual(
      ['Bravo', 'Charlie', 'Delta'].map(sku),
    );
    expect(await one({ field: 'price', value: '99', condition_type: 'gt' })).toEqual([
      sku('Alpha'),
      sku('Bravo'),
    ]);
    expect(await one({ field: 'price', value: '99', condition_type: 'gteq' })).toEqual(
      ['Alpha', 'Bravo', 'Delta'].map(sku),
    );
    expect(await one({ field: 'price', value: '1234.5', condition_type: 'lt' })).toEqual(
      ['Alpha', 'Charlie', 'Delta'].map(sku),
    );
    expect(await one({ field: 'price', value: '0', condition_type: 'lteq' })).toEqual([sku('Charlie')]);
    expect(await one({ field: 'price', value: '895.00' })).toEqual([sku('Alpha')]);
    expect(await one({ field: 'entity_id', value: String(ids.Bravo) })).toEqual([sku('Bravo')]);
    expect(await one({ field: 'id', value: `${ids.Alpha},${ids.Charlie}`, condition_type: 'in' })).toEqual([
      sku('Alpha'),
      sku('Charlie'),
    ]);
    expect(await one({ field: 'category_id', condition_type: 'null' })).toEqual([]);
    expect(await one({ field: 'category_id', condition_type: 'notnull' })).toHaveLength(4);
    expect(await one({ field: 'sku', value: '', condition_type: 'in' })).toEqual([]);
  });

  it('ORs the filters of a group and ANDs the groups', async () => {
    const res = await products({
      filter_groups: [
        {
          filters: [
            { field: 'sku', value: sku('Alpha') },
            { field: 'sku', value: sku('Bravo') },
            { field: 'url_key', value: urlKey('Charlie') },
          ],
        },
        { filters: [{ field: 'price', value: '1000', condition_type: 'lt' }] },
      ],
    });
    expect(skus(res)).toEqual([sku('Alpha'), sku('Charlie')]);
    expect(res.json().search_criteria.filter_groups).toHaveLength(2);
    expect(res.json().search_criteria.filter_groups[0].filters).toHaveLength(3);
  });

  it('pages and sorts, and answers an empty page past the end', async () => {
    const page = async (currentPage: number, sortOrders: object[], pageSize = 2) =>
      products({ ...ours(['Alpha', 'Bravo', 'Charlie', 'Delta']), sortOrders, pageSize, currentPage });
    const byPrice = [{ field: 'price', direction: 'ASC' }];
    const first = await page(1, byPrice);
    expect(skus(first)).toEqual([sku('Charlie'), sku('Delta')]);
    expect(first.json().total_count).toBe(4);
    expect(first.json().search_criteria).toMatchObject({
      sort_orders: [{ field: 'price', direction: 'ASC' }],
      page_size: 2,
      current_page: 1,
    });
    expect(skus(await page(2, byPrice))).toEqual([sku('Alpha'), sku('Bravo')]);
    const past = await page(7, byPrice);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toMatchObject({ items: [], total_count: 4 });
    const far = await page(2_147_483_647, byPrice, 1000);
    expect(far.json()).toMatchObject({ items: [], total_count: 4 });
    expect(skus(await page(1, [{ field: 'name', direction: 'desc' }], 4))).toEqual(
      ['Delta', 'Charlie', 'Bravo', 'Alpha'].map(sku),
    );
    expect(skus(await page(1, [{ field: 'position' }], 4))).toEqual(
      ['Alpha', 'Bravo', 'Charlie', 'Delta'].map(sku),
    );
    expect(
      skus(
        await page(
          1,
          [
            { field: 'created_at', direction: 'DESC' },
            { field: 'id', direction: 'DESC' },
          ],
          4,
        ),
      ),
    ).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha'].map(sku));
  });

  it('answers a wrong store with a 404 and a wrong currency with a 400, in Magento’s words', async () => {
    const store = await get('/products-render-info?storeId=2&currencyCode=USD');
    expect(store.statusCode).toBe(404);
    expect(store.json()).toEqual({
      message: "The store that was requested wasn't found. Verify the store and try again.",
    });
    const currency = await get('/products-render-info?storeId=1&currencyCode=EUR');
    expect(currency.statusCode).toBe(400);
    expect(currency.json()).toEqual({ message: 'The currency code is not supported.' });
  });

  it('refuses unknown fields and condition types with Magento’s 400 bodies', async () => {
    const field = await products({ filter_groups: [{ filters: [{ field: 'color', value: 'red' }] }] });
    expect(field.statusCode).toBe(400);
    expect(field.json()).toEqual({ message: 'Invalid filter field: %1', parameters: ['color'] });
    const type = await products({
      filter_groups: [{ filters: [{ field: 'sku', value: 'A', condition_type: 'between' }] }],
    });
    expect(type.statusCode).toBe(400);
    expect(type.json()).toEqual({ message: 'Invalid condition type: %1', parameters: ['between'] });
    const categoryLike = await products({
      filter_groups: [{ filters: [{ field: 'category_id', value: '1%', condition_type: 'like' }] }],
    });
    expect(categoryLike.statusCode).toBe(400);
    expect(categoryLike.json()).toEqual({ message: 'Invalid condition type: %1', parameters: ['like'] });
    const price = await products({ filter_groups: [{ filters: [{ field: 'price', value: 'cheap' }] }] });
    expect(price.statusCode).toBe(400);
    expect(price.json()).toEqual({
      message: 'Invalid value of "%value" provided for the %fieldName field.',
      parameters: { fieldName: 'price', value: 'cheap' },
    });
  });

  it('answers bad input with a 400, never a 500', async () => {
    const filter = (value: string, field = 'sku', condition = 'eq') =>
      `/products-render-info?searchCriteria[filter_groups][0][filters][0][field]=${field}&searchCriteria[filter_groups][0][filters][0][value]=${value}&searchCriteria[filter_groups][0][filters][0][condition_type]=${condition}`;
    const cases = [
      filter('A%00B'),
      filter('%ED%A0%80'),
      filter('%E0%A4%A'),
      filter('99999999999', 'id'),
      filter('1e3', 'entity_id'),
      filter('1,two', 'id', 'in'),
      filter('1e400', 'price', 'gt'),
      filter('99999999999999999999', 'category_id'),
      filter('abc%5C', 'name', 'like'),
      '/products-render-info?searchCriteria[pageSize]=1e20',
      '/products-render-info?searchCriteria[pageSize]=100000000000000000000',
      '/products-render-info?searchCriteria[pageSize]=0',
      '/products-render-info?searchCriteria[pageSize]=1001',
      '/products-render-info?searchCriteria[currentPage]=-1',
      '/products-render-info?searchCriteria[currentPage]=1.5',
      '/products-render-info?searchCriteria[sortOrders][0][field]=secret',
      '/products-render-info?searchCriteria[sortOrders][0][field]=name&searchCriteria[sortOrders][0][direction]=up',
      '/products-render-info?searchCriteria[foo]=1',
      '/products-render-info?searchCriteria=1',
      '/products-render-info?storeId=1&storeId=1',
      '/products-render-info?currencyCode[]=USD',
      `/products-render-info?searchCriteria[filter_groups][0][filters][0][field]=sku&searchCriteria[filter_groups][0][filters][0][value]=${'x'.repeat(1200)}`,
      `/products-render-info?${Array.from({ length: 500 }, (_, i) => `x${i}=1`).join('&')}`,
      '/products-render-info?searchCriteria[filter_groups][0][filters][0][field][deeper][still][more]=sku',
    ];
    for (const url of cases) {
      const res = await get(url);
      expect(res.statusCode, url.slice(0, 160)).toBe(400);
      expect(typeof res.json().message, url.slice(0, 160)).toBe('string');
    }
    const nul = await get(filter('A%00B'));
    expect(nul.json()).toEqual({ message: 'The request must not contain NUL characters.' });
    const huge = await get('/products-render-info?searchCriteria[pageSize]=1e20');
    expect(huge.json()).toEqual({
      message: 'Invalid value of "%value" provided for the %fieldName field.',
      parameters: { fieldName: 'searchCriteria[pageSize]', value: '1e20' },
    });
    const negative = await get('/products-render-info?searchCriteria[currentPage]=-1');
    expect(negative.json().parameters).toEqual({ fieldName: 'searchCriteria[currentPage]', value: '-1' });
  });
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
