import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import { badRequest, CommerceError } from './errors';

/**
 * Magento's searchCriteria, read from a bracketed query string:
 *
 *   searchCriteria[filter_groups][0][filters][0][field]=url_key
 *   searchCriteria[filter_groups][0][filters][0][value]=teen-money-2026
 *   searchCriteria[filter_groups][0][filters][0][condition_type]=eq
 *   searchCriteria[sortOrders][0][field]=price&searchCriteria[sortOrders][0][direction]=DESC
 *   searchCriteria[pageSize]=20&searchCriteria[currentPage]=1
 *
 * Filters within a group are ORed, groups are ANDed (Magento's rule). Magento reads both the
 * snake_case and the camelCase spelling of every key; so does this. Everything a client can send is
 * checked here and refused with a 400 in Magento's shape, so nothing odd reaches the database.
 */

export const conditionTypes = [
  'eq',
  'neq',
  'like',
  'nlike',
  'in',
  'nin',
  'gt',
  'gteq',
  'lt',
  'lteq',
  'null',
  'notnull',
] as const;
export type ConditionType = (typeof conditionTypes)[number];

export interface CriteriaFilter {
  field: string;
  value: string;
  conditionType: ConditionType;
}

export interface CriteriaSortOrder {
  field: string;
  direction: 'ASC' | 'DESC';
}

export interface SearchCriteria {
  /** AND of groups, each an OR of its filters. */
  filterGroups: CriteriaFilter[][];
  sortOrders: CriteriaSortOrder[];
  /** As sent; null when the client left it out. */
  pageSize: number | null;
  currentPage: number | null;
}

/** Magento's echo of the criteria in a search result (only what the client sent, plus filter_groups). */
export interface MagentoSearchCriteria {
  filter_groups: Array<{ filters: Array<{ field: string; value: string; condition_type: ConditionType }> }>;
  sort_orders?: Array<{ field: string; direction: 'ASC' | 'DESC' }>;
  page_size?: number;
  current_page?: number;
}

export interface CriteriaOptions {
  /** Fields a filter may name ('*' is always allowed and means every row). */
  filterFields: readonly string[];
  /** Fields a sort order may name. */
  sortFields: readonly string[];
  /** Largest page a client may ask for. */
  maxPageSize: number;
}

const MAX_QUERY_LENGTH = 8000;
const MAX_PARAMETERS = 400;
const MAX_GROUPS = 20;
const MAX_FILTERS = 20;
const MAX_SORT_ORDERS = 5;
const MAX_VALUE_LENGTH = 1000;
const MAX_INT = 2_147_483_647;

// ── Magento's messages ─────────────────────────────────────────────────────────────────────────

/** Magento's InputException::invalidFieldValue. */
export const invalidFieldValue = (fieldName: string, value: unknown) =>
  new CommerceError(400, 'Invalid value of "%value" provided for the %fieldName field.', {
    fieldName,
    value: printable(value),
  });

/** Magento's InputException::requiredField. */
export const requiredField = (fieldName: string) =>
  new CommerceError(400, '"%fieldName" is required. Enter and try again.', { fieldName });

export const invalidFilterField = (field: string) =>
  new CommerceError(400, 'Invalid filter field: %1', [printable(field)]);

export const invalidConditionType = (type: string) =>
  new CommerceError(400, 'Invalid condition type: %1', [printable(type)]);

/** A value echoed back in an error: short, and never an object dump. */
function printable(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

// ── The query string ───────────────────────────────────────────────────────────────────────────

/** The query string exactly as sent: Magento's bracket syntax is read by qs, not by Fastify's parser. */
export const rawQueryOf = (request: FastifyRequest) => {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index + 1);
};

/**
 * Parses a bracketed query string. Every part must decode to real text: a NUL byte, a broken
 * percent-escape or a lone surrogate is a 400, as is a query too long, too deep or with too many
 * parameters (qs would otherwise drop the excess silently).
 */
