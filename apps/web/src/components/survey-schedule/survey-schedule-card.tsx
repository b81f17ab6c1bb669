import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCalendarTime } from '@tabler/icons-react';
import { apiErrorSchema, type SurveySchedule } from '@tv/contract';
import { type FormEvent, useState } from 'react';
import { useSaveSurveySchedule, useSurveySchedule } from '../../lib/api/survey-schedule';
import { serverMessage } from '../../lib/backend-client';
import { isHttpError } from '../../lib/http-error';
import { checkSchedule, formatWhen, fromLocalInput, toLocalInput } from './schedule';

/** The builder's schedule: when the approved survey opens by itself and when it closes (decision 032). */
export function SurveyScheduleCard({ surveyId, canEdit }: { surveyId: string; canEdit: boolean }) {
  const schedule = useSurveySchedule(surveyId);
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="schedule-title"
      data-testid="schedule"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendarTime size={20} aria-hidden />
          <Title order={2} fz="lg" id="schedule-title">
            Schedule
          </Title>
        </Group>
        {schedule.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading the schedule">
            <Skeleton h={18} />
            <Skeleton h={36} />
          </Stack>
        ) : schedule.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {serverMessage(schedule.error, 'The schedule could not be loaded.')}{' '}
            <Button size="compact-xs" variant="default" onClick={() => void schedule.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : canEdit && schedule.data.closesEditable ? (
          <ScheduleForm
            key={`${schedule.data.opensAt}-${schedule.data.closesAt}`}
            surveyId={surveyId}
            schedule={schedule.data}
          />
        ) : (
          <ScheduleText schedule={schedule.data} />
        )}
      </Stack>
    </Paper>
  );
}

/** What the schedule is and does, in words: for moderators, publishers and read-only members. */
export function ScheduleText({ schedule }: { schedule: SurveySchedule }) {
  if (!schedule.opensAt && !schedule.closesAt) {
    return (
      <Text size="sm" c="dimmed">
        No schedule: the survey opens when staff publish it after approval, and closes when its sample is
        reached or someone closes it.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm">
        <strong>Opens:</strong> {schedule.opensAt ? formatWhen(schedule.opensAt) : 'when staff publish it'}
      </Text>
      <Text size="sm">
        <strong>Closes:</strong>{' '}
        {schedule.closesAt
          ? formatWhen(schedule.closesAt)
          : 'when the sample is reached or someone closes it'}
      </Text>
      {schedule.summary ? (
        <Text size="sm" c="dimmed">
          {schedule.summary}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The staff view on the moderation and publish screens: the schedule, so a publish does not surprise. */
export function ScheduleNotice({ surveyId }: { surveyId: string }) {
  const schedule = useSurveySchedule(surveyId);
  if (schedule.isPending) return <Skeleton h={64} aria-label="Loading the schedule" />;
  if (schedule.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        {serverMessage(schedule.error, 'The schedule could not be loaded.')}
      </Alert>
    );
  }
  const scheduled = Boolean(schedule.data.opensAt || schedule.data.closesAt);
  return (
    <Alert
      color={scheduled ? 'blue' : 'gray'}
      variant="light"
      icon={<IconCalendarTime size={18} aria-hidden />}
      title={scheduled ? 'Scheduled by the author' : 'No schedule'}
      data-testid="schedule-notice"
    >
      <Stack gap={4}>
        <ScheduleText schedule={schedule.data} />
        {scheduled && schedule.data.status === 'approved' ? (
          <Text size="sm">Publishing by hand opens it now, before its scheduled time.</Text>
        ) : null}
        {scheduled && schedule.data.status === 'in_moderation' ? (
          <Text size="sm">Approval does not skip anything: the schedule only opens approved surveys.</Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

function ScheduleForm({ surveyId, schedule }: { surveyId: string; schedule: SurveySchedule }) {
  const save = useSaveSurveySchedule(surveyId);
  const [opens, setOpens] = useState(toLocalInput(schedule.opensAt));
  const [closes, setCloses] = useState(toLocalInput(schedule.closesAt));
  const [errors, setErrors] = useState<{ opensAt?: string; closesAt?: string }>({});
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const send = (opensAt: string | null, closesAt: string | null) => {
    save.mutate(
      { opensAt, closesAt },
      {
        onSuccess: () => {
          setErrors({});
          notifications.show({
            color: 'green',
            message: opensAt || closesAt ? 'Schedule saved.' : 'Schedule cleared.',
          });
        },
        onError: (error) => {
          const parsed = isHttpError(error) ? apiErrorSchema.safeParse(error.data) : null;
          const fields = (
            parsed?.success
              ? (parsed.data.data as { fields?: Record<string, string[]> } | undefined)
              : undefined
          )?.fields;
          if (fields) setErrors({ opensAt: fields.opensAt?.[0], closesAt: fields.closesAt?.[0] });
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const opensAt = schedule.opensEditable ? fromLocalInput(opens) : schedule.opensAt;
    const closesAt = fromLocalInput(closes);
    const problems = checkSchedule(
      schedule.opensEditable ? opensAt : null,
      closesAt,
      schedule.opensEditable ? opensAt !== schedule.opensAt : false,
    );
    setErrors(problems);
    if (problems.opensAt || problems.closesAt) return;
    send(opensAt, closesAt);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A schedule never skips moderation. Once a moderator approves the survey it opens at the time you set
          (or as soon as it is approved, if that time has passed), and it closes by itself at the closing
          time. Times are in your time zone ({zone}).
        </Text>
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            type="datetime-local"
            label="Opens at"
            description={
              schedule.opensEditable ? 'Leave empty to open when staff publish it.' : 'Already open.'
            }
            value={opens}
            onChange={(event) => setOpens(event.currentTarget.value)}
            error={errors.opensAt}
            disabled={!schedule.opensEditable}
            miw={220}
          />
          <TextInput
            type="datetime-local"
            label="Closes at"
            description="Leave empty to close when the sample is reached."
            value={closes}
            onChange={(event) => setCloses(event.currentTarget.value)}
            error={errors.closesAt}
            miw={220}
          />
        </Group>
        {schedule.summary ? (
          <Text size="sm" data-testid="schedule-summary">
            {schedule.summary}
          </Text>
        ) : null}
        {save.isError && !errors.opensAt && !errors.closesAt ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {serverMessage(save.error, 'The schedule could not be saved. Please try again.')}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save schedule
          </Button>
          {schedule.opensAt || schedule.closesAt ? (
            <Button
              variant="default"
              disabled={save.isPending}
              onClick={() => {
                setOpens(schedule.opensEditable ? '' : opens);
                setCloses('');
                send(schedule.opensEditable ? null : schedule.opensAt, null);
              }}
            >
              Clear schedule
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
