import { Badge } from '@mantine/core';
import type { ContentStatus } from '@tv/contract';

export const contentStatusLabels: Record<ContentStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

const colors: Record<ContentStatus, string> = { draft: 'gray', scheduled: 'blue', published: 'green' };

/** Whether the public site shows an entry, coloured the same on every content screen. */
export function ContentStatusBadge({ status }: { status: ContentStatus }) {
  return (
    <Badge variant="light" color={colors[status]} radius="sm" data-testid="content-status">
      {contentStatusLabels[status]}
    </Badge>
  );
}
