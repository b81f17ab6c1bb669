import { useQueryClient } from '@tanstack/react-query';
import type { Survey } from '@tv/contract';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { surveyQueryKey } from '../../../lib/api/get-survey';
import { registerSignOutReset } from '../../../stores/sign-out-resets';
import { saveSurvey } from '../api/save-survey';
import { type Autosave, createAutosave } from '../utils/autosave';
import { localDraftStorage } from '../utils/draft-storage';

/**
 * One autosave per survey for the life of the tab: leaving the editor and coming back finds the
 * same pending edits and retries, and two editor screens never save the same survey against each other.
 */
const autosaves = new Map<string, Autosave>();
registerSignOutReset(() => autosaves.clear());

export function useSurveyAutosave(survey: Survey, editable: boolean) {
  const queryClient = useQueryClient();
  const surveyId = survey.id;

  // The editor remounts per survey, so the first copy seeds the autosave; later ones arrive through receive().
  const [autosave] = useState(() => {
    const existing = autosaves.get(surveyId);
    if (existing) return existing;
    const created = createAutosave({
      survey,
      editable,
      save: (payload) => saveSurvey(surveyId, payload),
      storage: localDraftStorage(surveyId),
      onSaved: (saved) => {
        queryClient.setQueryData(surveyQueryKey(saved.id), saved);
        void queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] });
      },
      onLocked: () => void queryClient.invalidateQueries({ queryKey: surveyQueryKey(surveyId) }),
    });
    autosaves.set(surveyId, created);
    return created;
  });

  const state = useSyncExternalStore(autosave.subscribe, autosave.getState);

  useEffect(() => {
    autosave.receive(survey, editable);
  }, [autosave, survey, editable]);

  useEffect(() => {
    const retryWhenOnline = () => {
      if (autosave.getState().status === 'retrying') void autosave.flush();
    };
    const saveWhenHidden = () => {
      if (document.visibilityState === 'hidden') autosave.leave();
    };
    window.addEventListener('online', retryWhenOnline);
    document.addEventListener('visibilitychange', saveWhenHidden);
    return () => {
      window.removeEventListener('online', retryWhenOnline);
      document.removeEventListener('visibilitychange', saveWhenHidden);
      autosave.leave();
    };
  }, [autosave]);

  return { autosave, state };
}
