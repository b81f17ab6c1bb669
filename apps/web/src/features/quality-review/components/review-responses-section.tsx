import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconPlayerPlay, IconSend } from '@tabler/icons-react';
import { excludeResponseSchema, genderLabels, regionLabels, type SimulatedFilter } from '@tv/contract';
import { useState } from 'react';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { useTransitionSurvey } from '../../../lib/api/transition-survey';
import { serverMessage } from '../../../lib/backend-client';
import { useExcludeResponse } from '../api/exclude-response';
import { type ReviewResponse, useReviewResponses } from '../api/get-review-responses';
import { useIncludeResponse } from '../api/include-response';
import { tintText } from '../utils/tint-text';

const PAGE_SIZE = 25;

const flagInfo: Record<ReviewResponse['flags'][number], { label: string; color: string; why: string }> = {
  speeder: {
    label: 'Speeder',
    color: 'orange',
    why: 'Took under a third of the median time of this survey’s responses.',
  },
  straight_liner: {
    label: 'Straight-liner',
    color: 'grape',
    why: 'Gave the same answer down a whole grid or every rating.',
  },
  duplicate: { label: 'Duplicate', color: 'red', why: 'Identical to another response to this survey.' },
  too_fast: {
    label: 'Too fast',
    color: 'red',
    why: 'Sent sooner than its questions can be read and answered. Held for review: it takes no place in the sample until you count it.',
  },
  unverified: {
    label: 'Unverified start',
    color: 'red',
    why: 'Sent without the start or the device this survey’s page issues, as a script would. Held for review: it takes no place in the sample until you count it.',
  },
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
const seconds = (value: number | null) =>
  value === null ? 'Unknown' : value < 60 ? `${value} s` : `${Math.floor(value / 60)} min ${value % 60} s`;

export interface ReviewResponsesSectionProps {
  surveyId: string;
  status: string;
  /** complete → in_review (platform surveys~view_results). */
  canStartReview: boolean;
  /** in_review → results_ready (platform surveys~publish). */
  canRelease: boolean;
}

/**
 * The staff quality review: flagged responses first, each excluded with a reason or counted again,
 * then the survey moves on to released results.
 */
export function ReviewResponsesSection({
  surveyId,
  status,
  canStartReview,
  canRelease,
}: ReviewResponsesSectionProps) {
  const [flagged, setFlagged] = useState(true);
  const [simulated, setSimulated] = useState<SimulatedFilter>('include');
  const [page, setPage] = useState(1);
  const [excluding, setExcluding] = useState<ReviewResponse | null>(null);
  const query = useReviewResponses(surveyId, { flagged, simulated, page, pageSize: PAGE_SIZE });
  const include = useIncludeResponse();
  const transition = useTransitionSurvey();
  const meta = query.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / PAGE_SIZE)) : 1;

  const move = (action: 'start_review' | 'release_results') => {
    const release = action === 'release_results';
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: release ? 'Release the results?' : 'Start the quality review?',
      children: (
        <Text size="sm">
          {release
            ? 'The organization is told its results are ready and can no longer change which responses count.'
            : 'The organization is told its responses are being checked. You can exclude and include responses during the review.'}
        </Text>
      ),
      labels: { confirm: release ? 'Release results' : 'Start quality review', cancel: 'Cancel' },
      onConfirm: () =>
        transition.mutate(
          { surveyId, action },
          {
            onSuccess: () =>
              notifications.show({
                closeButtonProps: { 'aria-label': 'Dismiss' },
                color: 'green',
                title: release ? 'Results released' : 'Quality review started',
                message: release
                  ? 'The organization can see its final results.'
                  : 'Responses can now be reviewed.',
              }),
            onError: (error) =>
              notifications.show({
                closeButtonProps: { 'aria-label': 'Dismiss' },
                color: 'red',
                title: 'That did not work',
                message: serverMessage(error, 'Please try again.'),
              }),
          },
        ),
    });
  };

  return (
    <Stack gap="md" data-testid="review-responses">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} maw={640}>
          <Title order={2} fz={24}>
            Review responses
          </Title>
          <Text c="dimmed" size="sm">
            Check the responses our quality checks flagged before the results are released. A speeder took
            under a third of the median time
            {meta?.medianSeconds ? ` (${seconds(Math.round(meta.medianSeconds))})` : ''}. An excluded response
            is kept, just no longer counted.
          </Text>
        </Stack>
        <Group gap="xs">
          {status === 'complete' && canStartReview ? (
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => move('start_review')}
              loading={transition.isPending}
            >
              Start quality review
            </Button>
          ) : null}
          {status === 'in_review' && canRelease ? (
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              onClick={() => move('release_results')}
              loading={transition.isPending}
            >
              Release results
            </Button>
          ) : null}
        </Group>
      </Group>

      <Paper withBorder radius="lg">
        <Group justify="space-between" p="md" gap="sm">
          <SegmentedControl
            aria-label="Which responses"
            value={flagged ? 'flagged' : 'all'}
            onChange={(value) => {
              setFlagged(value === 'flagged');
              setPage(1);
            }}
            data={[
              { value: 'flagged', label: `Flagged${meta ? ` (${meta.flagged})` : ''}` },
              { value: 'all', label: 'All responses' },
            ]}
          />
          <Select
            aria-label="Simulated responses"
            w={220}
            allowDeselect={false}
            value={simulated}
            onChange={(value) => {
              if (!value) return;
              setSimulated(value as SimulatedFilter);
              setPage(1);
            }}
            data={[
              { value: 'include', label: 'With simulated responses' },
              { value: 'exclude', label: 'Real responses only' },
              { value: 'only', label: 'Simulated only' },
            ]}
          />
          {meta ? (
            <Text size="sm" c="dimmed">
              {meta.total.toLocaleString('en-US')} {flagged ? 'flagged' : 'completed'} response
              {meta.total === 1 ? '' : 's'}
            </Text>
          ) : null}
        </Group>

        {query.isError ? (
          <Alert color="red" variant="light" m="md">
            {serverMessage(query.error, 'We couldn’t load the responses.')}
          </Alert>
        ) : !query.data ? (
          <Stack p="md" gap="xs">
            {[1, 2, 3].map((row) => (
              <Skeleton key={row} h={40} />
            ))}
          </Stack>
        ) : query.data.data.length === 0 ? (
          <Group p="lg" gap="sm">
            <IconCircleCheck size={20} aria-hidden color="var(--mantine-color-green-7)" />
            <Text size="sm">
              {flagged ? 'No response was flagged. Nothing to review.' : 'No completed responses.'}
            </Text>
          </Group>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="review-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Completed</Table.Th>
                  <Table.Th>Time taken</Table.Th>
                  <Table.Th>Respondent</Table.Th>
                  <Table.Th>Flags</Table.Th>
                  <Table.Th>Counted</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Action</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.data.map((response) => (
                  <Table.Tr key={response.id} data-testid="review-row" data-response-id={response.id}>
                    <Table.Td>{when(response.completedAt)}</Table.Td>
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {seconds(response.durationSeconds)}
                    </Table.Td>
                    <Table.Td>
                      {response.age},{' '}
                      {genderLabels[response.gender as keyof typeof genderLabels] ?? response.gender},{' '}
                      {regionLabels[response.region as keyof typeof regionLabels] ?? response.region}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {response.simulated ? (
                          <Badge
                            variant="outline"
                            color="gray"
                            radius="sm"
                            tt="none"
                            data-testid="simulated-badge"
                          >
                            Simulated
                          </Badge>
                        ) : null}
                        {response.flags.length === 0 && !response.simulated ? (
                          <Text size="sm" c="dimmed">
                            None
                          </Text>
                        ) : (
                          response.flags.map((flag) => (
                            <Tooltip key={flag} label={flagInfo[flag].why} withArrow>
                              <Badge
                                variant="light"
                                color={flagInfo[flag].color}
                                style={{ color: tintText(flagInfo[flag].color) }}
                                radius="sm"
                                tt="none"
                                tabIndex={0}
                              >
                                {flagInfo[flag].label}
                              </Badge>
                            </Tooltip>
                          ))
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {response.excluded ? (
                        <Stack gap={2}>
                          <Badge
                            variant="light"
                            color="gray"
                            radius="sm"
                            tt="none"
                            style={{ color: tintText('gray') }}
                          >
                            Excluded
                          </Badge>
                          {response.excludedReason ? (
                            <Text size="xs" c="dimmed" maw={240}>
                              {response.excludedReason}
                            </Text>
                          ) : null}
                        </Stack>
                      ) : (
                        <Badge
                          variant="light"
                          color="green"
                          radius="sm"
                          tt="none"
                          style={{ color: tintText('green') }}
                        >
                          Counted
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {response.excluded ? (
                        <Button
                          size="xs"
                          variant="default"
                          loading={include.isPending && include.variables?.responseId === response.id}
                          onClick={() =>
                            include.mutate(
                              { surveyId, responseId: response.id },
                              {
                                onError: (error) =>
                                  notifications.show({
                                    closeButtonProps: { 'aria-label': 'Dismiss' },
                                    color: 'red',
                                    title: 'That did not work',
                                    message: serverMessage(error, 'Please try again.'),
                                  }),
                              },
                            )
                          }
                        >
                          Include again
                        </Button>
                      ) : (
                        <Button size="xs" variant="light" color="red" onClick={() => setExcluding(response)}>
                          Exclude
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 ? (
          <Group justify="center" p="md">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              aria-label="Pages of responses"
            />
          </Group>
        ) : null}
      </Paper>

      <ExcludeModal surveyId={surveyId} response={excluding} onClose={() => setExcluding(null)} />
    </Stack>
  );
}

function ExcludeModal({
  surveyId,
  response,
  onClose,
}: {
  surveyId: string;
  response: ReviewResponse | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const exclude = useExcludeResponse();

  const close = () => {
    setReason('');
    setError(null);
    exclude.reset();
    onClose();
  };

  const submit = () => {
    if (!response) return;
    const parsed = excludeResponseSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Say why this response is excluded');
      return;
    }
    exclude.mutate(
      { surveyId, responseId: response.id, reason: parsed.data.reason },
      { onSuccess: close, onError: (failure) => setError(serverMessage(failure, 'Please try again.')) },
    );
  };

  return (
    <ReasonModal
      opened={response !== null}
      title="Exclude this response"
      onClose={close}
      onSubmit={submit}
      label="Reason"
      description="Shown to everyone reviewing this survey."
      placeholder="e.g. Finished in 12 seconds with the same answer to every question"
      value={reason}
      onChange={(value) => {
        setReason(value);
        setError(null);
      }}
      error={error}
      submitLabel="Exclude response"
      submitColor="red"
      pending={exclude.isPending}
    >
      <Text size="sm">
        It stays stored but is no longer counted in the results or the downloads. You can include it again
        until the results are released.
      </Text>
    </ReasonModal>
  );
}
