import { Alert, Badge, Blockquote, Group, List, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { type ContentType, type ResearchTheme, researchThemeLabels } from '@tv/contract';
import { type MediaFile, useMediaFiles } from '../api/get-media-files';
import { formatLongDate } from '../utils/dates';
import { richTextField } from '../utils/entry-form';
import classes from './content-admin.module.css';

const text = (attributes: Record<string, unknown>, key: string) =>
  typeof attributes[key] === 'string' ? (attributes[key] as string) : '';

const themeLabel = (value: unknown) =>
  typeof value === 'string' && value in researchThemeLabels
    ? researchThemeLabels[value as ResearchTheme]
    : null;

/**
 * The editor's own HTML: its schema holds only what the server's sanitiser keeps (they are proved to
 * agree), so the unsaved text shows here as the public page will show it once saved.
 */
function BodyHtml({ html }: { html: string }) {
  return (
    <Typography className={classes.prose}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the editor's schema-bound HTML, as the public page renders it after the sanitiser */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

function Cover({ file }: { file: MediaFile | undefined }) {
  if (!file) return null;
  return <img className={classes.cover} src={file.url} alt={file.alternativeText ?? ''} />;
}

/**
 * A faithful stand-in for the public page, drawn from what is on screen now (nothing is saved): the
 * public components belong to the marketing feature, which this one may not import, so the preview
 * draws the same parts with the same typography.
 */
export function EntryPreview({
  type,
  attributes,
}: {
  type: ContentType;
  attributes: Record<string, unknown>;
}) {
  const media = useMediaFiles();
  const entry = { type, attributes };
  const byId = new Map((media.data ?? []).map((file) => [file.id, file]));
  const cover = typeof attributes.cover === 'number' ? byId.get(attributes.cover) : undefined;
  const rich = richTextField[entry.type];
  const tags = Array.isArray(attributes.tags) ? attributes.tags.filter((tag) => typeof tag === 'string') : [];

  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" icon={<IconEye size={18} />}>
        This is how visitors will see it. Nothing is saved until you press Save.
      </Alert>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="entry-preview">
        <article className={classes.preview}>
          {entry.type === 'faq' ? (
            <Stack gap="sm">
              <Title order={2} fz="xl">
                {text(attributes, 'question')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{text(attributes, 'answer')}</Text>
            </Stack>
          ) : entry.type === 'testimonial' ? (
            <Blockquote
              cite={`— ${text(attributes, 'name')}, ${text(attributes, 'role')}, ${text(attributes, 'organization')}`}
            >
              {text(attributes, 'quote')}
            </Blockquote>
          ) : (
            <Stack gap="lg">
              <Stack gap="xs">
                {themeLabel(attributes.theme) ? (
                  <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="var(--mantine-color-anchor)">
                    {themeLabel(attributes.theme)}
                  </Text>
                ) : null}
                <Title order={1} fz={{ base: 28, sm: 38 }}>
                  {text(attributes, 'title')}
                </Title>
                {text(attributes, 'summary') ? (
                  <Text size="lg" c="dimmed">
                    {text(attributes, 'summary')}
                  </Text>
                ) : null}
                {entry.type === 'article' && typeof attributes.author === 'object' && attributes.author ? (
                  <Text size="sm">
                    By {text(attributes.author as Record<string, unknown>, 'name')}
                    {text(attributes.author as Record<string, unknown>, 'role')
                      ? `, ${text(attributes.author as Record<string, unknown>, 'role')}`
                      : ''}
                    {typeof attributes.readingTimeMinutes === 'number'
                      ? ` · ${attributes.readingTimeMinutes} min read`
                      : ''}
                  </Text>
                ) : null}
                {entry.type === 'legal-page' && text(attributes, 'effectiveDate') ? (
                  <Text size="sm" c="dimmed">
                    Effective {formatLongDate(text(attributes, 'effectiveDate'))}
                  </Text>
                ) : null}
              </Stack>
              <Cover file={cover} />
              {entry.type === 'report' &&
              Array.isArray(attributes.keyFindings) &&
              attributes.keyFindings.length > 0 ? (
                <Stack gap="xs">
                  <Title order={2} fz="lg">
                    Key findings
                  </Title>
                  <List spacing="xs">
                    {attributes.keyFindings.map((finding) => (
                      <List.Item key={String(finding)}>{String(finding)}</List.Item>
                    ))}
                  </List>
                </Stack>
              ) : null}
              {rich && text(attributes, rich) ? <BodyHtml html={text(attributes, rich)} /> : null}
              {tags.length > 0 ? (
                <Group gap="xs" aria-label="Tags">
                  {tags.map((tag) => (
                    <Badge key={tag} variant="outline" radius="sm">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              ) : null}
            </Stack>
          )}
        </article>
      </Paper>
    </Stack>
  );
}
