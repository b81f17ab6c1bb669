import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import type { Viewer } from '../identity/service';
import { creditNoteFor, invoiceFor } from './documents';
import { contentDisposition, takeDownload } from './downloads';
import { CommerceError } from './errors';
import { renderCreditNotePdf, renderInvoicePdf, renderReceiptPdf } from './pdf/receipt-pdf';
import { receiptFor } from './receipts';

/**
 * Files of the storefront, at the root (not in the Magento prefix): a browser navigation sends the
 * session cookie, never a bearer token, so these use the cookie session. Errors are in the core API's
 * shape.
 */
export const commerceFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = routesOf(app, ['commerce']);

  route.get(
    '/commerce-content/downloads/:linkHash',
    {
      access: 'account',
      summary: 'Download a purchased report (signed, expiring, bound to the signed-in buyer, counted)',
      params: z.object({ linkHash: z.string() }),
      querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
    },
    async (request, reply) => {
      const file = await takeDownload(
        { db, secret: app.sessionSecret, storage: app.content.storage },
        request.viewer!,
        request.params.linkHash,
        request.query,
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition('attachment', file.fileName))
        .header('Cache-Control', 'private, no-store')
        .header('Content-Length', file.bytes.length)
        .send(file.bytes);
    },
  );

  route.get(
    '/commerce-content/receipts/:file',
    {
      access: 'account',
      summary: 'The receipt of a paid order as a PDF (/commerce-content/receipts/<orderId>.pdf)',
      params: z.object({ file: z.string() }),
    },
    async (request, reply) => {
      const match = /^(\d{1,10})\.pdf$/.exec(request.params.file);
      if (!match) throw new HttpError(404, 'That receipt does not exist.', 'RECEIPT_NOT_FOUND');
      let receipt: Awaited<ReturnType<typeof receiptFor>>;
      try {
        receipt = await receiptFor(db, request.viewer!, match[1], app.config.salesEmail);
      } catch (error) {
        if (error instanceof CommerceError && error.statusCode === 404) {
          const paidLater = error.parameters === undefined;
          throw new HttpError(
            404,
            paidLater ? error.template : 'That receipt does not exist.',
            paidLater ? 'RECEIPT_NOT_YET' : 'RECEIPT_NOT_FOUND',
          );
        }
        throw error;
      }
      const pdf = await renderReceiptPdf(receipt);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          contentDisposition('inline', `TeenVoice-receipt-${receipt.receipt_number}.pdf`),
        )
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  /** A document of an order the buyer may see as an inline PDF; any other is the same 404. */
  const documentRoute = (
    path: string,
    summary: string,
    pattern: RegExp,
    render: (key: string, viewer: Viewer) => Promise<{ name: string; pdf: Buffer }>,
  ) =>
    route.get(
      path,
      { access: 'account', summary, params: z.object({ file: z.string() }) },
      async (request, reply) => {
        const match = pattern.exec(request.params.file);
        const notFound = new HttpError(404, 'That document does not exist.', 'DOCUMENT_NOT_FOUND');
        if (!match) throw notFound;
        let document: { name: string; pdf: Buffer };
        try {
          document = await render(match[1]!, request.viewer!);
        } catch (error) {
          if (error instanceof CommerceError && error.statusCode === 404) throw notFound;
          throw error;
        }
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', contentDisposition('inline', document.name))
          .header('Cache-Control', 'private, no-store')
          .send(document.pdf);
      },
    );

  documentRoute(
    '/commerce-content/invoices/:file',
    'The invoice of an order paid by invoice, as a PDF (/commerce-content/invoices/<orderId>.pdf)',
    /^(\d{1,10})\.pdf$/,
    async (orderId, viewer) => {
      const invoice = await invoiceFor(db, app.config, viewer, orderId);
      return {
        name: `TeenVoice-invoice-${invoice.invoice_number}.pdf`,
        pdf: await renderInvoicePdf(invoice),
      };
    },
  );

  documentRoute(
    '/commerce-content/credit-notes/:file',
    'A credit note (refund) as a PDF (/commerce-content/credit-notes/<number>.pdf)',
    /^(CN-\d{1,12}-\d{1,4})\.pdf$/,
    async (number, viewer) => {
      const note = await creditNoteFor(db, app.config, viewer, number);
      return {
        name: `TeenVoice-credit-note-${note.credit_note_number}.pdf`,
        pdf: await renderCreditNotePdf(note),
      };
    },
  );
};
