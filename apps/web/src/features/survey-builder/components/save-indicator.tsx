import { Button, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCloudOff, IconDeviceFloppy } from '@tabler/icons-react';
import type { BuilderCopy } from '../copy';
import type { AutosaveState } from '../utils/autosave';

interface SaveIndicatorProps {
  state: AutosaveState;
  copy: BuilderCopy;
  onRetry: () => void;
  /**
   * The draft waits only for the question being written (fields not reached yet): said calmly,
   * without the reason, which the fields give once the author has been in them.
   */
  quiet?: boolean;
}

/** Where the author's edits are: saved, on their way, or waiting on this device (the editor shows why). */
export function SaveIndicator({ state, copy, onRetry, quiet = false }: SaveIndicatorProps) {
  const { status, message } = state;
  if (status === 'locked') return null;

  let icon = <IconCircleCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />;
  let text = copy.saved;
  let detail: string | null = null;
  let retry = false;
  let tone: 'dimmed' | 'red.8' | 'orange.9' = 'dimmed';

  switch (status) {
    case 'pending':
    case 'saving':
      icon = <Loader size={14} aria-hidden />;
      text = copy.saving;
      break;
    case 'retrying':
      icon = <IconCloudOff size={16} aria-hidden />;
      text = 'Offline, retrying';
      detail = copy.saveFailed;
      retry = true;
      tone = 'orange.9';
      break;
    case 'invalid':
      icon = <IconDeviceFloppy size={16} aria-hidden />;
      text = 'Kept on this device';
      detail = quiet ? null : message;
      tone = quiet ? 'dimmed' : 'orange.9';
      break;
    case 'failed':
      icon = <IconAlertTriangle size={16} aria-hidden />;
      text = 'Not saved';
      detail = message;
      retry = true;
      tone = 'red.8';
      break;
    case 'conflict':
      icon = <IconAlertTriangle size={16} aria-hidden />;
      text = copy.conflictTitle;
      tone = 'orange.9';
      break;
    default:
      break;
  }

  // Only outcomes are announced; "Saving…" on every keystroke would drown a screen reader.
  const announced = status === 'saved' ? copy.saved : status === 'pending' || status === 'saving' ? '' : text;

  return (
    <Group gap={8} wrap="nowrap" data-testid="save-indicator" data-status={status}>
      {icon}
      <Text size="sm" c={tone} fw={500} style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
      {retry ? (
        <Button size="compact-xs" variant="light" onClick={onRetry}>
          Retry now
        </Button>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite">
        {announced}
        {detail && status !== 'pending' ? ` ${detail}` : ''}
      </VisuallyHidden>
    </Group>
  );
}
