import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type AdminOrganization, adminOrganizationInputSchema } from '@tv/contract';
import { useEffect } from 'react';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { useCreateAdminOrganization } from '../api/create-admin-organization';
import { useRenameAdminOrganization } from '../api/rename-admin-organization';

interface OrganizationNameModalProps {
  /** The organisation to rename, 'new' to create one, null when closed. */
  target: AdminOrganization | 'new' | null;
  onClose: () => void;
}

export function OrganizationNameModal({ target, onClose }: OrganizationNameModalProps) {
  const create = useCreateAdminOrganization();
  const rename = useRenameAdminOrganization();
  const renaming = target !== null && target !== 'new' ? target : null;
  const mutation = renaming ? rename : create;
  const form = useForm({
    initialValues: { name: '' },
    validate: schemaResolver(adminOrganizationInputSchema, { sync: true }),
  });

  useEffect(() => {
    if (target === null) return;
    const values = { name: target === 'new' ? '' : target.name };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    create.reset();
    rename.reset();
  }, [target, form.setValues, form.resetDirty, form.clearErrors, create.reset, rename.reset]);

  const submit = form.onSubmit((values) => {
    const { name } = adminOrganizationInputSchema.parse(values);
    const onError = (error: unknown) => form.setErrors(serverFieldErrors(error));
    if (renaming) {
      rename.mutate(
        { id: renaming.id, name },
        {
          onSuccess: () => {
            onClose();
            notifications.show({
              color: 'green',
              title: 'Organization renamed',
              message: `It is now called ${name}.`,
            });
          },
          onError,
        },
      );
    } else {
      create.mutate(name, {
        onSuccess: () => {
          onClose();
          notifications.show({
            color: 'green',
            title: 'Organization created',
            message: `${name} is ready. Invite its first admin from its Members page.`,
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
      title={<Text fw={700}>{renaming ? `Rename ${renaming.name}` : 'Create an organization'}</Text>}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {mutation.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />}>
              {serverMessage(mutation.error, 'The organization could not be saved. Please try again.')}
            </Alert>
          ) : null}
          <TextInput label="Organization name" required data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={mutation.isPending}
              disabled={renaming !== null && !form.isDirty()}
            >
              {renaming ? 'Rename' : 'Create organization'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
