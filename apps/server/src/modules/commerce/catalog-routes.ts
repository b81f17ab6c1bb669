import { COMMERCE_CURRENCY, COMMERCE_STORE_ID, MIXED_FEED_LIMIT } from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesOf } from '../../plugins/route';
import {
  type CatalogDeps,
  categoryArticles,
  categoryExists,
  categoryTree,
  mixedFeed,
  productCriteriaOptions,
  searchProducts,
} from './catalog';
import { CommerceError, noSuchEntity } from './errors';
import { productBySku } from './product-detail';
import {
  pageOf,
  parseInteger,
  parseMagentoQuery,
  parseSearchCriteria,
  rawQueryOf,
  singleValue,
} from './search-criteria';

const MAX_INT = 2_147_483_647;

/** Magento's answer for a store it does not have. */
const storeNotFound = () =>
  new CommerceError(404, "The store that was requested wasn't found. Verify the store and try again.");

/** Magento's answer for a path parameter of the wrong type. */
const wrongType = (value: string, type: string) =>
  new CommerceError(
    400,
    'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
    {
      // Echoed back printable: control characters and broken Unicode become U+FFFD.
      value: (value.length > 100 ? `${value.slice(0, 100)}…` : value).replace(/[\p{Cc}\p{Cs}]/gu, '\uFFFD'),
      type,
    },
  );

/**
 * The catalog of the Magento-compatible API (relative to /commerce-content/rest/V1). Public, like
 * Magento's anonymous catalog: no token. Every answer and error is in Magento's shape (the prefix
 * plugin turns a thrown CommerceError into its body).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CatalogDeps = { db: app.database.db, publicUrl: app.config.publicUrl };
  const route = routesOf(app, ['commerce']);
  const access = 'public' as const;

  route.get(
    '/products-render-info',
    {
      access,
      summary: 'Reports for sale, with price and cover (Magento product render info and searchCriteria)',
    },
    async (request) => {
      const query = parseMagentoQuery(rawQueryOf(request));
      const storeId = singleValue(query, 'storeId');
      if (storeId !== undefined && storeId !== String(COMMERCE_STORE_ID)) throw storeNotFound();
      const currencyCode = singleValue(query, 'currencyCode');
      if (currencyCode !== undefined && currencyCode !== COMMERCE_CURRENCY)
        throw new CommerceError(400, 'The currency code is not supported.');
      const criteria = parseSearchCriteria(query.searchCriteria, productCriteriaOptions);
      return searchProducts(deps, criteria);
    },
  );

  route.get(
    '/products/:sku',
    {
      access,
      summary: "A report as Magento's catalog product (price, status, downloadable links, absolute URLs)",
      params: z.object({ sku: z.string() }),
    },
    async (request) => productBySku(deps, request.params.sku),
  );

  route.get(
    '/asa_categories',
    { access, summary: 'The category tree, with listed products counted' },
    async () => {
      const tree = await categoryTree(deps);
      if (!tree) throw noSuchEntity('id', 1);
      return tree;
    },
  );

  route.get(
    '/categories/:id/asa_strapi_articles',
    {
      access,
      summary: 'Published articles of a category, newest first (all of them are in category 2)',
    },
    async (request) => {
      // No params schema: a wrong id is answered in Magento's words below, not by the validator.
      const raw = (request.params as { id: string }).id;
      if (!/^-?\d{1,19}$/.test(raw)) throw wrongType(raw, 'int');
      const id = Number(raw);
      if (id < 1 || id > MAX_INT || !(await categoryExists(deps.db, id))) throw noSuchEntity('id', raw);
      const query = parseMagentoQuery(rawQueryOf(request));
      // Paging only: the articles of a category are not filtered.
      const criteria = parseSearchCriteria(query.searchCriteria, {
        filterFields: [],
        sortFields: [],
        maxPageSize: MIXED_FEED_LIMIT,
      });
      return categoryArticles(deps, id, pageOf(criteria, MIXED_FEED_LIMIT));
    },
  );

  route.get(
    '/mixedfeed',
    { access, summary: 'Reports and articles together, newest first' },
    async (request) => {
      const query = parseMagentoQuery(rawQueryOf(request));
      const limitText = singleValue(query, 'limit');
      const limit =
        limitText === undefined ? MIXED_FEED_LIMIT : parseInteger(limitText, 'limit', 1, MIXED_FEED_LIMIT);
      return mixedFeed(deps, limit);
    },
  );
};
