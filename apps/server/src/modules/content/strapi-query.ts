import { type ContentType, contentAttributeSchemas, contentMediaFields } from '@tv/contract';
import { and, asc, desc, not, or, type SQL, sql } from 'drizzle-orm';
import qs from 'qs';
import type { z } from 'zod';
import { contentEntries } from '../../db/schema/content';

/** A 400 in Strapi's ValidationError shape; the message names what was wrong in plain words. */
export class StrapiValidationError extends Error {}

const invalid = (message: string) => new StrapiValidationError(message);

type Kind = 'string' | 'number' | 'array' | 'object' | 'boolean' | 'timestamp' | 'integer';

interface FieldInfo {
  kind: Kind;
  /** For objects: their fields. */
  fields?: Record<string, FieldInfo>;
  /** For arrays: the kind of their elements. */
  element?: Kind;
}

/** Reads the shape of a zod (v4) schema: enough to know how to compare and sort a field. */
function describe(schema: z.ZodType): FieldInfo {
  const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
  switch (def.type) {
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
      return describe(def.innerType as z.ZodType);
    case 'pipe':
      return describe(def.in as z.ZodType);
    case 'number':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'array':
      return { kind: 'array', element: describe(def.element as z.ZodType).kind };
    case 'object': {
      const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
      return {
        kind: 'object',
        fields: Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, describe(value)])),
      };
    }
    default:
      return { kind: 'string' };
  }
}

const attributeInfo = Object.fromEntries(
  Object.entries(contentAttributeSchemas).map(([type, schema]) => [type, describe(schema)]),
) as Record<ContentType, FieldInfo>;

/** Columns of the entry itself that Strapi lets a client filter and sort on. */
const columns = {
  id: { info: { kind: 'integer' } as FieldInfo, column: contentEntries.id },
  publishedAt: { info: { kind: 'timestamp' } as FieldInfo, column: contentEntries.publishedAt },
  createdAt: { info: { kind: 'timestamp' } as FieldInfo, column: contentEntries.createdAt },
  updatedAt: { info: { kind: 'timestamp' } as FieldInfo, column: contentEntries.updatedAt },
  locale: { info: { kind: 'string' } as FieldInfo, column: contentEntries.locale },
  slug: { info: { kind: 'string' } as FieldInfo, column: contentEntries.slug },
} as const;
type ColumnName = keyof typeof columns;

/** Attribute names a client may read, filter, sort and pick (the schema's top-level keys). */
export const attributeNames = (type: ContentType) => Object.keys(attributeInfo[type].fields ?? {});

interface Target {
  info: FieldInfo;
  /** The value as text (attributes) or the column itself. */
  text: SQL;
  /** The value as a comparable SQL expression of its own type. */
  typed: SQL;
  /** For arrays: the jsonb array. */
  json?: SQL;
  label: string;
}

function resolveField(type: ContentType, path: string[]): Target {
  const label = path.join('.');
  const first = path[0]!;
  if (path.length === 1 && Object.hasOwn(columns, first)) {
    const { info, column } = columns[first as ColumnName];
    return { info, text: sql`${column}::text`, typed: sql`${column}`, label };
  }
  const fields = attributeInfo[type].fields ?? {};
  if (!Object.hasOwn(fields, first)) throw invalid(`Invalid key ${label}`);
  let info = fields[first]!;
  for (const key of path.slice(1)) {
    if (info.kind !== 'object' || !info.fields || !Object.hasOwn(info.fields, key))
      throw invalid(`Invalid key ${label}`);
    info = info.fields[key]!;
  }
  // Path keys come from the schema, but they are passed as parameters all the same.
  const jsonPath = sql`${`{${path.join(',')}}`}::text[]`;
  const text = sql`(${contentEntries.attributes} #>> ${jsonPath})`;
  const json = sql`(${contentEntries.attributes} #> ${jsonPath})`;
  const typed = info.kind === 'number' ? sql`(${text})::numeric` : text;
  return { info, text, typed, json, label };
}

const MAX_NUMBER = Number.MAX_SAFE_INTEGER;

function scalar(value: unknown, target: Target): string | number {
  if (typeof value !== 'string') throw invalid(`Invalid value for ${target.label}`);
  const kind = target.info.kind === 'array' ? (target.info.element ?? 'string') : target.info.kind;
  if (kind === 'number' || kind === 'integer') {
    if (!/^-?\d+(\.\d+)?$/.test(value.trim()))
      throw invalid(`Invalid value for ${target.label}: expected a number`);
    const number = Number(value);
    if (!Number.isFinite(number) || Math.abs(number) > MAX_NUMBER)
      throw invalid(`Invalid value for ${target.label}: the number is too large`);
    if (kind === 'integer' && (!Number.isInteger(number) || number < 0 || number > 2_147_483_647))
      throw invalid(`Invalid value for ${target.label}: expected a whole number`);
    return target.info.kind === 'array' ? String(number) : number;
  }
  if (kind === 'timestamp') {
    const date = new Date(value);
    if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime()))
      throw invalid(`Invalid value for ${target.label}: expected a date`);
    return date.toISOString();
  }
  if (value.length > 500) throw invalid(`Invalid value for ${target.label}: too long`);
  return value;
}

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const asList = (value: unknown, label: string): unknown[] => {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(',');
  if (value && typeof value === 'object') return Object.values(value);
  throw invalid(`Invalid value for ${label}`);
};

