export type ExportFormat = 'csv' | 'xlsx' | 'sav' | 'coded-csv' | 'codebook';

/** Where each format is served, under /v2/surveys/:id/results/, and the extension of its file. */
export const exportFiles: Record<ExportFormat, { path: string; extension: string }> = {
  csv: { path: 'export.csv', extension: 'csv' },
  xlsx: { path: 'export.xlsx', extension: 'xlsx' },
  sav: { path: 'export.sav', extension: 'sav' },
  'coded-csv': { path: 'export-coded.csv', extension: 'coded.csv' },
  codebook: { path: 'codebook.csv', extension: 'codebook.csv' },
};

/** The name the server gave the file (Content-Disposition), or one made from the survey's name. */
export function downloadFileName(
  contentDisposition: string | null,
  surveyName: string,
  format: ExportFormat,
): string {
  const encoded = contentDisposition?.match(/filename\*\s*=\s*UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoded name falls through to the plain one.
    }
  }
  const plain = contentDisposition?.match(/filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;\s]+)/i);
  const name = plain?.[1] ?? plain?.[2];
  if (name) return name;
  const slug =
    surveyName
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'survey';
  return `${slug}-responses.${exportFiles[format].extension}`;
}
