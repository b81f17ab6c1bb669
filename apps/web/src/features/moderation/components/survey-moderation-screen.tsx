import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  List,
  Paper,
  Pill,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconPlus } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import {
  apiErrorSchema,
  moderationChecklist,
  type PrecheckFlag,
  pipingInWords,
  type Survey,
  surveyStatusLabels,
  surveyStatusPhrases,
} from '@tv/contract';
import { type FormEvent, useState } from 'react';
import { QuestionField } from '../../../components/survey-renderer/question-field';
import { ScheduleNotice } from '../../../components/survey-schedule/survey-schedule-card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { AnchorLink } from '../../../components/ui/links';
import { SurveyHeader, SurveyScreenSkeleton } from '../../../components/ui/survey-header';
import { usePrecheck } from '../../../lib/api/get-precheck';
import { useSurvey } from '../../../lib/api/get-survey';
import { isHttpError } from '../../../lib/http-error';
import { useModerateSurvey } from '../api/moderate-survey';
import { reasonForChecklistItem, rejectionReasons } from '../utils/rejection-reasons';
import { AudienceReview, ChangesSinceReview, ModerationHistory, QuestionRulesNote } from './review-sections';
import { SpanishVersionReview } from './spanish-version-review';

const problemMessage = (error: unknown) => {
  const parsed = isHttpError(error) ? apiErrorSchema.safeParse(error.data) : null;
  return parsed?.success ? parsed.data.message : 'Something went wrong. Please try again.';
};

