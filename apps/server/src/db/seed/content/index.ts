import {
  articleAttributesSchema,
  type ContentType,
  faqAttributesSchema,
  legalPageAttributesSchema,
  libraryItemAttributesSchema,
  type ResearchTheme,
  reportAttributesSchema,
  testimonialAttributesSchema,
} from '@tv/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../../config';
import { saveMedia } from '../../../modules/content/media';
import { estimateReadingMinutes, sanitizeRichText } from '../../../modules/content/rich-text';
import { upsertSeedEntry } from '../../../modules/content/service';
import { createMediaStorage } from '../../../modules/content/storage';
import type { Db } from '../../client';
import { contentEntries } from '../../schema/content';
import { demoArticles } from './articles';
import { demoFaqs } from './faqs';
import { drawCover, drawPreviewPage } from './images';
import { demoLegalPages } from './legal-pages';
import { demoLibraryItems } from './library';
import { renderLibraryPdf } from './library-pdf';
import { demoReports } from './reports';
import { demoTestimonials } from './testimonials';

/** FAQs and testimonials have no slug: they are seeded only while their type has no entry at all. */
const SLUGLESS_TYPES = ['faq', 'testimonial'] as const satisfies ContentType[];
const SLUGGED_TYPES = ['article', 'report', 'library-item', 'legal-page'] as const satisfies ContentType[];

const quoted = (title: string) => `“${title}”`;

/**
 * The public site's demo content: reports, articles, library items, FAQs, testimonials and legal pages,
 * with covers and report preview pages drawn in code. It runs at every start, so the first query tells
 * what is already there and only what is missing is drawn and inserted; an entry is never changed once
 * it exists, so staff edits survive restarts.
 */
export async function seedContent(db: Db, config: Pick<Config, 'dataDir' | 's3'>): Promise<void> {
  const existing = await db
    .select({ type: contentEntries.type, slug: contentEntries.slug })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.locale, 'en'),
        inArray(contentEntries.type, [...SLUGGED_TYPES, ...SLUGLESS_TYPES]),
      ),
    );
  const present = new Set(existing.map((row) => `${row.type}:${row.slug ?? ''}`));
  const typesPresent = new Set(existing.map((row) => row.type));
  const missing = (type: ContentType, slug: string) => !present.has(`${type}:${slug}`);

  const reports = demoReports.filter((seed) => missing('report', seed.attributes.slug));
  const articles = demoArticles.filter((seed) => missing('article', seed.attributes.slug));
  const libraryItems = demoLibraryItems.filter((seed) => missing('library-item', seed.attributes.slug));
  const legalPages = demoLegalPages.filter((seed) => missing('legal-page', seed.attributes.slug));
  const faqs = typesPresent.has('faq') ? [] : demoFaqs;
  const testimonials = typesPresent.has('testimonial') ? [] : demoTestimonials;
  const nothingToDo =
    reports.length + articles.length + libraryItems.length + legalPages.length + faqs.length === 0 &&
    testimonials.length === 0;
  if (nothingToDo) return;

  // Created only when something is missing: on a seeded database no storage client is ever built.
  const storage = createMediaStorage(config);
  // One transaction: a failed run leaves no half-seeded site, and PGlite commits once instead of per row.
  await db.transaction(async (tx) => {
    // Pictures are drawn synchronously as each call starts and saved concurrently, so file writes and
    // queries overlap; this is most of the first run's time.
    const image = async (name: string, bytes: Buffer, alternativeText: string) =>
      (await saveMedia(tx, storage, { name, bytes, alternativeText })).id;
    const cover = (theme: ResearchTheme, slug: string, alternativeText: string) =>
      image(`${slug}-cover.png`, drawCover(theme, slug), alternativeText);

    const reportEntries = reports.map(async (seed) => {
      const { title, slug, theme } = seed.attributes;
      const pages = Array.from({ length: seed.previewPages }, (_, index) => index + 1);
      const [coverId, ...previewPages] = await Promise.all([
        cover(theme, slug, `Cover of the report ${quoted(title)}`),
        ...pages.map((page) =>
          image(
            `${slug}-preview-${page}.png`,
            drawPreviewPage(theme, slug, page),
            `Preview page ${page} of ${quoted(title)}`,
          ),
        ),
      ]);
      const attributes = reportAttributesSchema.parse({
        ...seed.attributes,
        description: sanitizeRichText(seed.attributes.description),
        cover: coverId,
        previewPages,
      });
      return { type: 'report', slug, attributes, publishedAt: seed.publishedAt } as const;
    });

    const articleEntries = articles.map(async (seed) => {
      const { title, slug, theme } = seed.attributes;
      const body = sanitizeRichText(seed.attributes.body);
      const attributes = articleAttributesSchema.parse({
        ...seed.attributes,
        body,
        // The number the staff editor computes on save, so saving an untouched article changes nothing.
        readingTimeMinutes: estimateReadingMinutes(body),
        cover: await cover(theme, slug, `Cover image for the article ${quoted(title)}`),
      });
      return { type: 'article', slug, attributes, publishedAt: seed.publishedAt } as const;
    });

    const libraryEntries = libraryItems.map(async (seed) => {
      const { title, slug, kind } = seed.attributes;
      const [coverId, fileId] = await Promise.all([
        cover(seed.coverTheme, slug, `Cover of the ${kind} ${quoted(title)}`),
        seed.points.length > 0
          ? renderLibraryPdf(seed).then((bytes) => image(`${slug}.pdf`, bytes, quoted(title)))
          : null,
      ]);
      const attributes = libraryItemAttributesSchema.parse({
        ...seed.attributes,
        cover: coverId,
        file: fileId,
      });
      return { type: 'library-item', slug, attributes, publishedAt: seed.publishedAt } as const;
    });

    const legalEntries = legalPages.map((seed) => {
      const attributes = legalPageAttributesSchema.parse({
        ...seed.attributes,
        body: sanitizeRichText(seed.attributes.body),
      });
      return {
        type: 'legal-page',
        slug: attributes.slug,
        attributes,
        publishedAt: seed.publishedAt,
      } as const;
    });

    const slugless = [
      ...faqs.map((faq) => ({ type: 'faq', attributes: faqAttributesSchema.parse(faq) }) as const),
      ...testimonials.map(
        (quote) => ({ type: 'testimonial', attributes: testimonialAttributesSchema.parse(quote) }) as const,
      ),
    ].map((entry) => ({ ...entry, slug: null, publishedAt: SITE_LAUNCHED_AT }));

    const all = [
      ...(await Promise.all([...reportEntries, ...articleEntries, ...libraryEntries])),
      ...legalEntries,
      ...slugless,
    ];
    // In order, so ids follow the seed files (reports, articles, library, legal, FAQs, testimonials).
    for (const entry of all) {
      await upsertSeedEntry(tx, { ...entry, publishedAt: new Date(entry.publishedAt) });
    }
  });
}

/** FAQs and testimonials went live with the site. */
const SITE_LAUNCHED_AT = '2026-01-05T14:00:00.000Z';
