import { describe, expect, it } from 'vitest';
import { downloadFileName } from './download-name';

describe('download file names', () => {
  it('uses the name the server gave', () => {
    expect(downloadFileName('attachment; filename="life-after-school-2026-responses.csv"', 'x', 'csv')).toBe(
      'life-after-school-2026-responses.csv',
    );
    expect(downloadFileName('attachment; filename=plain.xlsx', 'x', 'xlsx')).toBe('plain.xlsx');
    expect(downloadFileName("attachment; filename*=UTF-8''caf%C3%A9.csv", 'x', 'csv')).toBe('café.csv');
  });

  it('falls back to a name made from the survey', () => {
    expect(downloadFileName(null, 'Life after school: 2026!', 'csv')).toBe(
      'life-after-school-2026-responses.csv',
    );
    expect(downloadFileName('attachment', '¿¿', 'xlsx')).toBe('survey-responses.xlsx');
  });
});
