import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

// For tests of the PDFs we draw (receipts here, the demo reports in db/seed/report-pdf): their text
// read back from the bytes.

/**
 * The text of each page, from its content stream: pdfkit writes every line as a TJ array of hex strings
 * (WinAnsi bytes) with kerning numbers between them. Lines are joined by newlines; bytes stay latin1.
 */
export async function pageTexts(bytes: Buffer): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const stream = page.node.context.lookup(page.node.get(PDFName.of('Contents')));
    if (!(stream instanceof PDFRawStream)) return '';
    const raw = Buffer.from(stream.getContents());
    const content = (stream.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw).toString('latin1');
    return [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)]
      .map((operation) =>
        [...(operation[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)]
          .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      )
      .join('\n');
  });
}

/** Without spaces and line breaks, so a phrase is found whichever way it was wrapped. */
export const squash = (text: string) => text.replace(/\s+/g, '');
