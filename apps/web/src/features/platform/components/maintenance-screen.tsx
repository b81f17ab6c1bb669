import { Alert, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { BrandLogo } from '../../../components/ui/brand-logo';
import { serverMessage } from '../../../lib/backend-client';
import { useUserStore } from '../../../stores/user-store';
import { usePlatformStatus } from '../api/get-platform-status';
import { useSetMaintenance } from '../api/set-maintenance';

/** Only a Super Admin may switch maintenance mode, and only one who signed in before it began. */
function EndMaintenance() {
  const mayEnd = useUserStore(
    (state) => state.user?.platform.permissions.includes('platform_users~manage') ?? false,
  );
  const end = useSetMaintenance();
  if (!mayEnd) return null;
  return (
    <Stack gap="xs" w="100%" align="center">
      <Button
        color="red.9"
        variant="outline"
        loading={end.isPending}
        onClick={() => end.mutate({ maintenance: false, message: null })}
      >
        End maintenance for everyone
      </Button>
      {end.isError ? (
        <Alert color="red" w="100%">
          {serverMessage(end.error, 'Maintenance could not be ended. Please try again.')}
        </Alert>
      ) : null}
    </Stack>
  );
}

export function MaintenanceScreen() {
  const status = usePlatformStatus();
  const message = status.data?.maintenanceMessage;

  return (
    <Stack align="center" gap="xl" maw={560} w="100%">
      <BrandLogo />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm" w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTool size={28} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            We're making TeenVoice better
          </Title>
          <Text c="dimmed" size="lg">
            {message ||
              'TeenVoice is down for scheduled maintenance. Your surveys, responses and reports are safe.'}
          </Text>
          <Text c="dimmed" size="sm">
            This page checks by itself every minute and takes you back as soon as we're done.
          </Text>
          <Button variant="light" onClick={() => void status.refetch()} loading={status.isFetching}>
            Check again
          </Button>
          <EndMaintenance />
        </Stack>
      </Paper>
    </Stack>
  );
}
