import { Alert, Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { serverMessage } from '../../../lib/backend-client';
import { isHttpError } from '../../../lib/http-error';
import { useMailTemplates } from '../api/get-mail-templates';
import classes from './mail.module.css';

/** /mail/preview: every email template, each opening its rendered preview. */
export function MailTemplatesScreen() {
  const templates = useMailTemplates();
  return (
    <Stack gap="xl">
      <ScreenHeader
        area="Email previews"
        title="Email previews"
        description="Every email the platform sends, from invitations to survey results, rendered with sample data."
      />
      {templates.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading templates">
          {[0, 1, 2, 3, 4, 5].map((card) => (
            <Skeleton key={card} h={112} radius="lg" />
          ))}
        </SimpleGrid>
      ) : templates.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The templates could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {isHttpError(templates.error) && templates.error.status === 403
                ? 'Email previews are for TeenVoice platform staff.'
                : serverMessage(templates.error, 'Please try again in a moment.')}
            </Text>
            <Button size="xs" variant="default" onClick={() => void templates.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {templates.data.map((template) => (
            <li key={template.name}>
              <Link to="/mail/preview/$" params={{ _splat: template.name }} className={classes.templateCard}>
                <Text fw={700}>{template.subject}</Text>
                <Text size="sm" c="dimmed">
                  {template.description}
                </Text>
                <Text size="xs" ff="monospace" c="dimmed" mt="auto">
                  {template.name}
                </Text>
              </Link>
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
