import {
  Alert,
  Button,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertCircle, IconInbox, IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { ListPagination } from '../../../components/ui/list-pagination';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { serverMessage } from '../../../lib/backend-client';
import { OUTBOX_PAGE_SIZE, useOutbox } from '../api/get-outbox';
import classes from './mail.module.css';
import { OutboxMessageModal } from './outbox-message-modal';
import { OutboxStatusBadge } from './outbox-status-badge';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The dev mailbox: what the platform sent (or kept, without SMTP), for platform staff. */
export function MailOutboxScreen() {
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const page = typeof search.page === 'number' ? search.page : 1;
  const query = typeof search.search === 'string' ? search.search : '';
  const [draft, setDraft] = useState(query);
  const [openId, setOpenId] = useState<string | null>(null);
  const outbox = useOutbox({ page, search: query });

  const setSearch = useDebouncedCallback((value: string) => {
    void navigate({
      to: '/mail/outbox',
      search: value.trim() ? { search: value.trim() } : {},
      replace: true,
    });
  }, 300);

  return (
    <Stack gap="xl">
      <ScreenHeader
        area="Platform admin"
        title="Mail outbox"
        description="Every email TeenVoice wrote, newest first. Without an SMTP server, messages stay here for you to read."
      />
      <TextInput
        label="Search messages"
        placeholder="Recipient or subject"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setSearch(event.currentTarget.value);
        }}
        maw={420}
      />
      {outbox.isPending ? (
        <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label="Loading messages">
          <Stack gap="md">
            {[0, 1, 2, 3].map((row) => (
              <Stack key={row} gap={6}>
                <Skeleton h={14} w="50%" />
                <Skeleton h={10} w="70%" />
              </Stack>
            ))}
          </Stack>
        </Paper>
      ) : outbox.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The outbox could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{serverMessage(outbox.error, 'Please try again in a moment.')}</Text>
            <Button size="xs" variant="default" onClick={() => void outbox.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : outbox.data.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" ta="center" gap="sm" py="lg">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconInbox size={26} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz="lg">
              {query ? 'No messages match your search' : 'No mail yet'}
            </Title>
            <Text c="dimmed" maw={440}>
              {query
                ? 'Try another address or part of a subject.'
                : 'Messages appear here as soon as TeenVoice writes one, for example when someone asks for a password reset or is invited to an organization.'}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          <Paper withBorder radius="lg" pos="relative" style={{ overflow: 'hidden' }}>
            <ul className={classes.list} aria-label="Messages">
              {outbox.data.data.map((message) => (
                <li key={message.id}>
                  <UnstyledButton className={classes.messageRow} onClick={() => setOpenId(message.id)}>
                    <div className={classes.messageText}>
                      <Text fw={600} truncate>
                        {message.subject}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        To {message.to} · {message.template} · {dateTime.format(new Date(message.createdAt))}
                      </Text>
                    </div>
                    <OutboxStatusBadge status={message.status} />
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          </Paper>
          <ListPagination
            page={page}
            pageSize={OUTBOX_PAGE_SIZE}
            total={outbox.data.meta.total}
            noun="messages"
            onChange={(next) =>
              void navigate({
                to: '/mail/outbox',
                search: { ...(query ? { search: query } : {}), page: next },
              })
            }
          />
        </Stack>
      )}
      <OutboxMessageModal messageId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
