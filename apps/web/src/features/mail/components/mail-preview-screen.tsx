import { Alert, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/ui/links';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { serverMessage } from '../../../lib/backend-client';
import { isHttpError } from '../../../lib/http-error';
import { useMailPreview } from '../api/get-mail-preview';
import { MailView } from './mail-frame';
import { MailTemplatesScreen } from './mail-templates-screen';

/** /mail/preview/{templateName}: one template rendered with sample data, as HTML and as plain text. */
export function MailPreviewScreen() {
  const { _splat: templateName = '' } = useParams({ strict: false });
  // The splat route also matches /mail/preview itself, which lists the templates.
  return templateName ? <TemplatePreview templateName={templateName} /> : <MailTemplatesScreen />;
}

function TemplatePreview({ templateName }: { templateName: string }) {
  const preview = useMailPreview(templateName);

  return (
    <Stack gap="lg">
      <Group>
        <AnchorLink to="/mail/preview" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            All email previews
          </Group>
        </AnchorLink>
      </Group>
      <ScreenHeader
        area="Email preview"
        title={preview.data?.subject ?? templateName}
        description={`The ${templateName} email as recipients receive it, rendered with sample data.`}
      />
      {preview.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the preview">
          <Skeleton h={36} w={220} />
          <Skeleton h={480} radius="md" />
        </Stack>
      ) : preview.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {isHttpError(preview.error) && preview.error.status === 403
            ? 'Email previews are for TeenVoice platform staff.'
            : serverMessage(preview.error, 'The preview could not be rendered.')}{' '}
          <AnchorLink to="/mail/preview" size="sm">
            See all templates
          </AnchorLink>
        </Alert>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <Text size="sm" c="dimmed" mb="sm">
            Subject:{' '}
            <Text span c="var(--mantine-color-text)">
              {preview.data.subject}
            </Text>
          </Text>
          <MailView subject={preview.data.subject} html={preview.data.html} text={preview.data.text} />
        </Paper>
      )}
    </Stack>
  );
}
