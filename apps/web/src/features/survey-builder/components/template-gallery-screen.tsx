import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconEye, IconTemplate } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { SurveyTemplate, surveyTypes, TemplateSource } from '@tv/contract';
import { useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { AnchorLink } from '../../../components/ui/links';
import { QueryState } from '../../../components/ui/query-state';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { useUserStore } from '../../../stores/user-store';
import { useCreateFromTemplate, useTemplates } from '../api/templates';
import { apiProblem } from '../utils/api-error';
import { creationOrganization } from '../utils/permissions';
import { QuestionOutline } from './question-outline';

const typeLabels: Record<(typeof surveyTypes)[number], string> = {
  long_form: 'Survey',
  pulse_check: 'Pulse check',
  custom: 'Custom survey',
};

/** One source as a citation: name, author, year, licence and a link to the original. */
export function SourceCitation({ source }: { source: TemplateSource }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {source.name}
      </Text>
      <Text size="xs" c="dimmed">
        {source.author}, {source.year}. Licence: {source.licence}.
      </Text>
      {source.note ? (
        <Text size="xs" c="dimmed">
          {source.note}
        </Text>
      ) : null}
      <Anchor href={source.url} target="_blank" rel="noopener noreferrer" size="xs" w="fit-content">
        <Group gap={4} wrap="nowrap" component="span">
          View the original source
          <IconExternalLink size={12} aria-hidden />
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Group>
      </Anchor>
    </Stack>
  );
}

/** The template gallery: validated, openly licensed starting questionnaires, with their sources. */
export function TemplateGalleryScreen() {
  const templates = useTemplates();
  const user = useUserStore((state) => state.user);
  const selectedOrganization = useUserStore((state) => state.selectedOrganization);
  const organization = creationOrganization(user, selectedOrganization);
  const create = useCreateFromTemplate();
  const navigate = useNavigate();
  const [previewing, setPreviewing] = useState<SurveyTemplate | null>(null);
  const [starting, setStarting] = useState<string | null>(null);

  const use = (template: SurveyTemplate) => {
    setStarting(template.id);
    create.mutate(
      { templateId: template.id, organizationId: organization?.id ?? null },
      {
        onSuccess: (survey) => {
          notifications.show({ color: 'green', message: `“${survey.name}” is a new draft. Make it yours.` });
          void navigate({ to: '/research/builder/survey/$surveyId', params: { surveyId: survey.id } });
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'The survey could not be created',
            message: apiProblem(error).message,
          }),
        onSettled: () => setStarting(null),
      },
    );
  };

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <AnchorLink to="/research/builder" size="sm" w="fit-content">
          Your surveys
        </AnchorLink>
        <ScreenHeader
          area="Survey builder"
          title="Start from a template"
          description="Questionnaires built from validated, openly licensed question sets. Each one names its sources, so you can cite them in your ethics application. Every template becomes a draft you can edit."
        />
        <Text size="sm" c="dimmed">
          {organization
            ? `New drafts are created in ${organization.name}.`
            : 'New drafts are saved as your personal drafts.'}
        </Text>
      </Stack>

      <QueryState
        query={templates}
        loadingLabel="Loading templates"
        skeletonRows={4}
        skeletonRow={<Skeleton h={120} radius="md" />}
        errorTitle="The templates could not be loaded"
      >
        {(list) =>
          list.length === 0 ? (
            <EmptyStateCard
              icon={IconTemplate}
              title="No templates yet"
              description="Start a blank survey from Your surveys instead; templates will appear here when they are added."
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="template-gallery">
              {list.map((template) => (
                <Paper
                  key={template.id}
                  withBorder
                  radius="lg"
                  p="lg"
                  component="article"
                  aria-labelledby={`template-${template.id}`}
                  data-testid="template-card"
                >
                  <Stack gap="sm" h="100%">
                    <Title order={2} fz="lg" id={`template-${template.id}`}>
                      {template.name}
                    </Title>
                    <Group gap={6}>
                      <Badge variant="light">{typeLabels[template.type]}</Badge>
                      <Badge variant="light" color="gray">
                        {template.questionCount} question{template.questionCount === 1 ? '' : 's'}
                      </Badge>
                      {template.topics.map((topic) => (
                        <Badge key={topic} variant="outline" color="gray">
                          {topic}
                        </Badge>
                      ))}
                    </Group>
                    <Text size="sm">{template.description}</Text>
                    <Stack gap={6} style={{ flex: 1 }}>
                      <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.6}>
                        Source{template.sources.length === 1 ? '' : 's'}
                      </Text>
                      {template.sources.map((source) => (
                        <SourceCitation key={source.name} source={source} />
                      ))}
                    </Stack>
                    <Group gap="sm" wrap="wrap">
                      <Button
                        variant="default"
                        leftSection={<IconEye size={16} aria-hidden />}
                        onClick={() => setPreviewing(template)}
                        aria-label={`Preview questions: ${template.name}`}
                      >
                        Preview questions
                      </Button>
                      <Button
                        onClick={() => use(template)}
                        loading={starting === template.id}
                        disabled={starting !== null && starting !== template.id}
                        aria-label={`Use this template: ${template.name}`}
                      >
                        Use this template
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>

      <Modal
        opened={previewing !== null}
        onClose={() => setPreviewing(null)}
        title={previewing ? `${previewing.name}: the questions` : ''}
        size="lg"
      >
        {previewing ? (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {previewing.description}
            </Text>
            <List type="ordered" spacing="md" data-testid="template-preview">
              {previewing.questions.map((question) => (
                <List.Item key={question.id}>
                  <QuestionOutline question={question} questions={previewing.questions} />
                </List.Item>
              ))}
            </List>
            <Stack gap={6}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.6}>
                Sources
              </Text>
              {previewing.sources.map((source) => (
                <SourceCitation key={source.name} source={source} />
              ))}
            </Stack>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setPreviewing(null)}>
                Close
              </Button>
              <Button onClick={() => use(previewing)} loading={starting === previewing.id}>
                Use this template
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