function Flags({ flags }: { flags: PrecheckFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <Stack gap={6} data-testid="question-flags">
      {flags.map((flag) => (
        <Alert
          key={`${flag.category}-${flag.message}`}
          color={flag.severity === 'blocker' ? 'red' : 'orange'}
          variant="light"
          p="xs"
          icon={
            flag.severity === 'blocker' ? (
              <IconCircleX size={18} aria-hidden />
            ) : (
              <IconAlertTriangle size={18} aria-hidden />
            )
          }
        >
          <Text size="sm">
            <Text span fw={600} size="sm">
              {flag.severity === 'blocker' ? 'Blocker: ' : 'Warning: '}
            </Text>
            {flag.message}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}

function DecisionPanel({ survey }: { survey: Survey }) {
  const moderate = useModerateSurvey();
  const [checked, setChecked] = useState<string[]>([]);
  const [chosenReasons, setChosenReasons] = useState<string[]>([]);
  const [ownReasons, setOwnReasons] = useState<string[]>([]);
  const [draftReason, setDraftReason] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmingRejection, setConfirmingRejection] = useState(false);
  const allChecked = moderationChecklist.every((item) => checked.includes(item.id));
  const reasons = rejectionReasons(chosenReasons, ownReasons);
  const checklist = Object.fromEntries(
    moderationChecklist.map((item) => [item.id, checked.includes(item.id)]),
  );

  const decide = (decision: 'approve' | 'reject') => {
    setProblem(null);
    moderate.mutate(
      {
        surveyId: survey.id,
        decision,
        checklist,
        reasons: decision === 'reject' ? reasons : [],
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: () => {
          setConfirmingRejection(false);
          notifications.show({
            color: 'green',
            title: decision === 'approve' ? 'Survey approved' : 'Changes requested',
            message:
              decision === 'approve'
                ? 'The author is emailed and publishers can now publish it.'
                : 'The author is emailed with your reasons.',
          });
        },
        onError: (error) => {
          if (decision === 'approve') setProblem(problemMessage(error));
        },
      },
    );
  };

  const addOwnReason = (event?: FormEvent) => {
    event?.preventDefault();
    const reason = draftReason.trim();
    if (!reason) return;
    setOwnReasons((current) => (current.includes(reason) ? current : [...current, reason]));
    setDraftReason('');
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="checklist-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="checklist-title">
            Checklist
          </Title>
          <Checkbox.Group value={checked} onChange={setChecked}>
            <Stack gap="sm" role="group" aria-labelledby="checklist-title">
              {moderationChecklist.map((item) => (
                <Checkbox key={item.id} value={item.id} label={item.label} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Button
            color="green"
            leftSection={<IconCircleCheck size={18} aria-hidden />}
            disabled={!allChecked}
            loading={moderate.isPending && moderate.variables?.decision === 'approve'}
            onClick={() => decide('approve')}
          >
            Approve
          </Button>
          {!allChecked ? (
            <Text size="xs" c="dimmed">
              Tick every item to approve.
            </Text>
          ) : null}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="changes-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="changes-title">
            Request changes
          </Title>
          <Checkbox.Group label="Reasons" value={chosenReasons} onChange={setChosenReasons}>
            <Stack gap="xs" mt={4}>
              {moderationChecklist.map((item) => (
                <Checkbox
                  key={item.id}
                  value={reasonForChecklistItem[item.id]}
                  label={reasonForChecklistItem[item.id]}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <form onSubmit={addOwnReason}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label="Another reason"
                placeholder="e.g. Question 4 asks two things at once"
                maxLength={500}
                value={draftReason}
                onChange={(event) => setDraftReason(event.currentTarget.value)}
              />
              <ActionIcon
                type="submit"
                size={36}
                variant="light"
                aria-label="Add this reason"
                disabled={!draftReason.trim()}
              >
                <IconPlus size={18} />
              </ActionIcon>
            </Group>
          </form>
          {ownReasons.length > 0 ? (
            <Group gap={6}>
              {ownReasons.map((reason) => (
                <Pill
                  key={reason}
                  withRemoveButton
                  onRemove={() => setOwnReasons((current) => current.filter((r) => r !== reason))}
                  removeButtonProps={{ 'aria-label': `Remove the reason “${reason}”` }}
                >
                  {reason}
                </Pill>
              ))}
            </Group>
          ) : null}
          <Textarea
            label="Note to the author"
            description="Optional. Sent with the reasons."
            autosize
            minRows={2}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Button
            variant="light"
            color="orange"
            disabled={reasons.length === 0}
            onClick={() => {
              moderate.reset();
              setConfirmingRejection(true);
            }}
          >
            Request changes
          </Button>
          {reasons.length === 0 ? (
            <Text size="xs" c="dimmed">
              Choose or write at least one reason so the author knows what to change.
            </Text>
          ) : null}
        </Stack>
      </Paper>
      {problem ? (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      ) : null}
      <ConfirmModal
        opened={confirmingRejection}
        title={`Request changes to “${survey.name}”?`}
        confirmLabel="Request changes"
        onConfirm={() => decide('reject')}
        onClose={() => setConfirmingRejection(false)}
        pending={moderate.isPending && moderate.variables?.decision === 'reject'}
        error={moderate.variables?.decision === 'reject' ? moderate.error : null}
      >
        <Stack gap="xs">
          <Text size="sm">
            The survey goes back to its author, who is emailed these reasons
            {note.trim() ? ' and your note' : ''}. They are kept in the status history.
          </Text>
          <List size="sm" spacing={4} data-testid="rejection-confirm-reasons">
            {reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
          {note.trim() ? (
            <Text size="sm" c="dimmed">
              Note: {note.trim()}
            </Text>
          ) : null}
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}

/** A submitted survey, question by question with what the pre-check found, then the moderator's decision. */
export function SurveyModerationScreen() {
  const { surveyId = '' } = useParams({ strict: false });
  const survey = useSurvey(surveyId);
  const precheck = usePrecheck(surveyId, survey.data?.version);
  if (survey.isError) throw survey.error;
  if (!survey.data) {
    return (
      <SurveyScreenSkeleton>
        <Skeleton h={300} />
      </SurveyScreenSkeleton>
    );
  }
  const data = survey.data;
  const flags = precheck.data ?? [];
  const surveyFlags = flags.filter((flag) => flag.questionId === null);
  const inModeration = data.status === 'in_moderation';

  return (
    <Stack gap="lg">
      <SurveyHeader
        parent={
          <AnchorLink to="/research/builder/admin/surveys" size="sm">
            All surveys
          </AnchorLink>
        }
        current={
          <Text size="sm" c="dimmed">
            Moderation
          </Text>
        }
        area="Moderation"
        title={data.name}
        meta={
          <>
            <Badge
              variant="light"
              color={inModeration ? 'blue' : 'gray'}
              radius="sm"
              data-testid="survey-status"
            >
              {surveyStatusLabels[data.status]}
            </Badge>
            <Text size="sm" c="dimmed">
              {data.organizationName ?? 'Personal draft'} · {data.questions.length} questions
            </Text>
          </>
        }
      />

      {!inModeration ? (
        <Alert color="blue" variant="light" title="Nothing to decide" data-testid="not-in-moderation">
          This survey {surveyStatusPhrases[data.status]}, so there is nothing to moderate.
          {data.organizationId ? (
            <>
              {' '}
              <AnchorLink
                to="/research/builder/admin/$orgId/survey/$surveyId"
                params={{ orgId: data.organizationId, surveyId: data.id }}
              >
                Open the survey
              </AnchorLink>
            </>
          ) : null}
        </Alert>
      ) : null}

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: inModeration ? 8 : 12 }}>
          <Stack gap="lg">
            <ChangesSinceReview survey={data} />
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  Purpose
                </Title>
                <Text>{data.description || 'No description given.'}</Text>
                {precheck.isPending ? (
                  <Skeleton h={40} />
                ) : flags.length === 0 ? (
                  <Group gap="xs">
                    <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
                    <Text size="sm">The automated pre-check found nothing.</Text>
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    The automated pre-check raised {flags.length} flag{flags.length === 1 ? '' : 's'}; each is
                    shown next to the question it concerns.
                  </Text>
                )}
                <Flags flags={surveyFlags} />
              </Stack>
            </Paper>

            {data.questions.map((question, index) => {
              const questionFlags = flags.filter((flag) => flag.questionId === question.id);
              return (
                <Paper
                  key={question.id}
                  withBorder
                  radius="lg"
                  p="lg"
                  data-testid="moderation-question"
                  style={
                    questionFlags.some((f) => f.severity === 'blocker')
                      ? { borderColor: 'var(--mantine-color-red-6)' }
                      : undefined
                  }
                >
                  <Grid gap="md">
                    <Grid.Col span={{ base: 12, lg: questionFlags.length ? 7 : 12 }}>
                      <Stack gap="sm">
                        <QuestionField
                          question={{
                            ...question,
                            title: pipingInWords(question.title, data.questions),
                            description:
                              question.description && pipingInWords(question.description, data.questions),
                          }}
                          number={index + 1}
                          value={undefined}
                          readOnly
                        />
                        <QuestionRulesNote
                          question={question}
                          questions={data.questions}
                          translations={data.translations}
                        />
                      </Stack>
                    </Grid.Col>
                    {questionFlags.length ? (
                      <Grid.Col span={{ base: 12, lg: 5 }}>
                        <Flags flags={questionFlags} />
                      </Grid.Col>
                    ) : null}
                  </Grid>
                </Paper>
              );
            })}

            <SpanishVersionReview survey={data} />
            <AudienceReview survey={data} />
            <ScheduleNotice surveyId={data.id} />

            {data.rejection ? (
              <Paper withBorder radius="lg" p="lg">
                <Title order={2} fz="lg" mb="xs">
                  Changes requested earlier
                </Title>
                <List size="sm">
                  {data.rejection.reasons.map((reason) => (
                    <List.Item key={reason}>{reason}</List.Item>
                  ))}
                </List>
              </Paper>
            ) : null}
            {!inModeration ? <ModerationHistory surveyId={data.id} /> : null}
          </Stack>
        </Grid.Col>
        {inModeration ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <DecisionPanel survey={data} />
              <ModerationHistory surveyId={data.id} />
            </Stack>
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}
