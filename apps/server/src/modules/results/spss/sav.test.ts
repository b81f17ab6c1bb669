import { beforeAll, describe, expect, it } from 'vitest';
import { type SavDataset, SavValidationError, type SavVariable, writeSav } from './index';
import {
  type PsppRun,
  type PsppTable,
  parseCsv,
  psppProblems,
  psppSections,
  readSavCases,
  readSavLayout,
  requirePspp,
  runPspp,
  skipPspp,
  tableMap,
} from './test-support';

const GENDER: SavVariable = {
  name: 'gender',
  label: 'Which best describes your gender?',
  type: 'numeric',
  measure: 'nominal',
  valueLabels: [
    { value: 1, label: 'Female' },
    { value: 2, label: 'Male' },
    { value: 3, label: 'Another way' },
    { value: 4, label: 'Prefer not to say' },
    { value: -99, label: 'Not shown' },
    { value: -98, label: 'Skipped' },
  ],
  missingValues: [-99, -98],
};

/** A small survey export with every feature the writer supports. */
const survey: SavDataset = {
  fileLabel: 'Wellbeing pulse — wave 2 🌱',
  weightVariable: 'weight',
  variables: [
    { name: 'respondent', label: 'Respondent number', type: 'numeric', measure: 'scale' },
    GENDER,
    {
      name: 'school_rating',
      label: 'How would you rate your school — honestly? 😊',
      type: 'numeric',
      measure: 'ordinal',
      valueLabels: [
        { value: 1, label: 'Très mauvais' },
        { value: 2, label: 'Poor' },
        { value: 3, label: 'OK' },
        { value: 4, label: 'Good' },
        { value: 5, label: 'Excellent 🎉' },
        { value: -99, label: 'Not shown' },
      ],
      missingValues: [-99],
    },
    {
      name: 'how_often_do_you_use_social_media',
      label: '¿Con qué frecuencia usas las redes sociales?',
      type: 'numeric',
      measure: 'ordinal',
      valueLabels: [
        { value: 1, label: 'Nunca' },
        { value: 2, label: 'A veces' },
        { value: 3, label: 'Cada día' },
      ],
    },
    {
      name: 'éducation_niveau',
      label: 'Niveau d’éducation',
      type: 'numeric',
      measure: 'nominal',
      valueLabels: [
        { value: 1, label: 'Collège' },
        { value: 2, label: 'Lycée' },
      ],
    },
    { name: 'question_1a', label: 'Q1 — first part', type: 'numeric', measure: 'scale', decimals: 1 },
    { name: 'question_1b', label: 'Q1 — second part', type: 'numeric', measure: 'scale', decimals: 1 },
    {
      name: 'region',
      label: 'Region',
      type: { string: 8 },
      measure: 'nominal',
      valueLabels: [
        { value: 'NE', label: 'Northeast' },
        { value: 'S', label: 'South' },
      ],
    },
    {
      name: 'open_text',
      label: 'Anything else you want to tell us?',
      type: { string: 60 },
      measure: 'nominal',
      valueLabels: [{ value: 'n/a', label: 'Nothing to add' }],
    },
    { name: 'weight', label: 'Design weight', type: 'numeric', measure: 'scale', decimals: 2 },
  ],
  rows: [
    [1001, 1, 5, 3, 1, 2.5, -0.5, 'NE', 'Ça va — très bien 👍', 1.25],
    [1002, 2, null, 1, 2, 151, 152, 'S', null, 0.8],
    [1003, -99, 1, 2, null, -99, -100, 'W', 'n/a', 1],
    [1004, 3, -99, null, 1, 0, 1e-7, null, 'She said "hi", then left', 2.345],
    [1005, -98, 4, 3, 2, 12.5, 1e15, 'NE', 'line one\nline two', 0.5],
    [1006, 4, 2, 1, 1, null, null, 'S', '', 123456.789],
  ],
};

