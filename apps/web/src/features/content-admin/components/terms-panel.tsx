import { Badge, Button, Group, Paper, Spoiler, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileCertificate, IconPlus } from '@tabler/icons-react';
import { createTermsVersionSchema } from '@tv/contract';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { FormModal } from '../../../components/ui/form-modal';
import { QueryState } from '../../../components/ui/query-state';
import { useCreateTermsVersion } from '../api/create-terms-version';
import { useTermsVersions } from '../api/get-terms-versions';
import { usePublishTermsVersion } from '../api/publish-terms-version';
import { formatLongDate } from '../utils/dates';

/** Only when nothing was ever published: the first version has nothing to start from. */
const starterText =
  'TeenVoice terms of use, version of {versionTimestamp}.\n\nBy creating an account you agree to these terms.';

/** The newest published version's text: a new version is an edit of the terms in force, never a blank page. */
export const currentTermsText = (
  versions: readonly { content: string; publishedAt: string | null; versionTimestamp: string }[],
) =>
  [...versions]
    .filter((version) => version.publishedAt !== null)
    .sort((a, b) => b.versionTimestamp.localeCompare(a.versionTimestamp))[0]?.content ?? starterText;

function NewTermsVersionModal({
  opened,
  onClose,
  startFrom,
}: {
  opened: boolean;
  onClose: () => void;
  startFrom: string;
}) {
  const create = useCreateTermsVersion();
  const [content, setContent] = useState(startFrom);
  const [error, setError] = useState<string | null>(null);

  return (
    <FormModal
      opened={opened}
      title="New terms version"
      size="xl"
      onClose={onClose}
      pending={create.isPending}
      error={create.error}
      submitLabel="Save as draft"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = createTermsVersionSchema.safeParse({ content });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Check the text');
          return;
        }
        setError(null);
        create.mutate(parsed.data.content, {
          onSuccess: () => {
            onClose();
            notifications.show({
              color: 'green',
              title: 'Draft saved',
              message: 'Publish it when the text is final.',
            });
          },
        });
      }}
    >
      <Textarea
        label="Terms text"
        description="A copy of the terms in force: change what needs changing. Keep {versionTimestamp} where the version's date should appear; the site fills it in."
        autosize
        minRows={10}
        maxRows={24}
        value={content}
        onChange={(event) => setContent(event.currentTarget.value)}
        error={error}
        required
      />
    </FormModal>
  );
}

/** Terms and conditions versions: every visitor who signs up accepts the newest published one. */
export function TermsPanel({ canManage }: { canManage: boolean }) {
  const versions = useTermsVersions();
  const publish = usePublishTermsVersion();
  const [creating, setCreating] = useState(false);
  const [publishing, setPublishing] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" maw={640}>
          People accept the newest published version when they sign up. A new version starts as a draft.
        </Text>
        {canManage ? (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            disabled={!versions.isSuccess}
          >
            New version
          </Button>
        ) : null}
      </Group>

      <QueryState
        query={versions}
        loadingLabel="Loading terms versions"
        skeletonRows={3}
        errorTitle="Terms versions could not be loaded"
      >
        {(rows) =>
          rows.length === 0 ? (
            <EmptyStateCard
              icon={IconFileCertificate}
              title="No terms yet"
              description={
                canManage
                  ? 'Write the first version, then publish it so people can sign up.'
                  : 'A content editor writes and publishes the terms.'
              }
            />
          ) : (
            <Stack gap="sm">
              {rows.map((version) => (
                <Paper
                  withBorder
                  radius="lg"
                  p="md"
                  key={version.versionTimestamp}
                  data-testid="terms-version"
                >
                  <Stack gap="xs">
                    <Group justify="space-between" gap="sm">
                      <Group gap="sm">
                        <Title order={3} fz="md">
                          Version of {formatLongDate(version.versionTimestamp)}
                        </Title>
                        {version.publishedAt ? (
                          <Badge color="green" variant="light" radius="sm">
                            Published
                          </Badge>
                        ) : (
                          <Badge color="gray" variant="light" radius="sm">
                            Draft
                          </Badge>
                        )}
                      </Group>
                      {canManage && !version.publishedAt ? (
                        <Button
                          size="xs"
                          onClick={() => {
                            publish.reset();
                            setPublishing(version.versionTimestamp);
                          }}
                        >
                          Publish
                        </Button>
                      ) : null}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {version.publishedAt
                        ? `Published ${formatLongDate(version.publishedAt)}`
                        : `Written ${formatLongDate(version.createdAt)}`}
                    </Text>
                    <Spoiler maxHeight={72} showLabel="Show the full text" hideLabel="Show less">
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {version.content}
                      </Text>
                    </Spoiler>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )
        }
      </QueryState>

      {creating ? (
        <NewTermsVersionModal
          opened
          onClose={() => setCreating(false)}
          startFrom={currentTermsText(versions.data ?? [])}
        />
      ) : null}

      <ConfirmModal
        opened={publishing !== null}
        title="Publish this terms version?"
        confirmLabel="Publish version"
        pending={publish.isPending}
        error={publish.error}
        onClose={() => setPublishing(null)}
        onConfirm={() => {
          if (!publishing) return;
          publish.mutate(publishing, {
            onSuccess: () => {
              setPublishing(null);
              notifications.show({
                color: 'green',
                title: 'Terms published',
                message: 'The new version is live.',
              });
            },
          });
        }}
      >
        <Text size="sm">Everyone signed in will be asked to accept this version on their next visit.</Text>
      </ConfirmModal>
    </Stack>
  );
}
