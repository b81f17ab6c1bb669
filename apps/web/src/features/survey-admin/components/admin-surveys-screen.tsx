import {
  Button,
  EmptyState,
  Group,
  MultiSelect,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { type SurveyStatus, type SurveySummary, surveyStatuses, surveyStatusLabels } from '@tv/contract';
import { useState } from 'react';
import { AnchorLink, ButtonLink } from '../../../components/ui/links';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useUserStore } from '../../../stores/user-store';
import { useAdminOrganizations } from '../api/get-admin-organizations';
import { type AdminSurveyFilters, useAdminSurveys } from '../api/get-admin-surveys';
import { can, problemMessage, viewerPermissions } from '../utils/lifecycle';
import { surveyTypeLabels } from './status-badge';

const PAGE_SIZE = 20;
const updated = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function SurveyLink({ survey }: { survey: SurveySummary }) {
  if (survey.organizationId) {
    return (
      <AnchorLink
        to="/research/builder/admin/$orgId/survey/$surveyId"
        params={{ orgId: survey.organizationId, surveyId: survey.id }}
        fw={600}
      >
        {survey.name}
      </AnchorLink>
    );
  }
  return (
    <AnchorLink to="/research/builder/survey/preview/$surveyId" params={{ surveyId: survey.id }} fw={600}>
      {survey.name}
    </AnchorLink>
  );
}

/** Every organisation's surveys for platform staff, filtered by status, organisation, tag and name. */
export function AdminSurveysScreen() {
  const user = useUserStore((state) => state.user);
  const permissions = viewerPermissions(user, null);
  const canModerate = can(permissions, 'surveys~moderate', true);
  const [statuses, setStatuses] = useState<SurveyStatus[]>([]);
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [tag, setTag] = useState('');
  const [search, setSearch] = useState('');
  const [organizationSearch, setOrganizationSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [debouncedTag] = useDebouncedValue(tag, 300);
  const [debouncedOrganizationSearch] = useDebouncedValue(organizationSearch, 300);
  const organizations = useAdminOrganizations(debouncedOrganizationSearch);

  const filters: AdminSurveyFilters = {
    statuses,
    organizationId,
    tag: debouncedTag,
    search: debouncedSearch,
    page,
    pageSize: PAGE_SIZE,
  };
  const surveys = useAdminSurveys(filters);
  const filtered = statuses.length > 0 || organizationId !== null || tag !== '' || search !== '';
  const total = surveys.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const clear = () => {
    setStatuses([]);
    setOrganizationId(null);
    setTag('');
    setSearch('');
    setPage(1);
  };
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const organizationOptions = (organizations.data ?? []).map((organization) => ({
    value: organization.id,
    label: organization.name,
  }));

  return (
    <Stack gap="xl">
      <ScreenHeader
        area="Platform admin"
        title="All surveys"
        description="Surveys from every organization. Filter by status to find what needs moderation, publishing or a quality review."
      />

      <Paper withBorder radius="lg" p="md" component="search" aria-label="Filter surveys">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <TextInput
            label="Search"
            placeholder="Survey name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => change(setSearch)(event.currentTarget.value)}
          />
          <MultiSelect
            label="Status"
            placeholder={statuses.length ? undefined : 'Any status'}
            data={surveyStatuses.map((status) => ({ value: status, label: surveyStatusLabels[status] }))}
            value={statuses}
            onChange={(value) => change(setStatuses)(value as SurveyStatus[])}
            clearable
          />
          <Select
            label="Organization"
            placeholder="Any organization"
            data={organizationOptions}
            value={organizationId}
            onChange={change(setOrganizationId)}
            searchable
            searchValue={organizationSearch}
            onSearchChange={setOrganizationSearch}
            clearable
            nothingFoundMessage={organizations.isFetching ? 'Searching…' : 'No organization with that name'}
          />
          <TextInput
            label="Tag"
            placeholder="e.g. wellbeing"
            value={tag}
            onChange={(event) => change(setTag)(event.currentTarget.value)}
          />
        </SimpleGrid>
        {filtered ? (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconFilterOff size={14} aria-hidden />}
              onClick={clear}
            >
              Clear filters
            </Button>
          </Group>
        ) : null}
      </Paper>

      {surveys.isError ? (
        <Paper withBorder radius="lg" p="lg">
          <Group justify="space-between">
            <Text c="red.8">{problemMessage(surveys.error)}</Text>
            <Button variant="light" size="xs" onClick={() => void surveys.refetch()}>
              Try again
            </Button>
          </Group>
        </Paper>
      ) : surveys.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading surveys">
          {[1, 2, 3, 4, 5].map((row) => (
            <Skeleton key={row} h={48} radius="md" />
          ))}
        </Stack>
      ) : surveys.data.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <EmptyState
            icon={<IconSearch size={26} />}
            withIndicatorBackground
            title={filtered ? 'No surveys match these filters' : 'No surveys yet'}
            description={
              filtered
                ? 'Try another status or organization, or clear the filters.'
                : 'Surveys appear here as soon as an organization starts one.'
            }
          >
            {filtered ? (
              <EmptyState.Actions>
                <Button variant="light" onClick={clear}>
                  Clear filters
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        </Paper>
      ) : (
        <Stack gap="md">
          <Paper withBorder radius="lg">
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="admin-surveys">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Survey</Table.Th>
                    <Table.Th>Organization</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Questions</Table.Th>
                    <Table.Th>Updated</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {surveys.data.data.map((survey) => (
                    <Table.Tr key={survey.id} data-survey-id={survey.id}>
                      <Table.Td>
                        <SurveyLink survey={survey} />
                        {survey.tags.length ? (
                          <Text size="xs" c="dimmed">
                            {survey.tags.join(', ')}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{survey.organizationName ?? 'Personal draft'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{surveyTypeLabels[survey.type]}</Text>
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge status={survey.status} />
                      </Table.Td>
                      <Table.Td ta="right">{survey.questionCount}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{updated(survey.updatedAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        {survey.status === 'in_moderation' && canModerate ? (
                          <ButtonLink
                            size="xs"
                            variant="light"
                            to="/research/builder/admin/survey/moderation/$surveyId"
                            params={{ surveyId: survey.id }}
                            leftSection={<IconShieldCheck size={14} aria-hidden />}
                            aria-label={`Moderate ${survey.name}`}
                          >
                            Moderate
                          </ButtonLink>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {total.toLocaleString('en-US')} survey{total === 1 ? '' : 's'}
              {surveys.isFetching ? ' · updating…' : ''}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            ) : null}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
