import {
  checkTargets,
  parseTargetsCsv,
  type TargetRow,
  targetsCsv,
  targetsInPercent,
  type WeightingAttribute,
  weightingAttributes,
  weightingValues,
} from '@tv/contract';

/** The targets table as typed: per attribute and value, the text of its percentage ('' when blank). */
export type TargetTable = Record<WeightingAttribute, Record<string, string>>;

export function emptyTable(): TargetTable {
  return Object.fromEntries(
    weightingAttributes.map((attribute) => [
      attribute,
      Object.fromEntries(weightingValues[attribute].map((value) => [value, ''])),
    ]),
  ) as TargetTable;
}

/** A table filled with percentages (the survey's targets, or the Census margins to start from). */
export function tableFrom(percents: Record<string, Record<string, number>> | null): TargetTable {
  const table = emptyTable();
  for (const attribute of weightingAttributes) {
    for (const value of weightingValues[attribute]) {
      const percent = percents?.[attribute]?.[value];
      if (percent !== undefined) table[attribute][value] = String(percent);
    }
  }
  return table;
}

/** The filled-in cells as rows for the server; an attribute left blank is not weighted. */
export function rowsOf(table: TargetTable): TargetRow[] {
  return weightingAttributes.flatMap((attribute) =>
    weightingValues[attribute].flatMap((value) => {
      const text = table[attribute][value]?.trim() ?? '';
      return text === '' ? [] : [{ attribute, value, percent: text }];
    }),
  );
}

/** Each attribute's total in percent, or null when none of its values is filled in. */
export function totalsOf(table: TargetTable): Record<WeightingAttribute, number | null> {
  return Object.fromEntries(
    weightingAttributes.map((attribute) => {
      const texts = Object.values(table[attribute]).filter((text) => text.trim() !== '');
      if (texts.length === 0) return [attribute, null];
      const total = texts.reduce((sum, text) => sum + (Number(text.trim().replace(/%$/, '')) || 0), 0);
      return [attribute, Math.round(total * 100) / 100];
    }),
  ) as Record<WeightingAttribute, number | null>;
}

/** What stops the table from being saved, in words (the server says the same). */
export function tableProblems(table: TargetTable): string[] {
  return checkTargets(rowsOf(table)).problems.map((problem) => {
    const text = problem.replace(/^Row \d+: /, '');
    return text.charAt(0).toUpperCase() + text.slice(1);
  });
}

/**
 * A targets file read into the table, or why it cannot be: the file's own problems first (with
 * their lines), then those of the targets it holds.
 */
export function tableFromCsv(text: string): { table: TargetTable | null; problems: string[] } {
  const parsed = parseTargetsCsv(text);
  if (parsed.problems.length > 0) return { table: null, problems: parsed.problems };
  const checked = checkTargets(parsed.rows);
  if (!checked.targets) return { table: null, problems: checked.problems };
  // Shares that added up to 100 ± 0.5 come back scaled to exactly 100.
  const percents = targetsInPercent(checked.targets);
  return { table: tableFrom(percents), problems: [] };
}

/** The table as a file to keep or edit and upload again. */
export function tableCsv(table: TargetTable): string {
  const percents: Record<string, Record<string, number>> = {};
  for (const row of rowsOf(table)) {
    const percent = Number(String(row.percent).replace(/%$/, ''));
    if (!Number.isFinite(percent)) continue;
    percents[row.attribute] = { ...(percents[row.attribute] ?? {}), [row.value]: percent };
  }
  return targetsCsv(percents);
}
