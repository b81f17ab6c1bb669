import { Alert, Button, Group, Modal, MultiSelect, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { shareActionPlanSchema } from '@tv/contract';
import { useState } from 'react';
import { serverMessage } from '../../../lib/backend-client';
import { usePlanRecipients } from '../api/get-plan-recipients';
import { useShareActionPlan } from '../api/share-action-plan';

interface SharePlanModalProps {
  surveyId: string;
  /** The survey's organisation: its members are the only people the plan can go to. */
  organizationId: string;
  opened: boolean;
  onClose: () => void;
}

/** Mails the saved plan to members of the survey's organization, with an optional note. */
export function SharePlanModal({ surveyId, organizationId, opened, onClose }: SharePlanModalProps) {
  const [emails, setEmails] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ emails?: string; message?: string }>({});
  const share = useShareActionPlan();
  const recipients = usePlanRecipients(organizationId, opened);
  const options = (recipients.data ?? []).map((member) => {
    const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
    return { value: member.email, label: name ? `${name} (${member.email})` : member.email };
  });

  const close = () => {
    setEmails([]);
    setMessage('');
    setErrors({});
    share.reset();
    onClose();
  };

  const submit = () => {
    const parsed = shareActionPlanSchema.safeParse({ emails, message: message.trim() || undefined });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'message' ? 'message' : 'emails';
        const bad =
          issue.path[0] === 'emails' && typeof issue.path[1] === 'number' ? emails[issue.path[1]] : null;
        next[field] ??= bad ? `${bad}: ${issue.message}` : issue.message;
      }
      setErrors(next);
      return;
    }
    share.mutate(
      {
        surveyId,
        emails: parsed.data.emails,
        ...(parsed.data.message ? { message: parsed.data.message } : {}),
      },
      {
        onSuccess: () => {
          notifications.show({
            closeButtonProps: { 'aria-label': 'Dismiss' },
            color: 'green',
            title: 'Action plan shared',
            message: `Sent to ${parsed.data.emails.length} ${parsed.data.emails.length === 1 ? 'person' : 'people'}.`,
          });
          close();
        },
        onError: (error) =>
          setErrors({ emails: serverMessage(error, 'We couldn’t send it. Please try again.') }),
      },
    );
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={close}
      title="Share the action plan"
      centered
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Each person gets an email with the plan’s actions, owners and dates, and a link to these results.
          </Text>
          {recipients.isError ? (
            <Alert color="red" variant="light" role="alert">
              {serverMessage(recipients.error, 'We couldn’t load the members of this organization.')}
            </Alert>
          ) : null}
          <MultiSelect
            label="Send to"
            description="Action plans can be shared with members of this survey’s organization."
            placeholder={
              emails.length ? undefined : recipients.isPending ? 'Loading members…' : 'Search members'
            }
            data={options}
            value={emails}
            onChange={(value) => {
              setEmails(value);
              setErrors((e) => ({ ...e, emails: undefined }));
            }}
            searchable
            clearable
            nothingFoundMessage="No member with that name or email"
            error={errors.emails}
            data-autofocus
          />
          <Textarea
            label="Message (optional)"
            autosize
            minRows={3}
            maxLength={1000}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            error={errors.message}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={share.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
