import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type AdminUser, adminUserInputSchema, personFormSchema, platformRoleNames } from '@tv/contract';
import { useEffect } from 'react';
import { FormModal } from '../../../components/ui/form-modal';
import { serverFieldErrors } from '../../../lib/backend-client';
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
    <FormModal
      opened={target !== null}
      title={editing ? 'Edit user' : 'Add a user'}
      onClose={onClose}
      onSubmit={submit}
      pending={mutation.isPending}
      error={mutation.error}
      errorFallback="The user could not be saved. Please try again."
      submitLabel={editing ? 'Save user' : 'Add user'}
      size="lg"
    >
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
    </FormModal>
  );
}
