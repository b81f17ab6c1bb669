import { Box, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { isLegalPageSlug, type LegalPageSlug, legalPages } from '../content/legal-pages';
import classes from './marketing.module.css';
import { PageHero } from './page-hero';

export function LegalPage({ slug }: { slug: LegalPageSlug }) {
  const document = legalPages[slug];
  return (
    <>
      <PageHero eyebrow="Legal" title={document.title} description={document.summary} />
      <Container size="lg" py={{ base: 48, sm: 72 }}>
        <Grid gap={56}>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Box
              component="nav"
              aria-label="Contents"
              pos={{ md: 'sticky' }}
              top="calc(var(--tv-nav-height) + 24px)"
            >
              <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="dimmed" mb="sm">
                Contents
              </Text>
              {document.sections.map((section) => (
                <Link key={section.id} to="." hash={section.id} className={classes.tocLink}>
                  {section.heading}
                </Link>
              ))}
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap={40} maw={760} className={classes.prose}>
              {document.sections.map((section) => (
                <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
                  <Title order={2} id={`${section.id}-heading`} fz={24} mb="sm">
                    {section.heading}
                  </Title>
                  {section.paragraphs.map((paragraph) => (
                    <Text key={paragraph} mb="sm" lh={1.75}>
                      {paragraph}
                    </Text>
                  ))}
                </section>
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}

/** /legal/{page}: the route's validity check has already turned unknown pages into a 404. */
export function LegalRoutePage() {
  const { page } = useParams({ strict: false });
  return isLegalPageSlug(page) ? <LegalPage slug={page} /> : null;
}
