import type { ReceiptShape } from '@tv/contract';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pageTexts, squash } from '../../../test/pdf-text';
import { renderReceiptPdf, TEENVOICE_SELLER } from './receipt-pdf';

const receipt: ReceiptShape = {
  receipt_number: 'R-000000042',
  order_id: 42,
  order_increment_id: '000000042',
  paid_at: '2026-09-20T16:30:00.000Z',
  created_at: '2026-09-14T15:02:00.000Z',
  seller: TEENVOICE_SELLER,
  billing_address: {
    company: 'Northside Youth Trust',
    firstname: 'Priya',
    lastname: 'Shah',
    email: 'priya@northside.test',
    street: ['1450 West Randolph Street', 'Suite 300'],
    city: 'Chicago',
    region_code: 'IL',
    region: 'Illinois',
    postcode: '60607',
    country_id: 'US',
  },
  items: [
    {
      item_id: 7,
      sku: 'TV-RPT-2026-HEALTH-01',
      name: 'Under Pressure: Teen Mental Health and Help-Seeking',
      product_type: 'downloadable',
      price: 1450,
      qty_ordered: 1,
      row_total: 1450,
    },
  ],
  subtotal: 1450,
  discount_amount: 0,
  tax_amount: 119.63,
  grand_total: 1569.63,
  total_refunded: 0,
  currency_code: 'USD',
  payment: {
    method: 'purchaseorder',
    title: 'Invoice (purchase order)',
    reference: 'NS-2026-118',
    amount_paid: 1569.63,
  },
  refunded_item_ids: [],
  pdf_url: '/commerce-content/receipts/42.pdf',
};

describe('receipt PDF', () => {
  it('opens with the receipt number as its title and shows seller, buyer, items, totals and payment', async () => {
    const bytes = await renderReceiptPdf(receipt);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Receipt R-000000042');
    expect(pdf.getPageCount()).toBe(1);
    const text = squash((await pageTexts(bytes)).join('\n'));
    for (const expected of [
      'TeenVoice,Inc.',
      'sales@teenvoice.test',
      'Receipt',
      'R-000000042',
      '#000000042',
      'September20,2026',
      'September14,2026',
      'NorthsideYouthTrust',
      'PriyaShah',
      'Chicago,IL60607',
      'UnderPressure:TeenMentalHealthandHelp',
      '$1,450.00',
      '$119.63',
      '$1,569.63',
      'Amountpaid',
      'PO number NS-2026-118',
      'Thankyouforyourorder.',
      'PAID',
    ]) {
      expect(text).toContain(squash(expected));
    }
    expect(text).not.toContain('Refunded');
    expect((await renderReceiptPdf(receipt)).equals(bytes)).toBe(true);
  });

  it('shows a refund and what was paid after it', async () => {
    const bytes = await renderReceiptPdf({ ...receipt, total_refunded: 1569.63 });
    const text = squash((await pageTexts(bytes)).join('\n'));
    expect(text).toContain('REFUNDED');
    expect(text).toContain('Refunded');
    expect(text).toContain('-$1,569.63');
    expect(text).toContain('Netpaid');
  });

  it("shows a coupon's discount between the subtotal and the tax, and none without one", async () => {
    const discounted = { ...receipt, discount_amount: 145, tax_amount: 107.66, grand_total: 1412.66 };
    const text = squash((await pageTexts(await renderReceiptPdf(discounted))).join('\n'));
    expect(text).toMatch(/Subtotal\$1,450\.00Discount-\$145\.00Tax\$107\.66/);
    expect(squash((await pageTexts(await renderReceiptPdf(receipt))).join('\n'))).not.toContain('Discount');
  });

  it('keeps the totals with a long list of items, over more pages', async () => {
    const items = Array.from({ length: 14 }, (_, index) => ({ ...receipt.items[0]!, item_id: index + 1 }));
    const bytes = await renderReceiptPdf({ ...receipt, items });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    const pages = (await pageTexts(bytes)).map(squash);
    expect(pages.at(-1)).toContain('Amountpaid');
    expect(pages.at(-1)).toContain(`Page${pages.length}of${pages.length}`);
  });
});