export function parseMagentoQuery(raw: string): Record<string, unknown> {
  if (raw.length > MAX_QUERY_LENGTH) throw badRequest('The request address is too long.');
  const parts = raw === '' ? [] : raw.split('&');
  if (parts.length > MAX_PARAMETERS) throw badRequest('The request has too many parameters.');
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      throw badRequest('The request address is not valid UTF-8.');
    }
    if (decoded.includes('\0')) throw badRequest('The request must not contain NUL characters.');
    if (/\p{Cs}/u.test(decoded)) throw badRequest('The request address is not valid UTF-8.');
  }
  try {
    return qs.parse(raw, {
      depth: 6,
      strictDepth: true,
      arrayLimit: 100,
      // Counted above, so qs never drops parameters silently. An index past the array limit gives an
      // object with numeric keys, which `indexed` reads in order.
      parameterLimit: MAX_PARAMETERS,
      allowPrototypes: false,
      plainObjects: true,
    }) as Record<string, unknown>;
  } catch {
    throw badRequest('The request parameters could not be read.');
  }
}

/** One parameter that must be a single string (a repeated one arrives as an array). */
export function singleValue(query: Record<string, unknown>, key: string): string | undefined {
  if (!Object.hasOwn(query, key)) return undefined;
  const value = query[key];
  if (typeof value !== 'string') throw invalidFieldValue(key, value);
  return value;
}

/** A whole number in [min, max], written as plain digits ('1e3', '2.0', ' 5' are refused). */
export function parseInteger(value: string, fieldName: string, min: number, max: number): number {
  if (!/^-?\d{1,16}$/.test(value)) throw invalidFieldValue(fieldName, value);
  const number = Number(value);
  if (number < min || number > max) throw invalidFieldValue(fieldName, value);
  return number;
}

/** `a[0]`, `a[1]` … as qs gives them: an array, or an object with numeric keys past its array limit. */
function indexed(value: unknown, fieldName: string, max: number): unknown[] {
  if (value === undefined || value === '') return [];
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.some(([key]) => !/^\d{1,6}$/.test(key))) throw invalidFieldValue(fieldName, value);
    items = entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  } else throw invalidFieldValue(fieldName, value);
  if (items.length > max) throw invalidFieldValue(fieldName, `${items.length} entries (at most ${max})`);
  return items;
}

function asObject(value: unknown, fieldName: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalidFieldValue(fieldName, value);
  return value as Record<string, unknown>;
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * Reads an object's keys the way Magento's input processor does: snake_case and camelCase are the
 * same key; any other key is refused with Magento's message for a property it does not know.
 */
function readKeys(
  object: Record<string, unknown>,
  known: readonly string[],
  className: string,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    const name = camel(key);
    if (!known.includes(name)) {
      throw new CommerceError(
        400,
        'Property "%propertyName" does not have accessor method "%accessorMethod" in class "%className".',
        {
          propertyName: printable(key),
          accessorMethod: `get${name.charAt(0).toUpperCase()}${name.slice(1)}`,
          className,
        },
      );
    }
    if (Object.hasOwn(result, name)) throw invalidFieldValue(key, value);
    result[name] = value;
  }
  return result;
}

const SEARCH_CRITERIA_CLASS = 'Magento\\Framework\\Api\\SearchCriteriaInterface';
const FILTER_GROUP_CLASS = 'Magento\\Framework\\Api\\Search\\FilterGroup';
const FILTER_CLASS = 'Magento\\Framework\\Api\\Filter';
const SORT_ORDER_CLASS = 'Magento\\Framework\\Api\\SortOrder';

function textOf(value: unknown, fieldName: string): string {
  if (typeof value !== 'string') throw invalidFieldValue(fieldName, value);
  if (value.length > MAX_VALUE_LENGTH) throw invalidFieldValue(fieldName, value);
  return value;
}

