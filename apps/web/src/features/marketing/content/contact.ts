/** The addresses the contact page lists; one place to change them. */
export const contactEmails = {
  sales: 'sales@teenvoice.com',
  support: 'support@teenvoice.com',
  safeguarding: 'safeguarding@teenvoice.com',
  press: 'press@teenvoice.com',
} as const;
