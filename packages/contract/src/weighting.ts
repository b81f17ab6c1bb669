import { z } from 'zod';
import { genderLabels, genders, regionLabels, regions } from './surveys';

/**
 * Raking targets a researcher sets for one survey (issue 13, decision 027): the share of each age,
 * gender and US region the weighted results should have. Without them, results are weighted to the
 * Census margins of US teens. Shared by the server (which checks what it stores) and the web (which
 * checks a file before it is sent, and says the same thing).
 */

export const weightingAttributes = ['age', 'gender', 'region'] as const;
export type WeightingAttribute = (typeof weightingAttributes)[number];
export const weightingAttributeLabels: Record<WeightingAttribute, string> = {
  age: 'Age',
  gender: 'Gender',
  region: 'US region',
};

/** The values each attribute takes, as the screener stores them. */
export const weightingValues: Record<WeightingAttribute, readonly string[]> = {
  age: ['13', '14', '15', '16', '17', '18', '19'],
  gender: genders,
  region: regions,
};

/** 'age', 'gender', 'US region': an attribute inside a sentence. */
export const weightingAttributeWord = (attribute: WeightingAttribute) =>
  attribute === 'region' ? 'US region' : weightingAttributeLabels[attribute].toLowerCase();

export function weightingValueLabel(attribute: WeightingAttribute, value: string): string {
  if (attribute === 'gender') return genderLabels[value as keyof typeof genderLabels] ?? value;
  if (attribute === 'region') return regionLabels[value as keyof typeof regionLabels] ?? value;
  return value;
}

/** The shares of each attribute must add up to 100%, give or take this many points. */
export const TARGET_SUM_TOLERANCE_POINTS = 0.5;
/** More lines than any complete set of targets needs (7 ages, 4 genders, 4 regions). */
export const MAX_TARGET_ROWS = 60;
export const MAX_TARGETS_CSV_LENGTH = 20_000;

/** Targets as stored and as raking reads them: attribute → value → share (0 to 1). */
export type WeightingTargets = Partial<Record<WeightingAttribute, Record<string, number>>>;

export interface TargetRow {
  attribute: string;
  value: string;
  /** A number, or the text of a file's cell (checked by `checkTargets`). */
  percent: number | string;
  /** The line of the file it came from, for messages. */
  line?: number;
}

const targetRowSchema = z.object({
  attribute: z.string().max(100),
  value: z.string().max(100),
  percent: z.union([z.number(), z.string().max(100)]),
});

/** PUT body: a CSV file's text (attribute,value,percent) or the rows of the table on screen. */
export const saveWeightingTargetsSchema = z
  .object({
    csv: z
      .string()
      .max(MAX_TARGETS_CSV_LENGTH, 'The file is too long for a set of targets (20,000 characters at most).')
      .optional(),
    rows: z.array(targetRowSchema).max(MAX_TARGET_ROWS, 'Too many rows for a set of targets.').optional(),
  })
  .refine((body) => (body.csv === undefined) !== (body.rows === undefined), {
    message: 'Send either a CSV file or the rows of the table.',
    path: ['csv'],
  });
export type SaveWeightingTargets = z.infer<typeof saveWeightingTargetsSchema>;

/** Percentages by attribute and value, one decimal. */
const percentTableSchema = z.record(z.string(), z.record(z.string(), z.number()));

export const weightingTargetsInfoSchema = z.object({
  /** What the survey's weighted results use now. */
  source: z.enum(['census', 'custom']),
  /** In words, as screens and exports name it. */
  label: z.string(),
  /**
   * Each target as raked for this survey's audience and the values present, in words (issue 26):
   * 'age 14 20.0%, …; gender: Girls 49.1%, …'. Null when nothing is raked.
   */
  applied: z.string().nullable().optional(),
  /** The researcher's targets in percent, or null when the Census margins are used. */
  custom: percentTableSchema.nullable(),
  /** The Census margins in percent (genders other than girls and boys are not in the estimates). */
  census: percentTableSchema,
  /** Targets that cannot be met as given, in words (a value nobody in the sample has). */
  warnings: z.array(z.string()),
  /** Counted respondents the weights are computed for. */
  respondents: z.number().int(),
  /** Weighting efficiency in percent and Kish's effective base, over every counted respondent. */
  efficiency: z.number().nullable(),
  effectiveBase: z.number().nullable(),
  converged: z.boolean(),
});
export type WeightingTargetsInfo = z.infer<typeof weightingTargetsInfoSchema>;
export const weightingTargetsResponseSchema = z.object({ data: weightingTargetsInfoSchema });

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Splits one CSV line into cells: commas, or semicolons when the line has no comma; quotes allowed. */
function cellsOf(line: string): string[] {
  const separator = line.includes(',') || !line.includes(';') ? ',' : ';';
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      cells.push(current.trim());
      current = '';
    } else current += ch;
  }
  cells.push(current.trim());
  return cells;
}

