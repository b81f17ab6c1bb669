import { type ActionItem, type ActionPlan, saveActionPlanSchema } from '@tv/contract';

/** An action as edited: free text everywhere, turned into the saved shape (nulls) on save. */
export interface ItemDraft {
  id: string;
  title: string;
  owner: string;
  dueDate: string;
  status: ActionItem['status'];
  /** What the action answers: one of the survey's questions, or a finding in words. */
  link: 'question' | 'finding';
  questionId: string | null;
  finding: string;
}

export interface PlanDraft {
  version: number;
  title: string;
  summary: string;
  items: ItemDraft[];
}

const newId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `a-${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

export const newItem = (): ItemDraft => ({
  id: newId(),
  title: '',
  owner: '',
  dueDate: '',
  status: 'not_started',
  link: 'question',
  questionId: null,
  finding: '',
});

export const emptyDraft = (surveyName: string): PlanDraft => ({
  version: 0,
  title: `What we’ll do after “${surveyName}”`.slice(0, 200),
  summary: '',
  items: [newItem()],
});

export function draftOf(plan: ActionPlan): PlanDraft {
  return {
    version: plan.version,
    title: plan.title,
    summary: plan.summary ?? '',
    items: plan.items.map((item) => ({
      id: item.id,
      title: item.title,
      owner: item.owner ?? '',
      dueDate: item.dueDate ?? '',
      status: item.status,
      link: item.finding && !item.questionId ? 'finding' : 'question',
      questionId: item.questionId,
      finding: item.finding ?? '',
    })),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The body of PUT …/action-plan, or the problems to show, keyed like 'title' or 'items.2.title'. */
export function toSave(
  draft: PlanDraft,
):
  | { ok: true; body: ReturnType<typeof saveActionPlanSchema.parse> }
  | { ok: false; errors: Record<string, string> } {
  const parsed = saveActionPlanSchema.safeParse({
    version: draft.version,
    title: draft.title,
    summary: orNull(draft.summary),
    items: draft.items.map((item) => ({
      id: item.id,
      title: item.title,
      owner: orNull(item.owner),
      dueDate: orNull(item.dueDate),
      status: item.status,
      questionId: item.link === 'question' ? item.questionId : null,
      finding: item.link === 'finding' ? orNull(item.finding) : null,
    })),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Moves an action one place up or down; out of range leaves the list as it was. */
export function moveItem<T>(items: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export const statusLabels: Record<ActionItem['status'], string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  done: 'Done',
};
