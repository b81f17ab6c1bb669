import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type AdminOrganization, adminOrganizationInputSchema } from '@tv/contract';
import { useEffect } from 'react';
import { FormModal } from '../../../components/ui/form-modal';
import { serverFieldErrors } from '../../../lib/backend-client';
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
    <FormModal
      opened={target !== null}
      title={renaming ? `Rename ${renaming.name}` : 'Create an organization'}
      onClose={onClose}
      onSubmit={submit}
      pending={mutation.isPending}
      error={mutation.error}
      errorFallback="The organization could not be saved. Please try again."
      submitLabel={renaming ? 'Rename' : 'Create organization'}
      submitDisabled={renaming !== null && !form.isDirty()}
    >
      <TextInput label="Organization name" required data-autofocus {...form.getInputProps('name')} />
    </FormModal>
  );
}
