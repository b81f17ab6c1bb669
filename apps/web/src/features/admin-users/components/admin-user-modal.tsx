import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type AdminUser, adminUserInputSchema, personFormSchema, platformRoleNames } from '@tv/contract';
import { useEffect } from 'react';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { useCreateAdminUser } from '../api/create-admin-user';
import { useUpdateAdminUser } from '../api/update-admin-user';

const NO_ROLE = 'none';
const roleOptions = [
  { value: NO_ROLE, label: 'No platform role' },
  ...platformRoleNames.map((role) => ({ value: role, label: role })),
];

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  platformRoleName: string;
}

const validatePerson = schemaResolver(personFormSchema, { sync: true });

const valuesOf = (user: AdminUser | null): Values => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  email: user?.email ?? '',
  platformRoleName: user?.platformRoleName ?? NO_ROLE,
});

interface AdminUserModalProps {
  /** The user to edit, 'new' to create one, null when closed. */
  target: AdminUser | 'new' | null;
  myId: string | undefined;
  onClose: () => void;
}

export function AdminUserModal({ target, myId, onClose }: AdminUserModalProps) {
  const create = useCreateAdminUser();
  const update = useUpdateAdminUser();
  const editing = target !== null && target !== 'new' ? target : null;
  const isSelf = editing?.id === myId;
  const form = useForm<Values>({ initialValues: valuesOf(null), validate: validatePerson });

  useEffect(() => {
    if (target === null) return;
    const values = valuesOf(target === 'new' ? null : target);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    create.reset();
    update.reset();
  }, [target, form.setValues, form.resetDirty, form.clearErrors, create.reset, update.reset]);

  const mutation = editing ? update : create;

  const submit = form.onSubmit((values) => {
    const input = adminUserInputSchema.parse({
      ...values,
      platformRoleName: values.platformRoleName === NO_ROLE ? null : values.platformRoleName,
    });
    const name = `${input.firstName} ${input.lastName}`;
    const onError = (error: unknown) => form.setErrors(serverFieldErrors(error));
    if (editing) {
      update.mutate(
        { id: editing.id, input },
        {
          onSuccess: () => {
            onClose();
            notifications.show({ color: 'green', title: 'User saved', message: `${name} is up to date.` });
          },
          onError,
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: () => {
          onClose();
          notifications.show({
            color: 'green',
            title: 'User created',
            message: `We emailed ${input.email} a link to choose a password.`,
          });
        },
        onError,
      });
    }
  });

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={<Text fw={700}>{editing ? 'Edit user' : 'Add a user'}</Text>}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {mutation.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />}>
              {serverMessage(mutation.error, 'The user could not be saved. Please try again.')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" required data-autofocus {...form.getInputProps('firstName')} />
            <TextInput label="Last name" required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          <Select
            label="Platform role"
            description={
              isSelf
                ? 'You cannot change your own platform role.'
                : 'Platform roles are for TeenVoice staff. Organization members have none.'
            }
            data={roleOptions}
            allowDeselect={false}
            disabled={isSelf}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('platformRoleName')}
          />
          {editing ? null : (
            <Text size="sm" c="dimmed">
              They get an email with a link to choose their password. The link works for 7 days.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {editing ? 'Save user' : 'Add user'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
