/**
 * The addresses the contact page lists; one place to change them. Sales is the server's SALES_EMAIL
 * default, the address receipts, invoices and credit notes give (keep the two the same).
 */
export const contactEmails = {
  sales: 'sales@teenvoice.test',
  support: 'support@teenvoice.com',
  safeguarding: 'safeguarding@teenvoice.com',
  press: 'press@teenvoice.com',
} as const;