describe('writeSav: binary layout', () => {
  const file = writeSav(survey, { createdAt: new Date(Date.UTC(2025, 2, 7, 9, 5, 3)) });
  const layout = readSavLayout(file);
  // respondent … question_1b are 7 numerics, region 1 element, open_text 60 bytes = 8, weight 1.
  const elements = 7 + 1 + 8 + 1;

  it('writes the file header', () => {
    expect(layout.magic).toBe('$FL2');
    expect(layout.product.startsWith('@(#) SPSS DATA FILE')).toBe(true);
    expect(layout.product).toHaveLength(60);
    expect(layout.layoutCode).toBe(2);
    expect(layout.caseSize).toBe(elements);
    expect(layout.compression).toBe(1);
    expect(layout.weightIndex).toBe(elements); // weight is the last element: dictionary index 17
    expect(layout.cases).toBe(6);
    expect(layout.bias).toBe(100);
    expect(layout.created).toBe('07 Mar 25 09:05:03');
    expect(Buffer.from(layout.fileLabel).length).toBe(64);
    expect(layout.fileLabel.trimEnd()).toBe(survey.fileLabel);
  });

  it('writes the records in the documented order', () => {
    const variableRecords = Array(elements).fill('2');
    const valueLabelPairs = Array(5).fill(['3', '4']).flat(); // 4 numerics + region; open_text is in 7.21
    expect(layout.records).toEqual([
      ...variableRecords,
      ...valueLabelPairs,
      '7.3',
      '7.4',
      '7.11',
      '7.13',
      '7.20',
      '7.21',
      '999',
    ]);
  });

  it('writes variable records with short names, labels, formats and continuation records', () => {
    const names = layout.variables.map((v) => v.shortName.trimEnd());
    expect(names).toEqual([
      'RESPONDE',
      'GENDER',
      'SCHOOL_R',
      'HOW_OFTE',
      'EDUCATIO',
      'QUESTION',
      'QUESTI_1',
      'REGION',
      'OPEN_TEX',
      ...Array(7).fill(''),
      'WEIGHT',
    ]);
    expect(layout.variables.map((v) => v.type)).toEqual([
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      8,
      60,
      ...Array(7).fill(-1),
      0,
    ]);
    expect(layout.variables[1]!.missing).toEqual([-99, -98]);
    expect(layout.variables[2]!.label).toBe('How would you rate your school — honestly? 😊');
    expect(layout.variables[5]!.print).toBe(0x050801); // F8.1
    expect(layout.variables[8]!.print).toBe(0x013c00); // A60
    expect(layout.variables[16]!.write).toBe(0x050802); // F8.2
  });

  it('writes value labels for the right dictionary indexes', () => {
    expect(layout.valueLabelSets.map((s) => s.indexes)).toEqual([[2], [3], [4], [5], [8]]);
    const gender = layout.valueLabelSets[0]!;
    expect(gender.labels.map((l) => [l.value.readDoubleLE(0), l.label])).toEqual(
      GENDER.valueLabels!.map((l) => [l.value, l.label]),
    );
    expect(layout.valueLabelSets[4]!.labels[0]!.value.toString()).toBe('NE      ');
  });

  it('writes the extension records', () => {
    const ext = new Map(layout.extensions.map((e) => [e.subtype, e]));
    const ints = (subtype: number) => {
      const data = ext.get(subtype)!.data;
      return Array.from({ length: data.length / 4 }, (_, i) => data.readInt32LE(i * 4));
    };
    expect(ints(3)).toEqual([1, 0, 0, -1, 1, 1, 2, 65001]);
    const floats = ext.get(4)!.data;
    expect([0, 8, 16].map((o) => floats.readDoubleLE(o))).toEqual([
      -Number.MAX_VALUE,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
    ]);
    // measure, display width, alignment: one triple per variable (not per continuation record)
    expect(ints(11)).toEqual(
      [
        [3, 8, 1],
        [1, 8, 1],
        [2, 8, 1],
        [2, 8, 1],
        [1, 8, 1],
        [3, 8, 1],
        [3, 8, 1],
        [1, 8, 0],
        [1, 32, 0],
        [3, 8, 1],
      ].flat(),
    );
    expect(ext.get(13)!.data.toString('utf8').split('\t')).toEqual([
      'RESPONDE=respondent',
      'GENDER=gender',
      'SCHOOL_R=school_rating',
      'HOW_OFTE=how_often_do_you_use_social_media',
      'EDUCATIO=éducation_niveau',
      'QUESTION=question_1a',
      'QUESTI_1=question_1b',
      'REGION=region',
      'OPEN_TEX=open_text',
      'WEIGHT=weight',
    ]);
    expect(ext.get(20)!.data.toString()).toBe('UTF-8');
    const longLabels = ext.get(21)!.data;
    expect(longLabels.readInt32LE(0)).toBe('open_text'.length);
    expect(longLabels.subarray(4, 13).toString()).toBe('open_text');
    expect(longLabels.readInt32LE(13)).toBe(60); // width
    expect(longLabels.readInt32LE(17)).toBe(1); // one label
  });

  it('stores the same cases compressed and uncompressed', () => {
    const plain = readSavLayout(writeSav(survey, { compression: 'none' }));
    expect(plain.compression).toBe(0);
    expect(plain.data.length).toBe(6 * elements * 8);
    const compressed = readSavCases(layout);
    expect(readSavCases(plain)).toEqual(compressed);
    expect(layout.data.length).toBeLessThan(plain.data.length);
    const first = compressed[0]!;
    expect(first.slice(0, 7)).toEqual([1001, 1, 5, 3, 1, 2.5, -0.5]);
    expect((first[7] as Buffer).toString()).toBe('NE      ');
    const text = Buffer.concat(first.slice(8, 16) as Buffer[]);
    expect(text.toString('utf8').trimEnd()).toBe('Ça va — très bien 👍');
    expect(compressed[1]![2]).toBeNull(); // system-missing
    expect(compressed[2]![1]).toBe(-99); // user-missing is stored as its code
  });

  it('writes a dataset without rows', () => {
    const empty = readSavLayout(writeSav({ ...survey, rows: [] }));
    expect(empty.cases).toBe(0);
    expect(empty.data.length).toBe(0);
  });
});

