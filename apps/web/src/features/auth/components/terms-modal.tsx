import { Alert, Button, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { formatTermsDate } from '../../../lib/terms-date';
import { termsText, useTerms } from '../api/get-terms';

/** The terms are plain text with '#' headings; rendering them as text keeps any markup inert. */
function TermsBody({ text }: { text: string }) {
  const blocks = text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  return (
    <Stack gap="sm">
      {blocks.map((block, index) => {
        const key = `${index}-${block.slice(0, 16)}`;
        if (block.startsWith('## ')) {
          const [heading, ...rest] = block.split('\n');
          return (
            <Fragment key={key}>
              <Title order={3} fz="md" mt="xs">
                {heading?.slice(3)}
              </Title>
              {rest.length > 0 ? <Text size="sm">{rest.join(' ')}</Text> : null}
            </Fragment>
          );
        }
        if (block.startsWith('# ')) {
          const rest = block.split('\n').slice(1).join(' ');
          return rest ? (
            <Text key={key} size="sm">
              {rest}
            </Text>
          ) : null;
        }
        return (
          <Text key={key} size="sm">
            {block.replaceAll('\n', ' ')}
          </Text>
        );
      })}
    </Stack>
  );
}

export function TermsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const terms = useTerms();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={<Text fw={700}>TeenVoice terms and conditions</Text>}
    >
      {terms.isPending ? (
        <Stack align="center" py="xl">
          <Loader size="sm" aria-label="Loading the terms and conditions" />
        </Stack>
      ) : terms.isError ? (
        <Alert color="red" title="The terms could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Please try again in a moment.</Text>
            <Button size="xs" variant="default" onClick={() => void terms.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Version of {formatTermsDate(terms.data.versionTimestamp)}
          </Text>
          <TermsBody text={termsText(terms.data)} />
          <Button onClick={onClose} variant="default" style={{ alignSelf: 'flex-end' }}>
            Close
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
