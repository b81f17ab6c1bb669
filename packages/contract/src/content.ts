import { z } from 'zod';
import { int32 } from './safe-input';

/**
 * The content service (Strapi v4 shape at /cms/api) and its staff API (/v2/admin/content).
 * One attribute schema per collection type: the staff API validates writes with it, the public API
 * serves it, the web renders it.
 */
export const CONTENT_PRODUCT = 'teenvoice';

/** The six themes of the research page. */
export const researchThemes = [
  'digital-life',
  'health-and-wellbeing',
  'money-and-work',
  'learning',
  'brands-and-media',
  'civic-life',
] as const;
export type ResearchTheme = (typeof researchThemes)[number];
export const researchThemeLabels: Record<ResearchTheme, string> = {
  'digital-life': 'Digital life',
  'health-and-wellbeing': 'Health and wellbeing',
  'money-and-work': 'Money and work',
  learning: 'Learning',
  'brands-and-media': 'Brands and media',
  'civic-life': 'Civic life',
};

/** Collection types and their plural API ids: GET /cms/api/teenvoice-{plural}. */
export const contentTypes = [
  'article',
  'report',
  'library-item',
  'faq',
  'testimonial',
  'legal-page',
] as const;
export type ContentType = (typeof contentTypes)[number];
export const contentTypePlural: Record<ContentType, string> = {
  article: 'articles',
  report: 'reports',
  'library-item': 'library-items',
  faq: 'faqs',
  testimonial: 'testimonials',
  'legal-page': 'legal-pages',
};
export const contentTypeLabels: Record<ContentType, string> = {
  article: 'Articles',
  report: 'Reports',
  'library-item': 'Library items',
  faq: 'FAQs',
  testimonial: 'Testimonials',
  'legal-page': 'Legal pages',
};

export const slugSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(120, 'A slug is at most 120 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens only');

/** A media reference as stored: the id of a row of the media library, or null. */
const mediaId = int32().positive().nullable();
const tags = z.array(z.string().trim().min(1).max(40)).max(12);
const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => z.string().trim().min(1, 'Required').max(max);

/**
 * Rich text is stored as HTML that the server sanitised (allow-listed tags and attributes, ids added to
 * headings for the table of contents). The editor is Tiptap; the server never trusts what it sends.
 */
export const richTextSchema = z.string().max(200_000);

export const articleAttributesSchema = z.object({
  title: requiredText(200),
  slug: slugSchema,
  summary: requiredText(400),
  body: richTextSchema,
  cover: mediaId,
  tags,
  theme: z.enum(researchThemes),
  author: z.object({ name: requiredText(120), role: text(120) }),
  readingTimeMinutes: z.number().int().min(1).max(120),
  seoTitle: text(70),
  seoDescription: text(160),
});
export type ArticleAttributes = z.infer<typeof articleAttributesSchema>;

export const reportAttributesSchema = z.object({
  title: requiredText(200),
  slug: slugSchema,
  summary: requiredText(400),
  description: richTextSchema,
  keyFindings: z.array(requiredText(400)).max(12),
  methodology: z.object({
    sampleSize: z.number().int().min(1).max(10_000_000),
    fieldworkStart: z.iso.date(),
    fieldworkEnd: z.iso.date(),
    /** e.g. '13–19' */
    ages: requiredText(40),
    regions: requiredText(200),
    method: text(600),
  }),
  cover: mediaId,
  /** Preview pages shown on the report page, as images. */
  previewPages: z.array(z.number().int().positive()).max(12),
  tags,
  theme: z.enum(researchThemes),
  /** The commerce SKU the report is sold as; the storefront fills in price and format. */
  sku: requiredText(64),
  pageCount: z.number().int().min(1).max(2000),
  format: requiredText(40),
  /** Price in USD shown until the storefront prices the SKU itself. */
  listPrice: z.number().min(0).max(1_000_000),
  seoTitle: text(70),
  seoDescription: text(160),
});
export type ReportAttributes = z.infer<typeof reportAttributesSchema>;

export const libraryItemAttributesSchema = z.object({
  title: requiredText(200),
  slug: slugSchema,
  summary: requiredText(400),
  /** guide | template | toolkit | webinar */
  kind: z.enum(['guide', 'template', 'toolkit', 'webinar']),
  cover: mediaId,
  /** A downloadable file (a PDF in the media library), if any. */
  file: mediaId,
  /** A webinar's recording: an https link that opens the video. */
  videoUrl: z
    .string()
    .trim()
    .max(500)
    .refine(
      (value) => value === '' || /^https:\/\/[^\s]+$/.test(value),
      'Enter a link that starts with https://',
    )
    .default(''),
  /**
   * Gated: the visitor fills the lead form first and gets the file by a signed link (the public API
   * never shows a gated file's address). Ungated: the button downloads or opens it.
   */
  gated: z.boolean().default(false),
  tags,
});
export type LibraryItemAttributes = z.infer<typeof libraryItemAttributesSchema>;

export const faqAttributesSchema = z.object({
  question: requiredText(300),
  answer: requiredText(3000),
  /** Where it shows: home, products, research, contact, quality. */
  placement: z.enum(['home', 'products', 'research', 'contact', 'quality']),
  order: z.number().int().min(0).max(1000),
});
export type FaqAttributes = z.infer<typeof faqAttributesSchema>;

export const testimonialAttributesSchema = z.object({
  quote: requiredText(600),
  name: requiredText(120),
  role: requiredText(120),
  organization: requiredText(120),
  order: z.number().int().min(0).max(1000),
});
export type TestimonialAttributes = z.infer<typeof testimonialAttributesSchema>;

