import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../db/client';
import { demoOrganizations } from '../db/seed/demo-accounts';
import { type CookieJar, cookieJar, signIn } from './session';

/**
 * Hostile requests derived from the OpenAPI document, for every operation: the fuzz suite of
 * apps/server/src/test/fuzz.test.ts (a few runs per operation, in `npm test`) and of bench/fuzz.ts (long).
 * What must hold: no answer is a 5xx, and a rejected write (any 4xx to POST, PUT, PATCH or DELETE)
 * leaves every table as it was.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
  required?: string[];
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
};

export interface Operation {
  method: string;
  /** The OpenAPI path, with `{name}` parameters. */
  path: string;
  pathParams: string[];
  query: JsonSchema | null;
  body: JsonSchema | null;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signing out and rotating a session change state by design, whatever the body says. */
const SKIPPED = new Set(['DELETE /logout', 'POST /refresh-access-token']);

export function operationsOf(document: {
  paths?: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown }>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const fastifyPath = path.replace(/\{([^}]+)\}/g, ':$1');
      if (SKIPPED.has(`${upper} ${fastifyPath}`)) continue;
      const parameters = (operation.parameters ?? []) as { in: string; name: string; schema?: JsonSchema }[];
      const queryProperties: Record<string, JsonSchema> = {};
      for (const parameter of parameters) {
        if (parameter.in === 'query') queryProperties[parameter.name] = parameter.schema ?? {};
      }
      const content = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> })
        ?.content;
      operations.push({
        method: upper,
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        query:
          Object.keys(queryProperties).length > 0 ? { type: 'object', properties: queryProperties } : null,
        body: content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** Text that broke the API once, or could: NUL, lone surrogates, overflowing numbers, traversal, markup. */
const hostileText = fc.oneof(
  // What broke the API most often in the probe, so it comes up most often here.
  { weight: 4, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy') },
  fc.constantFrom(
    '\u0000',
    'name\u0000',
    '\uD800',
    'x\uDFFFy',
    '',
    ' ',
    '2147483648',
    '-2147483649',
    '99999999999999999999',
    '1e309',
    'NaN',
    '-0',
    '../../etc/passwd',
    '<img src=x onerror=alert(1)>',
    "' OR 1=1 --",
    '😀'.repeat(50),
    'a'.repeat(5000),
    '__proto__',
    '1900-01-01T00:00:00Z',
    '0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a01',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    maxLength: 40,
  }),
  fc.string({ maxLength: 20 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(2_147_483_648, -2_147_483_649, 2 ** 53 + 2, 1e308, -1e308, -0, 0.5, -1, 0, 1),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const anyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileText, tie('value'), { maxKeys: 3 }),
  ),
})).value;

const typesOf = (schema: JsonSchema): string[] => [schema.type ?? []].flat();

/** A value for a schema: mostly of its shape with hostile content, sometimes of any shape at all. */
export function hostileFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0 && depth < 6) {
    return fc.oneof(...variants.map((variant) => hostileFor(variant, depth + 1)));
  }
  const shaped: fc.Arbitrary<unknown>[] = [];
  if (schema.enum) shaped.push(fc.constantFrom(...schema.enum));
  if (schema.const !== undefined) shaped.push(fc.constant(schema.const));
  const types = typesOf(schema);
  if (types.includes('string')) shaped.push(hostileText);
  if (types.includes('number') || types.includes('integer')) shaped.push(hostileNumber);
  if (types.includes('boolean')) shaped.push(fc.boolean());
  if (types.includes('null')) shaped.push(fc.constant(null));
  if (types.includes('array') && depth < 6) {
    shaped.push(fc.array(schema.items ? hostileFor(schema.items, depth + 1) : anyValue, { maxLength: 4 }));
  }
  if ((types.includes('object') || schema.properties) && depth < 6) {
    const properties = Object.entries(schema.properties ?? {});
    shaped.push(
      fc
        .tuple(
          ...properties.map(([, property]) => fc.option(hostileFor(property, depth + 1), { freq: 4 })),
          fc.dictionary(hostileText, anyValue, { maxKeys: 2 }),
        )
        .map((values) => {
          const extra = values.pop() as Record<string, unknown>;
          const object: Record<string, unknown> = { ...extra };
          properties.forEach(([name], index) => {
            if (values[index] !== null) object[name] = values[index];
          });
          return object;
        }),
    );
  }
  if (shaped.length === 0) return anyValue;
  return fc.oneof({ weight: 9, arbitrary: fc.oneof(...shaped) }, { weight: 1, arbitrary: anyValue });
}

