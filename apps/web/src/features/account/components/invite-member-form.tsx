import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { type InviteMember, inviteMemberSchema, type Organization } from '@tv/contract';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { useInviteMember } from '../api/invite-member';
import { RoleInput } from './role-input';

export function InviteMemberForm({
  organization,
  organizationName,
}: {
  organization: Organization;
  organizationName: string;
}) {
  const invite = useInviteMember(organization.id);
  const form = useForm<InviteMember>({
    initialValues: { email: '', roleName: 'Researcher' },
    validate: schemaResolver(inviteMemberSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    invite.mutate(inviteMemberSchema.parse(values), {
      onSuccess: ({ email }) => {
        form.reset();
        // The same answer whether or not the address has an account: nobody joins without accepting.
        notifications.show({
          color: 'green',
          title: 'Invitation sent',
          message: `We emailed an invitation to ${email}. They join once they accept it.`,
        });
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    }),
  );

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="invite-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="invite-heading">
              Invite a colleague
            </Title>
            <Text size="sm" c="dimmed">
              They get an email with a link to join {organizationName}, and become a member once they accept:
              a new colleague by creating an account, someone with an account by signing in.
            </Text>
          </div>
          {invite.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />}>
              {serverMessage(invite.error, 'The invitation could not be sent. Please try again.')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Email"
              description="Their work email address"
              type="email"
              autoComplete="off"
              required
              {...form.getInputProps('email')}
            />
            <RoleInput required {...form.getInputProps('roleName')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending} leftSection={<IconSend size={16} />}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
