import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type SavCell,
  type SavDataset,
  type SavVariable,
  truncateUtf8,
  writeCodedCsv,
  writeSav,
} from './index';
import { nameKey, nameProblem } from './names';
import {
  fFormat,
  parseCsv,
  psppProblems,
  psppSections,
  readSavCases,
  readSavLayout,
  requirePspp,
  runPspp,
  skipPspp,
  tableMap,
  tableRecords,
} from './test-support';

/**
 * Random datasets round-trip: through an independent reader of the layout (many runs, fast) and
 * through GNU PSPP (three runs of six datasets each, so PSPP starts three times at most; shrinking is
 * off so a failure does not start it again).
 */

const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéñßΩжü');
const nameChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_.@#éñü');
const name = fc
  .tuple(letter, fc.string({ unit: nameChar, maxLength: 40 }))
  .map(([first, rest]) => first + rest)
  .filter((n) => nameProblem(n) === null);

/** Text with the characters that trouble CSV and UTF-8 handling mixed into printable graphemes. */
const text = (maxLength: number) =>
  fc.string({
    unit: fc.oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      fc.constantFrom(' ', '"', ',', "'", '\n', '\t', 'é', '—', '😀', '👍🏽', '日'),
    ),
    maxLength,
  });

const numberCell: fc.Arbitrary<SavCell> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -120, max: 280 }), // around the one-byte range of compression (-99..151)
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((v) => v !== -Number.MAX_VALUE),
);

interface Column {
  variable: SavVariable;
  cell: fc.Arbitrary<SavCell>;
}

/** Labels come trimmed, as question texts do: PSPP drops leading spaces and blank labels on reading. */
const label = (maxLength: number) => text(maxLength).map((s) => s.trim());

const numericColumn = (variableName: string): fc.Arbitrary<Column> =>
  fc
    .record({
      label: fc.option(label(90), { nil: undefined }),
      measure: fc.constantFrom('nominal', 'ordinal', 'scale') as fc.Arbitrary<SavVariable['measure']>,
      decimals: fc.integer({ min: 0, max: 4 }),
      missingValues: fc.uniqueArray(fc.integer({ min: -99, max: -90 }), { maxLength: 3 }),
      valueLabels: fc.uniqueArray(fc.record({ value: fc.integer({ min: -99, max: 20 }), label: label(30) }), {
        maxLength: 6,
        selector: (l) => l.value,
      }),
    })
    .map((variable) => ({
      variable: { name: variableName, type: 'numeric', ...variable },
      cell: numberCell,
    }));

const stringColumn = (variableName: string): fc.Arbitrary<Column> =>
  fc.oneof(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 255 })).chain((width) => {
    const value = text(width).map((s) => truncateUtf8(s, width));
    return fc
      .record({
        label: fc.option(label(90), { nil: undefined }),
        measure: fc.constantFrom('nominal', 'ordinal') as fc.Arbitrary<SavVariable['measure']>,
        valueLabels: fc.uniqueArray(fc.record({ value: value.map((s) => s.trim()), label: label(30) }), {
          maxLength: 4,
          selector: (l) => l.value,
        }),
      })
      .map((variable) => ({
        variable: { name: variableName, type: { string: width }, ...variable },
        cell: fc.option(value, { nil: null }),
      }));
  });

const column = (variableName: string): fc.Arbitrary<Column> =>
  fc.oneof(numericColumn(variableName), stringColumn(variableName));

const dataset: fc.Arbitrary<SavDataset & { compression: 'bytecode' | 'none' }> = fc
  .uniqueArray(name, { minLength: 1, maxLength: 12, selector: nameKey })
  .chain((names) => fc.tuple(...names.map(column)))
  .chain((columns) =>
    fc.record({
      variables: fc.constant(columns.map((c) => c.variable)),
      rows: fc.array(fc.tuple(...columns.map((c) => c.cell)), { maxLength: 8 }),
      fileLabel: fc.option(text(30), { nil: undefined }),
      weightVariable: fc.option(
        fc.constantFrom(
          ...columns.filter((c) => c.variable.type === 'numeric').map((c) => c.variable.name),
          '',
        ),
        { nil: undefined },
      ),
      compression: fc.constantFrom('bytecode' as const, 'none' as const),
    }),
  )
  .map((d) => ({ ...d, weightVariable: d.weightVariable || undefined }));

/** -0 as 0: bytecode compression stores -0 in one byte as 0, uncompressed files keep its sign. */
const noNegativeZero = (value: number | null) => (Object.is(value, -0) ? 0 : value);

/** The cells as any reader gets them back: strings padded with spaces lose them, null strings are empty. */
const expectedRows = (d: SavDataset) =>
  d.rows.map((row) =>
    row.map((cell, i) =>
      d.variables[i]!.type === 'numeric'
        ? noNegativeZero(cell as number | null)
        : String(cell ?? '').replace(/ +$/, ''),
    ),
  );

