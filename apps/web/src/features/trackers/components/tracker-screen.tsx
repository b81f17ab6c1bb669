import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowUp,
  IconChartLine,
  IconDots,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import {
  effectiveOrganizationPermissions,
  type Tracker,
  type TrackerWave,
  waveLabelSchema,
} from '@tv/contract';
import { type FormEvent, useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { FormModal } from '../../../components/ui/form-modal';
import { AnchorLink } from '../../../components/ui/links';
import { QueryState } from '../../../components/ui/query-state';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { StatusBadge } from '../../../components/ui/status-badge';
import { serverMessage } from '../../../lib/backend-client';
import { useUserStore } from '../../../stores/user-store';
import { useOrganizationSurveys } from '../api/get-organization-surveys';
import { useTracker } from '../api/get-tracker';
import {
  useAddWave,
  useDeleteTracker,
  useRelabelWave,
  useRemoveWave,
  useRenameTracker,
  useReorderWaves,
} from '../api/tracker-mutations';
import { ComparisonPanel } from './comparison-panel';
import { TrackerDetailsModal } from './tracker-details-modal';

interface TrackerScreenProps {
  trackerId: string;
  questionId: string | null;
  onQuestionChange: (questionId: string | null) => void;
}

/** One tracker: its waves in order, adding and arranging them, and a question compared across them. */
export function TrackerScreen({ trackerId, questionId, onQuestionChange }: TrackerScreenProps) {
  const tracker = useTracker(trackerId);
  const user = useUserStore((state) => state.user);
  return (
    <QueryState
      query={tracker}
      loadingLabel="Loading the tracker"
      skeletonRows={4}
      skeletonRow={<Skeleton h={48} />}
      errorTitle="The tracker could not be loaded"
    >
      {(data) => {
        const membership = user?.organizations.find((o) => o.id === data.organizationId);
        const canManage =
          (membership &&
            effectiveOrganizationPermissions(membership.permissions).includes('surveys~create')) ||
          Boolean(user?.platform.permissions.includes('surveys~create'));
        return (
          <TrackerView
            tracker={data}
            canManage={canManage}
            questionId={questionId}
            onQuestionChange={onQuestionChange}
          />
        );
      }}
    </QueryState>
  );
}

function TrackerView({
  tracker,
  canManage,
  questionId,
  onQuestionChange,
}: {
  tracker: Tracker;
  canManage: boolean;
  questionId: string | null;
  onQuestionChange: (questionId: string | null) => void;
}) {
  const [renaming, renameModal] = useDisclosure(false);
  const [deleting, deleteModal] = useDisclosure(false);
  const remove = useDeleteTracker();
  const navigate = useNavigate();

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md" wrap="nowrap">
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <AnchorLink to="/research/builder/trackers" size="sm">
            ← All trackers
          </AnchorLink>
          <ScreenHeader
            area="Tracker"
            title={tracker.name}
            description={tracker.description ?? 'The same questions asked again in waves.'}
          />
        </Stack>
        {canManage ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label="Tracker actions">
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={renameModal.open}>
                Rename
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={deleteModal.open}
              >
                Delete tracker
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>

      <WavesSection tracker={tracker} canManage={canManage} />

      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="compare-title">
        <Stack gap="md">
          <Title order={2} fz="lg" id="compare-title">
            Compare a question
          </Title>
          {tracker.waves.length === 0 ? (
            <Text c="dimmed">Add a wave first: its questions can then be compared with the next waves.</Text>
          ) : tracker.questions.length === 0 ? (
            <Text c="dimmed">
              The first wave has no question that can be compared. Choice, yes/no, rating and NPS questions
              can.
            </Text>
          ) : (
            <>
              <Select
                label="Question"
                description="Questions of the first wave; the same question in later waves is matched by its text."
                placeholder="Choose a question"
                data={tracker.questions.map((q) => ({
                  value: q.id,
                  label: `${q.title} (in ${q.matchedWaves} of ${tracker.waves.length} waves)`,
                }))}
                value={questionId}
                onChange={onQuestionChange}
                searchable
                allowDeselect={false}
                maw={640}
              />
              {questionId ? (
                <ComparisonPanel trackerId={tracker.id} questionId={questionId} />
              ) : (
                <Text c="dimmed" size="sm">
                  Choose a question to see its answers wave by wave, with significant changes marked.
                </Text>
              )}
            </>
          )}
        </Stack>
      </Paper>

      <RenameTrackerModal tracker={tracker} opened={renaming} onClose={renameModal.close} />
      <ConfirmModal
        opened={deleting}
        title="Delete this tracker?"
        confirmLabel="Delete tracker"
        onClose={deleteModal.close}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(
            { trackerId: tracker.id },
            {
              onSuccess: () => {
                notifications.show({
                  message: `Tracker “${tracker.name}” deleted. Its surveys are unchanged.`,
                });
                void navigate({ to: '/research/builder/trackers' });
              },
            },
          )
        }
      >
        <Text size="sm">
          “{tracker.name}” and its list of waves will be deleted. The surveys and their results stay as they
          are.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

function WavesSection({ tracker, canManage }: { tracker: Tracker; canManage: boolean }) {
  const reorder = useReorderWaves();
  const [removing, setRemoving] = useState<TrackerWave | null>(null);
  const [relabeling, setRelabeling] = useState<TrackerWave | null>(null);
  const removeWave = useRemoveWave();

  const move = (index: number, by: -1 | 1) => {
    const ids = tracker.waves.map((w) => w.surveyId);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(
      { trackerId: tracker.id, surveyIds: ids },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: serverMessage(error, 'The waves could not be moved.'),
          }),
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="waves-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="waves-title">
          Waves
        </Title>
        {tracker.waves.length === 0 ? (
          <EmptyStateCard
            icon={IconChartLine}
            title="No waves yet"
            description={
              canManage
                ? 'Add a survey as the first wave below. For the next wave, duplicate that survey from its editor so the questions stay the same.'
                : 'A researcher on your team adds the surveys of this tracker.'
            }
          />
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="wave-list">
            {tracker.waves.map((wave, index) => (
              <Paper key={wave.surveyId} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={700}>
                        {index + 1}. {wave.label}
                      </Text>
                      <StatusBadge status={wave.surveyStatus} size="sm" />
                      {wave.resultsReleased ? null : (
                        <Badge size="sm" variant="outline" color="gray">
                          Not compared until results are released
                        </Badge>
                      )}
                    </Group>
                    {wave.resultsReleased && wave.canViewResults ? (
                      <AnchorLink
                        to="/research/builder/survey/summary/$surveyId"
                        params={{ surveyId: wave.surveyId }}
                        size="sm"
                        lineClamp={1}
                      >
                        {wave.surveyName}
                      </AnchorLink>
                    ) : (
                      <AnchorLink
                        to="/research/builder/survey/$surveyId"
                        params={{ surveyId: wave.surveyId }}
                        size="sm"
                        lineClamp={1}
                      >
                        {wave.surveyName}
                      </AnchorLink>
                    )}
                  </Stack>
                  {canManage ? (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${wave.label} earlier`}
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => move(index, -1)}
                      >
                        <IconArrowUp size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${wave.label} later`}
                        disabled={index === tracker.waves.length - 1 || reorder.isPending}
                        onClick={() => move(index, 1)}
                      >
                        <IconArrowDown size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Rename ${wave.label}`}
                        onClick={() => setRelabeling(wave)}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${wave.label} from the tracker`}
                        onClick={() => setRemoving(wave)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ) : null}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {canManage ? <AddWaveForm tracker={tracker} /> : null}
      </Stack>

      <ConfirmModal
        opened={removing !== null}
        title="Remove this wave?"
        confirmLabel="Remove wave"
        onClose={() => setRemoving(null)}
        pending={removeWave.isPending}
        error={removeWave.error}
        onConfirm={() =>
          removing &&
          removeWave.mutate(
            { trackerId: tracker.id, surveyId: removing.surveyId },
            {
              onSuccess: () => {
                notifications.show({ message: `${removing.label} removed from the tracker.` });
                setRemoving(null);
              },
            },
          )
        }
      >
        <Text size="sm">
          “{removing?.label}” will no longer be part of this tracker. The survey “{removing?.surveyName}” and
          its results stay as they are, and you can add it again later.
        </Text>
      </ConfirmModal>
      <RelabelWaveModal tracker={tracker} wave={relabeling} onClose={() => setRelabeling(null)} />
    </Paper>
  );
}

function AddWaveForm({ tracker }: { tracker: Tracker }) {
  const [open, setOpen] = useState(false);
  const surveys = useOrganizationSurveys(tracker.organizationId, open);
  const add = useAddWave();
  const [surveyId, setSurveyId] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<{ surveyId?: string; label?: string }>({});
  const inTracker = new Set(tracker.waves.map((w) => w.surveyId));
  const options = (surveys.data ?? [])
    .filter((s) => !inTracker.has(s.id))
    .map((s) => ({ value: s.id, label: s.name }));

  if (!open) {
    return (
      <Group>
        <Button variant="light" onClick={() => setOpen(true)}>
          Add a wave
        </Button>
      </Group>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsedLabel = waveLabelSchema.safeParse(label);
    const next = {
      surveyId: surveyId ? undefined : 'Choose a survey.',
      label: parsedLabel.success ? undefined : parsedLabel.error.issues[0]?.message,
    };
    setErrors(next);
    if (next.surveyId || next.label || !surveyId || !parsedLabel.success) return;
    add.mutate(
      { trackerId: tracker.id, surveyId, label: parsedLabel.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${parsedLabel.data} added as a wave.` });
          setSurveyId(null);
          setLabel('');
          setOpen(false);
        },
      },
    );
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Add a wave"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A survey can be a wave of one tracker. Tip: duplicate the last wave’s survey from its editor to ask
          the same questions again.
        </Text>
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <Select
            label="Survey"
            placeholder={surveys.isPending ? 'Loading surveys…' : 'Choose a survey'}
            data={options}
            value={surveyId}
            onChange={setSurveyId}
            searchable
            nothingFoundMessage="No other survey of your organization matches"
            error={
              errors.surveyId ??
              (surveys.isError ? serverMessage(surveys.error, 'Surveys could not be loaded.') : undefined)
            }
            required
            miw={220}
          />
          <TextInput
            label="Wave label"
            placeholder="Spring 2026"
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            error={errors.label}
            maxLength={60}
            required
            miw={180}
          />
        </Group>
        {add.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {serverMessage(add.error, 'The wave could not be added. Please try again.')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setOpen(false)} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add wave
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function RenameTrackerModal({
  tracker,
  opened,
  onClose,
}: {
  tracker: Tracker;
  opened: boolean;
  onClose: () => void;
}) {
  const rename = useRenameTracker();
  return (
    <TrackerDetailsModal
      opened={opened}
      onClose={onClose}
      title="Rename tracker"
      submitLabel="Save"
      errorFallback="The tracker could not be renamed. Please try again."
      initial={{ name: tracker.name, description: tracker.description }}
      pending={rename.isPending}
      error={rename.error}
      onSave={(details) => rename.mutate({ trackerId: tracker.id, ...details }, { onSuccess: onClose })}
    />
  );
}

function RelabelWaveModal({
  tracker,
  wave,
  onClose,
}: {
  tracker: Tracker;
  wave: TrackerWave | null;
  onClose: () => void;
}) {
  const relabel = useRelabelWave();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  if (wave && editing !== wave.surveyId) {
    setEditing(wave.surveyId);
    setLabel(wave.label);
    setError(null);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!wave) return;
    const parsed = waveLabelSchema.safeParse(label);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the label.');
      return;
    }
    relabel.mutate(
      { trackerId: tracker.id, surveyId: wave.surveyId, label: parsed.data },
      {
        onSuccess: () => {
          setEditing(null);
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      opened={wave !== null}
      onClose={onClose}
      title="Rename wave"
      onSubmit={submit}
      pending={relabel.isPending}
      error={relabel.error}
      errorFallback="The wave could not be renamed. Please try again."
      submitLabel="Save"
    >
      <TextInput
        label="Wave label"
        value={label}
        onChange={(event) => setLabel(event.currentTarget.value)}
        error={error}
        maxLength={60}
        required
        data-autofocus
      />
    </FormModal>
  );
}
