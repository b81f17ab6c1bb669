import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDoorExit } from '@tabler/icons-react';
import type { Organization } from '@tv/contract';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useLeaveOrganization } from '../api/leave-organization';

export function LeaveOrganizationSection({
  organization,
  organizationName,
}: {
  organization: Organization;
  organizationName: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveOrganization();

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="leave-heading">
      <Group justify="space-between" gap="md">
        <Stack gap={2} style={{ flex: '1 1 280px' }}>
          <Title order={2} fz="lg" id="leave-heading">
            Leave {organizationName}
          </Title>
          <Text size="sm" c="dimmed">
            You lose access to its surveys and results. To come back, an admin has to invite you again.
          </Text>
        </Stack>
        <Button
          variant="outline"
          color="red"
          c="var(--mantine-color-error)"
          leftSection={<IconDoorExit size={16} />}
          onClick={() => {
            leave.reset();
            setConfirming(true);
          }}
        >
          Leave organization
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={`Leave ${organizationName}?`}
        confirmLabel="Leave organization"
        pending={leave.isPending}
        error={leave.error}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          leave.mutate(organization.id, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({
                color: 'green',
                title: 'You left the organization',
                message: `You are no longer a member of ${organizationName}.`,
              });
            },
          })
        }
      >
        <Text size="sm">
          You will no longer see {organizationName}'s surveys, results or members. If you are its only admin,
          make someone else an admin first.
        </Text>
      </ConfirmModal>
    </Paper>
  );
}
