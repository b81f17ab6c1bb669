import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useConsentStore } from '../../../stores/consent-store';

/** "Choose" in the banner and "Cookie settings" in the footer: one switch per kind of cookie. */
export function ConsentChoicesModal() {
  const opened = useConsentStore((state) => state.choicesOpen);
  const close = useConsentStore((state) => state.closeChoices);

  return (
    <Modal opened={opened} onClose={close} title="Cookie settings" centered radius="lg">
      {opened ? <ConsentChoicesForm /> : null}
    </Modal>
  );
}

function ConsentChoicesForm() {
  const stored = useConsentStore((state) => state.choice);
  const choose = useConsentStore((state) => state.choose);
  const close = useConsentStore((state) => state.closeChoices);
  // Before any choice the defaults are granted (spec §9), so the switches start on.
  const [analytics, setAnalytics] = useState(stored?.analytics ?? true);
  const [ads, setAds] = useState(stored?.ads ?? true);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        choose({ analytics, ads });
      }}
    >
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          Cookies that keep you signed in and remember your settings are always on: the site does not work
          without them. The others are up to you.
        </Text>
        <Switch
          checked={analytics}
          onChange={(event) => setAnalytics(event.currentTarget.checked)}
          label="Analytics"
          description="Counts visits and how pages are used, so we can improve the site. Also lets the newsletter sign-up form load."
        />
        <Switch
          checked={ads}
          onChange={(event) => setAds(event.currentTarget.checked)}
          label="Advertising"
          description="Remembers which ad brought you here, so we can tell which campaigns work."
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit">Save choices</Button>
        </Group>
      </Stack>
    </form>
  );
}
