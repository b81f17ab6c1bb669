import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/ui/links';
import { useConsentStore } from '../../../stores/consent-store';
import classes from './consent.module.css';

/** Asks once, at the bottom of public pages, without blocking them; the footer reopens the choices. */
export function ConsentBanner() {
  const choose = useConsentStore((state) => state.choose);
  const openChoices = useConsentStore((state) => state.openChoices);

  return (
    <ConsentBannerView
      policyLink={
        <AnchorLink to="/legal/$page" params={{ page: 'cookie-policy' }} size="sm" underline="always">
          cookie policy
        </AnchorLink>
      }
      onChoose={openChoices}
      onReject={() => choose({ analytics: false, ads: false })}
      onAccept={() => choose({ analytics: true, ads: true })}
    />
  );
}

/**
 * The banner's markup. Lite public pages (decision 018) get it as a server-rendered template that the
 * site script shows and wires through the `data-consent` buttons, so the copy lives here only once.
 */
export function ConsentBannerView({
  policyLink = (
    <Anchor href="/legal/cookie-policy" size="sm" underline="always">
      cookie policy
    </Anchor>
  ),
  onChoose,
  onReject,
  onAccept,
}: {
  policyLink?: ReactNode;
  onChoose?: () => void;
  onReject?: () => void;
  onAccept?: () => void;
}) {
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
        can change it at any time under Cookie settings in the footer. Read our {policyLink}.
      </Text>
      <Group gap="xs" justify="flex-end">
        {/* The switches live in the full app: on a lite page this button loads it, then opens them. */}
        <Button
          variant="subtle"
          size="sm"
          onClick={onChoose}
          aria-haspopup="dialog"
          data-upgrade="consent-choices"
        >
          Choose
        </Button>
        <Button variant="default" size="sm" onClick={onReject} data-consent="reject">
          Reject all
        </Button>
        <Button size="sm" onClick={onAccept} data-consent="accept">
          Accept all
        </Button>
      </Group>
    </Paper>
  );
}
