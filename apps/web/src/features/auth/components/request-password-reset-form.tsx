import { Button, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { passwordResetRequestSchema } from '@tv/contract';
import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/links';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { FormErrorAlert } from './form-error-alert';

export function RequestPasswordResetForm() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(passwordResetRequestSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  if (sentTo) {
    return (
      <Stack gap="md" role="status">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconMailCheck size={24} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="xl">
          Check your email
        </Title>
        <Text>
          If an account exists for <strong>{sentTo}</strong>, we have sent it a link to reset the password.
          The link works for 60 minutes.
        </Text>
        <Text size="sm" c="dimmed">
          Nothing arrived after a few minutes? Check your spam folder, or ask for another link.
        </Text>
        <Group gap="sm">
          <ButtonLink to="/login">Back to sign in</ButtonLink>
          <Button variant="default" onClick={() => setSentTo(null)}>
            Send another link
          </Button>
        </Group>
      </Stack>
    );
  }

  const submit = form.onSubmit((values) => {
    const { email } = passwordResetRequestSchema.parse(values);
    request.mutate(email, { onSuccess: () => setSentTo(email) });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Ask for a password reset link">
      <Stack gap="md">
        <FormErrorAlert error={request.error} fallback="We could not send the link. Please try again." />
        <TextInput
          label="Email"
          description="The address you sign in with"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={request.isPending}>
          Email me a reset link
        </Button>
      </Stack>
    </form>
  );
}
