import { Alert, Button, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { serverMessage } from '../../lib/backend-client';

interface FormModalProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The save is under way: the submit button spins and Cancel waits. */
  pending: boolean;
  /** Why the last save failed, shown above the fields. */
  error?: unknown;
  /** Said when the server gives no reason. */
  errorFallback?: string;
  submitLabel: string;
  submitColor?: string;
  submitDisabled?: boolean;
  cancelLabel?: string;
  /** Cancel closes the modal unless something else should happen first. */
  onCancel?: () => void;
  size?: ModalProps['size'];
  /** The fields. */
  children: ReactNode;
}

/** A modal holding one form: the reason a save failed, the fields, then Cancel and submit. */
export function FormModal({
  opened,
  title,
  onClose,
  onSubmit,
  pending,
  error,
  errorFallback = 'That did not work. Please try again.',
  submitLabel,
  submitColor,
  submitDisabled,
  cancelLabel = 'Cancel',
  onCancel = onClose,
  size,
  children,
}: FormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{title}</Text>}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size={size}
      centered
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />}>
              {serverMessage(error, errorFallback)}
            </Alert>
          ) : null}
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {cancelLabel}
            </Button>
            <Button type="submit" color={submitColor} loading={pending} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