describe('writeSav: random datasets read back by an independent reader', () => {
  it('stores every name, label and cell', () => {
    fc.assert(
      fc.property(dataset, (d) => {
        const layout = readSavLayout(writeSav(d, { compression: d.compression }));
        expect(layout.cases).toBe(d.rows.length);
        const shortNames = layout.variables.filter((v) => v.type !== -1).map((v) => v.shortName.trimEnd());
        expect(new Set(shortNames).size).toBe(d.variables.length);
        for (const short of shortNames) expect(short).toMatch(/^[A-Z][A-Z0-9_.@#]{0,7}$/);
        const longNames = layout.extensions.find((e) => e.subtype === 13)!.data.toString('utf8');
        expect(longNames.split('\t').map((pair) => pair.slice(pair.indexOf('=') + 1))).toEqual(
          d.variables.map((v) => v.name),
        );

        const cases = readSavCases(layout).map((elements) => {
          let at = 0;
          return d.variables.map((v) => {
            if (v.type === 'numeric') {
              return noNegativeZero(elements[at++] as number | null);
            }
            const parts = elements.slice(at, at + Math.ceil(v.type.string / 8)) as Buffer[];
            at += parts.length;
            return Buffer.concat(parts).toString('utf8').replace(/ +$/, '');
          });
        });
        expect(cases).toEqual(expectedRows(d));
      }),
      { numRuns: 200 },
    );
  });

  it('writes a CSV that parses back to the same cells', () => {
    fc.assert(
      fc.property(dataset, (d) => {
        const rows = parseCsv(writeCodedCsv(d, { guardFormulas: false }).csv);
        expect(rows[0]).toEqual(d.variables.map((v) => v.name));
        const back = rows
          .slice(1)
          .map((row) =>
            row.map((cell, i) =>
              d.variables[i]!.type === 'numeric' ? (cell === '' ? null : Number(cell)) : cell,
            ),
          );
        // The CSV keeps trailing spaces; only the .sav loses them.
        const expected = d.rows.map((row) =>
          row.map((cell, i) =>
            d.variables[i]!.type === 'numeric' ? noNegativeZero(cell as number | null) : (cell ?? ''),
          ),
        );
        expect(back).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * The Value Labels table PSPP shows: variables in order, values sorted (numbers by value, strings by
 * their bytes), numbers in the print format with user-missing ones marked [a].
 */
function expectedValueLabels(d: SavDataset): string[][] {
  return d.variables.flatMap((v) => {
    const width = typeof v.type === 'object' ? v.type.string : 0;
    const padded = (value: number | string) =>
      Buffer.from(String(value).padEnd(width * 2, ' ')).subarray(0, width);
    const sorted = [...(v.valueLabels ?? [])].sort((a, b) =>
      width === 0
        ? (a.value as number) - (b.value as number)
        : Buffer.compare(padded(a.value), padded(b.value)),
    );
    return sorted.map(({ value, label: text }, i) => {
      const shown =
        typeof value === 'number'
          ? `${fFormat(value, v.decimals ?? 0)}${v.missingValues?.includes(value) ? '[a]' : ''}`
          : value;
      return [i === 0 ? v.name : '', shown, truncateUtf8(text, 120)];
    });
  });
}

describe.skipIf(skipPspp)('writeSav: random datasets read back by GNU PSPP', () => {
  it('reports the same names, labels, measures and values (3 PSPP runs of 6 datasets)', () => {
    requirePspp();
    fc.assert(
      fc.property(fc.array(dataset, { minLength: 6, maxLength: 6 }), (batch) => {
        const files = Object.fromEntries(
          batch.map((d, i) => [`d${i}.sav`, writeSav(d, { compression: d.compression })]),
        );
        const syntax = ['SET TVARS=NAMES.'];
        for (let i = 0; i < batch.length; i++)
          syntax.push(
            `ECHO '### d${i}'.`,
            `SYSFILE INFO FILE='d${i}.sav'.`,
            `GET FILE='d${i}.sav'.`,
            'DISPLAY DICTIONARY.',
            `SAVE TRANSLATE /OUTFILE='d${i}.csv' /TYPE=CSV /FIELDNAMES /REPLACE.`,
          );
        const run = runPspp(
          files,
          `${syntax.join('\n')}\n`,
          batch.map((_, i) => `d${i}.csv`),
        );
        expect(psppProblems(run)).toEqual([]);

        const sections = psppSections(run.output);
        batch.forEach((d, i) => {
          const tables = sections.get(`d${i}`)!;
          const table = (title: string) => tables.find((t) => t.title === title);
          const info = tableMap(table('File Information')!);
          expect(info.get('Cases')).toBe(String(d.rows.length));
          expect(info.get('Weight')).toBe(d.weightVariable ?? 'Not weighted');
          expect(info.get('Compression')).toBe(d.compression === 'none' ? 'None' : 'SAV');

          // PSPP leaves out the Label and Missing Values columns when no variable has one.
          expect(
            tableRecords(table('Variables')!).map((r) =>
              ['Name', 'Position', 'Label', 'Measurement Level', 'Missing Values'].map((c) => r[c] ?? ''),
            ),
          ).toEqual(
            d.variables.map((v, p) => [
              v.name,
              String(p + 1),
              truncateUtf8(v.label ?? '', 255),
              v.measure[0]!.toUpperCase() + v.measure.slice(1),
              (v.missingValues ?? []).join('; '), // plain numbers, whatever the format
            ]),
          );
          const valueLabels = table('Value Labels');
          expect(valueLabels?.rows.slice(1) ?? []).toEqual(expectedValueLabels(d));

          const rows = parseCsv(run.files[`d${i}.csv`]!);
          expect(rows[0]).toEqual(d.variables.map((v) => v.name));
          const values = rows
            .slice(1)
            .map((row) =>
              row.map((cell, c) =>
                d.variables[c]!.type === 'numeric'
                  ? cell === ' '
                    ? null
                    : noNegativeZero(Number(cell))
                  : cell,
              ),
            );
          expect(values).toEqual(expectedRows(d));
        });
      }),
      {
        numRuns: 3,
        endOnFailure: true,
        ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
      },
    );
  });
});
