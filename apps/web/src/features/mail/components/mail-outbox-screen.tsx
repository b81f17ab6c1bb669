import { Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { ListSearchInput, useListSearchParams } from '../../../components/ui/list-search';
import { PagedQueryList } from '../../../components/ui/paged-query-list';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { OUTBOX_PAGE_SIZE, useOutbox } from '../api/get-outbox';
import classes from './mail.module.css';
import { OutboxMessageModal } from './outbox-message-modal';
import { OutboxStatusBadge } from './outbox-status-badge';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The mailbox: what the platform sent (or kept, without SMTP), for the Super Admin. Reset and invitation
 * links arrive from the server already hidden: they go to the recipient only (decision 023).
 */
export function MailOutboxScreen() {
  const { page, query, goToPage } = useListSearchParams();
  const [openId, setOpenId] = useState<string | null>(null);
  const outbox = useOutbox({ page, search: query });

  return (
    <Stack gap="xl">
      <ScreenHeader
        area="Platform admin"
        title="Mail outbox"
        description="Every email TeenVoice wrote, newest first. Without an SMTP server, messages stay here for you to read. Password reset and invitation links are hidden: only the recipient gets them."
      />
      <ListSearchInput label="Search messages" placeholder="Recipient or subject" />
      <PagedQueryList
        query={outbox}
        loadingLabel="Loading messages"
        skeletonRows={4}
        skeletonRow={
          <Stack gap={6}>
            <Skeleton h={14} w="50%" />
            <Skeleton h={10} w="70%" />
          </Stack>
        }
        errorTitle="The outbox could not be loaded"
        empty={
          <EmptyStateCard
            icon={IconInbox}
            title={query ? 'No messages match your search' : 'No mail yet'}
            description={
              query
                ? 'Try another address or part of a subject.'
                : 'Messages appear here as soon as TeenVoice writes one, for example when someone asks for a password reset or is invited to an organization.'
            }
          />
        }
        page={page}
        pageSize={OUTBOX_PAGE_SIZE}
        noun="messages"
        onPageChange={goToPage}
      >
        {(messages) => (
          <Paper withBorder radius="lg" pos="relative" style={{ overflow: 'hidden' }}>
            <ul className={classes.list} aria-label="Messages">
              {messages.map((message) => (
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
        )}
      </PagedQueryList>
      <OutboxMessageModal messageId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
