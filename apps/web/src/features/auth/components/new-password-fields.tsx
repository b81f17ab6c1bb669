import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

type NewPasswordForm = Pick<
  UseFormReturnType<{ password: string; confirmPassword: string }>,
  'key' | 'getInputProps'
>;

interface NewPasswordFieldsProps {
  form: NewPasswordForm;
  label: string;
  confirmLabel: string;
}

/** A new password typed twice, so that a typo does not lock the person out. */
export function NewPasswordFields({ form, label, confirmLabel }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={label}
        description="At least 8 characters"
        autoComplete="new-password"
        required
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        required
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
