import { describe, expect, it } from 'vitest';
import { emailTemplates } from './catalog';
import { type EmailTemplate, renderTemplate } from './registry';

/** Props the product itself writes (labels, numbers, links, dates): everything else is someone's text. */
const productValues = new Set([
  'kindLabel',
  'statusLabel',
  'categoryLabel',
  'severity',
  'status',
  'typeLabel',
  'orderNumber',
  'receiptNumber',
  'invoiceNumber',
  'creditNoteNumber',
  'paymentMethodTitle',
  'price',
  'subtotal',
  'tax',
  'total',
  'amount',
]);
const isProductValue = (key: string) => productValues.has(key) || /(Url|At|Date)$/.test(key);

const MARK = 'USERTEXT';

/** The sample with every piece of people's text replaced by a marker naming the prop. */
function withUserText(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return isProductValue(key) ? value : `${MARK}-${key}`;
  if (Array.isArray(value)) return value.map((item) => withUserText(item, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withUserText(v, k)]));
  return value;
}

/** The inbox preview line (react-email's hidden preheader). */
const previewOf = (html: string) => /data-skip-in-text="true">([^<]*)</.exec(html)?.[1] ?? '';

describe("people's text in mail", () => {
  it('never reaches a subject or the inbox preview line, in any template', async () => {
    for (const template of Object.values(emailTemplates) as EmailTemplate<unknown>[]) {
      const email = await renderTemplate(template, withUserText(template.sample));
      expect(email.subject, template.name).not.toContain(MARK);
      expect(previewOf(email.html), template.name).not.toContain(MARK);
    }
  });

  it('shows a shared action plan’s note in the body, escaped and named as the sender’s', async () => {
    const email = await renderTemplate(emailTemplates.actionPlan, {
      ...emailTemplates.actionPlan.sample,
      senderName: 'Dana Lee',
      planTitle: 'Claim your prize at evil.example',
      message: '<a href="https://evil.example">Sign in here</a>',
    });
    expect(email.subject).toBe('An action plan was shared with you on TeenVoice');
    expect(email.text).toContain('Message from Dana Lee: “<a href="https://evil.example">Sign in here</a>”');
    expect(email.text).toContain('Plan: Claim your prize at evil.example');
    expect(email.html).not.toContain('<a href="https://evil.example">');
    expect(email.html).toContain('&lt;a href=');
  });
});
