import { Box, Container, Grid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLegalPage } from '../api/get-legal-page';
import { formatLongDate } from '../utils/format';
import { parsePlainDocument } from '../utils/plain-text-document';
import { buildTableOfContents, type TocEntry } from '../utils/table-of-contents';
import { PageHero } from './page-hero';
import research from './research.module.css';
import { RichText } from './rich-text';
import { TableOfContentsNav } from './table-of-contents-nav';

interface LegalLayoutProps {
  title: string;
  summary: string;
  /** 'Month day, year' */
  effectiveDate: string;
  toc: readonly TocEntry[];
  children: ReactNode;
}

/** Every legal text: title, effective date, a table of its sections beside the text. */
function LegalLayout({ title, summary, effectiveDate, toc, children }: LegalLayoutProps) {
  return (
    <>
      <PageHero eyebrow="Legal" title={title} description={summary} />
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <Grid gap={{ base: 32, md: 56 }}>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <TableOfContentsNav entries={toc} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="lg" maw={760}>
              <Text size="sm" c="dimmed" data-testid="legal-effective-date">
                Effective {effectiveDate}
              </Text>
              {children}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}

/** A legal page from the content service (`teenvoice-legal-pages`), by slug. */
export function LegalPage({ slug }: { slug: string }) {
  const { data: entry } = useLegalPage(slug);
  // The route's loader turns an unknown slug into the 'Page Not Found' screen before this renders.
  if (!entry) return null;
  const page = entry.attributes;
  return (
    <LegalLayout
      title={page.title}
      summary={page.summary || page.seoDescription}
      effectiveDate={formatLongDate(page.effectiveDate)}
      toc={buildTableOfContents(page.body)}
    >
      <RichText html={page.body} />
    </LegalLayout>
  );
}

/**
 * A legal text kept as plain text, such as the terms and conditions people accept at sign-up: the
 * caller has already put the version date in place of its placeholder.
 */
export function PlainTextLegalPage({
  fallbackTitle,
  summary,
  text,
  effectiveDate,
}: {
  fallbackTitle: string;
  summary: string;
  text: string;
  effectiveDate: string;
}) {
  const document = parsePlainDocument(text);
  return (
    <LegalLayout
      title={document.title ?? fallbackTitle}
      summary={summary}
      effectiveDate={effectiveDate}
      toc={document.sections.map((section) => ({
        id: section.id,
        text: section.heading,
        level: 2,
        children: [],
      }))}
    >
      <Box className={research.richText}>
        {document.intro.map((paragraph) => (
          <Text key={paragraph} mb="md" lh={1.75}>
            {paragraph}
          </Text>
        ))}
        {document.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <Title order={2} id={section.id} fz={24} mt="xl" mb="sm">
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} mb="sm" lh={1.75}>
                {paragraph}
              </Text>
            ))}
          </section>
        ))}
      </Box>
    </LegalLayout>
  );
}
