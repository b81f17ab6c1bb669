/** A plain-text legal document ('# Title', '## Section' lines, blank-line paragraphs) as sections. */
export interface PlainSection {
  id: string;
  heading: string;
  paragraphs: string[];
}

export interface PlainDocument {
  title: string | null;
  intro: string[];
  sections: PlainSection[];
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'section';

/**
 * Rendering the text as text (never as HTML) keeps any markup in it inert; headings get ids so the
 * table of contents can link to them.
 */
export function parsePlainDocument(text: string): PlainDocument {
  const document: PlainDocument = { title: null, intro: [], sections: [] };
  const used = new Map<string, number>();
  let paragraph: string[] = [];
  const flush = () => {
    const joined = paragraph.join(' ').trim();
    paragraph = [];
    if (!joined) return;
    const section = document.sections.at(-1);
    if (section) section.paragraphs.push(joined);
    else document.intro.push(joined);
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('## ')) {
      flush();
      const heading = line.slice(3).trim();
      const base = slugify(heading);
      const seen = used.get(base) ?? 0;
      used.set(base, seen + 1);
      document.sections.push({ id: seen ? `${base}-${seen + 1}` : base, heading, paragraphs: [] });
    } else if (line.startsWith('# ')) {
      flush();
      document.title ??= line.slice(2).trim();
    } else if (!line) {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return document;
}