describe('writeSav: validation', () => {
  const numeric = (name: string, extra: Partial<SavVariable> = {}): SavVariable => ({
    name,
    type: 'numeric',
    measure: 'nominal',
    ...extra,
  });
  const rejects = (dataset: SavDataset, message: RegExp) => {
    expect(() => writeSav(dataset)).toThrow(SavValidationError);
    expect(() => writeSav(dataset)).toThrow(message);
  };

  it.each([
    ['', /non-empty/],
    ['1st', /must start with a letter/],
    ['_x', /must start with a letter/],
    ['has space', /must start with a letter and contain only/],
    ['dash-name', /contain only/],
    ['ends.', /must not end with a period/],
    ['with', /reserved/],
    ['AND', /reserved/],
    ['é'.repeat(33), /longer than 64 bytes/],
  ])('rejects the variable name %j', (name, message) => {
    rejects({ variables: [numeric(name)], rows: [] }, message);
  });

  it('accepts names of 64 bytes with letters of any script', () => {
    const name = `q${'é'.repeat(31)}_`;
    expect(Buffer.byteLength(name)).toBe(64);
    expect(() => writeSav({ variables: [numeric(name), numeric('Ωmega'), numeric('@x')], rows: [] })).toThrow(
      /"@x" must start with a letter/,
    );
    expect(() => writeSav({ variables: [numeric(name), numeric('Ωmega')], rows: [] })).not.toThrow();
  });

  it('rejects duplicate names, ignoring case', () => {
    rejects({ variables: [numeric('Age'), numeric('age')], rows: [] }, /"age" duplicates "Age"/);
  });

  it('rejects more than three missing values, and missing values on strings', () => {
    rejects({ variables: [numeric('q', { missingValues: [-99, -98, -97, -96] })], rows: [] }, /at most 3/);
    rejects(
      { variables: [{ name: 's', type: { string: 4 }, measure: 'nominal', missingValues: [1] }], rows: [] },
      /numeric variables only/,
    );
    rejects({ variables: [numeric('q', { missingValues: [-99, -99] })], rows: [] }, /repeat/);
  });

  it('rejects a string value label longer than the width, and labels of the wrong type', () => {
    const string = (valueLabels: SavVariable['valueLabels']): SavDataset => ({
      variables: [{ name: 's', type: { string: 3 }, measure: 'nominal', valueLabels }],
      rows: [],
    });
    rejects(string([{ value: 'abcd', label: 'x' }]), /"abcd" is 4 bytes, longer than the width 3/);
    rejects(string([{ value: 'éé', label: 'x' }]), /is 4 bytes/);
    rejects(string([{ value: 1, label: 'x' }]), /must be a string/);
    rejects(
      { variables: [numeric('q', { valueLabels: [{ value: '1', label: 'x' }] })], rows: [] },
      /must be a storable finite number/,
    );
    rejects(
      {
        variables: [
          numeric('q', {
            valueLabels: [
              { value: 1, label: 'x' },
              { value: 1, label: 'y' },
            ],
          }),
        ],
        rows: [],
      },
      /labeled twice/,
    );
  });

  it('rejects rows of the wrong length and cells of the wrong type', () => {
    const dataset = (rows: SavDataset['rows']): SavDataset => ({
      variables: [numeric('q'), { name: 's', type: { string: 4 }, measure: 'nominal' }],
      rows,
    });
    rejects(dataset([[1, 'a'], [1]]), /row 2: expected 2 cells, got 1/);
    rejects(dataset([[1, 'a', 3]]), /row 1: expected 2 cells, got 3/);
    rejects(dataset([['1', 'a']]), /row 1, variable "q": expected a finite number or null, got "1"/);
    rejects(dataset([[Number.NaN, 'a']]), /got NaN/);
    rejects(dataset([[Number.POSITIVE_INFINITY, 'a']]), /got Infinity/);
    rejects(dataset([[-Number.MAX_VALUE, 'a']]), /reserved for system-missing/);
    rejects(dataset([[1, 2]]), /variable "s": expected a string or null/);
  });

  it('rejects a string longer than its width instead of cutting it', () => {
    const dataset = (value: string): SavDataset => ({
      variables: [{ name: 's', type: { string: 4 }, measure: 'nominal' }],
      rows: [[value]],
    });
    expect(() => writeSav(dataset('abcd'))).not.toThrow();
    expect(() => writeSav(dataset('😀'))).not.toThrow();
    rejects(dataset('abcde'), /5 bytes in UTF-8, longer than the width 4/);
    rejects(dataset('abcé'), /5 bytes/);
  });

  it('rejects bad types, widths, measures, decimals and weights', () => {
    rejects({ variables: [{ name: 's', type: { string: 256 }, measure: 'nominal' }], rows: [] }, /1\.\.255/);
    rejects({ variables: [{ name: 's', type: { string: 0 }, measure: 'nominal' }], rows: [] }, /1\.\.255/);
    rejects(
      { variables: [{ name: 's', type: { string: 4 }, measure: 'scale' }], rows: [] },
      /cannot be scale/,
    );
    rejects({ variables: [numeric('q', { decimals: 17 })], rows: [] }, /decimals/);
    rejects({ variables: [numeric('q')], rows: [], weightVariable: 'w' }, /weight variable "w" is not/);
    rejects(
      { variables: [{ name: 's', type: { string: 4 }, measure: 'nominal' }], rows: [], weightVariable: 's' },
      /must be numeric/,
    );
    rejects({ variables: [], rows: [] }, /at least one variable/);
  });

  it('cuts long labels on a character boundary', () => {
    const label = `${'a'.repeat(254)}é and more`;
    const valueLabel = `${'b'.repeat(119)}😀`;
    const layout = readSavLayout(
      writeSav({
        fileLabel: `${'c'.repeat(63)}é`,
        variables: [numeric('q', { label, valueLabels: [{ value: 1, label: valueLabel }] })],
        rows: [],
      }),
    );
    expect(layout.variables[0]!.label).toBe('a'.repeat(254));
    expect(layout.valueLabelSets[0]!.labels[0]!.label).toBe('b'.repeat(119));
    expect(layout.fileLabel).toBe(`${'c'.repeat(63)} `);
  });
});

