import { Alert, Anchor, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconHeadset, IconNews, IconShieldHeart } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TalkToSalesButton } from '../../../components/ui/talk-to-sales-button';
import { useSeller } from '../api/get-seller';
import { contactEmails } from '../content/contact';
import { ContentFaqSection } from './faq-section';
import classes from './marketing.module.css';
import { MarketingSection } from './marketing-section';
import { PageHero } from './page-hero';

const channels = [
  {
    icon: IconBriefcase,
    title: 'Speak to sales',
    text: 'Planning a study, a tracker or research across several audiences? We will help you scope it and price it.',
    email: contactEmails.sales,
  },
  {
    icon: IconHeadset,
    title: 'Customer support',
    text: 'Questions about your account, a survey in progress, billing or your results. We reply within one working day.',
    email: contactEmails.support,
  },
  {
    icon: IconShieldHeart,
    title: 'Safeguarding',
    text: 'Concerns about the wellbeing of a young person connected with TeenVoice go straight to our safeguarding lead.',
    email: contactEmails.safeguarding,
  },
  {
    icon: IconNews,
    title: 'Press and media',
    text: 'Interview requests, comment on youth trends and permission to quote our published research.',
    email: contactEmails.press,
  },
];

/** The contact form comes from the leads feature; the route composes it into this page. */
export function ContactPage({ form }: { form?: ReactNode }) {
  // Sales is the server's address (SALES_EMAIL), the one every receipt, invoice and credit note gives.
  const salesEmail = useSeller()?.email ?? contactEmails.sales;
  const channelEmail = (channel: (typeof channels)[number]) =>
    channel.email === contactEmails.sales ? salesEmail : channel.email;
  return (
    <>
      <PageHero
        eyebrow="Contact us"
        title="Talk to the TeenVoice team"
        description="Whether you are planning your first survey or your fiftieth, the right person is one message away."
      />

      {form ? (
        <MarketingSection
          id="message"
          title="Send us a message"
          description="Questions about a study, your account or our research: we read every message and reply within one business day."
        >
          {form}
        </MarketingSection>
      ) : null}

      <MarketingSection id="channels" title="Other ways to reach us">
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {channels.map((channel) => (
              <Card key={channel.title} withBorder radius="lg" padding="xl" className={classes.card}>
                <ThemeIcon size={44} radius="md" variant="light" mb="md">
                  <channel.icon size={24} stroke={1.7} aria-hidden />
                </ThemeIcon>
                <Title order={3} fz="lg" mb={6}>
                  {channel.title}
                </Title>
                <Text c="dimmed" lh={1.6} mb="md">
                  {channel.text}
                </Text>
                <Stack gap="sm" align="flex-start">
                  {channel.title === 'Speak to sales' ? (
                    <TalkToSalesButton variant="light">Talk to sales</TalkToSalesButton>
                  ) : null}
                  <Anchor href={`mailto:${channelEmail(channel)}`} fw={600}>
                    {channelEmail(channel)}
                  </Anchor>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <Alert color="red" variant="light" radius="lg" title="If a young person is in immediate danger">
            Call 911. For mental health crises, call or text 988 to reach the 988 Suicide &amp; Crisis
            Lifeline. Please do not wait for a reply by email.
          </Alert>
        </Stack>
      </MarketingSection>
      <ContentFaqSection placement="contact" />
    </>
  );
}
