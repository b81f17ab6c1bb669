import { Alert, Button, Group, List, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { type ClearedSiteData, clearSiteData, describeClearedSiteData } from '../utils/clear-site-data';

export function ClearCacheScreen() {
  const [cleared, setCleared] = useState<ClearedSiteData>();
  const [failure, setFailure] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    // Clearing twice would report zeros the second time.
    if (started.current) return;
    started.current = true;
    clearSiteData().then(setCleared, (error: unknown) =>
      setFailure(error instanceof Error ? error.message : 'The browser refused to clear some data.'),
    );
  }, []);

  return (
    <Stack gap="xl" maw={720}>
      <ScreenHeader
        area="Utilities"
        title="Clear cached data"
        description="Removes everything TeenVoice keeps in this browser, which fixes most problems caused by outdated files or settings."
      />
      <Paper withBorder radius="lg" p="xl">
        {failure ? (
          <Alert color="red" title="Some data could not be cleared">
            {failure}
          </Alert>
        ) : cleared ? (
          <Stack gap="md">
            <Group gap="xs">
              <IconCircleCheck size={22} color="var(--mantine-color-anchor)" aria-hidden />
              <Text fw={600}>Done. This is what was cleared:</Text>
            </Group>
            <List spacing={6} data-testid="cleared-list">
              {describeClearedSiteData(cleared).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              Your account and surveys are stored on our servers and are not affected. Your color mode choice
              was reset to follow your system.
            </Text>
            <Group>
              <Button onClick={() => window.location.assign('/')}>Reload TeenVoice</Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>Clearing cached data…</Text>
          </Group>
        )}
      </Paper>
    </Stack>
  );
}
