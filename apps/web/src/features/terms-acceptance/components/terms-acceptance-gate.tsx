import { Alert, Button, Flex, Modal, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessage } from '../../../lib/backend-client';
import { signOut } from '../../../lib/session';
import { fillTermsDate, formatTermsDate } from '../../../lib/terms-date';
import { useUserStore } from '../../../stores/user-store';
import { isTermsOutdated, useAcceptTerms } from '../api/accept-terms';
import { type TermsToAccept, useTermsToAccept } from '../api/get-terms-to-accept';
import { mustAskToAcceptTerms, termsBlocks } from '../utils/terms-text';

interface TermsAcceptanceGateProps {
  /** Respondent pages (/s/...) never ask: the person there is answering a survey. */
  respondentPage: boolean;
  /** False while React hydrates server HTML, which knows nobody. */
  browserReady: boolean;
}

function TermsText({ terms }: { terms: TermsToAccept }) {
  const date = formatTermsDate(terms.versionTimestamp);
  const viewportProps = {
    tabIndex: 0,
    role: 'region',
    // Focus starts on the text, so the keyboard scrolls it and no choice is one Enter away.
    'data-autofocus': true,
    'aria-label': `TeenVoice terms and conditions, version of ${date}`,
  };
  return (
    <Paper withBorder radius="md">
      <ScrollArea.Autosize mah="min(45vh, 420px)" type="auto" viewportProps={viewportProps}>
        <Stack gap="sm" p="md">
          {termsBlocks(fillTermsDate(terms.content, terms.versionTimestamp)).map((block) =>
            block.kind === 'heading' ? (
              <Title key={block.position} order={3} fz="md" mt="xs">
                {block.text}
              </Title>
            ) : (
              <Text key={block.position} size="sm">
                {block.text}
              </Text>
            ),
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

/**
 * Asks a signed-in person to accept a newly published terms version before going on. It cannot be
 * dismissed: the only ways out are accepting or signing out.
 */
export function TermsAcceptanceGate({ respondentPage, browserReady }: TermsAcceptanceGateProps) {
  const status = useUserStore((state) => state.status);
  const user = useUserStore((state) => state.user);
  const mustAsk = mustAskToAcceptTerms({ status, user, respondentPage, browserReady });
  const terms = useTermsToAccept(mustAsk);
  // Opened once the text is there (a moment after the profile), so focus can start on it.
  const opened = mustAsk && !terms.isPending;
  const accept = useAcceptTerms();
  const [signingOut, setSigningOut] = useState(false);

  const acceptShownVersion = () => {
    if (!terms.data) return;
    accept.mutate(terms.data.versionTimestamp, {
      // Staff published yet another version while this one was open: show that one instead.
      onError: (error) => {
        if (isTermsOutdated(error)) void terms.refetch();
      },
    });
  };

  const leave = () => {
    setSigningOut(true);
    void signOut().finally(() => setSigningOut(false));
  };

  const acceptError = accept.isError
    ? isTermsOutdated(accept.error)
      ? 'A newer version of the terms was published while you were reading. Please read it and accept it.'
      : serverMessage(accept.error, 'We could not save your acceptance. Please try again.')
    : null;

  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      title="We've updated our terms"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        {terms.data ? (
          <>
            <Text size="sm">
              We published a new version of the TeenVoice terms and conditions on{' '}
              <Text span fw={600} inherit>
                {formatTermsDate(terms.data.versionTimestamp)}
              </Text>
              . Please read it and accept it to keep using TeenVoice.
            </Text>
            <TermsText terms={terms.data} />
          </>
        ) : (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="The terms could not be loaded">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Check your connection, then try again.</Text>
              <Button size="xs" variant="default" onClick={() => void terms.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {acceptError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {acceptError}
          </Alert>
        ) : null}
        {/* Side by side where there is room; on a phone full width, the main choice on top. */}
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button variant="default" onClick={leave} loading={signingOut} disabled={accept.isPending}>
            Sign out
          </Button>
          <Button
            onClick={acceptShownVersion}
            loading={accept.isPending}
            disabled={!terms.data || terms.isFetching || signingOut}
          >
            Accept and continue
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}
