import { Alert, Button, Group, Paper, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  DEFAULT_MARKETING_FORM_URL,
  DEFAULT_TAG_MANAGER_ORIGIN,
  type FeatureFlag,
  featureFlagLabels,
  featureFlagSettingsProblems,
} from '@tv/contract';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { QueryState } from '../../../components/ui/query-state';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { useFeatureFlags } from '../api/get-feature-flags';
import { useUpdateFeatureFlag } from '../api/update-feature-flag';

/** The Super Admin's switches for the third-party scripts of the public site. */
export function FeatureFlagsScreen() {
  const flags = useFeatureFlags();
  return (
    <Stack gap="xl">
      <ScreenHeader
        area="Platform admin"
        title="Feature flags"
        description="Third-party scripts on the public site. Even when a flag is on, its script loads only for visitors who allow analytics cookies, and never on survey pages for teenagers."
      />
      <QueryState
        query={flags}
        loadingLabel="Loading feature flags"
        skeletonRows={2}
        skeletonRow={<Skeleton h={160} radius="lg" />}
        errorTitle="The feature flags could not be loaded"
      >
        {(list) => (
          <Stack gap="lg">
            {list.map((flag) => (
              <FeatureFlagCard key={`${flag.key}-${flag.updatedAt}`} flag={flag} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

const settingFields: Record<
  FeatureFlag['key'],
  { name: string; label: string; description: string; placeholder: string }[]
> = {
  analytics_tag_manager: [
    {
      name: 'containerId',
      label: 'Container ID',
      description: 'From Google Tag Manager, for example GTM-ABC1234.',
      placeholder: 'GTM-ABC1234',
    },
    {
      name: 'scriptOrigin',
      label: 'Script origin',
      description: 'Where gtm.js is loaded from. Leave the default unless you use a server-side container.',
      placeholder: DEFAULT_TAG_MANAGER_ORIGIN,
    },
  ],
  marketing_automation: [
    {
      name: 'scriptUrl',
      label: 'Script address',
      description: 'The newsletter form script: a path on this site or an https address.',
      placeholder: DEFAULT_MARKETING_FORM_URL,
    },
  ],
};

interface FlagValues {
  enabled: boolean;
  settings: Record<string, string>;
}

function FeatureFlagCard({ flag }: { flag: FeatureFlag }) {
  const update = useUpdateFeatureFlag();
  const [confirming, setConfirming] = useState(false);
  const labels = featureFlagLabels[flag.key];
  const headingId = `flag-${flag.key}`;
  const form = useForm<FlagValues>({
    initialValues: { enabled: flag.enabled, settings: flag.settings },
    validate: (values) => {
      // The server has the last word (it knows whether local test origins are allowed).
      const problems = featureFlagSettingsProblems(flag.key, values.enabled, values.settings, {
        allowLocalHttp: true,
      });
      return Object.fromEntries(
        Object.entries(problems).map(([name, message]) => [`settings.${name}`, message]),
      );
    },
  });

  const save = (values: FlagValues) =>
    update.mutate(
      { key: flag.key, ...values },
      {
        onSuccess: (saved) => {
          setConfirming(false);
          notifications.show({
            color: 'green',
            title: `${labels.title} ${saved.enabled ? 'is on' : 'is off'}`,
            message: saved.enabled
              ? 'Visitors who allow analytics get the script from their next page load.'
              : 'The script no longer loads for anyone.',
          });
        },
        onError: (error) => form.setErrors(serverFieldErrors(error)),
      },
    );

  const submit = form.onSubmit((values) => {
    if (values.enabled && !flag.enabled) setConfirming(true);
    else save(values);
  });

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={2} fz="lg" id={headingId}>
                {labels.title}
              </Title>
              <Text size="sm" c="dimmed">
                {labels.description}
              </Text>
            </div>
            <Switch
              label={form.values.enabled ? 'On' : 'Off'}
              aria-label={`${labels.title} on`}
              checked={form.values.enabled}
              onChange={(event) => form.setFieldValue('enabled', event.currentTarget.checked)}
            />
          </Group>
          {settingFields[flag.key].map((field) => (
            <TextInput
              key={field.name}
              label={field.label}
              description={field.description}
              placeholder={field.placeholder}
              {...form.getInputProps(`settings.${field.name}`)}
            />
          ))}
          {update.isError && Object.keys(serverFieldErrors(update.error)).length === 0 ? (
            <Alert color="red" role="alert">
              {serverMessage(update.error, 'The flag could not be saved. Please try again.')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending && !confirming} disabled={!form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirming}
        title={`Turn on the ${labels.title.toLowerCase()}?`}
        confirmLabel="Turn it on"
        onConfirm={() => save(form.getValues())}
        onClose={() => setConfirming(false)}
        pending={update.isPending}
        error={update.error}
      >
        <Text size="sm">
          A third-party script will run on the public site for every visitor who allows analytics cookies. It
          can read the pages they visit. Make sure our cookie policy names it before you go on.
        </Text>
      </ConfirmModal>
    </Paper>
  );
}
