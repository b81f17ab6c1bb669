import type { ReceiptShape } from '@tv/contract';
import { formatUsd, toCents } from '../money';
import {
  CONTENT_WIDTH,
  colors,
  createPdf,
  drawFooters,
  finishPdf,
  fonts,
  formatLongDate,
  MARGIN,
  newPage,
  PAGE,
  type Pdf,
  spaceLeft,
  type TextStyle,
  textHeight,
  toWinAnsi,
  write,
} from './layout';

/** Who sells the reports: the seller block of every receipt (ReceiptShape.seller). */
export const TEENVOICE_SELLER: ReceiptShape['seller'] = {
  name: 'TeenVoice, Inc.',
  address: ['400 Harrison Street, Suite 310', 'San Francisco, CA 94105', 'United States'],
  email: 'sales@teenvoice.test',
};

const money = (amount: number) => formatUsd(toCents(amount));
const small: TextStyle = { size: 9, color: colors.muted };
const body: TextStyle = { size: 10.5, color: colors.text };
const label: TextStyle = { font: fonts.bold, size: 8, color: colors.muted };

function paymentLine(receipt: ReceiptShape): string {
  const { method, title, reference } = receipt.payment;
  if (method === 'free') return 'No payment required: every report on this order was free.';
  if (method === 'purchaseorder')
    return reference ? `${title}, PO number ${reference}` : `${title}, paid by bank transfer`;
  return reference ? `${title}, payment reference ${reference}` : title;
}

/** Small capitals label above a value, returns the y under the value. */
function field(doc: Pdf, name: string, value: string, x: number, y: number, width: number): number {
  write(doc, name.toUpperCase(), label, { x, y }, { width, characterSpacing: 0.8 });
  write(doc, value, body, { x, y: y + 12 }, { width });
  return doc.y + 8;
}

const columns = {
  item: { x: MARGIN.left + 12, width: 270 },
  qty: { x: MARGIN.left + 292, width: 40 },
  price: { x: MARGIN.left + 336, width: 76 },
  amount: { x: MARGIN.left + 416, width: CONTENT_WIDTH - 428 },
};

function tableHeader(doc: Pdf): void {
  const y = doc.y;
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, 24).fill(colors.panel);
  const header = (text: string, column: { x: number; width: number }, align: 'left' | 'right') =>
    write(
      doc,
      text.toUpperCase(),
      label,
      { x: column.x, y: y + 8 },
      {
        width: column.width,
        align,
        characterSpacing: 0.8,
        lineBreak: false,
      },
    );
  header('Report', columns.item, 'left');
  header('Qty', columns.qty, 'right');
  header('Unit price', columns.price, 'right');
  header('Amount', columns.amount, 'right');
  doc.y = y + 32;
}

