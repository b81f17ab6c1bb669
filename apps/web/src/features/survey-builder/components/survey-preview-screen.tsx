import { Alert, Button, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDeviceDesktop, IconDeviceMobile, IconRefresh } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { type PublicSurvey, respondentMinutes, type Survey } from '@tv/contract';
import { useState } from 'react';
// The live respondent flow itself, not a copy (issue 10 §8), in the live page's surroundings.
import { RespondentFlow } from '../../../components/respondent/respondent-flow';
import { RespondentShell } from '../../../components/respondent/respondent-shell';
import { ButtonLink } from '../../../components/ui/links';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { useSurvey } from '../../../lib/api/get-survey';
import { draftFromSurvey, type SurveyDraft } from '../utils/draft';
import { localDraftStorage } from '../utils/draft-storage';
import classes from './editor.module.css';

type Device = 'desktop' | 'phone';

/** The draft as the live respondent page receives it, so the preview runs the very same screens. */
function asPublicSurvey(survey: Survey, draft: SurveyDraft): PublicSurvey {
  const audience = draft.audience;
  return {
    id: survey.id,
    type: survey.type,
    name: draft.name,
    description: draft.description,
    status: 'live',
    questionCount: draft.questions.length,
    estimatedMinutes: respondentMinutes(draft.questions.length),
    questions: draft.questions,
    screener: {
      ageMin: audience?.ageMin ?? 13,
      ageMax: audience?.ageMax ?? 19,
      genders: audience?.genders ?? [],
      states: audience?.states ?? [],
      regions: audience?.regions ?? [],
    },
  };
}

/**
 * Exactly what a respondent sees, including edits not saved yet, on a desktop or a 360 px phone: the
 * live respondent flow itself (assent, screener, one question at a time, the end), in preview mode.
 */
export function SurveyPreviewScreen() {
  const { surveyId = '' } = useParams({ strict: false });
  const query = useSurvey(surveyId);
  const [device, setDevice] = useState<Device>('desktop');
  const [run, setRun] = useState(0);
  if (query.isError) throw query.error;
  const survey = query.data;
  const stored = survey ? localDraftStorage(survey.id).read() : null;
  const unsaved = Boolean(survey && stored && stored.baseVersion >= survey.version);
  const draft = survey ? (unsaved && stored ? stored.draft : draftFromSurvey(survey)) : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <ScreenHeader
          area="Survey preview"
          title={draft?.name || 'Survey preview'}
          description="What a teen sees, from the assent screen and the screener to the end. Answers given here are not saved."
        />
        <ButtonLink
          to="/research/builder/survey/$surveyId"
          params={{ surveyId }}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Back to the editor
        </ButtonLink>
      </Group>
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          aria-label="Screen size"
          value={device}
          onChange={(value) => setDevice(value as Device)}
          data={[
            {
              value: 'desktop',
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <IconDeviceDesktop size={16} aria-hidden />
                  <span>Desktop</span>
                </Group>
              ),
            },
            {
              value: 'phone',
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <IconDeviceMobile size={16} aria-hidden />
                  <span>Phone (360 px)</span>
                </Group>
              ),
            },
          ]}
        />
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => setRun((count) => count + 1)}
        >
          Start the preview again
        </Button>
      </Group>
      {unsaved ? (
        <Alert color="blue" variant="light">
          This preview includes changes that are not saved yet.
        </Alert>
      ) : null}
      {survey && draft ? (
        <div
          className={device === 'phone' ? classes.phoneFrame : classes.desktopFrame}
          data-testid="preview-frame"
          data-device={device}
        >
          <RespondentShell headingLevel={2}>
            <RespondentFlow key={`${run}-${device}`} survey={asPublicSurvey(survey, draft)} preview />
          </RespondentShell>
        </div>
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the preview">
          <Skeleton h={24} w="50%" />
          <Skeleton h={200} />
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        Options set to shuffle appear in a new order for every respondent. The screener uses the audience you
        chose: answers outside it end the preview as they would end a real attempt.
      </Text>
    </Stack>
  );
}