/**
 * The rows of a targets file (attribute,value,percent; a header line is optional), or the problems
 * that stop it from being read, in words.
 */
export function parseTargetsCsv(text: string): { rows: TargetRow[]; problems: string[] } {
  if (text.includes('\u0000')) {
    return {
      rows: [],
      problems: [
        'The file contains a NUL character (code 0), so it is not a plain CSV file. Save it as CSV (comma separated) and upload it again.',
      ],
    };
  }
  if (LONE_SURROGATE.test(text)) {
    return {
      rows: [],
      problems: ['The file has a broken character. Save it as CSV (UTF-8) and upload it again.'],
    };
  }
  if (text.length > MAX_TARGETS_CSV_LENGTH) {
    return { rows: [], problems: ['The file is too long for a set of targets (20,000 characters at most).'] };
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const rows: TargetRow[] = [];
  const problems: string[] = [];
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '' || /^[,;\s]*$/.test(raw)) return;
    const cells = cellsOf(raw);
    const header = cells[0]?.toLowerCase().replace(/^"|"$/g, '');
    if (rows.length === 0 && problems.length === 0 && header === 'attribute') return;
    if (cells.length !== 3) {
      problems.push(
        `Line ${line}: write three values separated by commas: attribute, value, percent (for example: gender,female,49).`,
      );
      return;
    }
    rows.push({ attribute: cells[0]!, value: cells[1]!, percent: cells[2]!, line });
  });
  if (rows.length > MAX_TARGET_ROWS) {
    return {
      rows: [],
      problems: [`The file has ${rows.length} targets; a set has ${MAX_TARGET_ROWS} at most.`],
    };
  }
  return { rows, problems };
}

const norm = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

const attributeOf = (text: string): WeightingAttribute | undefined => {
  const key = norm(text);
  if (key === 'age' || key === 'ages') return 'age';
  if (key === 'gender' || key === 'sex') return 'gender';
  if (key === 'region' || key === 'us region' || key === 'census region') return 'region';
  return undefined;
};

/** A value by its stored id or its label ('female' or 'Girls'), ignoring case. */
const knownValue = (attribute: WeightingAttribute, text: string): string | undefined => {
  const key = norm(text);
  return weightingValues[attribute].find(
    (value) => norm(value) === key || norm(weightingValueLabel(attribute, value)) === key,
  );
};

const allowed: Record<WeightingAttribute, string> = {
  age: 'Use a whole age from 13 to 19.',
  gender: `Use ${genders.join(', ')} (or ${genders.map((g) => genderLabels[g]).join(', ')}).`,
  region: `Use ${regions.join(', ')}.`,
};

const valueNoun: Record<WeightingAttribute, string> = {
  age: 'an age we survey',
  gender: 'a gender the screener records',
  region: 'a US region',
};

const percentText = (value: number) => `${Number(value.toFixed(2))}%`;

/**
 * Checks a set of targets and returns them as shares, or every problem in words: known attributes
 * and values only, each given once, percentages from 0 to 100, each attribute adding up to 100%
 * (± 0.5) with at least two values above 0.
 */
