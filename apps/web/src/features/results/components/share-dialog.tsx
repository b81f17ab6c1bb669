import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import {
  SHARE_LABEL_MAX,
  type ShareLink,
  type ShareLinkExpiry,
  sharedResultsPath,
  shareLinkExpiryDays,
  shareLinkStatusLabels,
} from '@tv/contract';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const statusColors = { active: 'green', expired: 'gray', revoked: 'red' } as const;

function LinkRow({ link, onRevoke }: { link: ShareLink; onRevoke?: (link: ShareLink) => void }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="share-link-row">
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {link.label ?? 'Untitled link'}
            </Text>
            <Badge size="sm" variant="light" color={statusColors[link.status]} tt="none">
              {shareLinkStatusLabels[link.status]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {[
              link.createdByName ? `Created by ${link.createdByName}` : 'Created',
              `on ${dateTime.format(new Date(link.createdAt))}`,
            ].join(' ')}
            {' · '}
            {link.status === 'revoked' && link.revokedAt
              ? `turned off ${dateTime.format(new Date(link.revokedAt))}`
              : `${link.status === 'expired' ? 'expired' : 'expires'} ${dateTime.format(new Date(link.expiresAt))}`}
            {' · '}
            {link.viewCount === 1 ? '1 view' : `${link.viewCount.toLocaleString('en-US')} views`}
          </Text>
        </Stack>
        {link.status === 'active' && onRevoke ? (
          <Button size="compact-sm" variant="subtle" color="red.9" onClick={() => onRevoke(link)}>
            Turn off
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

/**
 * 'Share' on the results page: a read-only link to the released results for people outside the
 * organisation. The link is shown once, when it is made; the list shows who made which and its views.
 */
export function ShareResultsButton({
  surveyId,
  resultsReleased,
  canManage,
}: {
  surveyId: string;
  resultsReleased: boolean;
  canManage: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const [expiry, setExpiry] = useState<ShareLinkExpiry>(30);
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<{ url: string; label: string | null } | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const links = useShareLinks(surveyId, opened);
  const create = useCreateShareLink(surveyId);
  const revoke = useRevokeShareLink(surveyId);
  const labelError =
    label.trim().length > SHARE_LABEL_MAX
      ? `Keep the label under ${SHARE_LABEL_MAX} characters`
      : serverFieldErrors(create.error).label;

  const close = () => {
    setOpened(false);
    setCreated(null);
    create.reset();
  };
  const submit = () => {
    if (labelError && label.trim().length > SHARE_LABEL_MAX) return;
    create.mutate(
      { expiresInDays: expiry, label: label.trim() || null },
      {
        onSuccess: (link) => {
          setCreated({ url: `${window.location.origin}${sharedResultsPath(link.token)}`, label: link.label });
          setLabel('');
        },
      },
    );
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconShare size={18} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Share
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={<Text fw={700}>Share the results</Text>}
        size="lg"
        fullScreen={typeof window !== 'undefined' && window.innerWidth < 480}
      >
        <Stack gap="lg">
          <Text size="sm">
            Anyone with the link can see a read-only report of the released results, without signing in: key
            figures, charts with margins of error and the methodology. Written answers and groups under 5 are
            never shown, nor anyone’s name.
          </Text>

          {!resultsReleased ? (
            <Alert color="yellow" variant="light" title="Results aren’t released yet">
              You can share results once they are released, after the quality review.
            </Alert>
          ) : !canManage ? (
            <Alert color="gray" variant="light">
              Ask a researcher or an admin of your organization to make a share link.
            </Alert>
          ) : created ? (
            <Paper withBorder radius="md" p="md" data-testid="share-link-created">
              <Stack gap="xs">
                <Title order={3} fz="md">
                  Your link{created.label ? `: ${created.label}` : ''}
                </Title>
                <Text size="sm" c="dimmed">
                  Copy it now: for safety it is shown only once. If you lose it, turn it off and make a new
                  one.
                </Text>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    label="Share link"
                    value={created.url}
                    readOnly
                    onFocus={(event) => event.currentTarget.select()}
                    style={{ flex: 1, minWidth: 0 }}
                    data-testid="share-link-url"
                  />
                  <CopyButton value={created.url}>
                    {({ copied, copy }) => (
                      <Button
                        onClick={copy}
                        color={copied ? 'teal' : undefined}
                        leftSection={
                          copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                        }
                      >
                        {copied ? 'Copied' : 'Copy'}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
                <Group justify="flex-end">
                  <Button variant="subtle" onClick={() => setCreated(null)}>
                    Make another link
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <Stack gap="sm">
                <div>
                  <Text size="sm" fw={500} id="share-expiry-label" mb={4}>
                    Link works for
                  </Text>
                  <SegmentedControl
                    aria-labelledby="share-expiry-label"
                    value={String(expiry)}
                    onChange={(value) => setExpiry(Number(value) as ShareLinkExpiry)}
                    data={shareLinkExpiryDays.map((days) => ({ value: String(days), label: `${days} days` }))}
                  />
                </div>
                <TextInput
                  label="Label (optional)"
                  description="Who the link is for, so you can tell your links apart, e.g. School board"
                  value={label}
                  onChange={(event) => setLabel(event.currentTarget.value)}
                  error={labelError}
                  maxLength={SHARE_LABEL_MAX + 20}
                />
                {create.isError && !serverFieldErrors(create.error).label ? (
                  <Alert color="red" variant="light">
                    {serverMessage(create.error, 'The link could not be made. Please try again.')}
                  </Alert>
                ) : null}
                <Group justify="flex-end">
                  <Button type="submit" loading={create.isPending}>
                    Create link
                  </Button>
                </Group>
              </Stack>
            </form>
          )}

          <Stack gap="xs">
            <Title order={3} fz="md">
              Links
            </Title>
            {links.isError ? (
              <Alert color="red" variant="light">
                <Group justify="space-between">
                  <Text size="sm">{serverMessage(links.error, 'The links could not be loaded.')}</Text>
                  <Button size="xs" variant="light" onClick={() => void links.refetch()}>
                    Try again
                  </Button>
                </Group>
              </Alert>
            ) : !links.data ? (
              <Stack gap="xs" aria-busy="true" aria-label="Loading the links">
                <Skeleton h={56} radius="md" />
                <Skeleton h={56} radius="md" />
              </Stack>
            ) : links.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                No links yet. {resultsReleased && canManage ? 'Create one above to share the results.' : ''}
              </Text>
            ) : (
              <Stack gap="xs" data-testid="share-links">
                {links.data.map((link) => (
                  <LinkRow key={link.id} link={link} {...(canManage ? { onRevoke: setRevoking } : {})} />
                ))}
              </Stack>
            )}
          </Stack>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={revoking !== null}
        title="Turn off this link?"
        confirmLabel="Turn off link"
        pending={revoke.isPending}
        error={revoke.error}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => setRevoking(null),
          });
        }}
      >
        <Text size="sm">
          {revoking?.label ? `“${revoking.label}”` : 'This link'} will stop working at once for everyone who
          has it. This can’t be undone; you can make a new link later.
        </Text>
      </ConfirmModal>
    </>
  );
}