/** What PSPP should show for each variable in DISPLAY DICTIONARY's Variables table. */
function expectedVariableRows(dataset: SavDataset): string[][] {
  return dataset.variables.map((v, i) => {
    const isString = v.type !== 'numeric';
    const width = typeof v.type === 'object' ? v.type.string : 0;
    const format = isString ? `A${width}` : `F8.${v.decimals ?? 0}`;
    return [
      v.name,
      String(i + 1),
      v.label ?? '',
      v.measure[0]!.toUpperCase() + v.measure.slice(1),
      'Input',
      String(isString ? Math.min(width, 32) : 8),
      isString ? 'Left' : 'Right',
      format,
      format,
      (v.missingValues ?? []).join('; '),
    ];
  });
}

/** What PSPP should show in the Value Labels table: values sorted, user-missing ones marked [a]. */
function expectedValueLabelRows(dataset: SavDataset): string[][] {
  return dataset.variables.flatMap((v) =>
    [...(v.valueLabels ?? [])]
      .sort((a, b) =>
        typeof a.value === 'number'
          ? a.value - (b.value as number)
          : String(a.value) < String(b.value)
            ? -1
            : 1,
      )
      .map(({ value, label }, i) => {
        const missing = typeof value === 'number' && (v.missingValues ?? []).includes(value);
        return [i === 0 ? v.name : '', `${value}${missing ? '[a]' : ''}`, label];
      }),
  );
}

