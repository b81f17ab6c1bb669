import { Accordion } from '@mantine/core';
import { MarketingSection } from './marketing-section';

export interface Faq {
  question: string;
  answer: string;
}

export function FaqSection({
  faqs,
  title = 'Frequently asked questions',
}: {
  faqs: readonly Faq[];
  title?: string;
}) {
  return (
    <MarketingSection id="faq" eyebrow="FAQ" title={title} centered>
      <Accordion variant="separated" radius="lg" maw={820} mx="auto" chevronPosition="right">
        {faqs.map((faq) => (
          <Accordion.Item key={faq.question} value={faq.question}>
            <Accordion.Control fw={600}>{faq.question}</Accordion.Control>
            <Accordion.Panel c="dimmed" lh={1.65}>
              {faq.answer}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </MarketingSection>
  );
}
