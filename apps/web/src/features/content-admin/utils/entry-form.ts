import {
  type ContentType,
  contentAttributeSchemas,
  type FaqAttributes,
  faqAttributesSchema,
} from '@tv/contract';

export type EntryValues = Record<string, unknown>;

/** What a new entry of each type starts with: empty, so nothing is published by accident. */
export function emptyAttributes(type: ContentType): EntryValues {
  switch (type) {
    case 'article':
      return {
        title: '',
        slug: '',
        summary: '',
        body: '',
        cover: null,
        tags: [],
        theme: null,
        author: { name: '', role: '' },
        readingTimeMinutes: 5,
        seoTitle: '',
        seoDescription: '',
      };
    case 'report':
      return {
        title: '',
        slug: '',
        summary: '',
        description: '',
        keyFindings: [],
        methodology: {
          sampleSize: '',
          fieldworkStart: '',
          fieldworkEnd: '',
          ages: '13–19',
          regions: 'All 50 states and DC',
          method: '',
        },
        cover: null,
        previewPages: [],
        tags: [],
        theme: null,
        sku: '',
        pageCount: '',
        format: 'PDF',
        listPrice: '',
        seoTitle: '',
        seoDescription: '',
      };
    case 'library-item':
      return {
        title: '',
        slug: '',
        summary: '',
        kind: null,
        cover: null,
        file: null,
        videoUrl: '',
        gated: false,
        tags: [],
      };
    case 'faq':
      return { question: '', answer: '', placement: null, order: 0 };
    case 'testimonial':
      return { quote: '', name: '', role: '', organization: '', order: 0 };
    case 'legal-page':
      return { title: '', slug: '', summary: '', body: '', effectiveDate: '', seoDescription: '' };
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A saved entry's attributes over the empty ones, so a field the server left out still has an input value. */
export function formValuesFrom(type: ContentType, attributes: Record<string, unknown>): EntryValues {
  const merge = (base: EntryValues, saved: Record<string, unknown>): EntryValues => {
    const result: EntryValues = { ...base };
    for (const [key, value] of Object.entries(saved)) {
      const start = base[key];
      result[key] = isPlainObject(start) && isPlainObject(value) ? merge(start, value) : (value ?? start);
    }
    return result;
  };
  return merge(emptyAttributes(type), attributes);
}

/** Number inputs, by form path: an empty one is a missing value, not an empty string. */
const numberFields = new Set([
  'readingTimeMinutes',
  'methodology.sampleSize',
  'pageCount',
  'listPrice',
  'order',
]);
/** Media fields may stay empty (null); other nulls are selects nobody chose yet. */
const nullableFields = new Set(['cover', 'file']);

/**
 * Empty number inputs hold '' and unchosen selects null; both become undefined so the schema says
 * 'Required' for them instead of naming types an editor never sees.
 */
function withoutBlanks(value: unknown, path = ''): unknown {
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, withoutBlanks(inner, path ? `${path}.${key}` : key)]),
    );
  }
  if (value === null) return nullableFields.has(path) ? null : undefined;
  if (value === '' && numberFields.has(path)) return undefined;
  return value;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

export type EntryValidation =
  | { ok: true; attributes: Record<string, unknown> }
  | { ok: false; errors: Record<string, string> };

/** Checks the form with the contract's schema, the same one the server checks writes with. */
export function validateEntry(type: ContentType, values: EntryValues): EntryValidation {
  const prepared = withoutBlanks(values);
  const result = contentAttributeSchemas[type].safeParse(prepared);
  if (result.success) return { ok: true, attributes: result.data as Record<string, unknown> };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    // An unchosen select fails as 'Invalid input' (a value outside the list); to an editor it is missing.
    errors[key] ??= valueAt(prepared, issue.path) === undefined ? 'Required' : issue.message;
  }
  return { ok: false, errors };
}

/** A URL slug from a title: 'Teens & AI: 2026' → 'teens-ai-2026'. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

/** The field that names an entry in headings and dialogs. */
export const labelField: Record<ContentType, string> = {
  article: 'title',
  report: 'title',
  'library-item': 'title',
  faq: 'question',
  testimonial: 'quote',
  'legal-page': 'title',
};

/** Rich text fields by type: they get the Tiptap editor and show in the preview. */
export const richTextField: Partial<Record<ContentType, string>> = {
  article: 'body',
  report: 'description',
  'legal-page': 'body',
};

/** The singular noun for buttons like 'New article'. */
export const contentTypeSingular: Record<ContentType, string> = {
  article: 'article',
  report: 'report',
  'library-item': 'library item',
  faq: 'FAQ',
  testimonial: 'testimonial',
  'legal-page': 'legal page',
};

/** Where the public site shows an entry of a type, if it has a page of its own. */
export function publicPathOf(type: ContentType, slug: string | null): string | null {
  if (!slug) return null;
  if (type === 'article') return `/research/articles/${slug}`;
  if (type === 'report') return `/research/reports/${slug}`;
  if (type === 'legal-page') return `/legal/${slug}`;
  return null;
}

/**
 * 'Shown on' for a FAQ: every placement the content API stores, each named after the public page that
 * shows it (the record's type makes a new placement fail to compile until it has a label, so a stored
 * value always opens selected). e2e/specs/content-editor.spec.ts visits each page.
 */
export const faqPlacementLabels: Record<FaqAttributes['placement'], string> = {
  home: 'Home',
  products: 'Products',
  research: 'Research',
  contact: 'Contact',
  quality: 'Quality',
};
export const faqPlacementOptions = faqAttributesSchema.shape.placement.options.map((value) => ({
  value,
  label: faqPlacementLabels[value],
}));
