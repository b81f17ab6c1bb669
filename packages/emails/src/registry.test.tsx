import { Text } from '@react-email/components';
import { describe, expect, it } from 'vitest';
import { EmailLayout, emailText } from './layout';
import { defineTemplate, renderTemplate } from './registry';

const sample = defineTemplate<{ firstName: string }>({
  name: 'test/greeting',
  description: 'A greeting used only by this test.',
  subject: ({ firstName }) => `Hello ${firstName}`,
  component: ({ firstName }) => (
    <EmailLayout preview="A greeting" heading={`Hello ${firstName}`}>
      <Text style={emailText}>Thanks for joining.</Text>
    </EmailLayout>
  ),
  sample: { firstName: 'Maya' },
});

describe('renderTemplate', () => {
  it('renders subject, HTML and plain text from the same props', async () => {
    const email = await renderTemplate(sample, { firstName: 'Jordan & Co' });
    expect(email.subject).toBe('Hello Jordan & Co');
    expect(email.html).toContain('Hello Jordan &amp; Co');
    expect(email.html).toMatch(/^<!DOCTYPE html/i);
    expect(email.text).toContain('Thanks for joining.');
    expect(email.text).not.toContain('<');
  });
});
