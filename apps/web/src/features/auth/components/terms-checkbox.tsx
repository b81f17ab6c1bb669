import { Alert, Anchor, Button, Checkbox, Group, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SignUpForm } from '@tv/contract';
import type { Terms } from '../api/get-terms';
import { TermsModal } from './terms-modal';

interface TermsCheckboxProps {
  terms: UseQueryResult<Terms>;
  form: UseFormReturnType<SignUpForm>;
}

/** Accepting the terms: the checkbox, a link that opens them, and what to do when they cannot load. */
export function TermsCheckbox({ terms, form }: TermsCheckboxProps) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Checkbox
        key={form.key('acceptTerms')}
        {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
        label={
          <>
            I accept the{' '}
            <Anchor
              component="button"
              type="button"
              inherit
              onClick={(event) => {
                event.preventDefault();
                modal.open();
              }}
            >
              terms and conditions
            </Anchor>
          </>
        }
      />
      {terms.isError ? (
        <Alert color="red" variant="light" p="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm">The terms and conditions could not be loaded, so sign-up is paused.</Text>
            <Button size="xs" variant="default" onClick={() => void terms.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}
      <TermsModal opened={opened} onClose={modal.close} />
    </>
  );
}
