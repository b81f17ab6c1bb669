import { Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SurveyHeaderProps {
  /** The first breadcrumb: a link back to the list the survey was opened from. */
  parent: ReactNode;
  /** The last breadcrumb: where the survey stands. */
  current: ReactNode;
  /** The product area, shown above the title. */
  area?: string;
  title: string;
  /** Status, type and owner, in a row under the title. */
  meta: ReactNode;
  /** What can be done with the survey, beside the title. */
  actions?: ReactNode;
}

/** The top of a screen about one survey: breadcrumbs, its name, what it is, and the actions on it. */
export function SurveyHeader({ parent, current, area, title, meta, actions }: SurveyHeaderProps) {
  return (
    <Stack gap="sm">
      <Breadcrumbs separatorMargin={6} aria-label="Breadcrumb">
        {parent}
        {current}
      </Breadcrumbs>
      {area ? (
        <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="var(--mantine-color-anchor)">
          {area}
        </Text>
      ) : null}
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={8} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Group gap="xs">{meta}</Group>
        </Stack>
        {actions}
      </Group>
    </Stack>
  );
}

/** Stands in for a survey screen while the survey loads: the header, then the screen's own shapes. */
export function SurveyScreenSkeleton({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the survey">
      <Skeleton h={14} w={200} />
      <Skeleton h={36} w="50%" />
      {children}
    </Stack>
  );
}