const asBoolean = (value: unknown, label: string) => {
  if (value === 'true' || value === true || value === '') return true;
  if (value === 'false' || value === false) return false;
  throw invalid(`Invalid value for ${label}: expected true or false`);
};

function arrayOperator(operator: string, value: unknown, target: Target): SQL {
  const element = sql`jsonb_array_elements_text(coalesce(${target.json}, '[]'::jsonb))`;
  const any = (condition: (element: SQL) => SQL) =>
    sql`exists (select 1 from ${element} as e(v) where ${condition(sql`e.v`)})`;
  switch (operator) {
    case '$eq':
    case '$contains':
      return any((e) => sql`${e} = ${scalar(value, target)}`);
    case '$containsi':
    case '$eqi':
      return any((e) => sql`lower(${e}) = lower(${scalar(value, target)})`);
    case '$ne':
    case '$notContains':
      return not(any((e) => sql`${e} = ${scalar(value, target)}`));
    case '$notContainsi':
      return not(any((e) => sql`lower(${e}) = lower(${scalar(value, target)})`));
    case '$in': {
      const list = asList(value, target.label).map((item) => String(scalar(item, target)));
      if (list.length === 0) return sql`false`;
      return any(
        (e) =>
          sql`${e} in (${sql.join(
            list.map((item) => sql`${item}`),
            sql`, `,
          )})`,
      );
    }
    case '$notIn': {
      const list = asList(value, target.label).map((item) => String(scalar(item, target)));
      if (list.length === 0) return sql`true`;
      return not(
        any(
          (e) =>
            sql`${e} in (${sql.join(
              list.map((item) => sql`${item}`),
              sql`, `,
            )})`,
        ),
      );
    }
    case '$null':
      return asBoolean(value, target.label)
        ? sql`coalesce(jsonb_array_length(${target.json}), 0) = 0`
        : sql`coalesce(jsonb_array_length(${target.json}), 0) > 0`;
    case '$notNull':
      return asBoolean(value, target.label)
        ? sql`coalesce(jsonb_array_length(${target.json}), 0) > 0`
        : sql`coalesce(jsonb_array_length(${target.json}), 0) = 0`;
    default:
      throw invalid(`Invalid operator ${operator} for ${target.label}`);
  }
}