/** The receipt of a paid order as a one- or more-page Letter PDF. */
export async function renderReceiptPdf(receipt: ReceiptShape): Promise<Buffer> {
  const paidAt = new Date(receipt.paid_at);
  if (Number.isNaN(paidAt.getTime())) throw new Error('A receipt needs the date the order was paid');
  const doc = createPdf({
    title: `Receipt ${receipt.receipt_number}`,
    author: receipt.seller.name || TEENVOICE_SELLER.name,
    subject: `Receipt for TeenVoice order #${receipt.order_increment_id}`,
    creationDate: paidAt,
  });
  const seller = receipt.seller.name ? receipt.seller : TEENVOICE_SELLER;
  newPage(doc);

  // Seller on the left, the receipt's title and status on the right.
  write(
    doc,
    'TeenVoice',
    { font: fonts.bold, size: 22, color: colors.brand },
    { x: MARGIN.left, y: MARGIN.top },
  );
  let sellerY = doc.y + 4;
  for (const line of [seller.name, ...seller.address, seller.email]) {
    write(doc, line, small, { x: MARGIN.left, y: sellerY }, { width: 240 });
    sellerY = doc.y + 1;
  }
  const rightX = MARGIN.left + CONTENT_WIDTH - 220;
  write(
    doc,
    'Receipt',
    { font: fonts.bold, size: 26, color: colors.text },
    { x: rightX, y: MARGIN.top - 2 },
    {
      width: 220,
      align: 'right',
    },
  );
  write(
    doc,
    receipt.receipt_number,
    { font: fonts.bold, size: 11, color: colors.muted },
    { x: rightX, y: doc.y },
    {
      width: 220,
      align: 'right',
    },
  );
  const refundedAll = receipt.total_refunded > 0 && receipt.total_refunded >= receipt.grand_total;
  const status = refundedAll ? 'REFUNDED' : receipt.total_refunded > 0 ? 'PARTLY REFUNDED' : 'PAID';
  doc.font(fonts.bold).fontSize(9);
  const badgeWidth = doc.widthOfString(status, { characterSpacing: 1 }) + 20;
  const badgeY = doc.y + 6;
  const badgeColor = status === 'PAID' ? colors.brand : '#b45309';
  doc.roundedRect(rightX + 220 - badgeWidth, badgeY, badgeWidth, 20, 10).fill(badgeColor);
  write(
    doc,
    status,
    { font: fonts.bold, size: 9, color: colors.white },
    { x: rightX + 220 - badgeWidth, y: badgeY + 6 },
    {
      width: badgeWidth,
      align: 'center',
      characterSpacing: 1,
      lineBreak: false,
    },
  );

  // Order facts and the billing address.
  const y = Math.max(sellerY, badgeY + 20) + 28;
  doc
    .moveTo(MARGIN.left, y - 12)
    .lineTo(PAGE.width - MARGIN.right, y - 12)
    .lineWidth(0.5)
    .strokeColor(colors.border)
    .stroke();
  const address = receipt.billing_address;
  const billedTo = [
    address.company,
    `${address.firstname} ${address.lastname}`,
    ...address.street.filter((line) => line.trim()),
    `${address.city}, ${address.region_code} ${address.postcode}`,
    address.country_id === 'US' ? 'United States' : address.country_id,
    address.email,
  ];
  write(doc, 'BILLED TO', label, { x: MARGIN.left, y }, { characterSpacing: 0.8 });
  let billedY = y + 12;
  billedTo.forEach((line, index) => {
    write(
      doc,
      line,
      index === 0 ? { ...body, font: fonts.bold } : body,
      { x: MARGIN.left, y: billedY },
      {
        width: 250,
      },
    );
    billedY = doc.y + 1;
  });
  const factsX = MARGIN.left + 290;
  const factsWidth = CONTENT_WIDTH - 290;
  let factsY = y;
  factsY = field(doc, 'Receipt number', receipt.receipt_number, factsX, factsY, factsWidth);
  factsY = field(doc, 'Order number', `#${receipt.order_increment_id}`, factsX, factsY, factsWidth);
  factsY = field(doc, 'Order date', formatLongDate(receipt.created_at), factsX, factsY, factsWidth);
  factsY = field(doc, 'Date paid', formatLongDate(paidAt), factsX, factsY, factsWidth);
  doc.y = Math.max(billedY, factsY) + 24;

  // Items.
  tableHeader(doc);
  for (const item of receipt.items) {
    const details = `SKU ${item.sku} · Digital download (PDF)`;
    const height =
      textHeight(doc, item.name, columns.item.width, { ...body, font: fonts.bold }) +
      textHeight(doc, details, columns.item.width, small) +
      14;
    if (spaceLeft(doc) < height) {
      newPage(doc);
      tableHeader(doc);
    }
    const rowY = doc.y;
    write(
      doc,
      item.name,
      { ...body, font: fonts.bold },
      { x: columns.item.x, y: rowY },
      { width: columns.item.width },
    );
    write(doc, details, small, { x: columns.item.x, y: doc.y + 2 }, { width: columns.item.width });
    const bottom = doc.y;
    write(
      doc,
      String(item.qty_ordered),
      body,
      { x: columns.qty.x, y: rowY },
      { width: columns.qty.width, align: 'right' },
    );
    write(
      doc,
      money(item.price),
      body,
      { x: columns.price.x, y: rowY },
      { width: columns.price.width, align: 'right' },
    );
    write(
      doc,
      money(item.row_total),
      body,
      { x: columns.amount.x, y: rowY },
      {
        width: columns.amount.width,
        align: 'right',
      },
    );
    doc
      .moveTo(MARGIN.left, bottom + 8)
      .lineTo(PAGE.width - MARGIN.right, bottom + 8)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
    doc.y = bottom + 16;
  }

  // Totals on the right, how it was paid on the left.
  const totals: Array<{ name: string; value: string; strong?: boolean; ruleBefore?: boolean }> = [
    { name: 'Subtotal', value: money(receipt.subtotal) },
    { name: 'Tax', value: money(receipt.tax_amount) },
    { name: 'Total', value: money(receipt.grand_total), strong: true, ruleBefore: true },
    { name: 'Amount paid', value: money(receipt.payment.amount_paid), strong: true },
  ];
  if (receipt.total_refunded > 0) {
    totals.push({ name: 'Refunded', value: `-${money(receipt.total_refunded)}`, ruleBefore: true });
    totals.push({
      name: 'Net paid',
      value: money(Math.max(0, receipt.payment.amount_paid - receipt.total_refunded)),
      strong: true,
    });
  }
  const totalsWidth = 220;
  const totalsX = PAGE.width - MARGIN.right - totalsWidth;
  const paymentWidth = CONTENT_WIDTH - totalsWidth - 40;
  const payment = paymentLine(receipt);
  const paymentHeight = textHeight(doc, payment, paymentWidth - 28, body) + 40;
  const totalsHeight = totals.length * 20 + totals.filter((row) => row.ruleBefore).length * 6;
  if (spaceLeft(doc) < Math.max(totalsHeight, paymentHeight) + 70) newPage(doc);
  const top = doc.y + 4;

  doc.roundedRect(MARGIN.left, top, paymentWidth, paymentHeight, 6).fill(colors.panel);
  write(doc, 'PAYMENT', label, { x: MARGIN.left + 14, y: top + 14 }, { characterSpacing: 0.8 });
  write(doc, payment, body, { x: MARGIN.left + 14, y: top + 27 }, { width: paymentWidth - 28 });

  let rowY = top + 2;
  for (const row of totals) {
    if (row.ruleBefore) {
      doc
        .moveTo(totalsX, rowY - 4)
        .lineTo(totalsX + totalsWidth, rowY - 4)
        .lineWidth(0.5)
        .strokeColor(colors.border)
        .stroke();
      rowY += 6;
    }
    const textStyle: TextStyle = row.strong ? { ...body, font: fonts.bold } : body;
    write(doc, row.name, textStyle, { x: totalsX, y: rowY }, { width: 120, lineBreak: false });
    write(
      doc,
      row.value,
      textStyle,
      { x: totalsX + 120, y: rowY },
      {
        width: totalsWidth - 120,
        align: 'right',
        lineBreak: false,
      },
    );
    rowY += 20;
  }

  doc.y = Math.max(rowY, top + paymentHeight) + 24;
  write(
    doc,
    'Thank you for your order. You can download your reports from your purchase history on TeenVoice.',
    { ...body, font: fonts.bold },
    { x: MARGIN.left, y: doc.y },
    { width: CONTENT_WIDTH },
  );
  write(
    doc,
    `Questions about this receipt? Write to ${seller.email} and quote ${receipt.receipt_number}.`,
    { size: 10, color: colors.muted },
    { x: MARGIN.left, y: doc.y + 6 },
    { width: CONTENT_WIDTH },
  );

  drawFooters(doc, ({ index, count }) => ({
    left: toWinAnsi(`${seller.name} · ${seller.address.join(', ')} · ${seller.email}`),
    right: `Page ${index + 1} of ${count}`,
  }));
  return finishPdf(doc);
}
