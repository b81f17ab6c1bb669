import { Paper } from '@mantine/core';
import { CompanyLeadForm } from './company-lead-form';

/** The contact form on /contact; the page's "Send us a message" heading names it. */
export function ContactLeadForm() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <CompanyLeadForm kind="contact" labelledBy="message-heading" />
    </Paper>
  );
}