/** `searchCriteria` from the parsed query (undefined → everything, first page of the largest size). */
export function parseSearchCriteria(input: unknown, options: CriteriaOptions): SearchCriteria {
  const criteria: SearchCriteria = { filterGroups: [], sortOrders: [], pageSize: null, currentPage: null };
  if (input === undefined || input === '') return criteria;
  const top = readKeys(
    asObject(input, 'searchCriteria'),
    ['filterGroups', 'sortOrders', 'pageSize', 'currentPage'],
    SEARCH_CRITERIA_CLASS,
  );

  indexed(top.filterGroups, 'searchCriteria[filter_groups]', MAX_GROUPS).forEach((rawGroup, g) => {
    const groupName = `searchCriteria[filter_groups][${g}]`;
    const group = readKeys(asObject(rawGroup, groupName), ['filters'], FILTER_GROUP_CLASS);
    const filters = indexed(group.filters, `${groupName}[filters]`, MAX_FILTERS).map((rawFilter, f) => {
      const filterName = `${groupName}[filters][${f}]`;
      const filter = readKeys(
        asObject(rawFilter, filterName),
        ['field', 'value', 'conditionType'],
        FILTER_CLASS,
      );
      if (filter.field === undefined || filter.field === '') throw requiredField(`${filterName}[field]`);
      const field = textOf(filter.field, `${filterName}[field]`);
      if (field !== '*' && !options.filterFields.includes(field)) throw invalidFilterField(field);
      const value = filter.value === undefined ? '' : textOf(filter.value, `${filterName}[value]`);
      const type =
        filter.conditionType === undefined || filter.conditionType === ''
          ? 'eq'
          : textOf(filter.conditionType, `${filterName}[condition_type]`);
      if (!(conditionTypes as readonly string[]).includes(type)) throw invalidConditionType(type);
      return { field, value, conditionType: type as ConditionType };
    });
    // An empty group filters nothing out, as in Magento.
    if (filters.length > 0) criteria.filterGroups.push(filters);
  });

  criteria.sortOrders = indexed(top.sortOrders, 'searchCriteria[sortOrders]', MAX_SORT_ORDERS).map(
    (rawOrder, k) => {
      const orderName = `searchCriteria[sortOrders][${k}]`;
      const order = readKeys(asObject(rawOrder, orderName), ['field', 'direction'], SORT_ORDER_CLASS);
      if (order.field === undefined || order.field === '') throw requiredField(`${orderName}[field]`);
      const field = textOf(order.field, `${orderName}[field]`);
      if (!options.sortFields.includes(field)) throw invalidFieldValue(`${orderName}[field]`, field);
      const direction =
        order.direction === undefined || order.direction === ''
          ? 'ASC'
          : textOf(order.direction, `${orderName}[direction]`).toUpperCase();
      if (direction !== 'ASC' && direction !== 'DESC') {
        // Magento's SortOrder::validateDirection.
        throw new CommerceError(400, 'The sort order "%1" is invalid. Verify the sort order and try again.', [
          printable(order.direction),
        ]);
      }
      return { field, direction };
    },
  );

  if (top.pageSize !== undefined) {
    const text = textOf(top.pageSize, 'searchCriteria[pageSize]');
    criteria.pageSize = parseInteger(text, 'searchCriteria[pageSize]', 1, options.maxPageSize);
  }
  if (top.currentPage !== undefined) {
    const text = textOf(top.currentPage, 'searchCriteria[currentPage]');
    criteria.currentPage = parseInteger(text, 'searchCriteria[currentPage]', 1, MAX_INT);
  }
  return criteria;
}

/** The page to read: Magento's default is every row; ours is every row up to the largest page. */
export function pageOf(criteria: SearchCriteria, maxPageSize: number) {
  const limit = criteria.pageSize ?? maxPageSize;
  const page = criteria.currentPage ?? 1;
  return { limit, offset: (page - 1) * limit };
}

/** The criteria as Magento echoes them in `search_criteria`. */
export function echoCriteria(criteria: SearchCriteria): MagentoSearchCriteria {
  const echo: MagentoSearchCriteria = {
    filter_groups: criteria.filterGroups.map((filters) => ({
      filters: filters.map((filter) => ({
        field: filter.field,
        value: filter.value,
        condition_type: filter.conditionType,
      })),
    })),
  };
  if (criteria.sortOrders.length > 0) echo.sort_orders = criteria.sortOrders.map((order) => ({ ...order }));
  if (criteria.pageSize !== null) echo.page_size = criteria.pageSize;
  if (criteria.currentPage !== null) echo.current_page = criteria.currentPage;
  return echo;
}

/** A filter that matches every row: field '*' or value '*' (Magento clients send both to mean 'all'). */
export const matchesEverything = (filter: CriteriaFilter) => filter.field === '*' || filter.value === '*';

/** 'a, b,,c' → ['a', 'b', 'c'] (Magento's comma list of `in` / `nin`). */
export const listValues = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
