import { Alert, Grid, Group, List, Skeleton, Stack, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconEye, IconLock, IconMessageReport } from '@tabler/icons-react';
import { Outlet, useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { notEditableMessages, type Question, type Survey } from '@tv/contract';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { AnchorLink, ButtonLink } from '../../../components/ui/links';
import { StatusBadge } from '../../../components/ui/status-badge';
import { SurveyHeader, SurveyScreenSkeleton } from '../../../components/ui/survey-header';
import { useSurvey } from '../../../lib/api/get-survey';
import { useUserStore } from '../../../stores/user-store';
import type { BuilderCopy } from '../copy';
import { canEditSurvey, permissionsFor } from '../utils/permissions';
import { quietSaveProblem, type Touched } from '../utils/touched';
import { AtAGlance } from './at-a-glance';
import { ConflictDialog } from './conflict-dialog';
import classes from './editor.module.css';
import { EditorContext, type EditorContextValue } from './editor-context';
import { SaveIndicator } from './save-indicator';
import { SetAsideVersion } from './set-aside-version';
import { SurveyActionsMenu } from './survey-actions-menu';
import { TypeBadge } from './survey-badges';
import { useSurveyAutosave } from './use-survey-autosave';

const sections = [
  { value: 'questions', label: 'Questions', suffix: '' },
  { value: 'flow', label: 'Flow', suffix: '/flow' },
  { value: 'audience', label: 'Audience', suffix: '/audience' },
  { value: 'spanish', label: 'Spanish', suffix: '/spanish' },
  { value: 'publish', label: 'Publish', suffix: '/publish' },
] as const;

interface SurveyEditorScreenProps {
  copy: BuilderCopy;
  proTip?: ReactNode;
}

export function SurveyEditorScreen({ copy, proTip }: SurveyEditorScreenProps) {
  const { surveyId = '' } = useParams({ strict: false });
  const query = useSurvey(surveyId);
  if (query.isError) throw query.error;
  if (!query.data) return <EditorSkeleton />;
  return <SurveyEditor key={query.data.id} survey={query.data} copy={copy} proTip={proTip} />;
}

function EditorSkeleton() {
  return (
    <SurveyScreenSkeleton>
      <Skeleton h={40} />
      <Skeleton h={120} />
      <Skeleton h={120} />
    </SurveyScreenSkeleton>
  );
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function SurveyEditor({ survey, copy, proTip }: { survey: Survey; copy: BuilderCopy; proTip?: ReactNode }) {
  const user = useUserStore((state) => state.user);
  const selectedOrganization = useUserStore((state) => state.selectedOrganization);
  const permissions = useMemo(
    () => permissionsFor(user, selectedOrganization, survey.organizationId),
    [user, selectedOrganization, survey.organizationId],
  );
  const editable = canEditSurvey(survey, permissions);
  const { autosave, state } = useSurveyAutosave(survey, editable);
  const [announcement, setAnnouncement] = useState('');
  const [touched, setTouched] = useState<Touched>(() => new Set());
  const touch = useCallback(
    (key: string) => setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key))),
    [],
  );
  const { questionId: openQuestionId } = useParams({ strict: false });
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (routerState) => routerState.location.pathname });
  const active =
    sections.find((section) => section.suffix && pathname.endsWith(section.suffix))?.value ?? 'questions';

  const announce = useCallback((message: string) => {
    // Clearing first makes a repeated message ("moved to position 2") be read again.
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(message));
  }, []);

  const context = useMemo<EditorContextValue>(
    () => ({
      survey,
      draft: state.draft,
      autosave,
      saveState: state,
      editable: editable && state.status !== 'locked',
      permissions,
      copy,
      edit: autosave.edit,
      updateQuestion: (questionId: string, update: (question: Question) => Question) =>
        autosave.edit((draft) => ({
          ...draft,
          questions: draft.questions.map((question) =>
            question.id === questionId ? update(question) : question,
          ),
        })),
      announce,
      touched,
      touch,
    }),
    [survey, state, autosave, editable, permissions, copy, announce, touched, touch],
  );

  const draft = state.draft;
  const rejection = survey.status === 'rejected' ? survey.rejection : null;
  // A question being written is not an error yet: its empty fields speak up once the author has been in them.
  const quiet = state.status === 'invalid' && quietSaveProblem(draft, touched, openQuestionId ?? null);
  const showProblem = ['invalid', 'failed', 'retrying'].includes(state.status) && state.message && !quiet;

  return (
    <EditorContext value={context}>
      <Stack gap="lg">
        <SurveyHeader
          parent={
            <AnchorLink to="/research/builder" size="sm">
              Your surveys
            </AnchorLink>
          }
          current={
            <Text size="sm" c="dimmed" lineClamp={1} aria-current="page">
              {draft.name || 'Untitled survey'}
            </Text>
          }
          title={draft.name || 'Untitled survey'}
          meta={
            <>
              <StatusBadge status={survey.status} />
              <TypeBadge type={survey.type} />
              <Text size="sm" c="dimmed">
                {survey.organizationName ?? 'Personal draft'}
              </Text>
              <SaveIndicator state={state} copy={copy} quiet={quiet} onRetry={() => void autosave.flush()} />
            </>
          }
          actions={
            <Group gap="sm" wrap="nowrap">
              {['live', 'paused', 'complete', 'in_review', 'results_ready'].includes(survey.status) ? (
                <ButtonLink
                  to="/research/builder/survey/summary/$surveyId"
                  params={{ surveyId: survey.id }}
                  variant="light"
                  leftSection={<IconChartBar size={16} aria-hidden />}
                >
                  {survey.status === 'results_ready' ? 'Results' : 'Responses'}
                </ButtonLink>
              ) : null}
              <ButtonLink
                to="/research/builder/survey/preview/$surveyId"
                params={{ surveyId: survey.id }}
                variant="default"
                leftSection={<IconEye size={16} aria-hidden />}
              >
                Preview
              </ButtonLink>
              <SurveyActionsMenu survey={survey} permissions={permissions} />
            </Group>
          }
        />

        {rejection ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconMessageReport size={20} aria-hidden />}
            title={copy.rejectedTitle}
            data-testid="rejection"
          >
            <Stack gap={6}>
              <List size="sm" spacing={4}>
                {rejection.reasons.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
              {rejection.note ? <Text size="sm">{rejection.note}</Text> : null}
              <Text size="xs" c="dimmed">
                {rejection.moderatorName ? `${rejection.moderatorName}, ` : ''}
                {dateOf(rejection.at)}. Make the changes, then submit the survey again from Publish.
              </Text>
            </Stack>
          </Alert>
        ) : null}

        {!context.editable ? (
          <Alert
            color="blue"
            variant="light"
            icon={<IconLock size={20} aria-hidden />}
            data-testid="read-only"
          >
            {['draft', 'rejected'].includes(survey.status)
              ? 'You can view this survey, but your role does not let you edit it.'
              : notEditableMessages[survey.status]}
            {state.message ? ` ${state.message}` : ''}
          </Alert>
        ) : null}

        {showProblem ? (
          <Alert
            color={state.status === 'failed' ? 'red' : 'yellow'}
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            data-testid="save-problem"
          >
            {state.status === 'invalid'
              ? `Not saved yet: ${state.message} Your changes are kept on this device.`
              : null}
            {state.status === 'retrying' ? copy.saveFailed : null}
            {state.status === 'failed' ? `${state.message} Your changes are kept on this device.` : null}
          </Alert>
        ) : null}

        {state.status === 'pending' && state.message ? (
          <Alert color="blue" variant="light">
            {state.message}
          </Alert>
        ) : null}

        <SetAsideVersion />

        <Tabs
          value={active}
          onChange={(value) => {
            const section = sections.find((candidate) => candidate.value === value);
            if (section)
              void navigate({
                to: `/research/builder/survey/$surveyId${section.suffix}`,
                params: { surveyId: survey.id },
              });
          }}
        >
          <Tabs.List aria-label="Survey sections">
            {sections.map((section) => (
              <Tabs.Tab key={section.value} value={section.value}>
                {section.label}
                {section.value === 'questions' ? ` (${draft.questions.length})` : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>

        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Outlet />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md" className={classes.aside}>
              {proTip}
              <AtAGlance survey={survey} draft={draft} />
            </Stack>
          </Grid.Col>
        </Grid>

        <ConflictDialog
          mine={draft}
          theirs={state.status === 'conflict' ? state.conflict : null}
          copy={copy}
          onKeepMine={autosave.keepMine}
          onTakeTheirs={autosave.takeTheirs}
        />
        <VisuallyHidden role="status" aria-live="polite" data-testid="editor-announcer">
          {announcement}
        </VisuallyHidden>
      </Stack>
    </EditorContext>
  );
}
