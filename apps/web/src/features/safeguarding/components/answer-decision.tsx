import { Alert, Badge, Blockquote, Button, Group, Stack, Text } from '@mantine/core';
import { IconLockOpen, IconShieldLock, IconWriting } from '@tabler/icons-react';
import { answerDecisionLabels, decideAnswerSchema, type Incident, WITHHELD_TEXT } from '@tv/contract';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { serverMessage } from '../../../lib/backend-client';
import { useDecideAnswer } from '../api/decide-answer';
import { tintText } from '../utils/tint-text';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const decisionColors = { pending: 'orange', withheld: 'gray', released: 'green', redacted: 'teal' } as const;

/**
 * What the organisation sees of the answer behind an incident, and the moderator's decision on it:
 * release it as written, release a redacted text, or keep it withheld. Every decision is recorded.
 */
export function AnswerDecision({ incident }: { incident: Incident }) {
  const answer = incident.answer;
  const decide = useDecideAnswer();
  const [mode, setMode] = useState<'release' | 'redact' | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!answer) return null;

  const shown =
    answer.decision === 'redacted'
      ? answer.releasedText
      : answer.decision === 'released'
        ? answer.suggestedRedaction
        : WITHHELD_TEXT;
  const close = () => {
    setMode(null);
    setError(null);
    decide.reset();
  };
  const submitRedacted = () => {
    const parsed = decideAnswerSchema.safeParse({ decision: 'redacted', text });
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? 'Write the redacted text to release');
    decide.mutate(
      { incidentId: incident.id, decision: 'redacted', text: parsed.data.text },
      { onSuccess: close, onError: (failure) => setError(serverMessage(failure, 'Please try again.')) },
    );
  };

  return (
    <Stack gap="xs" data-testid="answer-decision">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          What the organization sees
        </Text>
        <Badge
          color={decisionColors[answer.decision]}
          variant="light"
          radius="sm"
          tt="none"
          style={{ color: tintText(decisionColors[answer.decision]) }}
          data-testid="answer-decision-status"
        >
          {answerDecisionLabels[answer.decision]}
        </Badge>
      </Group>
      <Blockquote color="gray" p="sm" fz="sm" data-testid="org-view">
        {shown}
      </Blockquote>
      {decide.isError && mode === null ? (
        <Alert color="red" variant="light">
          {serverMessage(decide.error, 'That did not work. Please try again.')}
        </Alert>
      ) : null}
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconLockOpen size={14} aria-hidden />}
          onClick={() => setMode('release')}
          disabled={answer.decision === 'released'}
        >
          Release as written
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconWriting size={14} aria-hidden />}
          onClick={() => {
            setText(answer.releasedText ?? answer.suggestedRedaction);
            setMode('redact');
          }}
        >
          Release redacted
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconShieldLock size={14} aria-hidden />}
          loading={decide.isPending && mode === null}
          disabled={answer.decision === 'withheld'}
          onClick={() => decide.mutate({ incidentId: incident.id, decision: 'withheld' })}
        >
          Keep withheld
        </Button>
      </Group>
      {answer.history.length > 0 ? (
        <Stack
          gap={2}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Decisions on this answer"
        >
          {answer.history.map((entry) => (
            <Text component="li" size="xs" c="dimmed" key={`${entry.at}-${entry.decision}`}>
              {answerDecisionLabels[entry.decision]} by {entry.by}, {when(entry.at)}
            </Text>
          ))}
        </Stack>
      ) : null}

      <ConfirmModal
        opened={mode === 'release'}
        title="Release this answer as written?"
        confirmLabel="Release as written"
        onConfirm={() =>
          decide.mutate({ incidentId: incident.id, decision: 'released' }, { onSuccess: close })
        }
        onClose={close}
        pending={decide.isPending}
        error={decide.error}
      >
        <Text size="sm">
          The organization will see the answer in its results and exports, with names, emails, phone numbers,
          handles, addresses and schools still taken out. You can withhold it again later.
        </Text>
      </ConfirmModal>
      <ReasonModal
        opened={mode === 'redact'}
        title="Release a redacted answer"
        onClose={close}
        onSubmit={submitRedacted}
        label="Text the organization will see"
        description="Personal data is already taken out. Edit further so nothing could identify the teen or the details of the concern."
        value={text}
        onChange={(value) => {
          setText(value);
          setError(null);
        }}
        error={error}
        submitLabel="Release redacted"
        pending={decide.isPending}
      />
    </Stack>
  );
}
