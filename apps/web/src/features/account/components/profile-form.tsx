import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type Profile, type UpdateProfile, updateProfileSchema } from '@tv/contract';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { useUpdateProfile } from '../api/update-profile';

const valuesOf = (user: Profile): UpdateProfile => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email ?? '',
  acceptMarketing: user.acceptMarketing ?? false,
});

export function ProfileForm({ user }: { user: Profile }) {
  const update = useUpdateProfile();
  const form = useForm<UpdateProfile>({
    initialValues: valuesOf(user),
    validate: schemaResolver(updateProfileSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) =>
    update.mutate(updateProfileSchema.parse(values), {
      onSuccess: (profile) => {
        form.setInitialValues(valuesOf(profile));
        form.reset();
        notifications.show({
          color: 'green',
          title: 'Profile saved',
          message: 'Your details are up to date.',
        });
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-details">
      <Stack gap="md">
        {update.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {serverMessage(update.error, 'Your profile could not be saved. Please try again.')}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Checkbox
          label="Email me TeenVoice research news and product updates"
          description="You can change this at any time."
          {...form.getInputProps('acceptMarketing', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          {form.isDirty() ? (
            <Button variant="default" onClick={() => form.reset()} disabled={update.isPending}>
              Discard changes
            </Button>
          ) : null}
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
