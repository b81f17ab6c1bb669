import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconBooks, IconDownload, IconExternalLink } from '@tabler/icons-react';
import type { LibraryItemAttributes } from '@tv/contract';
import { ButtonLink } from '../../../components/ui/links';
import { useLibraryDialogStore } from '../../../stores/library-dialog-store';
import { useLibraryItems } from '../api/get-library-items';
import { mediaImage } from '../utils/strapi';
import classes from './marketing.module.css';
import { MarketingSection } from './marketing-section';
import research from './research.module.css';

type Kind = LibraryItemAttributes['kind'];
/** What the public API adds to a library item: what it offers, and an ungated file's download link. */
interface Delivery {
  offers?: 'file' | 'video' | 'none';
  downloadUrl?: string | null;
}

const kindLabels: Record<Kind, string> = {
  guide: 'Guide',
  template: 'Template',
  toolkit: 'Toolkit',
  webinar: 'Webinar',
};
const actionLabels: Record<Kind, string> = {
  guide: 'Get the guide',
  template: 'Get the template',
  toolkit: 'Get the toolkit',
  webinar: 'Watch the webinar',
};

/**
 * Free guides, templates, toolkits and webinars. An ungated item's button downloads its file or opens
 * its video; a gated one opens the lead form, which gives the file at once. One with nothing to give
 * asks our team for it.
 */
export function LibrarySection() {
  const { data } = useLibraryItems();
  const openForm = useLibraryDialogStore((state) => state.open);
  const items = data.data;
  return (
    <MarketingSection
      id="library"
      eyebrow="Library"
      title="Free guides for research with young people"
      description="Practical material from our research team: how to word questions for teenagers, plan consent and share results responsibly."
      muted
    >
      <Stack gap={40}>
        {items.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {items.map(({ id, attributes: item }) => {
              const { offers = 'none', downloadUrl } = item as typeof item & Delivery;
              const href =
                offers === 'video' ? item.videoUrl : (downloadUrl ?? item.file?.data?.attributes.url ?? null);
              const cover = mediaImage(item.cover, '');
              const label = actionLabels[item.kind] ?? 'Get it';
              return (
                <Card key={id} withBorder radius="lg" padding={0} className={classes.card}>
                  {cover ? (
                    <img
                      src={cover.url}
                      alt=""
                      width={cover.width}
                      height={cover.height}
                      loading="lazy"
                      decoding="async"
                      className={research.cover}
                    />
                  ) : null}
                  <Stack gap="sm" p="lg" h="100%">
                    <Badge variant="light" radius="sm" style={{ alignSelf: 'flex-start' }}>
                      {kindLabels[item.kind] ?? item.kind}
                    </Badge>
                    <Title order={3} fz="lg" lh={1.3}>
                      {item.title}
                    </Title>
                    <Text c="dimmed" size="sm" lh={1.6} style={{ flex: 1 }}>
                      {item.summary}
                    </Text>
                    {item.gated && offers !== 'none' ? (
                      <Button
                        variant="light"
                        rightSection={<IconArrowRight size={16} aria-hidden />}
                        aria-label={`${label}: ${item.title}`}
                        aria-haspopup="dialog"
                        style={{ alignSelf: 'flex-start' }}
                        onClick={() => openForm({ id, title: item.title, actionLabel: label })}
                      >
                        {label}
                      </Button>
                    ) : href ? (
                      <Button
                        component="a"
                        href={href}
                        {...(offers === 'video'
                          ? { target: '_blank', rel: 'noopener noreferrer' }
                          : { download: '' })}
                        variant="light"
                        rightSection={
                          offers === 'video' ? (
                            <IconExternalLink size={16} aria-hidden />
                          ) : (
                            <IconDownload size={16} aria-hidden />
                          )
                        }
                        aria-label={`${label}: ${item.title}${offers === 'video' ? ' (opens in a new tab)' : ' (PDF)'}`}
                        style={{ alignSelf: 'flex-start' }}
                      >
                        {label}
                      </Button>
                    ) : (
                      <ButtonLink
                        to="/contact"
                        variant="light"
                        rightSection={<IconArrowRight size={16} aria-hidden />}
                        aria-label={`${label}: ${item.title}`}
                        style={{ alignSelf: 'flex-start' }}
                      >
                        {label}
                      </ButtonLink>
                    )}
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        ) : null}
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Group justify="space-between" gap="lg">
            <Group gap="md" wrap="nowrap" align="flex-start" maw={640}>
              <IconBooks size={32} stroke={1.6} color="var(--mantine-color-anchor)" aria-hidden />
              <Stack gap={4}>
                <Text fw={700} size="lg">
                  Looking for something we haven’t written yet?
                </Text>
                <Text c="dimmed" lh={1.6}>
                  Tell us what you are working on. Our researchers will point you to the right study, or
                  design a new one with you.
                </Text>
              </Stack>
            </Group>
            <ButtonLink to="/contact" size="md">
              Ask our research team
            </ButtonLink>
          </Group>
        </Paper>
      </Stack>
    </MarketingSection>
  );
}
