import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isNewerBuild, useBuildInfo } from '../api/get-build-info';

const notificationId = 'new-version-available';

/** Polls /build.json; a different buildTime means a deploy happened since this tab loaded. */
export function NewVersionNotifier() {
  // The dev server has no build.json; only built bundles compare themselves with the deployed one.
  const { data } = useBuildInfo(import.meta.env.PROD);
  const outdated = isNewerBuild(data);

  useEffect(() => {
    if (!outdated) return;
    notifications.show({
      id: notificationId,
      title: 'Update available',
      autoClose: false,
      withCloseButton: true,
      color: 'green',
      icon: <IconRefresh size={18} aria-hidden />,
      message: (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">A new version of TeenVoice is available.</Text>
          <Button size="compact-sm" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Stack>
      ),
    });
  }, [outdated]);

  return null;
}