/** A value the schema accepts, as far as its keywords say: the background a single hostile value sits in. */
export function plausible(schema: JsonSchema, depth = 0): unknown {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) {
    const first = variants.find((variant) => !typesOf(variant).includes('null')) ?? variants[0]!;
    return plausible(first, depth + 1);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const types = typesOf(schema);
  if (types.includes('object') || schema.properties) {
    const object: Record<string, unknown> = {};
    if (depth > 6) return object;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      object[name] = plausible(property, depth + 1);
    }
    return object;
  }
  if (types.includes('array')) {
    const count = Math.max(schema.minItems ?? 0, 1);
    return depth > 6 || !schema.items
      ? []
      : Array.from({ length: count }, () => plausible(schema.items!, depth + 1));
  }
  if (types.includes('string')) {
    switch (schema.format) {
      case 'uuid':
        return knownIds[0];
      case 'email':
        return 'fuzz@example.org';
      case 'date-time':
        return new Date(Date.UTC(2026, 0, 31, 9)).toISOString();
      case 'date':
        return '2026-01-31';
      case 'uri':
        return 'https://example.org/';
      default: {
        if (schema.pattern) {
          try {
            const matching = fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' });
            const found = fc.sample(matching, { numRuns: 20, seed: 1 }).find((text) => {
              const length = [...text].length;
              return length >= (schema.minLength ?? 0) && length <= (schema.maxLength ?? Infinity);
            });
            if (found !== undefined) return found;
          } catch {
            // A pattern fast-check cannot generate from: plain text below.
          }
        }
        const length = Math.min(Math.max(schema.minLength ?? 0, 12), schema.maxLength ?? 12);
        return 'Plausible text for a field'.padEnd(length, 'x').slice(0, length);
      }
    }
  }
  if (types.includes('integer') || types.includes('number')) {
    return schema.minimum !== undefined ? schema.minimum : Math.min(1, schema.maximum ?? 1);
  }
  if (types.includes('boolean')) return false;
  return null;
}

/** The paths of every leaf of a value, where a hostile value can be put. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.length === 0 ? [path] : value.flatMap((item, index) => leafPaths(item, [...path, index]));
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? [path] : entries.flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return [path];
}

function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[path[0]!] = withValueAt(copy[path[0]!], path.slice(1), replacement);
  return copy;
}

/**
 * A plausible value with exactly one leaf made hostile: such a request passes the shape checks that
 * guard the rest, and carries its one bad value (a NUL, a lone surrogate, an overflow) into the handler.
 */
export function oneHostileLeaf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const base = plausible(schema);
  const paths = leafPaths(base);
  return fc
    .tuple(
      fc.nat({ max: paths.length - 1 }),
      fc.oneof({ weight: 4, arbitrary: hostileText }, hostileNumber, anyValue),
    )
    .map(([index, hostile]) => withValueAt(base, paths[index]!, hostile));
}

/** Ids of the seed, so that some requests reach past "not found" into the handlers. */
const knownIds = [
  demoOrganizations.northside.id,
  demoOrganizations.brightpath.id,
  '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b01',
  '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02',
];
const pathValue = (ids: string[]) =>
  fc.oneof(
    ...(ids.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...ids) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...knownIds, '1', '0', '-1', '2147483648') },
    { weight: 1, arbitrary: hostileText },
  );

export interface HostileRequest {
  method: string;
  url: string;
  /** A JSON text: hostile values, or a body that is valid JSON with a poisoning key. */
  body?: string;
}

const poisoned = fc.constantFrom(
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"name":"x","__proto__":null}',
  '"just a string"',
  '[]',
  '{"a":',
  '',
  '{"version":2147483648}',
  '{"n":1e400}',
);

