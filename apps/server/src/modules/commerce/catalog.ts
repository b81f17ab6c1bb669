import {
  ARTICLE_ROOT_CATEGORY,
  type CategoryArticle,
  type CategoryArticlesResult,
  type CategoryTreeNode,
  COMMERCE_CURRENCY,
  COMMERCE_STORE_ID,
  type MixedFeedItem,
  type MixedFeedResult,
  type ProductRenderInfo,
  type ProductRenderSearchResult,
} from '@tv/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commerceCategories, commerceProducts } from '../../db/schema/commerce';
import { contentEntries, contentMedia } from '../../db/schema/content';
import * as content from '../content/service';
import { formatUsd, toAmount } from './money';
import {
  type CriteriaFilter,
  type CriteriaOptions,
  echoCriteria,
  invalidConditionType,
  invalidFieldValue,
  listValues,
  matchesEverything,
  pageOf,
  parseInteger,
  type SearchCriteria,
} from './search-criteria';

/**
 * The storefront's catalog reads, in Magento's shapes: products (research reports for sale), the
 * category tree, the articles of a category and the mixed feed of reports and articles.
 *
 * Which products the catalog lists: a product is listed when the report it sells is a PUBLISHED
 * report entry of the content service. A product without a report (none linked yet, or its report
 * was deleted) is not listed even when it is on sale, because its page, /research/reports/{url_key},
 * is the report's page and would not exist: the catalog never links to a page that answers 404. Staff
 * still see such products in their own screens. A listed product that is not on sale, or has no file
 * yet, is shown with `is_salable: ''` (Magento's "out of stock"), so its report page can say so.
 */

export interface CatalogDeps {
  db: Db;
  publicUrl: string;
}

const MAX_INT = 2_147_483_647;
export const MAX_PAGE_SIZE = 1000;

const productFilterFields = ['url_key', 'category_id', 'sku', 'name', 'price', 'entity_id', 'id'] as const;
const productSortFields = ['name', 'price', 'created_at', 'position', 'id', 'entity_id'] as const;

export const productCriteriaOptions: CriteriaOptions = {
  filterFields: productFilterFields,
  sortFields: productSortFields,
  maxPageSize: MAX_PAGE_SIZE,
};

const absolute = (deps: CatalogDeps, path: string) => `${deps.publicUrl}${path}`;
export const reportUrl = (deps: CatalogDeps, slug: string) => absolute(deps, `/research/reports/${slug}`);
export const articleUrl = (deps: CatalogDeps, slug: string) => absolute(deps, `/research/articles/${slug}`);

/** The media id an entry's `cover` attribute holds, as SQL (null when it holds anything else). */
const coverIdOf = (attributes: SQL | typeof contentEntries.attributes) =>
  sql`case when jsonb_typeof(${attributes}->'cover') = 'number' then (${attributes}->>'cover')::numeric end`;

/** The content entry behind a listed product: a published report (see the note at the top). */
const listedReport = () =>
  and(
    eq(contentEntries.id, commerceProducts.contentEntryId),
    eq(contentEntries.type, 'report'),
    content.isPublicEntry(),
  );

/** Magento's string boolean for "can be bought": on sale, and there is a file to deliver. */
const salable = (row: { onSale: boolean; fileKey: string | null }): '1' | '' =>
  row.onSale && row.fileKey ? '1' : '';

// ── Categories ─────────────────────────────────────────────────────────────────────────────────

type CategoryRow = typeof commerceCategories.$inferSelect;

interface CategoryIndex {
  byId: Map<number, CategoryRow>;
  children: Map<number, CategoryRow[]>;
  /** The category and every category under it. */
  descendants(id: number): number[];
  /** The category and its parents up to (not including) the root catalog, nearest first. */
  path(id: number): number[];
}

const ROOT_CATEGORY = 1;

