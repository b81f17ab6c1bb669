import { Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { changeMemberRoleSchema, type OrganizationMember } from '@tv/contract';
import { useEffect } from 'react';
import { FormModal } from '../../../components/ui/form-modal';
import { serverFieldErrors } from '../../../lib/backend-client';
import { useChangeMemberRole } from '../api/change-member-role';
import { RoleInput } from './role-input';

interface ChangeRoleModalProps {
  organizationId: string;
  member: OrganizationMember | null;
  onClose: () => void;
}

export function ChangeRoleModal({ organizationId, member, onClose }: ChangeRoleModalProps) {
  const change = useChangeMemberRole(organizationId);
  const form = useForm({
    initialValues: { roleName: '' },
    validate: schemaResolver(changeMemberRoleSchema, { sync: true }),
  });

  const memberId = member?.id;
  const currentRole = member?.roleName ?? '';
  useEffect(() => {
    if (!memberId) return;
    form.setValues({ roleName: currentRole });
    form.resetDirty({ roleName: currentRole });
    change.reset();
  }, [memberId, currentRole, form.setValues, form.resetDirty, change.reset]);

  const name = member ? [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email : '';

  const submit = form.onSubmit((values) => {
    if (!member) return;
    const { roleName } = changeMemberRoleSchema.parse(values);
    change.mutate(
      { userId: member.id, roleName },
      {
        onSuccess: () => {
          onClose();
          notifications.show({
            color: 'green',
            title: 'Role changed',
            message: `${name} is now ${roleName}.`,
          });
        },
        onError: (error) => form.setErrors(serverFieldErrors(error)),
      },
    );
  });

  return (
    <FormModal
      opened={member !== null}
      title={`Change the role of ${name}`}
      onClose={onClose}
      onSubmit={submit}
      pending={change.isPending}
      error={change.error}
      errorFallback="The role could not be changed. Please try again."
      submitLabel="Save role"
      submitDisabled={!form.isDirty()}
    >
      <RoleInput data-autofocus required {...form.getInputProps('roleName')} />
      <Text size="xs" c="dimmed">
        Organization Admins manage members and billing. Researchers build and run surveys. Viewers read
        surveys and results.
      </Text>
    </FormModal>
  );
}
