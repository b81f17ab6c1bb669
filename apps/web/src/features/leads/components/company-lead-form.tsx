import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import {
  type CreateLead,
  contactLeadFormSchema,
  LEAD_MESSAGE_MAX,
  LEAD_THANKS,
  libraryLeadFormSchema,
  type StateOption,
  salesLeadFormSchema,
} from '@tv/contract';
import { useId } from 'react';
import { CompanyFormFields } from '../../../components/ui/company-form-fields';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { useCreateLead } from '../api/create-lead';
import classes from './leads.module.css';

interface LeadFormValues {
  company: string;
  firstName: string;
  lastName: string;
  email: string;
  state: StateOption | undefined;
  message: string;
  /** The field people never see (see createLeadSchema). */
  website: string;
}

const validators = {
  contact: schemaResolver(contactLeadFormSchema, { sync: true }),
  sales: schemaResolver(salesLeadFormSchema, { sync: true }),
  library: schemaResolver(libraryLeadFormSchema, { sync: true }),
};

/** Spec §5: a field left empty is missing and says 'Required'. */
const withoutBlanks = (values: LeadFormValues) =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => !(typeof value === 'string' && value.trim() === '')),
  );

interface CompanyLeadFormProps {
  kind: 'contact' | 'sales' | 'library';
  /** A gated library item's form: the item, and the words of its download button. */
  libraryItem?: { id: number; actionLabel: string };
  /** The heading that names the form, for screen readers. */
  labelledBy?: string;
  onCancel?: () => void;
}

/** The contact form (/contact) and the "Speak to sales" form: the company form of spec §5 and a message. */
export function CompanyLeadForm({ kind, libraryItem, labelledBy, onCancel }: CompanyLeadFormProps) {
  const create = useCreateLead();
  const idPrefix = useId();
  const form = useForm<LeadFormValues>({
    initialValues: {
      company: '',
      firstName: '',
      lastName: '',
      email: '',
      state: undefined,
      message: '',
      website: '',
    },
    validate: (values) => validators[kind](withoutBlanks(values)),
    validateInputOnBlur: true,
  });

  if (create.isSuccess) {
    return (
      <Alert
        color="green"
        variant="light"
        radius="md"
        icon={<IconCircleCheck size={20} aria-hidden />}
        title={create.data.downloadUrl ? 'Your download is ready' : 'Message sent'}
        role="status"
      >
        <Stack gap="sm">
          <Text size="sm">{create.data.message || LEAD_THANKS}</Text>
          {create.data.downloadUrl ? (
            <Button
              component="a"
              href={create.data.downloadUrl}
              {...(create.data.downloadUrl.startsWith('/')
                ? { download: '' }
                : { target: '_blank', rel: 'noopener noreferrer' })}
              leftSection={<IconDownload size={16} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
              data-autofocus
            >
              {libraryItem?.actionLabel ?? 'Download'}
            </Button>
          ) : null}
          {onCancel ? (
            <Group justify="flex-end">
              <Button variant="default" size="sm" onClick={onCancel}>
                Close
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Alert>
    );
  }

  const submit = form.onSubmit((values) => {
    const clean = withoutBlanks(values);
    const envelope = { sourcePath: window.location.pathname, website: values.website };
    const input: CreateLead =
      kind === 'contact'
        ? { ...contactLeadFormSchema.parse(clean), kind, ...envelope }
        : kind === 'library'
          ? { ...libraryLeadFormSchema.parse(clean), kind, libraryItemId: libraryItem?.id ?? 0, ...envelope }
          : { ...salesLeadFormSchema.parse(clean), kind, ...envelope };
    create.mutate(input, { onError: (error) => form.setErrors(serverFieldErrors(error)) });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      <Stack gap="md">
        {create.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {serverMessage(create.error, 'Your message could not be sent. Please try again.')}
          </Alert>
        ) : null}
        <CompanyFormFields form={form} labels={{ email: 'Work email' }} />
        {kind === 'library' ? (
          <Text size="xs" c="dimmed">
            We use these details to send you the file and, at most once, to ask whether it helped. We never
            sell them or add you to a mailing list.
          </Text>
        ) : (
          <Textarea
            label={kind === 'contact' ? 'How can we help?' : 'What would you like to research?'}
            description={
              kind === 'contact'
                ? 'A few sentences is plenty: the question, and who it is about.'
                : 'Optional: the audience, the questions and when you need answers.'
            }
            required={kind === 'contact'}
            autosize
            minRows={4}
            maxRows={10}
            maxLength={LEAD_MESSAGE_MAX}
            {...form.getInputProps('message')}
          />
        )}
        <div className={classes.honeypot} aria-hidden="true">
          <label htmlFor={`${idPrefix}-website`}>Leave this field empty</label>
          <input
            id={`${idPrefix}-website`}
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={form.values.website}
            onChange={(event) => form.setFieldValue('website', event.currentTarget.value)}
          />
        </div>
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={create.isPending}>
            {kind === 'contact' ? 'Send message' : kind === 'library' ? 'Get it now' : 'Talk to sales'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
