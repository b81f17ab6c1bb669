import { Alert, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { type RendererLayout, SurveyRenderer } from '../../../components/survey-renderer/survey-renderer';
import { ButtonLink } from '../../../components/ui/links';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { useSurvey } from '../../../lib/api/get-survey';
import { draftFromSurvey } from '../utils/draft';
import { localDraftStorage } from '../utils/draft-storage';
import classes from './editor.module.css';

type Device = 'desktop' | 'phone';

/** Exactly what a respondent sees, including edits not saved yet, on a desktop or a 360 px phone. */
export function SurveyPreviewScreen() {
  const { surveyId = '' } = useParams({ strict: false });
  const query = useSurvey(surveyId);
  const [device, setDevice] = useState<Device>('desktop');
  const [layout, setLayout] = useState<RendererLayout>('one-at-a-time');
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
          description="What a teen sees, from the assent screen to the end. Answers given here are not saved."
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
        <SegmentedControl
          aria-label="Questions per screen"
          value={layout}
          onChange={(value) => setLayout(value as RendererLayout)}
          data={[
            { value: 'one-at-a-time', label: 'One at a time' },
            { value: 'page', label: 'All on one page' },
          ]}
        />
      </Group>
      {unsaved ? (
        <Alert color="blue" variant="light">
          This preview includes changes that are not saved yet.
        </Alert>
      ) : null}
      {draft ? (
        <div
          className={device === 'phone' ? classes.phoneFrame : classes.desktopFrame}
          data-testid="preview-frame"
          data-device={device}
        >
          <SurveyRenderer
            key={`${layout}-${device}`}
            survey={draft}
            layout={layout}
            titleOrder={2}
            finishTitle="That’s the end of the survey"
            finishBody="Respondents see a thank-you message here. Nothing you answered in the preview was saved."
          />
        </div>
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the preview">
          <Skeleton h={24} w="50%" />
          <Skeleton h={200} />
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        Options set to shuffle appear in a new order for every respondent.
      </Text>
    </Stack>
  );
}
