import { Button, Group, Paper, Radio, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBolt, IconClipboardList, IconTemplate, IconUsersGroup } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import type { Organization, SurveyType } from '@tv/contract';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../../../components/ui/links';
import { useCreateSurvey } from '../api/create-survey';
import { useProjects } from '../api/get-projects';
import type { BuilderCopy } from '../copy';
import { apiProblem } from '../utils/api-error';
import { ComplexityModal } from './complexity-modal';
import classes from './editor.module.css';

const typeFromHash: Record<string, SurveyType> = { 'pulse-check': 'pulse_check', custom: 'custom' };

interface CreateSurveyPanelProps {
  copy: BuilderCopy;
  /** The organisation the survey is created in; null for a personal draft. */
  organization: Organization | null;
}

/** Choose a kind of survey (the #pulse-check and #custom hashes preselect one) and start it. */
export function CreateSurveyPanel({ copy, organization }: CreateSurveyPanelProps) {
  const hash = useRouterState({ select: (state) => state.location.hash });
  const [type, setType] = useState<SurveyType>(() => typeFromHash[hash] ?? 'long_form');
  const [complexityOpen, setComplexityOpen] = useState(() => typeFromHash[hash] === 'custom');
  const [projectId, setProjectId] = useState<string | null>(null);
  const projects = useProjects(organization?.id ?? null);
  const create = useCreateSurvey();
  const navigate = useNavigate();

  useEffect(() => {
    const fromHash = typeFromHash[hash];
    if (!fromHash) return;
    setType(fromHash);
    if (fromHash === 'custom') setComplexityOpen(true);
  }, [hash]);

  const choose = (value: string) => {
    const next = value as SurveyType;
    setType(next);
    if (next === 'custom') setComplexityOpen(true);
  };

  const types = [
    {
      value: 'long_form',
      anchor: 'long-form',
      title: copy.createLongForm,
      body: copy.createLongFormDescription,
      icon: IconClipboardList,
    },
    {
      value: 'pulse_check',
      anchor: 'pulse-check',
      title: copy.createPulseCheck,
      body: copy.createPulseCheckDescription,
      icon: IconBolt,
    },
    {
      value: 'custom',
      anchor: 'custom',
      title: copy.createCustom,
      body: copy.createCustomDescription,
      icon: IconUsersGroup,
    },
  ] as const;
  const chosen = types.find((candidate) => candidate.value === type);

  const start = () =>
    create.mutate(
      { organizationId: organization?.id ?? null, type, projectId },
      {
        onSuccess: (survey) =>
          void navigate({ to: '/research/builder/survey/$surveyId', params: { surveyId: survey.id } }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'The survey could not be created',
            message: apiProblem(error).message,
          }),
      },
    );

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="create-survey-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz="lg" id="create-survey-title">
            Start a new survey
          </Title>
          <ButtonLink
            to="/research/builder/templates"
            variant="light"
            leftSection={<IconTemplate size={16} aria-hidden />}
          >
            Start from a template
          </ButtonLink>
        </Group>
        <Radio.Group value={type} onChange={choose} aria-labelledby="create-survey-title" name="survey-type">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {types.map(({ value, anchor, title, body, icon: Icon }) => (
              <Radio.Card key={value} value={value} id={anchor} className={classes.typeCard} withBorder>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Icon size={22} aria-hidden color="var(--mantine-color-anchor)" />
                    <Radio.Indicator />
                  </Group>
                  <Text fw={650}>{title}</Text>
                  <Text size="sm" c="dimmed">
                    {body}
                  </Text>
                </Stack>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Group justify="space-between" align="flex-end" gap="sm">
          {organization && (projects.data?.length ?? 0) > 0 ? (
            <Select
              label="Project"
              placeholder="No project"
              clearable
              w={{ base: '100%', xs: 260 }}
              data={(projects.data ?? []).map((project) => ({ value: project.id, label: project.name }))}
              value={projectId}
              onChange={setProjectId}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {organization ? `Created in ${organization.name}.` : 'Saved as your personal draft.'}
            </Text>
          )}
          <Button size="md" onClick={start} loading={create.isPending}>
            Create {chosen?.title.toLowerCase() ?? 'survey'}
          </Button>
        </Group>
      </Stack>
      <ComplexityModal opened={complexityOpen} onClose={() => setComplexityOpen(false)} copy={copy} />
    </Paper>
  );
}
