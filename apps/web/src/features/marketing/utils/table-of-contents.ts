/** One heading of an article or legal page, with the headings nested under it. */
export interface TocEntry {
  id: string;
  text: string;
  level: number;
  children: TocEntry[];
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  ndash: '–',
  mdash: '—',
  hellip: '…',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
    if (code.startsWith('#')) {
      const point =
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : match;
    }
    return entities[code.toLowerCase()] ?? match;
  });
}

const headingPattern = /<h([2-6])\b([^>]*)>([\s\S]*?)<\/h\1\s*>/gi;
const idPattern = /\bid\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/**
 * The table of contents of server-sanitised HTML (spec §9: search depth 2, headings h2 to h6 at
 * depth 2). h2 headings are the top level; h3 to h6 sit one level under the h2 before them, so the
 * list is never more than two deep. Only headings with an id can be linked to, so others are skipped.
 * Works on the string, not the DOM, so the server renders the same list the browser does.
 */
export function buildTableOfContents(html: string): TocEntry[] {
  const toc: TocEntry[] = [];
  for (const match of html.matchAll(headingPattern)) {
    const [, level = '2', attributes = '', inner = ''] = match;
    const idMatch = idPattern.exec(attributes);
    const id = decodeEntities(idMatch?.[1] ?? idMatch?.[2] ?? '').trim();
    const text = decodeEntities(inner.replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
    if (!id || !text) continue;
    const entry: TocEntry = { id, text, level: Number(level), children: [] };
    const parent = toc.at(-1);
    if (entry.level > 2 && parent?.level === 2) parent.children.push(entry);
    else toc.push(entry);
  }
  return toc;
}
