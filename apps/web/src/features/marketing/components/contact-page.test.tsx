import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getFaqsQueryOptions } from '../api/get-faqs';
import { getSellerQueryOptions } from '../api/get-seller';
import { contactEmails } from '../content/contact';
import { ContactPage } from './contact-page';

/** The contact page as the server renders it, with what its route's loader fetched. */
function renderContact(seller?: { email: string }) {
  const client = new QueryClient();
  client.setQueryData(getFaqsQueryOptions('contact').queryKey, {
    data: [],
    meta: { pagination: { page: 1, pageSize: 50, pageCount: 0, total: 0 } },
  });
  if (seller)
    client.setQueryData(getSellerQueryOptions().queryKey, {
      name: 'TeenVoice, Inc.',
      address: [],
      ...seller,
    });
  return renderToString(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ContactPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the contact page', () => {
  it("gives the sales address the server's receipts and invoices give, not a copy of its own", () => {
    const html = renderContact({ email: 'reports@riverbend.example' });
    expect(html).toContain('mailto:reports@riverbend.example');
    expect(html).not.toContain(`mailto:${contactEmails.sales}`);
    expect(html).toContain(`mailto:${contactEmails.support}`);
  });

  it('falls back to the default sales address when the seller could not load', () => {
    expect(renderContact()).toContain(`mailto:${contactEmails.sales}`);
  });
});