async function loadCategories(db: Db): Promise<CategoryIndex> {
  const rows = await db
    .select()
    .from(commerceCategories)
    .orderBy(asc(commerceCategories.position), asc(commerceCategories.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = new Map<number, CategoryRow[]>();
  for (const row of rows) {
    if (row.parentId === null || row.id === row.parentId) continue;
    children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  }
  return {
    byId,
    children,
    descendants(id) {
      const found = new Set<number>([id]);
      const queue = [id];
      while (queue.length > 0) {
        for (const child of children.get(queue.shift()!) ?? []) {
          if (found.has(child.id)) continue; // a cycle in bad data must not loop forever
          found.add(child.id);
          queue.push(child.id);
        }
      }
      return [...found];
    },
    path(id) {
      const path: number[] = [];
      let current = byId.get(id);
      while (current && current.id !== ROOT_CATEGORY && !path.includes(current.id)) {
        path.push(current.id);
        current = current.parentId === null ? undefined : byId.get(current.parentId);
      }
      return path;
    },
  };
}

// ── Products ───────────────────────────────────────────────────────────────────────────────────

const p = commerceProducts;

/** A filter value checked against the field's kind; a bad one is Magento's 400, never a database error. */
function scalarValue(field: string, kind: 'integer' | 'text' | 'price', value: string): SQL {
  if (kind === 'integer') {
    return sql`${parseInteger(value.trim(), field, -MAX_INT - 1, MAX_INT)}`;
  }
  if (kind === 'price') {
    const text = value.trim();
    if (!/^-?\d{1,12}(\.\d{1,6})?$/.test(text)) throw invalidFieldValue(field, value);
    return sql`${text}::numeric`;
  }
  return sql`${value}`;
}

/** SQL LIKE with Magento's % and _; a pattern ending in a lone escape character is refused. */
function likePattern(field: string, value: string): string {
  const trailing = /\\+$/.exec(value)?.[0].length ?? 0;
  if (trailing % 2 === 1) throw invalidFieldValue(field, value);
  return value;
}

function scalarCondition(
  field: string,
  kind: 'integer' | 'text' | 'price',
  expression: SQL,
  filter: CriteriaFilter,
): SQL {
  const { value } = filter;
  switch (filter.conditionType) {
    case 'null':
      return sql`${expression} is null`;
    case 'notnull':
      return sql`${expression} is not null`;
    case 'like':
      return sql`${expression}::text ilike ${likePattern(field, value)}`;
    case 'nlike':
      return sql`${expression}::text not ilike ${likePattern(field, value)}`;
    case 'in':
    case 'nin': {
      const items = listValues(value).map((item) => scalarValue(field, kind, item));
      if (items.length === 0) return filter.conditionType === 'in' ? sql`false` : sql`true`;
      const list = sql.join(items, sql`, `);
      return filter.conditionType === 'in'
        ? sql`${expression} in (${list})`
        : sql`${expression} not in (${list})`;
    }
    default: {
      const operator = { eq: '=', neq: '<>', gt: '>', gteq: '>=', lt: '<', lteq: '<=' }[filter.conditionType];
      return sql`${expression} ${sql.raw(operator)} ${scalarValue(field, kind, value)}`;
    }
  }
}

/** `category_id` matches a product in the category or any category under it (Magento's anchor categories). */
function categoryCondition(categories: CategoryIndex, filter: CriteriaFilter): SQL {
  const ids = (values: string[]) => [
    ...new Set(
      values.flatMap((value) =>
        categories.descendants(parseInteger(value, 'category_id', -MAX_INT - 1, MAX_INT)),
      ),
    ),
  ];
  switch (filter.conditionType) {
    case 'null':
      return sql`${p.categoryId} is null`;
    case 'notnull':
      return sql`${p.categoryId} is not null`;
    case 'eq':
    case 'in': {
      const values = filter.conditionType === 'eq' ? [filter.value.trim()] : listValues(filter.value);
      const list = ids(values);
      return list.length === 0 ? sql`false` : inArray(p.categoryId, list);
    }
    case 'neq':
    case 'nin': {
      const values = filter.conditionType === 'neq' ? [filter.value.trim()] : listValues(filter.value);
      const list = ids(values);
      return list.length === 0
        ? sql`true`
        : sql`(${p.categoryId} is null or ${p.categoryId} not in (${sql.join(
            list.map((id) => sql`${id}`),
            sql`, `,
          )}))`;
    }
    default:
      // Ordering or pattern-matching category ids means nothing.
      throw invalidConditionType(filter.conditionType);
  }
}

function filterCondition(categories: CategoryIndex, filter: CriteriaFilter): SQL {
  if (matchesEverything(filter)) return sql`true`;
  switch (filter.field) {
    case 'id':
    case 'entity_id':
      return scalarCondition(filter.field, 'integer', sql`${p.id}`, filter);
    case 'sku':
      return scalarCondition(filter.field, 'text', sql`${p.sku}`, filter);
    case 'name':
      return scalarCondition(filter.field, 'text', sql`${p.name}`, filter);
    case 'url_key':
      return scalarCondition(filter.field, 'text', sql`${p.urlKey}`, filter);
    case 'price':
      return scalarCondition(filter.field, 'price', sql`(${p.priceCents}::numeric / 100)`, filter);
    case 'category_id':
      return categoryCondition(categories, filter);
    default:
      // The parser only lets the fields above through.
      throw invalidConditionType(filter.conditionType);
  }
}

/** Groups are ANDed, filters within a group ORed. */
function criteriaCondition(categories: CategoryIndex, criteria: SearchCriteria): SQL | undefined {
  if (criteria.filterGroups.length === 0) return undefined;
  return sql.join(
    criteria.filterGroups.map(
      (filters) =>
        sql`(${sql.join(
          filters.map((filter) => sql`(${filterCondition(categories, filter)})`),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
}

/** 'position' is the order products were added to the catalog: products have no place of their own. */
const sortColumns = {
  name: p.name,
  price: p.priceCents,
  created_at: p.createdAt,
  position: p.id,
  id: p.id,
  entity_id: p.id,
} as const;

const productColumns = {
  id: p.id,
  sku: p.sku,
  name: p.name,
  urlKey: p.urlKey,
  priceCents: p.priceCents,
  categoryId: p.categoryId,
  contentEntryId: p.contentEntryId,
  onSale: p.onSale,
  fileKey: p.fileKey,
  sampleFileKey: p.sampleFileKey,
  numberOfDownloads: p.numberOfDownloads,
  title: sql<string | null>`${contentEntries.attributes}->>'title'`,
  pageCount: sql<string | null>`${contentEntries.attributes}->>'pageCount'`,
  format: sql<string | null>`${contentEntries.attributes}->>'format'`,
  coverKey: contentMedia.storageKey,
  coverWidth: contentMedia.width,
  coverHeight: contentMedia.height,
};

/** The page of listed products (see the note at the top), each with its report's cover. */
const listedProducts = (db: Db, where: SQL | undefined) =>
  db
    .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(p)
    .innerJoin(contentEntries, listedReport())
    .leftJoin(contentMedia, sql`${contentMedia.id} = ${coverIdOf(contentEntries.attributes)}`)
    .where(where);

type ProductRow = Awaited<ReturnType<typeof listedProducts>>[number];

const priceHtml = (cents: number) => `<span class="price">${formatUsd(cents)}</span>`;

function toRenderInfo(deps: CatalogDeps, categories: CategoryIndex, row: ProductRow): ProductRenderInfo {
  const amount = toAmount(row.priceCents);
  const html = priceHtml(row.priceCents);
  const pageCount = row.pageCount === null ? null : Number(row.pageCount);
  return {
    id: row.id,
    name: row.name,
    url: reportUrl(deps, row.urlKey),
    type: 'downloadable',
    is_salable: salable(row),
    store_id: COMMERCE_STORE_ID,
    currency_code: COMMERCE_CURRENCY,
    images: row.coverKey
      ? [
          {
            url: absolute(deps, content.mediaUrl({ storageKey: row.coverKey })),
            code: 'small_image',
            label: row.title ?? row.name,
            width: row.coverWidth ?? 0,
            height: row.coverHeight ?? 0,
          },
        ]
      : [],
    price_info: {
      final_price: amount,
      regular_price: amount,
      minimal_price: amount,
      max_price: amount,
      special_price: null,
      minimal_regular_price: amount,
      max_regular_price: amount,
      formatted_prices: {
        final_price: html,
        regular_price: html,
        minimal_price: html,
        max_price: html,
        special_price: null,
        minimal_regular_price: html,
        max_regular_price: html,
      },
      extension_attributes: {},
    },
    extension_attributes: {
      sku: row.sku,
      url_key: row.urlKey,
      // Magento lists every category a product is in; ours is in its category and those above it.
      category_ids: row.categoryId === null ? [] : categories.path(row.categoryId).reverse(),
      content_id: row.contentEntryId,
      page_count: pageCount !== null && Number.isInteger(pageCount) ? pageCount : null,
      format: row.format,
      number_of_downloads: row.numberOfDownloads,
      has_sample: row.sampleFileKey !== null,
    },
  };
}

/**
 * `GET /products-render-info`: one query for the page and its total (a window count), plus the small
 * category table; a second count only when the page is past the end.
 */
export async function searchProducts(
  deps: CatalogDeps,
  criteria: SearchCriteria,
): Promise<ProductRenderSearchResult> {
  const { db } = deps;
  const categories = await loadCategories(db);
  const where = criteriaCondition(categories, criteria);
  const { limit, offset } = pageOf(criteria, MAX_PAGE_SIZE);
  const orderBy = [
    ...criteria.sortOrders.map((order) => {
      const column = sortColumns[order.field as keyof typeof sortColumns];
      return order.direction === 'DESC' ? desc(column) : asc(column);
    }),
    asc(p.id),
  ];
  // An offset past any possible row answers an empty page without asking the database for it.
  const rows =
    offset > MAX_INT
      ? []
      : await listedProducts(db, where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [counted] = await db
      .select({ total: count() })
      .from(p)
      .innerJoin(contentEntries, listedReport())
      .where(where);
    total = counted?.total ?? 0;
  }
  return {
    items: rows.map((row) => toRenderInfo(deps, categories, row)),
    search_criteria: echoCriteria(criteria),
    total_count: total,
  };
}

// ── Category tree ──────────────────────────────────────────────────────────────────────────────

/** `GET /asa_categories`: the active tree under the root catalog, with listed products counted. */
export async function categoryTree(deps: CatalogDeps): Promise<CategoryTreeNode | null> {
  const { db } = deps;
  const [categories, counts] = await Promise.all([
    loadCategories(db),
    db
      .select({ categoryId: p.categoryId, products: count() })
      .from(p)
      .innerJoin(contentEntries, listedReport())
      .groupBy(p.categoryId),
  ]);
  const direct = new Map(counts.map((row) => [row.categoryId, row.products]));
  const root = categories.byId.get(ROOT_CATEGORY);
  if (!root?.isActive) return null;

  const seen = new Set<number>();
  const build = (row: CategoryRow, level: number): CategoryTreeNode => {
    seen.add(row.id);
    const children = (categories.children.get(row.id) ?? [])
      .filter((child) => child.isActive && !seen.has(child.id))
      .map((child) => build(child, level + 1));
    return {
      id: row.id,
      parent_id: row.parentId ?? 0,
      name: row.name,
      is_active: row.isActive,
      position: row.position,
      level,
      product_count:
        (direct.get(row.id) ?? 0) + children.reduce((sum, child) => sum + child.product_count, 0),
      children_data: children,
    };
  };
  return build(root, 0);
}

// ── Articles ───────────────────────────────────────────────────────────────────────────────────

async function coverUrls(deps: CatalogDeps, rows: content.EntryRow[]) {
  const ids = [
    ...new Set(rows.map((row) => row.attributes.cover).filter((id): id is number => Number.isInteger(id))),
  ];
  const media = await content.findMediaByIds(deps.db, ids);
  const urls = new Map(media.map((row) => [row.id, absolute(deps, content.mediaUrl(row))]));
  return (row: content.EntryRow) => {
    const cover = row.attributes.cover;
    return typeof cover === 'number' ? (urls.get(cover) ?? null) : null;
  };
}

const textAttribute = (row: content.EntryRow, key: string) => {
  const value = row.attributes[key];
  return typeof value === 'string' ? value : null;
};

/** Any category, active or not (Magento answers for inactive ones too). */
export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: commerceCategories.id })
    .from(commerceCategories)
    .where(eq(commerceCategories.id, id))
    .limit(1);
  return rows.length > 0;
}

const newestFirst = [desc(contentEntries.publishedAt), desc(contentEntries.id)];

/**
 * `GET /categories/{id}/asa_strapi_articles`: every published article belongs to the default
 * category (2); other categories hold reports only. Newest first, read through the content
 * repository's public query (published and due, English).
 */
export async function categoryArticles(
  deps: CatalogDeps,
  categoryId: number,
  page: { limit: number; offset: number },
): Promise<CategoryArticlesResult> {
  if (categoryId !== ARTICLE_ROOT_CATEGORY) return { items: [], total_count: 0 };
  const { rows, total } = await content.queryPublicEntries(deps.db, {
    type: 'article',
    locale: 'en',
    where: undefined,
    orderBy: newestFirst,
    limit: page.limit,
    offset: page.offset,
  });
  const coverOf = await coverUrls(deps, rows);
  const items = rows.map(
    (row): CategoryArticle => ({
      id: row.id,
      category_id: categoryId,
      title: textAttribute(row, 'title') ?? row.slug ?? '',
      slug: row.slug ?? '',
      url: articleUrl(deps, row.slug ?? ''),
      summary: textAttribute(row, 'summary'),
      image: coverOf(row),
      published_at: row.publishedAt!.toISOString(),
    }),
  );
  return { items, total_count: total };
}

// ── Mixed feed ─────────────────────────────────────────────────────────────────────────────────

/**
 * `GET /mixedfeed`: published reports (with what the storefront sells each as) and articles together,
 * newest first. When several products sell one report, the feed shows the one on sale, else the oldest.
 */
export async function mixedFeed(deps: CatalogDeps, limit: number): Promise<MixedFeedResult> {
  const { db } = deps;
  const page = { locale: 'en', where: undefined, orderBy: newestFirst, limit, offset: 0 };
  const [reports, articles] = await Promise.all([
    content.queryPublicEntries(db, { ...page, type: 'report' }),
    content.queryPublicEntries(db, { ...page, type: 'article' }),
  ]);
  const reportIds = reports.rows.map((row) => row.id);
  const [products, coverOf] = await Promise.all([
    reportIds.length === 0
      ? []
      : db
          .select({
            id: p.id,
            sku: p.sku,
            priceCents: p.priceCents,
            onSale: p.onSale,
            fileKey: p.fileKey,
            contentEntryId: p.contentEntryId,
          })
          .from(p)
          .where(inArray(p.contentEntryId, reportIds))
          .orderBy(desc(p.onSale), asc(p.id)),
    coverUrls(deps, [...reports.rows, ...articles.rows]),
  ]);
  const productOf = new Map<number, (typeof products)[number]>();
  for (const product of products) {
    if (product.contentEntryId !== null && !productOf.has(product.contentEntryId))
      productOf.set(product.contentEntryId, product);
  }

  const item = (row: content.EntryRow, type: 'report' | 'article'): MixedFeedItem => {
    const product = type === 'report' ? productOf.get(row.id) : undefined;
    const slug = row.slug ?? '';
    return {
      type,
      id: row.id,
      title: textAttribute(row, 'title') ?? slug,
      slug,
      url: type === 'report' ? reportUrl(deps, slug) : articleUrl(deps, slug),
      summary: textAttribute(row, 'summary'),
      image: coverOf(row),
      published_at: row.publishedAt!.toISOString(),
      product: product
        ? {
            id: product.id,
            sku: product.sku,
            price: toAmount(product.priceCents),
            is_salable: salable(product),
          }
        : null,
    };
  };
  const items = [
    ...reports.rows.map((row) => item(row, 'report')),
    ...articles.rows.map((row) => item(row, 'article')),
  ]
    .sort((a, b) => b.published_at.localeCompare(a.published_at) || b.id - a.id)
    .slice(0, limit);
  return { items, total_count: reports.total + articles.total };
}
