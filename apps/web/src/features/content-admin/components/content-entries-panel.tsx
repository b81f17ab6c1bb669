import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFileText, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ContentStatus, type ContentType, contentStatuses, contentTypeLabels } from '@tv/contract';
import { useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { PagedQueryList } from '../../../components/ui/paged-query-list';
import { TableCard } from '../../../components/ui/table-card';
import { CONTENT_PAGE_SIZE, useContentEntries } from '../api/get-content-entries';
import type { ContentAdminSearch } from '../utils/admin-search';
import { formatDateTime, formatLongDate } from '../utils/dates';
import { contentTypeSingular } from '../utils/entry-form';
import { ContentStatusBadge, contentStatusLabels } from './content-status-badge';
import { FeedbackCounts } from './feedback-counts';

interface ContentEntriesPanelProps {
  type: ContentType;
  search: ContentAdminSearch;
  canManage: boolean;
}

const statusOptions = [
  { value: '', label: 'All statuses' },
  ...contentStatuses.map((status) => ({ value: status, label: contentStatusLabels[status] })),
];

/** One content type's entries, drafts included, searchable and filtered by status. */
export function ContentEntriesPanel({ type, search, canManage }: ContentEntriesPanelProps) {
  const navigate = useNavigate();
  const q = search.q ?? '';
  const page = search.page ?? 1;
  const entries = useContentEntries({ type, q, status: search.status, page });
  const [draft, setDraft] = useState(q);
  const noun = contentTypeLabels[type].toLowerCase();
  const singular = contentTypeSingular[type];
  const filtered = Boolean(q || search.status);

  const setSearch = useDebouncedCallback((value: string) => {
    // Typed just before opening an entry: the search must not pull the person back to the list.
    if (window.location.pathname !== '/research/builder/admin/content') return;
    const text = value.trim();
    void navigate({
      to: '/research/builder/admin/content',
      search: (previous: ContentAdminSearch) => ({ ...previous, q: text || undefined, page: undefined }),
      replace: true,
    });
  }, 300);

  const newButton = canManage ? (
    <Button
      component={Link}
      to={`/research/builder/admin/content/${type}/new`}
      leftSection={<IconPlus size={16} aria-hidden />}
    >
      New {singular}
    </Button>
  ) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Group align="flex-end" gap="md" wrap="wrap" style={{ flex: 1 }}>
          <TextInput
            label={`Search ${noun}`}
            placeholder={
              type === 'faq' ? 'Question' : type === 'testimonial' ? 'Quote or name' : 'Title or slug'
            }
            leftSection={<IconSearch size={16} aria-hidden />}
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setSearch(event.currentTarget.value);
            }}
            w={{ base: '100%', xs: 300 }}
          />
          <Select
            label="Status"
            data={statusOptions}
            value={search.status ?? ''}
            allowDeselect={false}
            onChange={(value) =>
              void navigate({
                to: '/research/builder/admin/content',
                search: (previous: ContentAdminSearch) => ({
                  ...previous,
                  status: (value || undefined) as ContentStatus | undefined,
                  page: undefined,
                }),
                replace: true,
              })
            }
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
        {newButton}
      </Group>

      <PagedQueryList
        query={entries}
        loadingLabel={`Loading ${noun}`}
        skeletonRows={5}
        errorTitle={`${contentTypeLabels[type]} could not be loaded`}
        empty={
          <EmptyStateCard
            icon={IconFileText}
            title={filtered ? `No ${noun} match` : `No ${noun} yet`}
            description={
              filtered
                ? 'Clear the search or choose another status to see more.'
                : canManage
                  ? `Write the first ${singular}. It stays a draft, seen only by staff, until you publish it.`
                  : `${contentTypeLabels[type]} appear here once a content editor writes them.`
            }
            action={filtered ? undefined : newButton}
          />
        }
        page={page}
        pageSize={CONTENT_PAGE_SIZE}
        noun={noun}
        onPageChange={(next) =>
          void navigate({
            to: '/research/builder/admin/content',
            search: (previous: ContentAdminSearch) => ({ ...previous, page: next > 1 ? next : undefined }),
          })
        }
      >
        {(rows) => (
          <TableCard
            minWidth={type === 'article' ? 720 : 600}
            head={
              <>
                <Table.Th>
                  {type === 'faq' ? 'Question' : type === 'testimonial' ? 'Quote' : 'Title'}
                </Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Updated</Table.Th>
                {type === 'article' ? <Table.Th>Feedback</Table.Th> : null}
              </>
            }
          >
            {rows.map((entry) => (
              <Table.Tr key={entry.id} data-testid="content-row">
                <Table.Td maw={420}>
                  <Anchor
                    component={Link}
                    to={`/research/builder/admin/content/${type}/${entry.id}`}
                    fw={600}
                    lineClamp={2}
                  >
                    {entry.label || `Untitled ${singular}`}
                  </Anchor>
                  {entry.slug ? (
                    <Text size="sm" c="dimmed" truncate>
                      /{entry.slug}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <ContentStatusBadge status={entry.status} />
                    {entry.status === 'scheduled' && entry.scheduledAt ? (
                      <Text size="xs" c="dimmed">
                        {formatDateTime(entry.scheduledAt)}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatLongDate(entry.updatedAt)}</Text>
                </Table.Td>
                {type === 'article' ? (
                  <Table.Td>{entry.feedback ? <FeedbackCounts feedback={entry.feedback} /> : null}</Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </TableCard>
        )}
      </PagedQueryList>
    </Stack>
  );
}
