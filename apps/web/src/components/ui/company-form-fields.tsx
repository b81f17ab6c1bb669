import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type StateOption, usStateOptionFor, usStateOptions } from '@tv/contract';

/** The company form's fields (spec §5), as every form that asks for them lays them out. */
export interface CompanyFieldValues {
  company: string;
  firstName: string;
  lastName: string;
  email: string;
  state: StateOption | undefined;
}

interface CompanyFormFieldsProps {
  // Forms with more fields than these pass their own form; only these five are read or written.
  form: UseFormReturnType<CompanyFieldValues>;
  labels?: { firstName?: string; lastName?: string; email?: string };
}

export function CompanyFormFields({ form, labels = {} }: CompanyFormFieldsProps) {
  const stateError = form.errors.state ?? form.errors['state.value'] ?? form.errors['state.label'];
  return (
    <>
      <TextInput
        label="Company name"
        autoComplete="organization"
        required
        {...form.getInputProps('company')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={labels.firstName ?? 'First name'}
          autoComplete="given-name"
          required
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={labels.lastName ?? 'Last name'}
          autoComplete="family-name"
          required
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={labels.email ?? 'Email'}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Select
          label="State"
          placeholder="Choose a state"
          data={usStateOptions}
          searchable
          required
          value={form.values.state?.value ?? null}
          onChange={(code) => form.setFieldValue('state', usStateOptionFor(code))}
          onBlur={() => form.validateField('state')}
          error={stateError}
          nothingFoundMessage="No state matches"
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
    </>
  );
}
