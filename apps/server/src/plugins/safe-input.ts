import { type InputProblem, inputProblems } from '@tv/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describeFields, HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's plugin checks its input itself, in its API's own words (the Magento API). */
    ownInputChecks?: boolean;
  }
}

/** The 400 of spec-shaped field errors, with the fields named in the message too. */
export function invalidInput(problems: InputProblem[]): HttpError {
  const fields: Record<string, string[]> = {};
  for (const { field, message } of problems) {
    fields[field] ??= [];
    fields[field].push(message);
  }
  return new HttpError(400, describeFields(fields), 'VALIDATION_FAILED', { fields });
}

/** The path of the first key that could poison a prototype when the body is merged into an object. */
function forbiddenKey(value: unknown, depth = 0): string[] | null {
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    const poisons =
      key === '__proto__' ||
      (key === 'constructor' && item !== null && typeof item === 'object' && 'prototype' in item);
    if (poisons) return [key];
    // The path is built on the way back out, only when a key was found.
    const found = forbiddenKey(item, depth + 1);
    if (found) return [key, ...found];
  }
  return null;
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * The JSON body parser of the whole API: plain words for an empty, broken or prototype-poisoning body
 * (valid JSON with a `__proto__` key is refused by name, not as "not valid JSON").
 */
export function parseJsonBody(text: string, done: ParserDone, options: { allowEmpty?: boolean } = {}): void {
  if (text.trim() === '') {
    if (options.allowEmpty) done(null, undefined);
    else done(new HttpError(400, 'The request body is empty; send a JSON object.', 'EMPTY_BODY'));
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    done(new HttpError(400, 'The request body is not valid JSON.', 'INVALID_JSON'));
    return;
  }
  const key = forbiddenKey(parsed)?.join('.');
  if (key) {
    const message = `A field may not be named "${key.split('.').pop()}".`;
    done(new HttpError(400, message, 'FORBIDDEN_FIELD_NAME', { fields: { [key]: [message] } }));
    return;
  }
  done(null, parsed);
}

/**
 * Every input passes the contract's checks (packages/contract/src/safe-input.ts) before any schema or
 * handler sees it: path, query and body. A
 * rejected request changes nothing, and its answer names the field and what is wanted.
 */
export const safeInputPlugin = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    parseJsonBody(body as string, done),
  );
  // After the schemas, so a field's own message (where a schema has one) wins; before every handler.
  app.addHook('preHandler', async (request) => {
    // A page address answers as a page (a 404 with HTML for what is no page), never as an API's 400.
    // (The static files' catch-all refuses such a path itself and hands it to the not-found page.)
    if (request.is404 || request.routeOptions.url === '/*' || request.routeOptions.config.ownInputChecks)
      return;
    const problems = [
      ...inputProblems(request.params ?? {}),
      ...inputProblems(request.query ?? {}),
      ...inputProblems(request.body ?? {}),
    ];
    if (problems.length > 0) throw invalidInput(problems);
  });
});
