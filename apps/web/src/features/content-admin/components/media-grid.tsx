import { Button, Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isImage, type MediaFile } from '../api/get-media-files';
import classes from './content-admin.module.css';

const sizeLabel = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`;

/** A file's picture: the image itself, or a file icon for PDFs and the rest. */
export function MediaThumb({ file }: { file: MediaFile }) {
  return isImage(file) ? (
    <img className={classes.thumb} src={file.url} alt={file.alternativeText ?? ''} loading="lazy" />
  ) : (
    <div className={classes.thumbPlaceholder}>
      <ThemeIcon variant="light" size={40} radius="xl">
        <IconFile size={22} aria-hidden />
      </ThemeIcon>
    </div>
  );
}

interface MediaGridProps {
  files: MediaFile[];
  selected?: readonly number[];
  /** The buttons under one file (Select, Delete). */
  actions: (file: MediaFile) => ReactNode;
}

export function MediaGrid({ files, selected = [], actions }: MediaGridProps) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
      {files.map((file) => (
        <Card
          key={file.id}
          withBorder
          radius="md"
          padding="xs"
          className={classes.mediaCard}
          data-selected={selected.includes(file.id) || undefined}
          data-testid="media-card"
        >
          <Card.Section>
            <MediaThumb file={file} />
          </Card.Section>
          <Text size="sm" fw={600} mt="xs" truncate title={file.name}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {file.width && file.height ? `${file.width}×${file.height} · ` : ''}
            {sizeLabel(file.size)}
          </Text>
          <Group gap="xs" mt="xs">
            {actions(file)}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export const mediaActionLabel = (verb: string, file: MediaFile) => `${verb} ${file.name}`;

export function MediaActionButton({
  label,
  onClick,
  children,
  color,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  color?: string;
}) {
  return (
    <Button size="xs" variant="light" color={color} onClick={onClick} aria-label={label}>
      {children}
    </Button>
  );
}
