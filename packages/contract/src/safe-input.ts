import { z } from 'zod';
import { textProblem } from './text-rules';

/**
 * What every input must be before any schema looks at it, in one place for the whole API: text without
 * NUL characters and with valid Unicode (no lone UTF-16 surrogates), and numbers a database column can
 * hold. PostgreSQL refuses a NUL in text and a lone surrogate cannot be stored as UTF-8, so without this
 * such input would fail deep in a query as a 500 instead of at the door as a 400.
 */

/** The largest value of a PostgreSQL `integer` column. */
export const MAX_INT32 = 2_147_483_647;

/** An id, version or count that an `integer` column stores. */
export const int32 = () =>
  z
    .number()
    .int()
    .max(MAX_INT32, `Number must be less than or equal to ${MAX_INT32}`)
    .min(-MAX_INT32, `Number must be greater than or equal to ${-MAX_INT32}`);

/** A 1-based page number from a query string; 100,000 pages is far past any list we keep. */
export const pageNumber = () =>
  z.coerce.number().int().min(1).max(100_000, 'Number must be less than or equal to 100000').default(1);

export * from './text-rules';

export const NUMBER_MESSAGE = 'Number is too large to be stored exactly.';
export const KEY_MESSAGE = 'Field names cannot contain NUL characters or broken Unicode.';

export interface InputProblem {
  /** Dotted path of the field, as in `data.fields` of a 400 (`_` for the input itself). */
  field: string;
  message: string;
}

const MAX_DEPTH = 64;
const MAX_PROBLEMS = 20;

/**
 * Every problem of an input (a parsed JSON body, a query or path parameters), walked once. Numbers must
 * be finite and, when whole, exact (within ±2^53); the schemas narrow them further to their columns.
 */
export function inputProblems(input: unknown): InputProblem[] {
  const problems: InputProblem[] = [];
  // The path is kept as a linked list and spelled out only for a problem: a clean input (nearly every
  // request) allocates nothing per field.
  type Path = { key: string; up: Path } | null;
  const spell = (path: Path) => {
    const keys: string[] = [];
    for (let at = path; at; at = at.up) keys.push(at.key);
    return keys.reverse().join('.') || '_';
  };
  const walk = (value: unknown, path: Path, depth: number) => {
    if (problems.length >= MAX_PROBLEMS) return;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) problems.push({ field: spell(path), message: problem });
      return;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))) {
        problems.push({ field: spell(path), message: NUMBER_MESSAGE });
      }
      return;
    }
    if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++)
        walk(value[index], { key: String(index), up: path }, depth + 1);
      return;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (textProblem(key)) {
        problems.push({ field: spell(path), message: KEY_MESSAGE });
        continue;
      }
      walk((value as Record<string, unknown>)[key], { key, up: path }, depth + 1);
    }
  };
  walk(input, null, 0);
  return problems;
}
