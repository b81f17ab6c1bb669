import { Textarea, TextInput } from '@mantine/core';
import { createTrackerSchema } from '@tv/contract';
import { type FormEvent, useState } from 'react';
import { FormModal } from '../../../components/ui/form-modal';

export interface TrackerDetails {
  name: string;
  description: string | null;
}

/**
 * A tracker's name and description, for a new tracker and for renaming one: the fields start from
 * `initial` each time the dialog opens, are checked against the contract's schema, and `onSave`
 * gets what passed.
 */
export function TrackerDetailsModal({
  opened,
  onClose,
  title,
  submitLabel,
  errorFallback,
  initial,
  pending,
  error,
  hints = false,
  onSave,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  errorFallback: string;
  initial: TrackerDetails;
  pending: boolean;
  error: unknown;
  /** Example and purpose under the fields (a new tracker). */
  hints?: boolean;
  onSave: (details: TrackerDetails) => void;
}) {
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  if (opened !== shown) {
    setShown(opened);
    if (opened) {
      setName(initial.name);
      setDescription(initial.description ?? '');
      setNameError(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTrackerSchema.safeParse({ name, description: description.trim() || null });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Check the name.');
      return;
    }
    setNameError(null);
    onSave({ name: parsed.data.name, description: parsed.data.description ?? null });
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      onSubmit={submit}
      pending={pending}
      error={error}
      errorFallback={errorFallback}
      submitLabel={submitLabel}
    >
      <TextInput
        label="Name"
        description={hints ? 'For example: Wellbeing tracker' : undefined}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={nameError}
        required
        data-autofocus
      />
      <Textarea
        label="Description"
        description={hints ? 'Optional: what it follows and how often.' : undefined}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={1000}
      />
    </FormModal>
  );
}
