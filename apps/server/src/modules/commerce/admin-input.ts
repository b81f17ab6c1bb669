// What staff send the commerce admin, checked before it is used: text no form could have produced,
// uploads that are not PDFs, ids out of the columns' range and wildcards typed into a search box.

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first text in a request that no form could have produced, described in plain words. */
export function brokenTextProblem(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'Text must not contain NUL characters. Remove them and try again.';
    if (loneSurrogate.test(value))
      return 'Text contains characters that could not be read. Retype it and try again.';
    return null;
  }
  if (depth > 4 || value === null || typeof value !== 'object') return null;
  for (const item of Object.values(value)) {
    const problem = brokenTextProblem(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** `%PDF-` at the very start: the bytes decide, never the name or the browser's claim. */
export const isPdf = (bytes: Buffer) =>
  bytes.length >= 5 && bytes.subarray(0, 5).equals(Buffer.from('%PDF-', 'latin1'));

/** Ids are 32-bit integer columns: a larger number names nothing (and must not reach the database). */
export const isDbId = (value: number) => Number.isSafeInteger(value) && value >= 1 && value <= 2_147_483_647;

/** Wildcards typed into a search box are searched for, not interpreted. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
