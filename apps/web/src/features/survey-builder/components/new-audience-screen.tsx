import { Alert, Button, Grid, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type Audience, audienceSchema, defaultAudience } from '@tv/contract';
import { useState } from 'react';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { surveyQueryKey } from '../../../lib/api/get-survey';
import { useUserStore } from '../../../stores/user-store';
import { createSurvey } from '../api/create-survey';
import { saveSurvey } from '../api/save-survey';
import type { BuilderCopy } from '../copy';
import { apiProblem } from '../utils/api-error';
import { draftFromSurvey } from '../utils/draft';
import { creationOrganization } from '../utils/permissions';
import { AudiencePlanner } from './audience-planner';
import classes from './editor.module.css';
import { EstimateCard } from './estimate-card';

type StartType = 'long_form' | 'pulse_check';

/** Plan an audience first, see what it costs, then start a survey that already has it. */
export function NewAudienceScreen({ copy }: { copy: BuilderCopy }) {
  const [audience, setAudience] = useState<Audience>(defaultAudience);
  const [type, setType] = useState<StartType>('long_form');
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const user = useUserStore((state) => state.user);
  const selectedOrganization = useUserStore((state) => state.selectedOrganization);
  const organization = creationOrganization(user, selectedOrganization);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const valid = audienceSchema.safeParse(audience).success;
  const questionCount = type === 'pulse_check' ? 5 : 10;

  const start = async () => {
    setStarting(true);
    setFailure(null);
    try {
      const created = await createSurvey({ organizationId: organization?.id ?? null, type });
      const saved = await saveSurvey(created.id, {
        ...draftFromSurvey(created),
        version: created.version,
        audience,
      });
      queryClient.setQueryData(surveyQueryKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] });
      notifications.show({
        color: 'green',
        message: 'Survey started with your audience. Now add the questions.',
      });
      await navigate({ to: '/research/builder/survey/$surveyId', params: { surveyId: saved.id } });
    } catch (error) {
      setFailure(apiProblem(error).message);
      setStarting(false);
    }
  };

  return (
    <Stack gap="xl">
      <ScreenHeader area="Survey builder" title="New audience" description={copy.audienceSubtitle} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <AudiencePlanner value={audience} onChange={setAudience} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" className={classes.aside}>
            <EstimateCard audience={audience} questionCount={questionCount} title={copy.estimateTitle} />
            <Text size="xs" c="dimmed">
              The estimate assumes {questionCount} questions; it updates as you write the survey.
            </Text>
            <SegmentedControl
              aria-label="Kind of survey"
              value={type}
              onChange={(next) => setType(next as StartType)}
              data={[
                { value: 'long_form', label: copy.createLongForm },
                { value: 'pulse_check', label: copy.createPulseCheck },
              ]}
              fullWidth
            />
            {failure ? (
              <Alert color="red" variant="light" title="The survey could not be started">
                {failure}
              </Alert>
            ) : null}
            <Button size="md" onClick={() => void start()} loading={starting} disabled={!valid}>
              Start a survey with this audience
            </Button>
            {organization ? (
              <Text size="xs" c="dimmed">
                The survey is created in {organization.name}.
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                The survey is saved as your personal draft.
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
