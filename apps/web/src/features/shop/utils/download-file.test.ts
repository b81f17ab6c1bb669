import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, reportFileName } from './download-file';

describe('fileNameFromDisposition', () => {
  it('reads quoted, bare and UTF-8 names', () => {
    expect(fileNameFromDisposition('attachment; filename="teens-and-sleep.pdf"', 'x.pdf')).toBe(
      'teens-and-sleep.pdf',
    );
    expect(fileNameFromDisposition('attachment; filename=report.pdf', 'x.pdf')).toBe('report.pdf');
    expect(
      fileNameFromDisposition(
        `attachment; filename="fallback.pdf"; filename*=UTF-8''Teens%20%E2%80%94%20money.pdf`,
        'x.pdf',
      ),
    ).toBe('Teens — money.pdf');
  });

  it('never keeps a folder part, and falls back when nothing is named', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'x.pdf')).toBe('passwd');
    expect(fileNameFromDisposition(null, 'x.pdf')).toBe('x.pdf');
    expect(fileNameFromDisposition('attachment', 'x.pdf')).toBe('x.pdf');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A", 'x.pdf')).toBe('x.pdf');
  });
});

describe('reportFileName', () => {
  it('makes a file name from a title', () => {
    expect(reportFileName('Always On: Teens, Phones & Sleep 2026')).toBe(
      'always-on-teens-phones-sleep-2026.pdf',
    );
    expect(reportFileName('???')).toBe('report.pdf');
  });
});