export const legalPageAttributesSchema = z.object({
  title: requiredText(200),
  slug: slugSchema,
  summary: text(400),
  body: richTextSchema,
  /** The date the text takes effect, 'YYYY-MM-DD'. */
  effectiveDate: z.iso.date(),
  seoDescription: text(160),
});
export type LegalPageAttributes = z.infer<typeof legalPageAttributesSchema>;

export const contentAttributeSchemas = {
  article: articleAttributesSchema,
  report: reportAttributesSchema,
  'library-item': libraryItemAttributesSchema,
  faq: faqAttributesSchema,
  testimonial: testimonialAttributesSchema,
  'legal-page': legalPageAttributesSchema,
} satisfies Record<ContentType, z.ZodType>;

/** Attributes that hold media ids; the public API populates them as Strapi media relations. */
export const contentMediaFields: Record<ContentType, readonly string[]> = {
  article: ['cover'],
  report: ['cover', 'previewPages'],
  'library-item': ['cover', 'file'],
  faq: [],
  testimonial: [],
  'legal-page': [],
};

/** The legal page whose text is the terms of use: the terms-and-conditions type, not a legal-page entry. */
export const TERMS_OF_USE_SLUG = 'terms-of-use';

// ── Strapi v4 response shapes (public API) ─────────────────────────────────────────────────────────

export interface StrapiMediaAttributes {
  name: string;
  alternativeText: string | null;
  url: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}
export interface StrapiMedia {
  data: { id: number; attributes: StrapiMediaAttributes } | null;
}
export interface StrapiMediaList {
  data: { id: number; attributes: StrapiMediaAttributes }[];
}
export interface StrapiEntry<A> {
  id: number;
  attributes: A & { publishedAt: string | null; createdAt: string; updatedAt: string; locale: string };
}
export interface StrapiPagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}
export interface StrapiList<A> {
  data: StrapiEntry<A>[];
  meta: { pagination: StrapiPagination };
}
export interface StrapiSingle<A> {
  data: StrapiEntry<A> | null;
  meta: Record<string, never>;
}
export interface StrapiErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

/** Public attributes once populated: media ids become Strapi media relations. */
export type Populated<A, M extends keyof A = never> = Omit<A, M> & {
  [K in M]: A[K] extends number[] ? StrapiMediaList : StrapiMedia;
};
export type PublicArticle = Populated<ArticleAttributes, 'cover'>;
export type PublicReport = Populated<ReportAttributes, 'cover' | 'previewPages'>;
export type PublicLibraryItem = Populated<LibraryItemAttributes, 'cover' | 'file'>;

/** Terms and conditions (spec §3): content holds a {versionTimestamp} placeholder. */
export interface TermsAttributes {
  versionTimestamp: string;
  content: string;
  publishedAt: string | null;
}

// ── Staff API (/v2/admin/content, permission content~view / content~manage) ──────────────────────

export const contentStatuses = ['draft', 'scheduled', 'published'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

export const adminContentListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(contentStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminContentEntrySchema = z.object({
  id: z.number().int(),
  type: z.enum(contentTypes),
  status: z.enum(contentStatuses),
  /** Title, question or quote: what the list shows. */
  label: z.string(),
  slug: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  publishedAt: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
  /** Articles only: 'Was this useful?' counts. */
  feedback: z
    .object({ useful: z.number().int(), notUseful: z.number().int(), comments: z.number().int() })
    .nullable(),
});
export type AdminContentEntry = z.infer<typeof adminContentEntrySchema>;

export const adminContentListSchema = z.object({
  data: z.array(adminContentEntrySchema),
  meta: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
});

/** POST /v2/admin/content/:type — creates a draft. */
export const createContentEntrySchema = z.object({ attributes: z.record(z.string(), z.unknown()) });
/** PUT /v2/admin/content/:type/:id — `version` is the version edited; a stale one answers 409 with the current entry. */
export const updateContentEntrySchema = z.object({
  attributes: z.record(z.string(), z.unknown()),
  version: int32().min(1),
});
/** POST /v2/admin/content/:type/:id/schedule */
export const scheduleContentEntrySchema = z.object({ publishAt: z.iso.datetime({ offset: true }) });

export const adminFeedbackCommentSchema = z.object({
  useful: z.boolean(),
  comment: z.string(),
  createdAt: z.string(),
});

/** Terms versions for staff: GET/POST /v2/admin/content/terms, POST /v2/admin/content/terms/:versionTimestamp/publish */
export const adminTermsVersionSchema = z.object({
  versionTimestamp: z.string(),
  content: z.string(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const createTermsVersionSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(200_000)
    .refine((value) => value.includes('{versionTimestamp}'), 'The text must contain {versionTimestamp}'),
});

/** Copy editor: GET/PUT /v2/admin/content/copy — section → key → text. PUT publishes at once. */
export const copyDocumentSchema = z.record(
  z.string().trim().min(1).max(60),
  z.record(z.string().trim().min(1).max(120), z.string().max(5000)),
);
export type CopyDocument = z.infer<typeof copyDocumentSchema>;

/** Article feedback: POST /cms/api/teenvoice-articles/:id/feedback (one vote per visitor cookie). */
export const articleFeedbackSchema = z.object({
  useful: z.boolean(),
  comment: z.string().trim().max(2000).optional(),
});
export type ArticleFeedback = z.infer<typeof articleFeedbackSchema>;

// ── Public page payloads ──────────────────────────────────────────────────────────────────────────

/** What a public page tells crawlers and link previews; the server writes it into the HTML head. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or root-relative image URL for Open Graph and Twitter cards. */
  image?: string;
  type?: 'website' | 'article';
  /**
   * schema.org JSON-LD (a Product with its Offer, an Article) the server writes into the head as
   * `<script type="application/ld+json">`; root-relative `url` and `image` values are made absolute.
   */
  structuredData?: Record<string, unknown>;
}