/** Percent-encoding that keeps lone surrogates as their three bytes (WTF-8), as a hostile client may send. */
function encodeComponent(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

export function hostileRequest(operation: Operation, ids: string[] = []): fc.Arbitrary<HostileRequest> {
  const params = fc.tuple(...operation.pathParams.map(() => pathValue(ids)), fc.constant(null));
  const query = operation.query
    ? fc.oneof(oneHostileLeaf(operation.query), hostileFor(operation.query))
    : fc.constant(undefined);
  const body = operation.body
    ? fc.oneof(
        { weight: 6, arbitrary: oneHostileLeaf(operation.body).map((value) => JSON.stringify(value)) },
        { weight: 3, arbitrary: hostileFor(operation.body).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: poisoned },
      )
    : fc.constant(undefined);
  return fc.tuple(params, query, body).map(([values, queryValue, bodyText]) => {
    let url = operation.path;
    operation.pathParams.forEach((name, index) => {
      url = url.replace(`{${name}}`, encodeComponent(String(values[index])));
    });
    const pairs: string[] = [];
    if (queryValue && typeof queryValue === 'object' && !Array.isArray(queryValue)) {
      for (const [key, value] of Object.entries(queryValue)) {
        const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
        pairs.push(`${encodeComponent(key)}=${encodeComponent(text)}`);
      }
    }
    const queryText = pairs.join('&');
    return {
      method: operation.method,
      url: queryText ? `${url}?${queryText}` : url,
      ...(bodyText !== undefined ? { body: bodyText } : {}),
    };
  });
}

/**
 * A fingerprint of every table of the app: its row count and a hash of its rows. Equal fingerprints
 * before and after a request mean the request changed nothing that was stored.
 */
export async function fingerprint(db: Db): Promise<Map<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = tables.map((row) => row.name).filter((name) => !name.startsWith('__drizzle'));
  const union = names
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text as print from "${name}" t`,
    )
    .join(' union all ');
  const result = await queryRows<{ name: string; print: string }>(db, sql.raw(union));
  return new Map(result.map((row) => [row.name, row.print]));
}

export interface FuzzFinding {
  request: HostileRequest;
  as: string;
  problem: string;
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  rejectedWrites: number;
  findings: FuzzFinding[];
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...after.keys()].filter((name) => before.get(name) !== after.get(name));

/**
 * Sends `runs` hostile requests to every operation, as an anonymous visitor and as a member of an
 * organisation (a researcher), and records every 5xx and every rejected write that changed a table.
 */
export async function fuzzApi(
  app: FastifyInstance,
  db: Db,
  options: {
    runs: number;
    seed: number;
    memberEmail: string;
    onProgress?: (done: number) => void;
  },
): Promise<FuzzReport> {
  const document = app.swagger() as Parameters<typeof operationsOf>[0];
  const operations = operationsOf(document);
  const member = await signIn(app, options.memberEmail);
  // A draft of the member's own, so that survey writes reach their handlers past "not found".
  const draft = await app.inject({
    method: 'POST',
    url: '/v2/surveys',
    headers: { cookie: member.header, 'x-asa-organization-id': demoOrganizations.northside.id },
    payload: { type: 'long_form' },
  });
  const ids = [draft.json().data.id as string];
  const callers: { as: string; jar: CookieJar }[] = [
    { as: 'anonymous', jar: cookieJar() },
    { as: 'member', jar: member },
  ];
  const report: FuzzReport = { requests: 0, byStatus: {}, rejectedWrites: 0, findings: [] };
  let before = await fingerprint(db);

  let index = 0;
  for (const operation of operations) {
    index += 1;
    const samples = fc.sample(hostileRequest(operation, ids), {
      numRuns: options.runs,
      seed: options.seed + index,
    });
    for (const request of samples) {
      for (const caller of callers) {
        const headers: Record<string, string> = { 'x-asa-organization-id': demoOrganizations.northside.id };
        if (caller.jar.header) headers.cookie = caller.jar.header;
        if (request.body !== undefined) headers['content-type'] = 'application/json';
        const response = await app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers,
          ...(request.body !== undefined ? { payload: request.body } : {}),
        });
        report.requests += 1;
        const status = String(response.statusCode);
        report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
        if (response.statusCode >= 500) {
          report.findings.push({
            request,
            as: caller.as,
            problem: `${status}: ${response.body.slice(0, 300)}`,
          });
        }
        if (WRITES.has(request.method)) {
          const after = await fingerprint(db);
          if (response.statusCode >= 400 && response.statusCode < 500) {
            report.rejectedWrites += 1;
            const changed = changedTables(before, after);
            if (changed.length > 0) {
              report.findings.push({
                request,
                as: caller.as,
                problem: `rejected with ${status} but changed ${changed.join(', ')}: ${response.body.slice(0, 200)}`,
              });
            }
          }
          before = after;
        }
      }
      options.onProgress?.(report.requests);
    }
  }
  return report;
}
