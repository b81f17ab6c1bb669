import type { ReceiptShape } from '@tv/contract';

/** The receipt as a PDF (pdfkit). Stub until the storefront's PDF work lands. */
export async function renderReceiptPdf(_receipt: ReceiptShape): Promise<Buffer> {
  throw new Error('renderReceiptPdf is not written yet');
}
