import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { StrapiMediaList } from '@tv/contract';
import { type KeyboardEvent, useState } from 'react';
import classes from './research.module.css';

/**
 * Sample pages of a report: one large page with previous and next buttons, and a strip of
 * thumbnails. The large view takes the arrow keys (and Home/End) once focused.
 */
export function PreviewViewer({ pages, title }: { pages: StrapiMediaList; title: string }) {
  const [index, setIndex] = useState(0);
  const images = pages.data;
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  if (!current) return null;

  const go = (next: number) => setIndex(Math.max(0, Math.min(count - 1, next)));
  const label = (position: number) => `Preview page ${position + 1} of ${count}`;
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    go(next);
  };
  const page = current.attributes;

  return (
    <Stack gap="md">
      <figure
        className={classes.viewerStage}
        aria-roledescription="page viewer"
        aria-label={label(index)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewer takes arrow keys, so it must be focusable
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="preview-stage"
      >
        <img
          key={current.id}
          src={page.url}
          alt={page.alternativeText?.trim() || `${title}, ${label(index).toLowerCase()}`}
          width={page.width ?? 850}
          height={page.height ?? 1100}
          loading="lazy"
          decoding="async"
          className={classes.viewerImage}
        />
      </figure>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label="Previous preview page"
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Text size="sm" c="dimmed" aria-live="polite">
          {label(index)}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => go(index + 1)}
          disabled={index === count - 1}
          aria-label="Next preview page"
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {count > 1 ? (
        <div className={classes.thumbnails}>
          {images.map((image, position) => (
            <button
              key={image.id}
              type="button"
              className={classes.thumbnail}
              aria-current={position === index ? 'true' : undefined}
              aria-label={`Show ${label(position).toLowerCase()}`}
              onClick={() => go(position)}
            >
              <img
                src={image.attributes.url}
                alt=""
                width={image.attributes.width ?? 850}
                height={image.attributes.height ?? 1100}
                loading="lazy"
                decoding="async"
              />
            </button>
          ))}
        </div>
      ) : null}
    </Stack>
  );
}
