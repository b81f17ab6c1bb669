import { Alert, Badge, Blockquote, Group, List, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { type AdminContentEntry, type ResearchTheme, researchThemeLabels } from '@tv/contract';
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
 * The server sanitised this HTML when it was saved (allow-listed tags and attributes), which is why the
 * preview shows the last save rather than the editor's unsaved text.
 */
function SavedHtml({ html }: { html: string }) {
  return (
    <Typography className={classes.prose}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text, as the public page renders it */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

function Cover({ file }: { file: MediaFile | undefined }) {
  if (!file) return null;
  return <img className={classes.cover} src={file.url} alt={file.alternativeText ?? ''} />;
}

/**
 * A faithful stand-in for the public page: the public components belong to the marketing feature,
 * which this one may not import, so the preview draws the same parts with the same typography.
 */
export function EntryPreview({ entry, dirty }: { entry: AdminContentEntry | undefined; dirty: boolean }) {
  const media = useMediaFiles();
  if (!entry) {
    return (
      <Alert color="gray" variant="light" icon={<IconEye size={18} />}>
        Save the draft once to preview it as visitors will see it.
      </Alert>
    );
  }
  const attributes = entry.attributes;
  const byId = new Map((media.data ?? []).map((file) => [file.id, file]));
  const cover = typeof attributes.cover === 'number' ? byId.get(attributes.cover) : undefined;
  const rich = richTextField[entry.type];
  const tags = Array.isArray(attributes.tags) ? attributes.tags.filter((tag) => typeof tag === 'string') : [];

  return (
    <Stack gap="md">
      {dirty ? (
        <Alert color="yellow" variant="light" icon={<IconEye size={18} />}>
          This is the last saved version. Save to see your latest changes here.
        </Alert>
      ) : null}
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
              {rich && text(attributes, rich) ? <SavedHtml html={text(attributes, rich)} /> : null}
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
