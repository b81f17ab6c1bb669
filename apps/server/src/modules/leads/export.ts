import { leadKindLabels, leadStatusLabels, utmKeys } from '@tv/contract';
import type { LeadRow } from './repository';
import { toLead } from './service';

/**
 * A CSV cell: a value a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
 * carriage return) is written as text with a leading apostrophe, as the results export does.
 */
export const csvCell = (value: string | number | null | undefined) => {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

const headers = [
  'Received',
  'Source',
  'Status',
  'Status changed by',
  'Status changed at',
  'First name',
  'Last name',
  'Email',
  'Organization',
  'State',
  'Message',
  'Library item',
  'Page',
  ...utmKeys.map((key) => `utm_${key}`),
];

/** The leads as a CSV file for a spreadsheet: a BOM so Excel reads UTF-8, CRLF line ends. */
export function leadsCsv(rows: LeadRow[]): string {
  const lines = rows.map((row) => {
    const lead = toLead(row);
    return [
      lead.createdAt,
      leadKindLabels[lead.kind],
      leadStatusLabels[lead.status],
      lead.statusChangedBy,
      lead.statusChangedAt,
      lead.firstName,
      lead.lastName,
      lead.email,
      lead.company,
      lead.state,
      lead.message,
      lead.libraryItem?.title,
      lead.sourcePath,
      ...utmKeys.map((key) => lead.utm[key]),
    ]
      .map(csvCell)
      .join(',');
  });
  return `\uFEFF${[headers.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}
