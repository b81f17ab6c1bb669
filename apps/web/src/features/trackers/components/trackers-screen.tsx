import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBuilding, IconChartLine, IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { effectiveOrganizationPermissions } from '@tv/contract';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { AnchorLink, ButtonLink } from '../../../components/ui/links';
import { QueryState } from '../../../components/ui/query-state';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { useUserStore } from '../../../stores/user-store';
import { useTrackers } from '../api/get-trackers';
import { useCreateTracker } from '../api/tracker-mutations';
import { TrackerDetailsModal } from './tracker-details-modal';

/** The selected organisation's trackers: each a series of surveys asked again in waves. */
export function TrackersScreen() {
  const user = useUserStore((state) => state.user);
  const selected = useUserStore((state) => state.selectedOrganization);
  const membership = user?.organizations.find((o) => o.id === selected?.id) ?? null;
  const trackers = useTrackers(membership?.id ?? null);
  const canManage = membership
    ? effectiveOrganizationPermissions(membership.permissions).includes('surveys~create')
    : false;
  const [opened, modal] = useDisclosure(false);

  if (!membership) {
    return (
      <Stack gap="xl">
        <ScreenHeader
          area="Survey builder"
          title="Trackers"
          description="Ask the same questions again in waves and see what changed."
        />
        <EmptyStateCard
          icon={IconBuilding}
          title="Choose an organization first"
          description="Trackers belong to an organization. Pick one from your account menu, or join one, then come back here."
          action={<ButtonLink to="/research/builder">Go to your surveys</ButtonLink>}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <ScreenHeader
          area={membership.name}
          title="Trackers"
          description="Ask the same questions again in waves, such as every spring and fall, and see what changed."
        />
        {canManage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={modal.open}>
            New tracker
          </Button>
        ) : null}
      </Group>

      <QueryState
        query={trackers}
        loadingLabel="Loading trackers"
        skeletonRows={3}
        skeletonRow={<Skeleton h={56} />}
        errorTitle="Trackers could not be loaded"
      >
        {(list) =>
          list.length === 0 ? (
            <EmptyStateCard
              icon={IconChartLine}
              title="No trackers yet"
              description={
                canManage
                  ? 'Start a tracker, add a survey with released results as its first wave, then duplicate that survey for the next wave.'
                  : 'Nobody in your organization has started a tracker yet. Ask a researcher on your team to start one.'
              }
              action={
                canManage ? (
                  <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={modal.open}>
                    Start a tracker
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="tracker-list">
              {list.map((tracker) => (
                <Paper key={tracker.id} withBorder radius="lg" p="lg" component="article">
                  <Stack gap={6}>
                    <AnchorLink
                      to="/research/builder/trackers/$trackerId"
                      params={{ trackerId: tracker.id }}
                      fw={700}
                      fz="lg"
                    >
                      {tracker.name}
                    </AnchorLink>
                    {tracker.description ? (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {tracker.description}
                      </Text>
                    ) : null}
                    <Text size="sm">
                      {tracker.waveCount === 0
                        ? 'No waves yet'
                        : `${tracker.waveCount} wave${tracker.waveCount === 1 ? '' : 's'} · latest: ${tracker.latestWaveLabel}`}
                    </Text>
                  </Stack>
                </Paper>
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>

      <CreateTrackerModal organizationId={membership.id} opened={opened} onClose={modal.close} />
    </Stack>
  );
}

function CreateTrackerModal({
  organizationId,
  opened,
  onClose,
}: {
  organizationId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateTracker();
  const navigate = useNavigate();
  return (
    <TrackerDetailsModal
      opened={opened}
      onClose={onClose}
      title="New tracker"
      submitLabel="Create tracker"
      errorFallback="The tracker could not be created. Please try again."
      initial={{ name: '', description: null }}
      pending={create.isPending}
      error={create.error}
      hints
      onSave={(details) =>
        create.mutate(
          { organizationId, ...details },
          {
            onSuccess: (tracker) => {
              notifications.show({
                color: 'green',
                message: `Tracker “${tracker!.name}” created. Add its first wave.`,
              });
              onClose();
              void navigate({
                to: '/research/builder/trackers/$trackerId',
                params: { trackerId: tracker!.id },
              });
            },
          },
        )
      }
    />
  );
}
