import type { Question, Survey } from '@tv/contract';
import { createContext, use } from 'react';
import type { BuilderCopy } from '../copy';
import type { Autosave, AutosaveState } from '../utils/autosave';
import type { SurveyDraft } from '../utils/draft';
import type { Permissions } from '../utils/permissions';
import type { Touched } from '../utils/touched';

export interface EditorContextValue {
  /** The survey as the server last gave it. */
  survey: Survey;
  /** What the author sees and edits: the saved survey plus edits not yet saved. */
  draft: SurveyDraft;
  autosave: Autosave;
  saveState: AutosaveState;
  editable: boolean;
  permissions: Permissions;
  copy: BuilderCopy;
  edit: (update: (draft: SurveyDraft) => SurveyDraft) => void;
  updateQuestion: (questionId: string, update: (question: Question) => Question) => void;
  /** Said politely to screen readers (moves, deletions). */
  announce: (message: string) => void;
  /** Fields the author has been in: an empty one shows its error only once touched. */
  touched: Touched;
  touch: (key: string) => void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = use(EditorContext);
  if (!value) throw new Error('useEditor is used outside the survey editor');
  return value;
}
