import { describe, expect, it } from 'vitest';
import { type SavDataset, SavValidationError, writeCodedCsv } from './index';
import { parseCsv } from './test-support';

const dataset: SavDataset = {
  fileLabel: 'Pulse — wave 2',
  weightVariable: 'weight',
  variables: [
    {
      name: 'gender',
      label: 'Which best describes your gender?',
      type: 'numeric',
      measure: 'nominal',
      valueLabels: [
        { value: 1, label: 'Female' },
        { value: 2, label: 'Male' },
        { value: -99, label: 'Not shown' },
      ],
      missingValues: [-99, -98],
    },
    {
      name: 'école_note',
      label: 'Note de l’école — “honnêtement” 😊',
      type: 'numeric',
      measure: 'ordinal',
      valueLabels: [{ value: 5, label: 'Très bien 🎉' }],
    },
    { name: 'comment', label: 'Anything else?', type: { string: 40 }, measure: 'nominal' },
    { name: 'weight', type: 'numeric', measure: 'scale', decimals: 2 },
  ],
  rows: [
    [1, 5, 'Ça va, "super" 👍', 1.25],
    [-99, null, null, 0.5],
    [2, 3, '', -0],
    [null, 1, 'line one\nline two', 1e-7],
  ],
};

describe('writeCodedCsv: data', () => {
  const { csv } = writeCodedCsv(dataset);

  it('writes names, codes and quoted strings, with CRLF line ends', () => {
    expect(csv).toBe(
      [
        'gender,école_note,comment,weight',
        '1,5,"Ça va, ""super"" 👍",1.25',
        '-99,,,0.5',
        '2,3,"",0',
        ',1,"line one\nline two",1e-7',
        '',
      ].join('\r\n'),
    );
  });

  it('parses back to the same cells', () => {
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(dataset.variables.map((v) => v.name));
    const back = rows.slice(1).map((row) =>
      row.map((text, i) => {
        if (dataset.variables[i]!.type !== 'numeric') return text;
        return text === '' ? null : Number(text);
      }),
    );
    // A null string reads back as empty, and -0 as 0.
    expect(back).toEqual([
      [1, 5, 'Ça va, "super" 👍', 1.25],
      [-99, null, '', 0.5],
      [2, 3, '', 0],
      [null, 1, 'line one\nline two', 1e-7],
    ]);
  });

  it('guards text that a spreadsheet would run as a formula, but never codes', () => {
    const risky: SavDataset = {
      variables: [
        { name: 'code', type: 'numeric', measure: 'nominal' },
        { name: 'text', type: { string: 20 }, measure: 'nominal' },
      ],
      rows: [
        [-99, '=HYPERLINK("x")'],
        [-1, '+1'],
        [0, '@me'],
        [1, '-ok'],
      ],
    };
    expect(writeCodedCsv(risky).csv).toBe(
      ['code,text', `-99,"'=HYPERLINK(""x"")"`, `-1,"'+1"`, `0,"'@me"`, `1,"'-ok"`, ''].join('\r\n'),
    );
    expect(writeCodedCsv(risky, { guardFormulas: false }).csv).toContain('-99,"=HYPERLINK(""x"")"');
  });

  it('adds a byte order mark when asked', () => {
    const withBom = writeCodedCsv(dataset, { bom: true });
    expect(withBom.csv.startsWith('\uFEFFgender,')).toBe(true);
    expect(withBom.codebook.startsWith('\uFEFFrecord,')).toBe(true);
  });

  it('validates like writeSav', () => {
    expect(() => writeCodedCsv({ ...dataset, rows: [[1, 2, 'x']] })).toThrow(SavValidationError);
    expect(() => writeCodedCsv({ ...dataset, rows: [[1, 2, 'x'.repeat(41), 1]] })).toThrow(
      /longer than the width 40/,
    );
  });
});

describe('writeCodedCsv: codebook', () => {
  const rows = parseCsv(writeCodedCsv(dataset).codebook);
  const header = rows[0]!;
  const records = rows.slice(1).map((row) => Object.fromEntries(header.map((column, i) => [column, row[i]])));

  it('has one record per variable and per code, in order', () => {
    expect(header).toEqual([
      'record',
      'variable',
      'position',
      'label',
      'type',
      'width',
      'decimals',
      'measure',
      'weight',
      'missing_codes',
      'value',
      'value_label',
      'value_is_missing',
    ]);
    expect(records.map((r) => [r.record, r.variable, r.value])).toEqual([
      ['file', '', ''],
      ['variable', 'gender', ''],
      ['value', 'gender', '1'],
      ['value', 'gender', '2'],
      ['value', 'gender', '-99'],
      ['value', 'gender', '-98'],
      ['variable', 'école_note', ''],
      ['value', 'école_note', '5'],
      ['variable', 'comment', ''],
      ['variable', 'weight', ''],
    ]);
  });

  it('describes each variable', () => {
    expect(records[0]!.label).toBe('Pulse — wave 2');
    expect(records[1]).toMatchObject({
      position: '1',
      label: 'Which best describes your gender?',
      type: 'numeric',
      width: '8',
      decimals: '0',
      measure: 'nominal',
      weight: '',
      missing_codes: '-99;-98',
    });
    expect(records[6]).toMatchObject({ label: 'Note de l’école — “honnêtement” 😊', measure: 'ordinal' });
    expect(records[8]).toMatchObject({ type: 'string', width: '40', decimals: '', measure: 'nominal' });
    expect(records[9]).toMatchObject({ type: 'numeric', decimals: '2', measure: 'scale', weight: 'yes' });
  });

  it('labels each code and marks the missing ones', () => {
    expect(
      records.filter((r) => r.record === 'value').map((r) => [r.value, r.value_label, r.value_is_missing]),
    ).toEqual([
      ['1', 'Female', 'no'],
      ['2', 'Male', 'no'],
      ['-99', 'Not shown', 'yes'],
      ['-98', '', 'yes'],
      ['5', 'Très bien 🎉', 'no'],
    ]);
  });

  it('writes labels in full, beyond the .sav limits', () => {
    const long = 'é'.repeat(200);
    const { codebook } = writeCodedCsv({
      variables: [
        {
          name: 'q',
          label: long,
          type: 'numeric',
          measure: 'nominal',
          valueLabels: [{ value: 1, label: long }],
        },
      ],
      rows: [],
    });
    const [, variable, value] = parseCsv(codebook);
    expect(variable![3]).toBe(long);
    expect(value![11]).toBe(long);
  });
});
