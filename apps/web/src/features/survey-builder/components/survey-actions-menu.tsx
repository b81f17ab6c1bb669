import { ActionIcon, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconBulb,
  IconCopy,
  IconDots,
  IconFileExport,
  IconFileImport,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconPrinter,
  IconRocket,
  IconShieldCheck,
  IconTransfer,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type Survey, type SurveyAction, surveyTransitions } from '@tv/contract';
import { use, useState } from 'react';
import { useTransitionSurvey } from '../../../lib/api/transition-survey';
import { useTipsStore } from '../../../stores/tips-store';
import { useDuplicateSurvey } from '../api/duplicate-survey';
import { downloadQuestionnaire } from '../api/reuse';
import { apiProblem } from '../utils/api-error';
import { allowedActions, can, type Permissions } from '../utils/permissions';
import { CopyQuestionsModal } from './copy-questions-modal';
import { EditorContext } from './editor-context';
import { ImportQuestionnaireModal } from './import-questionnaire-modal';

/** Actions that have their own place: submitting in Publish, the moderator's decision in moderation. */
const elsewhere = new Set<SurveyAction>(['submit', 'approve', 'reject']);

const icons: Partial<Record<SurveyAction, typeof IconArchive>> = {
  publish: IconRocket,
  pause: IconPlayerPause,
  resume: IconPlayerPlay,
  close: IconPlayerStop,
  archive: IconArchive,
};

const confirmations: Partial<Record<SurveyAction, string>> = {
  archive: 'Archived surveys leave every list and cannot be edited or published again.',
  close: 'Fieldwork ends now: no more responses are collected, and results follow our quality review.',
  publish: 'Teens in the audience can answer it as soon as it is live.',
};

export function SurveyActionsMenu({ survey, permissions }: { survey: Survey; permissions: Permissions }) {
  const transition = useTransitionSurvey();
  const duplicate = useDuplicateSurvey();
  const navigate = useNavigate();
  const resetTips = useTipsStore((state) => state.reset);
  const actions = allowedActions(survey.status, permissions).filter((action) => !elsewhere.has(action));
  const canModerate = survey.status === 'in_moderation' && can(permissions, 'surveys~moderate', true);
  // Reuse (decision 030): inside the editor, the draft's questions can be copied, exported and imported.
  const editor = use(EditorContext);
  const [dialog, setDialog] = useState<'copy' | 'import' | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportQuestionnaire = async () => {
    setExporting(true);
    try {
      // The file holds what is saved: the author's latest edits go first.
      if (editor && !(await editor.autosave.saveNow())) {
        notifications.show({
          color: 'orange',
          title: 'Not exported yet',
          message:
            'Your latest changes are not saved yet. Fix what the editor points out, then export again.',
        });
        return;
      }
      const document = await downloadQuestionnaire(survey.id);
      notifications.show({
        color: 'green',
        message: `The questionnaire (${document.questions.length} questions) was saved as a JSON file.`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'The questionnaire could not be exported',
        message: apiProblem(error).message,
      });
    } finally {
      setExporting(false);
    }
  };

  const run = (action: SurveyAction) => {
    const rule = surveyTransitions[action];
    const perform = () =>
      transition.mutate(
        { surveyId: survey.id, action },
        {
          onSuccess: () => notifications.show({ color: 'green', message: `${rule.label}: done.` }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: `Could not ${rule.label.toLowerCase()}`,
              message: apiProblem(error).message,
            }),
        },
      );
    const body = confirmations[action];
    if (!body) return perform();
    modals.openConfirmModal({
      title: `${rule.label} “${survey.name}”?`,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: rule.label, cancel: 'Cancel' },
      confirmProps: action === 'archive' ? { color: 'red' } : {},
      onConfirm: perform,
    });
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="More survey actions"
            loading={transition.isPending || duplicate.isPending || exporting}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canModerate ? (
            <Menu.Item
              onClick={() =>
                void navigate({
                  to: '/research/builder/admin/survey/moderation/$surveyId',
                  params: { surveyId: survey.id },
                })
              }
              leftSection={<IconShieldCheck size={16} aria-hidden />}
            >
              Moderate this survey
            </Menu.Item>
          ) : null}
          {actions.map((action) => {
            const Icon = icons[action] ?? IconArchive;
            return (
              <Menu.Item
                key={action}
                leftSection={<Icon size={16} aria-hidden />}
                color={action === 'archive' ? 'red' : undefined}
                onClick={() => run(action)}
              >
                {surveyTransitions[action].label}
              </Menu.Item>
            );
          })}
          {actions.length > 0 || canModerate ? <Menu.Divider /> : null}
          {can(permissions, 'surveys~create') ? (
            <Menu.Item
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() =>
                duplicate.mutate(survey.id, {
                  onSuccess: (copy) => {
                    notifications.show({ color: 'green', message: `“${copy.name}” is a new draft.` });
                    void navigate({
                      to: '/research/builder/survey/$surveyId',
                      params: { surveyId: copy.id },
                    });
                  },
                  onError: (error) =>
                    notifications.show({
                      color: 'red',
                      title: 'Could not duplicate the survey',
                      message: apiProblem(error).message,
                    }),
                })
              }
            >
              Duplicate survey
            </Menu.Item>
          ) : null}
          {editor?.editable && editor.draft.questions.length > 0 ? (
            <Menu.Item leftSection={<IconTransfer size={16} aria-hidden />} onClick={() => setDialog('copy')}>
              Copy questions to another survey…
            </Menu.Item>
          ) : null}
          <Menu.Item
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() =>
              void navigate({
                to: '/research/builder/survey/questionnaire/$surveyId',
                params: { surveyId: survey.id },
              })
            }
          >
            Printable questionnaire
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileExport size={16} aria-hidden />}
            onClick={() => void exportQuestionnaire()}
          >
            Export questionnaire (JSON)
          </Menu.Item>
          {editor?.editable ? (
            <Menu.Item
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => setDialog('import')}
            >
              Import questionnaire…
            </Menu.Item>
          ) : null}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconBulb size={16} aria-hidden />}
            onClick={() => {
              resetTips();
              notifications.show({ message: 'Pro tips will show again, one at a time.' });
            }}
          >
            Reset tips
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {editor ? (
        <>
          <CopyQuestionsModal opened={dialog === 'copy'} onClose={() => setDialog(null)} />
          <ImportQuestionnaireModal opened={dialog === 'import'} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </>
  );
}
