import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { signUpFormSchema } from '@tv/contract';
import { serverFieldErrors } from '../../../lib/backend-client';
import { switchOrganization } from '../../../lib/session';
import { useSignUp } from '../api/sign-up';
import { safeRedirect } from '../utils/after-sign-in';
import { fieldErrorsForForm } from '../utils/field-errors';
import { FormErrorAlert } from './form-error-alert';
import { NameFields } from './name-fields';
import { NewPasswordFields } from './new-password-fields';
import { TermsCheckbox } from './terms-checkbox';
import { useSignUpForm } from './use-sign-up-form';

export function SignUpForm({ redirect }: { redirect: string | undefined }) {
  const router = useRouter();
  const signUp = useSignUp();
  const { form, terms, termsVersion } = useSignUpForm({
    firstName: '',
    lastName: '',
    email: '',
    organizationName: '',
    password: '',
    confirmPassword: '',
    acceptTerms: false as true,
    acceptMarketing: false,
  });

  const submit = form.onSubmit((values) =>
    signUp.mutate(signUpFormSchema.parse(values), {
      onSuccess: (profile) => {
        // The new organization is the person's only one; choosing it explicitly beats any earlier choice.
        const created = profile.organizations[0];
        if (created) switchOrganization(created);
        void router.navigate({ href: safeRedirect(redirect) ?? '/research/builder' });
      },
      onError: (error) => form.setErrors(fieldErrorsForForm(serverFieldErrors(error))),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Create your account">
      <Stack gap="md">
        <FormErrorAlert error={signUp.error} fallback="We could not create your account. Please try again." />
        <TextInput
          label="Organization name"
          description="Your team's workspace for surveys and results; you can invite colleagues later."
          autoComplete="organization"
          required
          key={form.key('organizationName')}
          {...form.getInputProps('organizationName')}
        />
        <NameFields form={form} />
        <TextInput
          label="Work email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <NewPasswordFields form={form} label="Password" confirmLabel="Confirm password" />
        <TermsCheckbox terms={terms} form={form} />
        <Checkbox
          label="Send me TeenVoice research news and product updates"
          key={form.key('acceptMarketing')}
          {...form.getInputProps('acceptMarketing', { type: 'checkbox' })}
        />
        <Button type="submit" size="md" loading={signUp.isPending} disabled={!termsVersion} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
