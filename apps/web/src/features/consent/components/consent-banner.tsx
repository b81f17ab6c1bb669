import { Button, Group, Paper, Text } from '@mantine/core';
import { AnchorLink } from '../../../components/ui/links';
import { useConsentStore } from '../../../stores/consent-store';
import classes from './consent.module.css';

/** Asks once, at the bottom of public pages, without blocking them; the footer reopens the choices. */
export function ConsentBanner() {
  const choose = useConsentStore((state) => state.choose);
  const openChoices = useConsentStore((state) => state.openChoices);

  return (
    <Paper
      component="section"
      aria-labelledby="consent-banner-heading"
      className={classes.banner}
      shadow="lg"
      radius="lg"
      withBorder
      p="md"
    >
      <Text id="consent-banner-heading" fw={700} mb={4}>
        Cookies on TeenVoice
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        We use cookies to see how our site is used and to measure our advertising. Choose what you allow; you
        can change it at any time under Cookie settings in the footer. Read our{' '}
        <AnchorLink to="/legal/$page" params={{ page: 'cookie-policy' }} size="sm" underline="always">
          cookie policy
        </AnchorLink>
        .
      </Text>
      <Group gap="xs" justify="flex-end">
        <Button variant="subtle" size="sm" onClick={openChoices} aria-haspopup="dialog">
          Choose
        </Button>
        <Button variant="default" size="sm" onClick={() => choose({ analytics: false, ads: false })}>
          Reject all
        </Button>
        <Button size="sm" onClick={() => choose({ analytics: true, ads: true })}>
          Accept all
        </Button>
      </Group>
    </Paper>
  );
}
