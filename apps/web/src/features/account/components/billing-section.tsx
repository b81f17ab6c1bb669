import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type CompanyForm, companyFormSchema, type Organization, type StateOption } from '@tv/contract';
import { CompanyFormFields } from '../../../components/ui/company-form-fields';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { useBilling } from '../api/get-billing';
import { useUpdateBilling } from '../api/update-billing';

interface BillingSectionProps {
  organization: Organization;
  organizationName: string;
  canManage: boolean;
}

export function BillingSection({ organization, organizationName, canManage }: BillingSectionProps) {
  const billing = useBilling(organization.id);

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="billing-heading">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="billing-heading">
            Billing details
          </Title>
          <Text size="sm" c="dimmed">
            Who we invoice for {organizationName}'s audiences and research reports.
          </Text>
        </div>
        {billing.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading billing details">
            <Skeleton h={36} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Skeleton h={36} />
              <Skeleton h={36} />
            </SimpleGrid>
            <Skeleton h={36} />
          </Stack>
        ) : billing.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{serverMessage(billing.error, 'Billing details could not be loaded.')}</Text>
              <Button size="xs" variant="default" onClick={() => void billing.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : canManage ? (
          <BillingForm key={organization.id} organizationId={organization.id} saved={billing.data} />
        ) : (
          <BillingSummary saved={billing.data} />
        )}
      </Stack>
    </Paper>
  );
}

function BillingSummary({ saved }: { saved: CompanyForm | null }) {
  if (!saved) {
    return (
      <Text size="sm" c="dimmed">
        No billing details yet. An Organization Admin can add them here.
      </Text>
    );
  }
  const rows = [
    ['Company', saved.company],
    ['Contact', `${saved.firstName} ${saved.lastName}`],
    ['Email', saved.email],
    ['State', saved.state.label],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
            {term}
          </Text>
          <Text component="dd" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

interface BillingValues {
  company: string;
  firstName: string;
  lastName: string;
  email: string;
  state: StateOption | undefined;
}

const validateCompany = schemaResolver(companyFormSchema, { sync: true });

/** Spec §5: a field left empty is missing and says 'Required'. */
const withoutBlanks = (values: BillingValues) =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => !(typeof value === 'string' && value.trim() === '')),
  );

function BillingForm({ organizationId, saved }: { organizationId: string; saved: CompanyForm | null }) {
  const update = useUpdateBilling(organizationId);
  const form = useForm<BillingValues>({
    initialValues: {
      company: saved?.company ?? '',
      firstName: saved?.firstName ?? '',
      lastName: saved?.lastName ?? '',
      email: saved?.email ?? '',
      state: saved?.state,
    },
    validate: (values) => validateCompany(withoutBlanks(values)),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) =>
    update.mutate(companyFormSchema.parse(values), {
      onSuccess: (billing) => {
        if (billing) {
          form.setInitialValues(billing);
          form.reset();
        }
        notifications.show({
          color: 'green',
          title: 'Billing details saved',
          message: 'Your next invoice uses them.',
        });
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="billing-heading">
      <Stack gap="md">
        {update.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {serverMessage(update.error, 'Billing details could not be saved. Please try again.')}
          </Alert>
        ) : null}
        <CompanyFormFields
          form={form}
          labels={{ firstName: 'Contact first name', lastName: 'Contact last name', email: 'Billing email' }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save billing details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
