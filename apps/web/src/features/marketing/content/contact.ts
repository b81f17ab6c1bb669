/**
 * The addresses the contact page lists; one place to change them. Sales is shown as the server gives it
 * (GET /commerce-content/seller: its SALES_EMAIL, the address receipts, invoices and credit notes
 * give); this one, the server's default, only if that cannot load.
 */
export const contactEmails = {
  sales: 'sales@teenvoice.test',
  support: 'support@teenvoice.com',
  safeguarding: 'safeguarding@teenvoice.com',
  press: 'press@teenvoice.com',
} as const;
