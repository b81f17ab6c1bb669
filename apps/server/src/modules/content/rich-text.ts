import sanitizeHtml from 'sanitize-html';
import { shapeRichText } from './rich-text-shape';

const headingTags = ['h2', 'h3', 'h4', 'h5', 'h6'];

/** Lowercase words joined by hyphens; what a table-of-contents link points at. */
export function slugifyHeading(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'section';
}

const isExternal = (href: string) => /^https?:\/\//i.test(href);

/** http(s), mailto and same-site paths; never javascript:, data: or protocol-relative `//host`. */
const isAllowedHref = (href: string) =>
  /^(https?:\/\/|mailto:)/i.test(href) || (/^[/#?]/.test(href) && !href.startsWith('//'));

/** Our own uploads or any https image. */
const isAllowedImageSrc = (src: string) => /^\/cms\/uploads\/[^\s]+$/.test(src) || /^https:\/\//i.test(src);

/**
 * The staff editor (Tiptap) sends HTML; this is the only thing that decides what is stored and shown.
 * Allow-listed tags and attributes, safe links, the editor's own shape (rich-text-shape.ts, so opening
 * and saving a body in the editor changes nothing) and a stable id on every h2–h6 for the table of contents.
 */
export function sanitizeRichText(html: string): string {
  // NUL and lone surrogates have no place in stored text and confuse parsers.
  const input = html.replace(/\0/g, '').replace(/[\uD800-\uDFFF]/g, (char, index: number, whole: string) => {
    const code = char.charCodeAt(0);
    const next = whole.charCodeAt(index + 1);
    const previous = whole.charCodeAt(index - 1);
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) return char;
    if (code >= 0xdc00 && previous >= 0xd800 && previous <= 0xdbff) return char;
    return '';
  });

  const clean = sanitizeHtml(input, {
    allowedTags: [
      'p',
      ...headingTags,
      'strong',
      'em',
      'u',
      's',
      'a',
      'ul',
      'ol',
      'li',
      'blockquote',
      'code',
      'pre',
      'hr',
      'br',
      'img',
      'table',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: {
      a: ['href', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // A caption has no place in the editor's tables; its text would land in no cell.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'iframe',
      'object',
      'embed',
      'svg',
      'caption',
    ],
    exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSrc(frame.attribs.src ?? ''),
    transformTags: {
      // Tiptap and pasted text use b/i; keep the meaning with the allowed tags.
      b: 'strong',
      i: 'em',
      strike: 's',
      del: 's',
      h1: 'h2',
      a: (tagName, attribs): sanitizeHtml.Tag => {
        const href = (attribs.href ?? '').trim();
        if (!isAllowedHref(href)) return { tagName, attribs: {} };
        if (isExternal(href)) {
          return { tagName, attribs: { href, rel: 'noopener noreferrer', target: '_blank' } };
        }
        return { tagName, attribs: { href } };
      },
    },
  });

  return addHeadingIds(shapeRichText(clean));
}

/**
 * The output of sanitize-html is well formed and holds no attributes on headings, so a regular
 * expression over it is exact: ids are derived from the heading's text, de-duplicated with -2, -3.
 */
function addHeadingIds(html: string): string {
  const used = new Set<string>();
  return html.replace(/<(h[2-6])>([\s\S]*?)<\/\1>/g, (_match, tag: string, inner: string) => {
    const text = inner.replace(/<[^>]*>/g, '').replace(/&amp;/g, 'and');
    const base = slugifyHeading(text);
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    return `<${tag} id="${id}">${inner}</${tag}>`;
  });
}

/** Reading time at 200 words a minute, at least one minute. */
export function estimateReadingMinutes(html: string): number {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / 200));
}
