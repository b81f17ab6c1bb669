import { utf8ByteLength } from './utf8';

/** SPSS keywords that can never be variable names (compared without regard to case). */
const RESERVED = new Set(['ALL', 'AND', 'BY', 'EQ', 'GE', 'GT', 'LE', 'LT', 'NE', 'NOT', 'OR', 'TO', 'WITH']);

/** Longest variable name, in UTF-8 bytes. */
export const MAX_NAME_BYTES = 64;

/** Longest short name, the one stored in the variable record itself. */
const SHORT_NAME_BYTES = 8;

/**
 * A variable name starts with a letter (any script) and goes on with letters, combining marks,
 * digits, `_`, `.`, `@` or `#`.
 */
const NAME_PATTERN = /^\p{L}[\p{L}\p{M}\p{Nd}_.@#]*$/u;

/** Why `name` is not a valid SPSS variable name, or null when it is. */
export function nameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'a variable name must be a non-empty string';
  if (utf8ByteLength(name) > MAX_NAME_BYTES)
    return `variable name "${name}" is longer than ${MAX_NAME_BYTES} bytes in UTF-8`;
  if (!NAME_PATTERN.test(name))
    return `variable name "${name}" must start with a letter and contain only letters, digits, _ . @ or #`;
  if (name.endsWith('.')) return `variable name "${name}" must not end with a period`;
  if (RESERVED.has(name.toUpperCase())) return `variable name "${name}" is a reserved SPSS keyword`;
  return null;
}

/** The key under which SPSS compares names: names differing only in case are the same variable. */
export function nameKey(name: string): string {
  return name.toUpperCase();
}

/**
 * The ASCII short name a long name suggests: accents dropped, upper case, only A–Z 0–9 _ . @ #,
 * starting with a letter, at most 8 bytes, not ending with a period.
 */
function shortNameBase(name: string): string {
  let base = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9_.@#]/g, '');
  if (!/^[A-Z]/.test(base)) base = `V${base}`;
  return trimShort(base.slice(0, SHORT_NAME_BYTES));
}

const trimShort = (name: string) => name.replace(/\.+$/, '');

/**
 * Assigns each long name a unique, valid 8-byte ASCII short name. A name that already is a valid
 * short name keeps it (upper-cased); the others are derived from their long name, with a numeric
 * suffix (`_1`, `_2`, …) where that would clash. Names that keep theirs are served first, so no
 * generated short name can equal another variable's long name (PSPP renames one variable at a time
 * and would see that as a duplicate).
 */
export function assignShortNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  const result: (string | undefined)[] = names.map((name) => {
    const natural = name.toUpperCase();
    if (/^[A-Z][A-Z0-9_.@#]{0,7}$/.test(natural) && !natural.endsWith('.') && !RESERVED.has(natural)) {
      taken.add(natural);
      return natural;
    }
    return undefined;
  });
  return names.map((name, index) => {
    const kept = result[index];
    if (kept) return kept;
    const base = shortNameBase(name);
    let candidate = base;
    for (let n = 1; taken.has(candidate) || RESERVED.has(candidate); n++) {
      const suffix = `_${n}`;
      candidate = `${trimShort(base.slice(0, SHORT_NAME_BYTES - suffix.length))}${suffix}`;
    }
    taken.add(candidate);
    return candidate;
  });
}
