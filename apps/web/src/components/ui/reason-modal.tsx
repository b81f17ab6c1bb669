import { Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormModal } from './form-modal';

interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** Closing by Escape, the close button or (unless `onCancel` is given) Cancel. */
  onClose: () => void;
  onSubmit: () => void;
  /** Shown above the text box: an explanation, or other fields. */
  children?: ReactNode;
  label: string;
  description: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  /** Why the text or the request was refused, under the text box. */
  error: string | null;
  /** Shown between the text box and the buttons, e.g. a last warning. */
  notice?: ReactNode;
  cancelLabel?: string;
  onCancel?: () => void;
  submitLabel: string;
  submitColor?: string;
  pending: boolean;
}

/** A modal that asks for a written reason or note before an action, and shows why it was refused. */
export function ReasonModal({
  title,
  onSubmit,
  children,
  label,
  description,
  placeholder,
  value,
  onChange,
  readOnly,
  error,
  notice,
  ...modal
}: ReasonModalProps) {
  return (
    <FormModal
      {...modal}
      title={title}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <Textarea
        label={label}
        description={description}
        placeholder={placeholder}
        required
        autosize
        minRows={3}
        value={value}
        readOnly={readOnly}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        data-autofocus
      />
      {notice}
    </FormModal>
  );
}
