import {
  CONTENT_WIDTH,
  colors,
  createPdf,
  drawFooters,
  finishPdf,
  fonts,
  MARGIN,
  newPage,
  write,
} from '../../../lib/pdf-layout';
import type { LibraryItemSeed } from './library';

/**
 * A library item's demo PDF: a title page with its summary, then its points, one short section each.
 * Real text, so a visitor who downloads it reads what the library card promised.
 */
export async function renderLibraryPdf(seed: LibraryItemSeed): Promise<Buffer> {
  const { title, summary, tags } = seed.attributes;
  const doc = createPdf({
    title,
    author: 'TeenVoice Research',
    subject: summary,
    keywords: tags.join(', '),
    creationDate: new Date(seed.publishedAt),
  });
  newPage(doc);
  write(doc, 'TeenVoice library', { font: fonts.bold, size: 11, color: colors.muted }, {});
  doc.moveDown(0.5);
  write(doc, title, { font: fonts.bold, size: 24 }, {}, { width: CONTENT_WIDTH });
  doc.moveDown(0.8);
  write(doc, summary, { size: 12 }, {}, { width: CONTENT_WIDTH, lineGap: 3 });
  doc.moveDown(1.2);
  for (const [index, point] of seed.points.entries()) {
    write(
      doc,
      `${index + 1}. ${point.heading}`,
      { font: fonts.bold, size: 13 },
      {},
      { width: CONTENT_WIDTH },
    );
    doc.moveDown(0.3);
    write(doc, point.text, { size: 11 }, {}, { width: CONTENT_WIDTH, lineGap: 2 });
    doc.moveDown(0.9);
  }
  doc.x = MARGIN.left;
  drawFooters(doc, ({ index, count }) => ({
    left: 'Free from the TeenVoice library. © 2026 TeenVoice.',
    right: `Page ${index + 1} of ${count}`,
  }));
  return finishPdf(doc);
}
