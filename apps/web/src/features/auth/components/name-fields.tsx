import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { SignUpForm } from '@tv/contract';

/** First and last name side by side, stacked on narrow screens. */
export function NameFields({ form }: { form: UseFormReturnType<SignUpForm> }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label="First name"
        autoComplete="given-name"
        required
        key={form.key('firstName')}
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label="Last name"
        autoComplete="family-name"
        required
        key={form.key('lastName')}
        {...form.getInputProps('lastName')}
      />
    </SimpleGrid>
  );
}
