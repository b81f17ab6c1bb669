import { Alert, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { serverMessage } from '../../../lib/backend-client';
import { useOutboxMessage } from '../api/get-outbox-message';
import { MailView } from './mail-frame';
import { OutboxStatusBadge } from './outbox-status-badge';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function OutboxMessageModal({
  messageId,
  onClose,
}: {
  messageId: string | null;
  onClose: () => void;
}) {
  const message = useOutboxMessage(messageId);
  const narrow = useMediaQuery('(max-width: 48em)');

  return (
    <Modal
      opened={messageId !== null}
      onClose={onClose}
      size="xl"
      fullScreen={narrow}
      title={<Text fw={700}>{message.data?.subject ?? 'Message'}</Text>}
    >
      {message.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the message">
          <Skeleton h={14} w="60%" />
          <Skeleton h={320} />
        </Stack>
      ) : message.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {serverMessage(message.error, 'The message could not be loaded.')}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Stack gap={2}>
              <Text size="sm">
                <Text span c="dimmed">
                  To{' '}
                </Text>
                {message.data.to}
              </Text>
              <Text size="sm" c="dimmed">
                {message.data.template} · written {dateTime.format(new Date(message.data.createdAt))}
                {message.data.sentAt ? ` · sent ${dateTime.format(new Date(message.data.sentAt))}` : ''}
                {message.data.attempts > 1 ? ` · ${message.data.attempts} attempts` : ''}
              </Text>
            </Stack>
            <OutboxStatusBadge status={message.data.status} />
          </Group>
          {message.data.lastError ? (
            <Alert color="red" variant="light" title="Last delivery error">
              {message.data.lastError}
            </Alert>
          ) : null}
          <MailView subject={message.data.subject} html={message.data.html} text={message.data.text} />
        </Stack>
      )}
    </Modal>
  );
}
