import { and, eq, lte, sql } from 'drizzle-orm';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceProducts } from '../../db/schema/commerce';
import { contentEntries } from '../../db/schema/content';
import { createTestApp, type TestApp } from '../../test/app';
import {
  catalogNames,
  type Entry,
  type Media,
  seedCatalog,
  storefrontGet,
  THEME_A,
  THEME_B,
} from '../../test/catalog-fixtures';

let t: TestApp;
const { run, sku, urlKey } = catalogNames();
/** Published reports of our own, newest of all content, each with a seeded cover. */
let reports: Entry[];
let cover: Media;
let ids: Record<string, number>;

const get = storefrontGet(() => t);

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
  ({ reports, cover, ids } = await seedCatalog(t, { run, sku, urlKey }));
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
