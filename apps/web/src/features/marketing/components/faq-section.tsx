import { Accordion } from '@mantine/core';
import { type FaqPlacement, useFaqs } from '../api/get-faqs';
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

/** The questions of one page, from the content service, in the editors' order. */
export function ContentFaqSection({ placement, title }: { placement: FaqPlacement; title?: string }) {
  const { data } = useFaqs(placement);
  const faqs = data.data.map((entry) => entry.attributes);
  if (faqs.length === 0) return null;
  return <FaqSection faqs={faqs} {...(title ? { title } : {})} />;
}