/**
 * Reads SAVE TRANSLATE's CSV values back into cells: a numeric column holds exact numbers (as many
 * digits as the double needs) or a space for system-missing; a string column holds the text.
 */
function typedCells(rows: string[][], dataset: SavDataset): (number | string | null)[][] {
  return rows.map((row) =>
    row.map((text, i) => {
      if (dataset.variables[i]!.type !== 'numeric') return text;
      return text === ' ' ? null : Number(text);
    }),
  );
}

/**
 * The cells as PSPP gives them back: strings lose trailing spaces (SPSS pads strings with spaces)
 * and a null string reads as empty (strings have no system-missing value).
 */
function expectedCells(dataset: SavDataset): (number | string | null)[][] {
  return dataset.rows.map((row) =>
    row.map((cell, i) =>
      dataset.variables[i]!.type === 'numeric' ? cell : String(cell ?? '').replace(/ +$/, ''),
    ),
  );
}

describe.skipIf(skipPspp)('writeSav: read back by GNU PSPP', () => {
  const files = {
    'bytecode.sav': writeSav(survey),
    'none.sav': writeSav(survey, { compression: 'none' }),
    'empty.sav': writeSav({ ...survey, rows: [] }),
  };
  let run: PsppRun;
  let found: Map<string, PsppTable[]>;

  beforeAll(() => {
    requirePspp();
    const syntax = ['SET TVARS=NAMES.'];
    for (const name of Object.keys(files)) {
      const base = name.replace('.sav', '');
      syntax.push(
        `ECHO '### ${base}'.`,
        `SYSFILE INFO FILE='${name}'.`,
        `GET FILE='${name}'.`,
        'DISPLAY DICTIONARY.',
        'SHOW WEIGHT.',
        `SAVE TRANSLATE /OUTFILE='${base}-values.csv' /TYPE=CSV /FIELDNAMES /REPLACE.`,
        `SAVE TRANSLATE /OUTFILE='${base}-labels.csv' /TYPE=CSV /FIELDNAMES /CELLS=LABELS /REPLACE.`,
      );
    }
    const outputs = Object.keys(files).flatMap((name) => {
      const base = name.replace('.sav', '');
      return [`${base}-values.csv`, `${base}-labels.csv`];
    });
    run = runPspp(files, `${syntax.join('\n')}\n`, outputs);
    found = psppSections(run.output);
  });

  it('reads every file without a warning or error', () => {
    expect(psppProblems(run)).toEqual([]);
    expect([...found.keys()]).toEqual(['bytecode', 'none', 'empty']);
  });

  it.each(['bytecode', 'none', 'empty'])('reports the file information of %s.sav', (base) => {
    const info = tableMap(found.get(base)!.find((t) => t.title === 'File Information')!);
    expect(info.get('Label')).toBe(survey.fileLabel);
    expect(info.get('Variables')).toBe('10');
    expect(info.get('Cases')).toBe(base === 'empty' ? '0' : '6');
    expect(info.get('Weight')).toBe('weight');
    expect(info.get('Compression')).toBe(base === 'none' ? 'None' : 'SAV');
    expect(info.get('Encoding')).toBe('UTF-8');
    expect(info.get('Integer Format')).toBe('Little Endian');
    expect(info.get('Created')).toMatch(/by TeenVoice SPSS writer/);
  });

  it.each(['bytecode', 'none'])(
    'reports names, labels, measures, formats and missing values of %s.sav',
    (base) => {
      const tables = found.get(base)!;
      const variables = tables.find((t) => t.title === 'Variables')!;
      expect(variables.rows[0]).toEqual([
        'Name',
        'Position',
        'Label',
        'Measurement Level',
        'Role',
        'Width',
        'Alignment',
        'Print Format',
        'Write Format',
        'Missing Values',
      ]);
      expect(variables.rows.slice(1)).toEqual(expectedVariableRows(survey));
      const labels = tables.find((t) => t.title === 'Value Labels')!;
      expect(labels.rows.slice(1)).toEqual(expectedValueLabelRows(survey));
    },
  );

  it('applies the weight variable in every file', () => {
    expect(run.output.match(/job\.sps:\d+: note: SHOW: WEIGHT is weight\./g)).toHaveLength(3);
  });

  it.each(['bytecode', 'none'])('reports every value of %s.sav exactly', (base) => {
    const rows = parseCsv(run.files[`${base}-values.csv`]!);
    expect(rows[0]).toEqual(survey.variables.map((v) => v.name));
    expect(typedCells(rows.slice(1), survey)).toEqual(expectedCells(survey));
  });

  it.each(['bytecode', 'none'])('reports the value labels of the data in %s.sav', (base) => {
    const rows = parseCsv(run.files[`${base}-labels.csv`]!).slice(1);
    const values = typedCells(rows, survey);
    const expected = expectedCells(survey);
    rows.forEach((row, r) => {
      row.forEach((text, i) => {
        const cell = survey.rows[r]![i];
        const label = survey.variables[i]!.valueLabels?.find((l) => l.value === cell)?.label;
        if (label !== undefined) expect(text).toBe(label);
        else expect(values[r]![i]).toEqual(expected[r]![i]);
      });
    });
    expect(rows[2]![1]).toBe('Not shown'); // a user-missing code keeps its label
  });

  it('reads a file without cases', () => {
    expect(parseCsv(run.files['empty-values.csv']!)).toEqual([survey.variables.map((v) => v.name)]);
    const variables = found.get('empty')!.find((t) => t.title === 'Variables')!;
    expect(variables.rows.slice(1)).toEqual(expectedVariableRows(survey));
  });
});
