/**
 * The file name a download should be saved under: RFC 6266's filename* (UTF-8) first, then filename,
 * stripped of any folder part; the fallback when the header names none.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | null = null;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/.exec(header);
    if (plain) name = (plain[2] ?? plain[1] ?? '').replace(/\\(.)/g, '$1').trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

/** A safe default name for a report's file, from its title. */
export function reportFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 80);
  return `${slug || 'report'}.pdf`;
}

/** Saves a blob through a temporary link, as a download with the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers read the address after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
