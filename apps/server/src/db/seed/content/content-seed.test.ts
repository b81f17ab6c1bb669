import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { type ContentType, contentAttributeSchemas, contentTypes, researchThemes } from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStorage } from '../../../modules/content/storage';
import { createTestApp, type TestApp } from '../../../test/app';
import { contentEntries, contentMedia } from '../../schema/content';
import { CURRENT_TERMS } from '../terms';
import { COVER_SIZE, PREVIEW_PAGE_SIZE } from './images';
import { seedContent } from './index';
import { readPngSize } from './png';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tv-content-seed-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => t.app.database.db;
const entries = () => db().select().from(contentEntries);
const ofType = async (type: ContentType) => (await entries()).filter((row) => row.type === type);

/** Checks the PNG's chunk CRCs and that its image data inflates to exactly the stated size. */
function decodePng(bytes: Buffer) {
  const size = readPngSize(bytes);
  if (!size) throw new Error('Not a PNG');
  const idat: Buffer[] = [];
  let offset = 8;
  let bitDepth = 0;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') bitDepth = data[8] ?? 0;
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return { ...size, bitDepth, rawLength: raw.length };
}

describe('content seed', () => {
  it('stores entries that every contract schema accepts', async () => {
    const rows = await entries();
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(contentTypes));
    for (const row of rows) {
      const parsed = contentAttributeSchemas[row.type as ContentType].safeParse(row.attributes);
      expect(parsed.error, `${row.type} ${row.slug}`).toBeUndefined();
      expect(row.publishedAt, `${row.type} ${row.slug} is published`).not.toBeNull();
      expect(row.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('seeds the articles and at least one report per theme, with realistic report data', async () => {
    expect((await ofType('article')).length).toBeGreaterThanOrEqual(12);
    const reports = await ofType('report');
    expect(reports.length).toBeGreaterThanOrEqual(8);
    const attributes = reports.map((row) => contentAttributeSchemas.report.parse(row.attributes));
    for (const theme of researchThemes)
      expect(attributes.some((report) => report.theme === theme)).toBe(true);
    expect(new Set(attributes.map((report) => report.sku)).size).toBe(attributes.length);
    for (const report of attributes) {
      expect(report.keyFindings.length).toBeGreaterThanOrEqual(4);
      expect(report.keyFindings.length).toBeLessThanOrEqual(6);
      expect(report.seoTitle.length).toBeLessThanOrEqual(60);
      expect(report.seoDescription.length).toBeLessThanOrEqual(155);
      expect(report.methodology.fieldworkEnd >= report.methodology.fieldworkStart).toBe(true);
      expect(report.methodology.sampleSize).toBeGreaterThanOrEqual(1000);
      expect(report.methodology.sampleSize).toBeLessThanOrEqual(5000);
      expect(report.previewPages.length).toBeGreaterThanOrEqual(2);
      // Rich text went through the sanitizer, which gives every heading an id.
      expect(report.description).toMatch(/<h2 id="[a-z0-9-]+">/);
    }
  });

  it('moves the legal pages, except the terms of use, which are the terms-and-conditions type', async () => {
    const slugs = (await ofType('legal-page')).map((row) => row.slug).sort();
    expect(slugs).toEqual([
      'commercial-terms-and-conditions',
      'cookie-policy',
      'privacy-policy',
      'safeguarding-policy',
    ]);
    expect(CURRENT_TERMS).toContain('{versionTimestamp}');
    expect(CURRENT_TERMS).toContain('Acceptable research');
  });

  it('seeds the home FAQs and testimonials with names', async () => {
    const faqs = (await ofType('faq')).map((row) => contentAttributeSchemas.faq.parse(row.attributes));
    expect(faqs.length).toBeGreaterThanOrEqual(8);
    expect(faqs.length).toBeLessThanOrEqual(20);
    expect(faqs.filter((faq) => faq.placement === 'home')).toHaveLength(5);
    for (const placement of ['products', 'research', 'contact', 'quality'] as const) {
      expect(faqs.some((faq) => faq.placement === placement)).toBe(true);
    }
    expect((await ofType('testimonial')).length).toBe(6);
    expect((await ofType('library-item')).length).toBe(6);
  });

  it('draws valid PNG covers and preview pages at the stated sizes, each referenced by an entry', async () => {
    const media = await db().select().from(contentMedia);
    const byId = new Map(media.map((row) => [row.id, row]));
    const storage = createMediaStorage(t.config);
    const expectImage = async (id: number | null, size: { width: number; height: number }) => {
      const row = byId.get(id ?? -1);
      expect(row, `media ${id}`).toBeDefined();
      expect(row?.mime).toBe('image/png');
      expect(row?.alternativeText).toBeTruthy();
      expect({ width: row?.width, height: row?.height }).toEqual(size);
      const bytes = await storage.get(row!.storageKey);
      expect(bytes?.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const decoded = decodePng(bytes!);
      expect(decoded).toEqual({ ...size, bitDepth: 8, rawLength: (size.width + 1) * size.height });
    };

    for (const row of await entries()) {
      const attributes = row.attributes as { cover?: number | null; previewPages?: number[] };
      if (row.type === 'article' || row.type === 'report' || row.type === 'library-item') {
        await expectImage(attributes.cover ?? null, COVER_SIZE);
      }
      for (const id of attributes.previewPages ?? []) await expectImage(id, PREVIEW_PAGE_SIZE);
    }
    const report = (await ofType('report'))[0]!.attributes as { title: string; cover: number };
    expect(byId.get(report.cover)?.alternativeText).toBe(`Cover of the report “${report.title}”`);
    // Every cover differs: one picture per report and article, not a shared placeholder.
    const covers = (await entries()).map((row) => (row.attributes as { cover?: number }).cover);
    const defined = covers.filter((id) => id !== undefined);
    expect(new Set(defined).size).toBe(defined.length);
  });

  it('changes nothing when it runs again', async () => {
    const before = await entries();
    const mediaBefore = await db().select().from(contentMedia);
    const started = performance.now();
    await seedContent(db(), t.config);
    const elapsed = performance.now() - started;
    expect(await entries()).toEqual(before);
    expect(await db().select().from(contentMedia)).toEqual(mediaBefore);
    // The already-seeded path is one query; generous for a busy CI machine.
    expect(elapsed).toBeLessThan(250);
  });
});
