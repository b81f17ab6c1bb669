import { Alert, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  type Incident,
  incidentCategoryLabels,
  incidentSeverities,
  resolveIncidentSchema,
  triageIncidentSchema,
} from '@tv/contract';
import { useState } from 'react';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { serverMessage } from '../../../lib/backend-client';
import { useResolveIncident } from '../api/resolve-incident';
import { useTriageIncident } from '../api/triage-incident';
import { severityLabels } from '../utils/incident-labels';
import { tintText } from '../utils/tint-text';

interface IncidentModalProps {
  incident: Incident | null;
  onClose: () => void;
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
      <Stack gap={6}>
        <Text size="sm" fw={500} id="triage-severity">
          Severity
        </Text>
        <SegmentedControl
          aria-labelledby="triage-severity"
          fullWidth
          value={chosen}
          onChange={(value) => setSeverity(value as Incident['severity'])}
          data={incidentSeverities.map((value) => ({
            value,
            label: severityLabels[value].replace(' severity', ''),
          }))}
        />
      </Stack>
    </ReasonModal>
  );
}

/** Resolve: how it was resolved, then a confirmation, since a resolved incident is closed for good. */
export function ResolveIncidentModal({ incident, onClose }: IncidentModalProps) {
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
      title="Resolve this incident"
      onClose={close}
      onSubmit={submit}
      label="Resolution"
      description="How it was handled, e.g. who was informed or why no further action is needed."
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
            title="Resolve for good?"
            role="alert"
            styles={{ title: { color: tintText('orange') } }}
          >
            The incident moves to Resolved and can no longer be triaged. The other moderators are told.
          </Alert>
        ) : null
      }
      cancelLabel={confirming ? 'Go back' : 'Cancel'}
      onCancel={confirming ? () => setConfirming(false) : close}
      submitLabel={confirming ? 'Yes, resolve it' : 'Resolve incident'}
      submitColor={confirming ? 'green' : undefined}
      pending={resolve.isPending}
    />
  );
}