function fieldOperator(operator: string, value: unknown, target: Target): SQL {
  if (target.info.kind === 'object') throw invalid(`Invalid key ${target.label}: name one of its fields`);
  if (target.info.kind === 'array') return arrayOperator(operator, value, target);
  const { typed, text } = target;
  const isText = target.info.kind === 'string';
  switch (operator) {
    case '$eq':
      return sql`${typed} = ${scalar(value, target)}`;
    case '$eqi':
      return sql`lower(${text}) = lower(${String(scalar(value, target))})`;
    case '$ne':
      return sql`${typed} is distinct from ${scalar(value, target)}`;
    case '$in':
    case '$notIn': {
      const list = asList(value, target.label).map((item) => scalar(item, target));
      if (list.length === 0) return operator === '$in' ? sql`false` : sql`true`;
      const inList = sql`${typed} in (${sql.join(
        list.map((item) => sql`${item}`),
        sql`, `,
      )})`;
      return operator === '$in' ? inList : sql`not coalesce(${inList}, false)`;
    }
    case '$lt':
      return sql`${typed} < ${scalar(value, target)}`;
    case '$lte':
      return sql`${typed} <= ${scalar(value, target)}`;
    case '$gt':
      return sql`${typed} > ${scalar(value, target)}`;
    case '$gte':
      return sql`${typed} >= ${scalar(value, target)}`;
    case '$contains':
    case '$containsi':
    case '$notContains':
    case '$notContainsi':
    case '$startsWith':
    case '$endsWith': {
      if (typeof value !== 'string' || value.length > 500) throw invalid(`Invalid value for ${target.label}`);
      if (!isText && target.info.kind !== 'number')
        throw invalid(`Invalid operator ${operator} for ${target.label}`);
      const escaped = value.replace(/[\\%_]/g, (char) => `\\${char}`);
      const pattern =
        operator === '$startsWith'
          ? `${escaped}%`
          : operator === '$endsWith'
            ? `%${escaped}`
            : likePattern(value);
      const like = operator.endsWith('i') ? sql`${text} ilike ${pattern}` : sql`${text} like ${pattern}`;
      return operator.startsWith('$not') ? sql`not coalesce(${like}, false)` : like;
    }
    case '$null':
      return asBoolean(value, target.label) ? sql`${text} is null` : sql`${text} is not null`;
    case '$notNull':
      return asBoolean(value, target.label) ? sql`${text} is not null` : sql`${text} is null`;
    default:
      throw invalid(`Invalid operator ${operator} for ${target.label}`);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const MAX_DEPTH = 8;

/** Strapi's filters object, field by field: `{title: {$eq: 'x'}, $or: [{…}, {…}]}`. */
function buildFilters(type: ContentType, node: unknown, path: string[], depth: number): SQL | undefined {
  if (depth > MAX_DEPTH) throw invalid('Filters are nested too deeply');
  if (!isPlainObject(node)) {
    if (path.length === 0) throw invalid('Invalid key filters');
    return fieldOperator('$eq', node, resolveField(type, path));
  }
  const conditions: SQL[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '$and' || key === '$or') {
      const parts = asList(value, key)
        .map((item) => {
          if (!isPlainObject(item)) throw invalid(`Invalid value for ${key}: expected a list of filters`);
          return buildFilters(type, item, path, depth + 1);
        })
        .filter((part): part is SQL => part !== undefined);
      if (parts.length > 0) conditions.push((key === '$and' ? and(...parts) : or(...parts)) as SQL);
    } else if (key === '$not') {
      const part = buildFilters(type, value, path, depth + 1);
      if (part) conditions.push(not(part));
    } else if (key.startsWith('$')) {
      if (path.length === 0) throw invalid(`Invalid key ${key}`);
      conditions.push(fieldOperator(key, value, resolveField(type, path)));
    } else {
      const next = [...path, key];
      // Checks the name before anything else so an unknown field is reported as such.
      resolveField(type, next);
      const part = buildFilters(type, value, next, depth + 1);
      if (part) conditions.push(part);
    }
  }
  if (conditions.length === 0) return undefined;
  return conditions.length === 1 ? conditions[0] : and(...conditions);
}

function buildSort(type: ContentType, value: unknown): SQL[] {
  const items = asList(value, 'sort').flatMap((item) => {
    if (typeof item === 'string') return item.split(',');
    if (isPlainObject(item))
      return Object.entries(item).map(([key, direction]) => `${key}:${String(direction)}`);
    throw invalid('Invalid value for sort');
  });
  if (items.length > 10) throw invalid('Invalid value for sort: at most 10 fields');
  return items.map((item) => {
    const [field = '', direction = 'asc', extra] = item.trim().split(':');
    if (extra !== undefined || !['asc', 'desc'].includes(direction.toLowerCase()))
      throw invalid(`Invalid sort ${item}: use field:asc or field:desc`);
    const target = resolveField(type, field.split('.'));
    if (target.info.kind === 'object' || target.info.kind === 'array') throw invalid(`Invalid sort ${item}`);
    return direction.toLowerCase() === 'desc' ? sql`${desc(target.typed)} nulls last` : asc(target.typed);
  });
}

export type Pagination =
  | { kind: 'page'; page: number; pageSize: number }
  | { kind: 'offset'; start: number; limit: number };

const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 25;

function wholeNumber(value: unknown, label: string, min: number, max: number): number {
  if (typeof value !== 'string' || !/^-?\d{1,12}$/.test(value)) throw invalid(`Invalid value for ${label}`);
  const number = Number(value);
  if (number < min || number > max) throw invalid(`Invalid value for ${label}`);
  return number;
}

function buildPagination(value: unknown): Pagination {
  if (value === undefined) return { kind: 'page', page: 1, pageSize: DEFAULT_PAGE_SIZE };
  if (!isPlainObject(value)) throw invalid('Invalid value for pagination');
  for (const key of Object.keys(value)) {
    if (!['page', 'pageSize', 'start', 'limit', 'withCount'].includes(key))
      throw invalid(`Invalid key pagination[${key}]`);
  }
  const usesPages = value.page !== undefined || value.pageSize !== undefined;
  const usesOffset = value.start !== undefined || value.limit !== undefined;
  if (usesPages && usesOffset)
    throw invalid('Invalid pagination: use page and pageSize, or start and limit, not both');
  if (usesOffset) {
    const start =
      value.start === undefined ? 0 : wholeNumber(value.start, 'pagination[start]', 0, 100_000_000);
    const rawLimit =
      value.limit === undefined
        ? DEFAULT_PAGE_SIZE
        : wholeNumber(value.limit, 'pagination[limit]', -1, 1_000_000);
    // Strapi reads -1 as 'all', capped like any other limit.
    const limit = rawLimit === -1 ? MAX_PAGE_SIZE : Math.min(Math.max(rawLimit, 1), MAX_PAGE_SIZE);
    return { kind: 'offset', start, limit };
  }
  const page = value.page === undefined ? 1 : wholeNumber(value.page, 'pagination[page]', 1, 1_000_000);
  const pageSize =
    value.pageSize === undefined
      ? DEFAULT_PAGE_SIZE
      : Math.min(wholeNumber(value.pageSize, 'pagination[pageSize]', 1, 1_000_000), MAX_PAGE_SIZE);
  return { kind: 'page', page, pageSize };
}

function buildPopulate(type: ContentType, value: unknown): Set<string> {
  const mediaFields = contentMediaFields[type];
  if (value === undefined) return new Set();
  const names =
    typeof value === 'string'
      ? value.split(',')
      : Array.isArray(value)
        ? value.map((item) => {
            if (typeof item !== 'string') throw invalid('Invalid value for populate');
            return item;
          })
        : isPlainObject(value)
          ? Object.keys(value)
          : [];
  const chosen = new Set<string>();
  for (const raw of names) {
    const name = raw.trim();
    if (name === '*' || name === 'true') for (const field of mediaFields) chosen.add(field);
    else if (mediaFields.includes(name)) chosen.add(name);
    else throw invalid(`Invalid key populate ${name}`);
  }
  return chosen;
}

const entryFields = ['publishedAt', 'createdAt', 'updatedAt', 'locale'];

function buildFields(type: ContentType, value: unknown): Set<string> | null {
  if (value === undefined) return null;
  const names = asList(value, 'fields').flatMap((item) => {
    if (typeof item !== 'string') throw invalid('Invalid value for fields');
    return item.split(',');
  });
  const allowed = new Set([...attributeNames(type), ...entryFields]);
  const chosen = new Set<string>();
  for (const raw of names) {
    const name = raw.trim();
    if (!allowed.has(name) || contentMediaFields[type].includes(name))
      throw invalid(`Invalid key fields ${name}`);
    chosen.add(name);
  }
  return chosen;
}

export interface StrapiQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  pagination: Pagination;
  populate: Set<string>;
  fields: Set<string> | null;
  locale: string;
}

