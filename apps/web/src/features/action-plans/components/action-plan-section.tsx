import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecklist, IconDeviceFloppy, IconMail, IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ActionPlan } from '@tv/contract';
import { type ReactNode, useState } from 'react';
import { serverMessage } from '../../../lib/backend-client';
import { actionPlanKey, useActionPlan } from '../api/get-action-plan';
import { conflictingPlan, useSaveActionPlan } from '../api/save-action-plan';
import { draftOf, emptyDraft, type PlanDraft, toSave } from '../utils/plan-draft';
import { ActionPlanEditor } from './action-plan-editor';
import { ActionPlanView, type PlanQuestion } from './action-plan-view';
import { ConflictModal } from './conflict-modal';
import { SharePlanModal } from './share-plan-modal';

export interface ActionPlanSectionProps {
  surveyId: string;
  surveyName: string;
  /** The survey's organisation, whose members the plan can be mailed to; null for a personal draft. */
  organizationId: string | null;
  questions: readonly PlanQuestion[];
  /** surveys~update: create, edit and share the plan. */
  canEdit: boolean;
}

/** What the organisation will do about its results: actions with owners and dates, shared by mail. */
export function ActionPlanSection({
  surveyId,
  surveyName,
  organizationId,
  questions,
  canEdit,
}: ActionPlanSectionProps) {
  const queryClient = useQueryClient();
  const query = useActionPlan(surveyId);
  const save = useSaveActionPlan();
  const [draft, setDraft] = useState<PlanDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ theirs: ActionPlan | null } | null>(null);
  const [sharing, setSharing] = useState(false);
  const plan = query.data ?? null;

  const edit = (next: PlanDraft) => {
    setDraft(next);
    setErrors({});
    setProblem(null);
  };
  const stopEditing = () => {
    setDraft(null);
    setErrors({});
    setProblem(null);
  };

  const submit = (toStore: PlanDraft) => {
    const checked = toSave(toStore);
    if (!checked.ok) {
      setErrors(checked.errors);
      setProblem('Some fields need another look.');
      return;
    }
    setErrors({});
    setProblem(null);
    save.mutate(
      { surveyId, plan: checked.body },
      {
        onSuccess: () => {
          stopEditing();
          setConflict(null);
          notifications.show({
            closeButtonProps: { 'aria-label': 'Dismiss' },
            color: 'green',
            title: 'Action plan saved',
            message: 'Everyone with access sees it now.',
          });
        },
        onError: (error) => {
          const theirs = conflictingPlan(error);
          if (theirs !== undefined) setConflict({ theirs });
          else setProblem(serverMessage(error, 'We couldn’t save the plan. Please try again.'));
        },
      },
    );
  };

  let body: ReactNode;
  if (query.isError) {
    body = (
      <Alert color="red" variant="light">
        {serverMessage(query.error, 'We couldn’t load the action plan.')}
      </Alert>
    );
  } else if (query.isPending) {
    body = <Skeleton h={140} radius="lg" />;
  } else if (draft) {
    body = (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(draft);
        }}
        aria-label="Edit the action plan"
      >
        <Stack gap="md">
          <ActionPlanEditor draft={draft} onChange={setDraft} errors={errors} questions={questions} />
          {problem ? (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={stopEditing} disabled={save.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              Save plan
            </Button>
          </Group>
        </Stack>
      </form>
    );
  } else if (plan) {
    body = <ActionPlanView plan={plan} questions={questions} />;
  } else {
    body = (
      <EmptyState
        icon={<IconChecklist size={26} />}
        withIndicatorBackground
        title="No action plan yet"
        description={
          canEdit
            ? 'Turn these results into actions: what you’ll do, who owns it and by when. Then share it with your team or the teens who took part.'
            : 'Once someone who can edit this survey writes a plan, it appears here.'
        }
      >
        {canEdit ? (
          <EmptyState.Actions>
            <Button onClick={() => edit(emptyDraft(surveyName))}>Create an action plan</Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    );
  }

  return (
    <Stack gap="md" data-testid="action-plan">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} maw={640}>
          <Title order={2} fz={24}>
            Action plan
          </Title>
          <Text c="dimmed" size="sm">
            Results matter when something changes. Link each action to the question or finding behind it.
          </Text>
        </Stack>
        {canEdit && plan && !draft ? (
          <Group gap="xs">
            {organizationId ? (
              <Button
                variant="default"
                leftSection={<IconMail size={16} aria-hidden />}
                onClick={() => setSharing(true)}
              >
                Share by email
              </Button>
            ) : null}
            <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => edit(draftOf(plan))}>
              Edit plan
            </Button>
          </Group>
        ) : null}
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        {body}
      </Paper>
      {conflict && draft ? (
        <ConflictModal
          mine={draft}
          theirs={conflict.theirs}
          saving={save.isPending}
          onKeepMine={() => submit({ ...draft, version: conflict.theirs?.version ?? 0 })}
          onUseTheirs={() => {
            queryClient.setQueryData(actionPlanKey(surveyId), conflict.theirs);
            setConflict(null);
            stopEditing();
          }}
          onClose={() => setConflict(null)}
        />
      ) : null}
      {organizationId ? (
        <SharePlanModal
          surveyId={surveyId}
          organizationId={organizationId}
          opened={sharing}
          onClose={() => setSharing(false)}
        />
      ) : null}
    </Stack>
  );
}
