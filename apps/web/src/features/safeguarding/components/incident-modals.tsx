import { Alert, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  escalateIncidentSchema,
  type Incident,
  incidentCategoryLabels,
  incidentSeverities,
  resolveIncidentSchema,
  triageIncidentSchema,
} from '@tv/contract';
import { useState } from 'react';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { serverMessage } from '../../../lib/backend-client';
import { useEscalateIncident } from '../api/escalate-incident';
import { useResolveIncident } from '../api/resolve-incident';
import { useTriageIncident } from '../api/triage-incident';
import { severityLabels } from '../utils/incident-labels';
import { tintText } from '../utils/tint-text';

interface IncidentModalProps {
  incident: Incident | null;
  onClose: () => void;
}

function SeverityControl({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Incident['severity'];
  onChange: (value: Incident['severity']) => void;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={id}>
        Severity
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        fullWidth
        value={value}
        onChange={(next) => onChange(next as Incident['severity'])}
        data={incidentSeverities.map((severity) => ({
          value: severity,
          label: severityLabels[severity].replace(' severity', ''),
        }))}
      />
    </Stack>
  );
}

/** Triage: confirm or change the severity, and note what was done or decided. */
export function TriageIncidentModal({ incident, onClose }: IncidentModalProps) {
  const [severity, setSeverity] = useState<Incident['severity'] | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const triage = useTriageIncident();
  const chosen = severity ?? incident?.severity ?? 'medium';

  const close = () => {
    setSeverity(null);
    setNote('');
    setError(null);
    triage.reset();
    onClose();
  };

  const submit = () => {
    if (!incident) return;
    const parsed = triageIncidentSchema.safeParse({ severity: chosen, note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Write what you did or decided');
    triage.mutate(
      { incidentId: incident.id, ...parsed.data },
      { onSuccess: close, onError: (failure) => setError(serverMessage(failure, 'Please try again.')) },
    );
  };

  return (
    <ReasonModal
      opened={incident !== null}
      title={incident ? `Triage: ${incidentCategoryLabels[incident.category]}` : 'Triage'}
      onClose={close}
      onSubmit={submit}
      label="Note"
      description="What you did or decided, for the other moderators. Never add anything that could identify the teen."
      value={note}
      onChange={(value) => {
        setNote(value);
        setError(null);
      }}
      error={error}
      submitLabel="Save triage"
      pending={triage.isPending}
    >
      <SeverityControl id="triage-severity" value={chosen} onChange={setSeverity} />
    </ReasonModal>
  );
}

/**
 * Resolve: how it was resolved, then a confirmation, since a resolved incident is closed for good.
 * A possible concern is closed the same way, without telling anyone (it was never announced).
 */
export function ResolveIncidentModal({ incident, onClose }: IncidentModalProps) {
  const concern = incident?.kind === 'concern';
  const [resolution, setResolution] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resolve = useResolveIncident();

  const close = () => {
    setResolution('');
    setConfirming(false);
    setError(null);
    resolve.reset();
    onClose();
  };

  const submit = () => {
    if (!incident) return;
    const parsed = resolveIncidentSchema.safeParse({ resolution });
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? 'Write how the incident was resolved');
    if (!confirming) return setConfirming(true);
    resolve.mutate(
      { incidentId: incident.id, resolution: parsed.data.resolution },
      {
        onSuccess: close,
        onError: (failure) => {
          setConfirming(false);
          setError(serverMessage(failure, 'Please try again.'));
        },
      },
    );
  };

  return (
    <ReasonModal
      opened={incident !== null}
      title={concern ? 'Close this possible concern' : 'Resolve this incident'}
      onClose={close}
      onSubmit={submit}
      label="Resolution"
      description={
        concern
          ? 'Why no further action is needed, for the other moderators.'
          : 'How it was handled, e.g. who was informed or why no further action is needed.'
      }
      value={resolution}
      readOnly={confirming}
      onChange={(value) => {
        setResolution(value);
        setError(null);
      }}
      error={error}
      notice={
        confirming ? (
          <Alert
            color="orange"
            variant="light"
            title={concern ? 'Close for good?' : 'Resolve for good?'}
            role="alert"
            styles={{ title: { color: tintText('orange') } }}
          >
            {concern
              ? 'It moves to Resolved and can no longer be escalated. Nobody is emailed, and the answer stays withheld unless you release it.'
              : 'The incident moves to Resolved and can no longer be triaged. The other moderators are told.'}
          </Alert>
        ) : null
      }
      cancelLabel={confirming ? 'Go back' : 'Cancel'}
      onCancel={confirming ? () => setConfirming(false) : close}
      submitLabel={
        confirming
          ? concern
            ? 'Yes, close it'
            : 'Yes, resolve it'
          : concern
            ? 'Close concern'
            : 'Resolve incident'
      }
      submitColor={confirming ? 'green' : undefined}
      pending={resolve.isPending}
    />
  );
}

/**
 * Escalate: a possible concern a moderator judges to be an incident. It moves to Incidents and every
 * moderator is emailed, as for an answer that raised one.
 */
export function EscalateConcernModal({ incident, onClose }: IncidentModalProps) {
  const [severity, setSeverity] = useState<Incident['severity'] | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const escalate = useEscalateIncident();
  const chosen = severity ?? incident?.severity ?? 'medium';

  const close = () => {
    setSeverity(null);
    setNote('');
    setError(null);
    escalate.reset();
    onClose();
  };

  const submit = () => {
    if (!incident) return;
    const parsed = escalateIncidentSchema.safeParse({ severity: chosen, note });
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? 'Write why this needs to be an incident');
    escalate.mutate(
      { incidentId: incident.id, severity: chosen, note: parsed.data.note },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'Escalated to an incident',
            message: 'It is in Incidents now, and the moderators were emailed.',
          });
          close();
        },
        onError: (failure) => setError(serverMessage(failure, 'Please try again.')),
      },
    );
  };

  return (
    <ReasonModal
      opened={incident !== null}
      title={incident ? `Escalate: ${incidentCategoryLabels[incident.category]}` : 'Escalate'}
      onClose={close}
      onSubmit={submit}
      label="Why it needs to be an incident"
      description="For the other moderators. Never add anything that could identify the teen."
      value={note}
      onChange={(value) => {
        setNote(value);
        setError(null);
      }}
      error={error}
      notice={
        <Text size="sm" c="dimmed">
          It moves to Incidents and every moderator is emailed. The teen was not shown help for this answer,
          since it was below the threshold when they sent it.
        </Text>
      }
      submitLabel="Escalate to incident"
      submitColor="red"
      pending={escalate.isPending}
    >
      <SeverityControl id="escalate-severity" value={chosen} onChange={setSeverity} />
    </ReasonModal>
  );
}