const topLevelKeys = ['filters', 'sort', 'pagination', 'populate', 'fields', 'locale', 'publicationState'];

/**
 * Every string a client sent must be real text: a NUL byte or a broken UTF-8 sequence is refused
 * before anything reaches the database.
 */
function checkRawQuery(raw: string) {
  if (raw.length > 8000) throw invalid('The query is too long');
  for (const part of raw.split('&')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      throw invalid('The query is not valid UTF-8');
    }
    if (decoded.includes('\0')) throw invalid('The query must not contain NUL characters');
    if (/\p{Cs}/u.test(decoded)) throw invalid('The query is not valid UTF-8');
    // qs drops these silently; a client that sends them should hear about it like any unknown key.
    const key = decoded.split('=')[0] ?? '';
    const forbidden = /(?:^|\[)(__proto__|constructor|prototype)(?:\]|$)/.exec(key);
    if (forbidden) throw invalid(`Invalid key ${forbidden[1]}`);
  }
}

/** The parsed query string (qs bracket syntax, as Strapi reads it). */
export function parseQueryString(raw: string): Record<string, unknown> {
  checkRawQuery(raw);
  return qs.parse(raw, {
    depth: 12,
    arrayLimit: 100,
    parameterLimit: 200,
    allowPrototypes: false,
    strictDepth: true,
  });
}

export function parseStrapiQuery(
  type: ContentType,
  raw: string,
  options: { allow?: readonly string[] } = {},
): StrapiQuery {
  let query: Record<string, unknown>;
  try {
    query = parseQueryString(raw);
  } catch (error) {
    if (error instanceof StrapiValidationError) throw error;
    throw invalid('The query could not be read');
  }
  const allowed = options.allow ?? topLevelKeys;
  for (const key of Object.keys(query)) {
    if (!allowed.includes(key)) throw invalid(`Invalid key ${key}`);
  }
  const locale = query.locale ?? 'en';
  if (typeof locale !== 'string' || !/^[a-z]{2}(-[A-Z]{2})?$/.test(locale))
    throw invalid('Invalid value for locale');
  if (query.publicationState !== undefined && !['live', 'preview'].includes(String(query.publicationState)))
    throw invalid('Invalid value for publicationState');
  return {
    where: query.filters === undefined ? undefined : buildFilters(type, query.filters, [], 0),
    orderBy: query.sort === undefined ? [] : buildSort(type, query.sort),
    pagination: buildPagination(query.pagination),
    populate: buildPopulate(type, query.populate),
    fields: buildFields(type, query.fields),
    locale,
  };
}
