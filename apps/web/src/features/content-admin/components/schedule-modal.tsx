import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormModal } from '../../../components/ui/form-modal';
import { fromLocalInputValue, toLocalInputValue } from '../utils/dates';

interface ScheduleModalProps {
  opened: boolean;
  onClose: () => void;
  onSchedule: (publishAt: string) => void;
  pending: boolean;
  error: unknown;
}

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Picks when an entry goes live; the server publishes it then, whoever is signed in. */
export function ScheduleModal({ opened, onClose, onSchedule, pending, error }: ScheduleModalProps) {
  const [value, setValue] = useState(() => toLocalInputValue(new Date(Date.now() + 24 * 60 * 60 * 1000)));
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <FormModal
      opened={opened}
      title="Schedule publishing"
      onClose={onClose}
      pending={pending}
      error={error}
      submitLabel="Schedule"
      onSubmit={(event) => {
        event.preventDefault();
        const when = fromLocalInputValue(value);
        if (!when) return setProblem('Choose a date and time');
        if (when.getTime() <= Date.now())
          return setProblem('Choose a time in the future, or publish now instead');
        setProblem(null);
        onSchedule(when.toISOString());
      }}
    >
      <TextInput
        type="datetime-local"
        label="Publish on"
        description={`Your time zone: ${timeZone}.`}
        value={value}
        min={toLocalInputValue(new Date())}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={problem}
        required
      />
      <Text size="sm" c="dimmed">
        The entry stays a draft until then. Publishing or unpublishing it by hand cancels the schedule.
      </Text>
    </FormModal>
  );
}
