import {
  CONTENT_WIDTH,
  colors,
  createPdf,
  drawFooters,
  finishPdf,
  fonts,
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

/** Who sells the reports: the seller block of every receipt, invoice and credit note. */
export interface Seller {
  name: string;
  address: string[];
  email: string;
}

/**
 * One buyer's document as drawn: a receipt, an invoice or a credit note share the layout (seller and
 * title, billed-to and facts, the reports, totals beside a panel that says how it was or is to be paid,
 * closing sentences and a footer).
 */
export interface OrderDocumentPdf {
  title: string;
  number: string;
  subject: string;
  createdAt: Date;
  badge: { text: string; tone: 'good' | 'warn' };
  seller: Seller;
  billedTo: string[];
  facts: Array<[string, string]>;
  items: Array<{ name: string; details: string; qty: string; price: string; amount: string }>;
  itemsHeader?: string;
  totals: Array<{ name: string; value: string; strong?: boolean; ruleBefore?: boolean }>;
  panel: { label: string; lines: string[] };
  closing: string[];
}

const small: TextStyle = { size: 9, color: colors.muted };
const body: TextStyle = { size: 10.5, color: colors.text };
const label: TextStyle = { font: fonts.bold, size: 8, color: colors.muted };

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

function tableHeader(doc: Pdf, first: string): void {
  const y = doc.y;
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, 24).fill(colors.panel);
  const header = (text: string, column: { x: number; width: number }, align: 'left' | 'right') =>
    write(
      doc,
      text.toUpperCase(),
      label,
      { x: column.x, y: y + 8 },
      { width: column.width, align, characterSpacing: 0.8, lineBreak: false },
    );
  header(first, columns.item, 'left');
  header('Qty', columns.qty, 'right');
  header('Unit price', columns.price, 'right');
  header('Amount', columns.amount, 'right');
  doc.y = y + 32;
}

/** The document as a one- or more-page Letter PDF. */
export async function renderOrderDocumentPdf(spec: OrderDocumentPdf): Promise<Buffer> {
  const doc = createPdf({
    title: `${spec.title} ${spec.number}`,
    author: spec.seller.name,
    subject: spec.subject,
    creationDate: spec.createdAt,
  });
  const seller = spec.seller;
  newPage(doc);

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
    spec.title,
    { font: fonts.bold, size: 26, color: colors.text },
    { x: rightX, y: MARGIN.top - 2 },
    { width: 220, align: 'right' },
  );
  write(
    doc,
    spec.number,
    { font: fonts.bold, size: 11, color: colors.muted },
    { x: rightX, y: doc.y },
    { width: 220, align: 'right' },
  );
  doc.font(fonts.bold).fontSize(9);
  const badgeWidth = doc.widthOfString(spec.badge.text, { characterSpacing: 1 }) + 20;
  const badgeY = doc.y + 6;
  doc
    .roundedRect(rightX + 220 - badgeWidth, badgeY, badgeWidth, 20, 10)
    .fill(spec.badge.tone === 'good' ? colors.brand : '#b45309');
  write(
    doc,
    spec.badge.text,
    { font: fonts.bold, size: 9, color: colors.white },
    { x: rightX + 220 - badgeWidth, y: badgeY + 6 },
    { width: badgeWidth, align: 'center', characterSpacing: 1, lineBreak: false },
  );

  const y = Math.max(sellerY, badgeY + 20) + 28;
  doc
    .moveTo(MARGIN.left, y - 12)
    .lineTo(PAGE.width - MARGIN.right, y - 12)
    .lineWidth(0.5)
    .strokeColor(colors.border)
    .stroke();
  write(doc, 'BILLED TO', label, { x: MARGIN.left, y }, { characterSpacing: 0.8 });
  let billedY = y + 12;
  spec.billedTo.forEach((line, index) => {
    write(
      doc,
      line,
      index === 0 ? { ...body, font: fonts.bold } : body,
      { x: MARGIN.left, y: billedY },
      { width: 250 },
    );
    billedY = doc.y + 1;
  });
  const factsX = MARGIN.left + 290;
  let factsY = y;
  for (const [name, value] of spec.facts)
    factsY = field(doc, name, value, factsX, factsY, CONTENT_WIDTH - 290);
  doc.y = Math.max(billedY, factsY) + 24;

  const header = spec.itemsHeader ?? 'Report';
  tableHeader(doc, header);
  for (const item of spec.items) {
    const height =
      textHeight(doc, item.name, columns.item.width, { ...body, font: fonts.bold }) +
      textHeight(doc, item.details, columns.item.width, small) +
      14;
    if (spaceLeft(doc) < height) {
      newPage(doc);
      tableHeader(doc, header);
    }
    const rowY = doc.y;
    write(
      doc,
      item.name,
      { ...body, font: fonts.bold },
      { x: columns.item.x, y: rowY },
      { width: columns.item.width },
    );
    write(doc, item.details, small, { x: columns.item.x, y: doc.y + 2 }, { width: columns.item.width });
    const bottom = doc.y;
    const cellAt = (text: string, column: { x: number; width: number }) =>
      write(doc, text, body, { x: column.x, y: rowY }, { width: column.width, align: 'right' });
    cellAt(item.qty, columns.qty);
    cellAt(item.price, columns.price);
    cellAt(item.amount, columns.amount);
    doc
      .moveTo(MARGIN.left, bottom + 8)
      .lineTo(PAGE.width - MARGIN.right, bottom + 8)
      .lineWidth(0.5)
      .strokeColor(colors.border)
      .stroke();
    doc.y = bottom + 16;
  }

  const totalsWidth = 220;
  const totalsX = PAGE.width - MARGIN.right - totalsWidth;
  const panelWidth = CONTENT_WIDTH - totalsWidth - 40;
  const panelText = spec.panel.lines.join('\n');
  const panelHeight = textHeight(doc, panelText, panelWidth - 28, body) + 40;
  const totalsHeight = spec.totals.length * 20 + spec.totals.filter((row) => row.ruleBefore).length * 6;
  if (spaceLeft(doc) < Math.max(totalsHeight, panelHeight) + 70) newPage(doc);
  const top = doc.y + 4;

  doc.roundedRect(MARGIN.left, top, panelWidth, panelHeight, 6).fill(colors.panel);
  write(
    doc,
    spec.panel.label.toUpperCase(),
    label,
    { x: MARGIN.left + 14, y: top + 14 },
    { characterSpacing: 0.8 },
  );
  write(doc, panelText, body, { x: MARGIN.left + 14, y: top + 27 }, { width: panelWidth - 28 });

  let rowY = top + 2;
  for (const row of spec.totals) {
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
      { width: totalsWidth - 120, align: 'right', lineBreak: false },
    );
    rowY += 20;
  }

  doc.y = Math.max(rowY, top + panelHeight) + 24;
  spec.closing.forEach((sentence, index) => {
    write(
      doc,
      sentence,
      index === 0 ? { ...body, font: fonts.bold } : { size: 10, color: colors.muted },
      { x: MARGIN.left, y: index === 0 ? doc.y : doc.y + 6 },
      { width: CONTENT_WIDTH },
    );
  });

  drawFooters(doc, ({ index, count }) => ({
    left: toWinAnsi(`${seller.name} · ${seller.address.join(', ')} · ${seller.email}`),
    right: `Page ${index + 1} of ${count}`,
  }));
  return finishPdf(doc);
}
