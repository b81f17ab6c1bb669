import { Badge } from '@mantine/core';
import type { OutboxMessage } from '@tv/contract';

const statusLook: Record<OutboxMessage['status'], { color: string; label: string }> = {
  pending: { color: 'yellow', label: 'Pending' },
  sent: { color: 'green', label: 'Sent' },
  failed: { color: 'red', label: 'Failed' },
  kept: { color: 'blue', label: 'Kept in outbox' },
};

export function OutboxStatusBadge({ status }: { status: OutboxMessage['status'] }) {
  const look = statusLook[status];
  return (
    <Badge variant="light" color={look.color} style={{ flexShrink: 0 }}>
      {look.label}
    </Badge>
  );
}