export function checkTargets(rows: readonly TargetRow[]): {
  targets: WeightingTargets | null;
  problems: string[];
} {
  const problems: string[] = [];
  if (rows.length === 0) {
    return {
      targets: null,
      problems: ['Add at least one target, or reset to the Census margins.'],
    };
  }
  if (rows.length > MAX_TARGET_ROWS) {
    return { targets: null, problems: [`A set has ${MAX_TARGET_ROWS} targets at most.`] };
  }
  const percents: WeightingTargets = {};
  const seen = new Map<string, string>();
  rows.forEach((row, index) => {
    const where = row.line !== undefined ? `Line ${row.line}` : `Row ${index + 1}`;
    for (const text of [row.attribute, row.value, String(row.percent)]) {
      if (text.includes('\u0000') || LONE_SURROGATE.test(text)) {
        problems.push(`${where}: contains a character that cannot be read (a NUL or broken character).`);
        return;
      }
    }
    const attribute = attributeOf(row.attribute);
    if (!attribute) {
      problems.push(
        `${where}: “${row.attribute.slice(0, 40)}” is not something results can be weighted by. Use age, gender or region.`,
      );
      return;
    }
    const value = knownValue(attribute, row.value);
    if (!value) {
      problems.push(
        `${where}: “${row.value.slice(0, 40)}” is not ${valueNoun[attribute]}. ${allowed[attribute]}`,
      );
      return;
    }
    const text = typeof row.percent === 'number' ? String(row.percent) : row.percent.trim().replace(/%$/, '');
    const percent = typeof row.percent === 'number' ? row.percent : text === '' ? Number.NaN : Number(text);
    const name = `${weightingAttributeWord(attribute)} ${weightingValueLabel(attribute, value)}`;
    if (!Number.isFinite(percent)) {
      problems.push(
        `${where}: “${String(row.percent).slice(0, 20)}” is not a percentage. Write a number from 0 to 100, like 14.5.`,
      );
      return;
    }
    if (percent < 0) {
      problems.push(`${where}: the share of ${name} can’t be negative.`);
      return;
    }
    if (percent > 100) {
      problems.push(`${where}: the share of ${name} can’t be more than 100%.`);
      return;
    }
    const key = `${attribute}:${value}`;
    if (seen.has(key)) {
      problems.push(`${where}: ${name} is given twice (also on ${seen.get(key)!.toLowerCase()}).`);
      return;
    }
    seen.set(key, where);
    percents[attribute] = { ...(percents[attribute] ?? {}), [value]: percent };
  });
  for (const attribute of weightingAttributes) {
    const given = percents[attribute];
    if (!given) continue;
    const label = weightingAttributeLabels[attribute];
    const sum = Object.values(given).reduce((total, p) => total + p, 0);
    if (Math.abs(sum - 100) > TARGET_SUM_TOLERANCE_POINTS) {
      problems.push(
        `${label} adds up to ${percentText(sum)}. The shares of each attribute must add up to 100% (give or take ${TARGET_SUM_TOLERANCE_POINTS}).`,
      );
    } else if (Object.values(given).filter((p) => p > 0).length < 2) {
      problems.push(
        `${label}: give at least two values a share above 0%. One group alone can’t be weighted; leave ${weightingAttributeWord(attribute)} out instead.`,
      );
    }
  }
  if (problems.length > 0) return { targets: null, problems };
  const targets: WeightingTargets = {};
  for (const attribute of weightingAttributes) {
    const given = percents[attribute];
    if (!given) continue;
    const sum = Object.values(given).reduce((total, p) => total + p, 0);
    targets[attribute] = Object.fromEntries(Object.entries(given).map(([value, p]) => [value, p / sum]));
  }
  return { targets, problems: [] };
}

/** Shares as percentages with two decimals (what screens and files show). */
export function targetsInPercent(targets: WeightingTargets): Record<string, Record<string, number>> {
  return Object.fromEntries(
    Object.entries(targets).map(([attribute, shares]) => [
      attribute,
      Object.fromEntries(
        Object.entries(shares ?? {}).map(([value, share]) => [value, Math.round(share * 10_000) / 100]),
      ),
    ]),
  );
}

/** Targets as a CSV file a researcher can edit and upload again. */
export function targetsCsv(percents: Record<string, Record<string, number>>): string {
  const lines = ['attribute,value,percent'];
  for (const attribute of weightingAttributes) {
    for (const value of weightingValues[attribute]) {
      const percent = percents[attribute]?.[value];
      if (percent !== undefined) lines.push(`${attribute},${value},${percent}`);
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
