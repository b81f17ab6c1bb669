import { describe, expect, it } from 'vitest';
import {
  emptyTable,
  rowsOf,
  tableCsv,
  tableFrom,
  tableFromCsv,
  tableProblems,
  totalsOf,
} from './weighting-table';

describe('the weighting targets table', () => {
  it('sends only the filled-in cells, and totals each attribute', () => {
    const table = emptyTable();
    table.gender.female = '60';
    table.gender.male = '40 ';
    expect(rowsOf(table)).toEqual([
      { attribute: 'gender', value: 'female', percent: '60' },
      { attribute: 'gender', value: 'male', percent: '40' },
    ]);
    expect(totalsOf(table)).toEqual({ age: null, gender: 100, region: null });
    expect(tableProblems(table)).toEqual([]);
  });

  it('says what is wrong in words, without row numbers', () => {
    const table = tableFrom({ gender: { female: 60, male: 30 }, region: { west: -5, south: 105 } });
    expect(tableProblems(table)).toEqual([
      // In the table's order: South comes before West.
      'The share of US region South can’t be more than 100%.',
      'The share of US region West can’t be negative.',
      'Gender adds up to 90%. The shares of each attribute must add up to 100% (give or take 0.5).',
    ]);
    expect(tableProblems(emptyTable())).toEqual(['Add at least one target, or reset to the Census margins.']);
  });

  it('reads a file into the table, or keeps the file’s problems with their lines', () => {
    const read = tableFromCsv('attribute,value,percent\ngender,Girls,49.8\ngender,Boys,50\n');
    expect(read.problems).toEqual([]);
    expect(read.table!.gender.female).toBe(String(Math.round((49.8 / 99.8) * 10_000) / 100));
    expect(read.table!.age['13']).toBe('');
    const bad = tableFromCsv('gender,female,50\ngender,robot,50\n');
    expect(bad.table).toBeNull();
    expect(bad.problems[0]).toMatch(/^Line 2: “robot” is not a gender the screener records/);
  });

  it('writes the table as a file that reads back the same', () => {
    const table = tableFrom({ age: { '13': 50, '14': 50 }, region: { south: 70, west: 30 } });
    expect(tableFromCsv(tableCsv(table)).table).toEqual(table);
  });
});
