import { type SaveSurvey, type Survey, surveySchema } from '@tv/contract';
import { apiProblem } from './api-error';
import { draftFromSurvey, draftsEqual, type SurveyDraft, toSavePayload } from './draft';
import type { DraftStorage } from './draft-storage';

export type SaveStatus =
  /** The server has every edit. */
  | 'saved'
  /** Edits wait for the debounce. */
  | 'pending'
  | 'saving'
  /** The last save did not reach the server; it is tried again by itself. */
  | 'retrying'
  /** The draft is incomplete (e.g. a question without wording); it waits on this device. */
  | 'invalid'
  /** The server refused the save for a reason a retry will not fix. */
  | 'failed'
  /** Someone else saved meanwhile: the author chooses a version. */
  | 'conflict'
  /** The survey can no longer be edited (submitted, live, …). */
  | 'locked';

export interface AutosaveState {
  draft: SurveyDraft;
  /** The version the draft was based on; sent with every save. */
  baseVersion: number;
  status: SaveStatus;
  message: string | null;
  /** While status is 'conflict': the version someone else saved. */
  conflict: Survey | null;
  /** The version not chosen in a conflict, kept so its questions can still be copied. */
  setAside: { source: 'mine' | 'theirs'; draft: SurveyDraft } | null;
  lastSavedAt: string | null;
}

export interface AutosaveOptions {
  survey: Survey;
  editable: boolean;
  save: (payload: SaveSurvey) => Promise<Survey>;
  storage: DraftStorage;
  onSaved?: (survey: Survey) => void;
  /** The server says the survey left draft meanwhile; the caller fetches it again. */
  onLocked?: () => void;
  debounceMs?: number;
  retryDelaysMs?: readonly number[];
}

export const AUTOSAVE_DEBOUNCE_MS = 800;
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

export type Autosave = ReturnType<typeof createAutosave>;

function initialState(options: AutosaveOptions): AutosaveState {
  const { survey, storage } = options;
  const base: AutosaveState = {
    draft: draftFromSurvey(survey),
    baseVersion: survey.version,
    status: options.editable ? 'saved' : 'locked',
    message: null,
    conflict: null,
    setAside: null,
    lastSavedAt: survey.updatedAt,
  };
  const stored = storage.read();
  if (!stored) return base;
  if (draftsEqual(stored.draft, base.draft)) {
    storage.clear();
    return base;
  }
  if (!options.editable) {
    storage.clear();
    return {
      ...base,
      message:
        'Changes made on this device were not saved before the survey left draft, so they were discarded.',
    };
  }
  if (stored.baseVersion >= survey.version) {
    return {
      ...base,
      draft: stored.draft,
      baseVersion: stored.baseVersion,
      status: 'pending',
      message: 'Restored changes you had not saved yet.',
    };
  }
  // Saved by someone else since this device's edits were made: the author chooses.
  return {
    ...base,
    draft: stored.draft,
    baseVersion: stored.baseVersion,
    status: 'conflict',
    conflict: survey,
  };
}

/**
 * The editor's autosave: edits are debounced into one PUT with the version they are based on, kept
 * on this device until the server has them, retried when the network fails, and never written over
 * someone else's save: a version conflict waits for the author to choose.
 */
export function createAutosave(options: AutosaveOptions) {
  const debounceMs = options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const { storage } = options;
  const listeners = new Set<() => void>();
  let state = initialState(options);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  let retryAttempt = 0;

  const set = (patch: Partial<AutosaveState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const schedule = (ms: number) => {
    clearTimer();
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, ms);
  };
  const keepLocally = () => storage.write({ baseVersion: state.baseVersion, draft: state.draft });

  function fail(error: unknown) {
    const problem = apiProblem(error);
    if (problem.status === 409 && problem.code === 'VERSION_CONFLICT') {
      const current = surveySchema.safeParse((problem.data as { current?: unknown } | undefined)?.current);
      if (current.success) {
        set({ status: 'conflict', conflict: current.data, message: null });
        return;
      }
    }
    if (problem.status === 409 && problem.code === 'NOT_EDITABLE') {
      set({ status: 'locked', message: problem.message });
      options.onLocked?.();
      return;
    }
    const transient = problem.status === 0 || problem.status >= 500 || [408, 429].includes(problem.status);
    if (transient) {
      const delay = retryDelays[Math.min(retryAttempt, retryDelays.length - 1)] ?? 30_000;
      retryAttempt += 1;
      set({ status: 'retrying', message: problem.message });
      schedule(delay);
      return;
    }
    set({ status: 'failed', message: problem.message });
  }

  /** Sends the draft now (unless a save is under way: its end sends what changed meanwhile). */
  async function flush(): Promise<void> {
    clearTimer();
    if (inFlight) return inFlight;
    if (!['pending', 'retrying', 'failed', 'invalid'].includes(state.status)) return;
    const sent = state.draft;
    const prepared = toSavePayload(sent, state.baseVersion);
    if (!prepared.ok) {
      set({ status: 'invalid', message: prepared.problem });
      return;
    }
    set({ status: 'saving' });
    inFlight = (async () => {
      try {
        const saved = await options.save(prepared.payload);
        retryAttempt = 0;
        options.onSaved?.(saved);
        const changedMeanwhile = state.draft !== sent;
        set({
          baseVersion: saved.version,
          status: changedMeanwhile ? 'pending' : 'saved',
          message: null,
          lastSavedAt: saved.updatedAt,
        });
        if (changedMeanwhile) {
          keepLocally();
          schedule(debounceMs);
        } else {
          storage.clear();
        }
      } catch (error) {
        fail(error);
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  if (state.status === 'pending') schedule(debounceMs);

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Applies an edit; it is kept on this device at once and saved after the debounce. */
    edit(update: (draft: SurveyDraft) => SurveyDraft) {
      if (state.status === 'locked') return;
      const draft = update(state.draft);
      if (draft === state.draft) return;
      const waitForChoice = state.status === 'conflict';
      set({
        draft,
        status: waitForChoice ? 'conflict' : 'pending',
        message: waitForChoice ? state.message : null,
      });
      keepLocally();
      if (!waitForChoice) schedule(debounceMs);
    },

    flush,

    /** Saves whatever is waiting and tells whether the server has everything afterwards. */
    async saveNow(): Promise<boolean> {
      for (let attempt = 0; attempt < 3; attempt++) {
        if (inFlight) await inFlight;
        else if (['pending', 'retrying', 'failed'].includes(state.status)) await flush();
        else break;
      }
      return state.status === 'saved';
    },

    /** Conflict: keep this author's version, saved on top of the version someone else saved. */
    keepMine() {
      const current = state.conflict;
      if (!current) return;
      set({
        baseVersion: current.version,
        conflict: null,
        status: 'pending',
        setAside: { source: 'theirs', draft: draftFromSurvey(current) },
      });
      keepLocally();
      void flush();
    },

    /** Conflict: continue with the saved version; this author's version stays available to copy from. */
    takeTheirs() {
      const current = state.conflict;
      if (!current) return;
      const mine = state.draft;
      storage.clear();
      set({
        draft: draftFromSurvey(current),
        baseVersion: current.version,
        conflict: null,
        status: 'saved',
        message: null,
        setAside: { source: 'mine', draft: mine },
        lastSavedAt: current.updatedAt,
      });
      options.onSaved?.(current);
    },

    dismissSetAside() {
      set({ setAside: null });
    },

    /**
     * A fresher copy of the survey from the server. With nothing waiting to be saved it replaces the
     * draft; with edits waiting it is left to the next save, which reports the conflict.
     */
    receive(survey: Survey, editable: boolean) {
      if (!editable) {
        clearTimer();
        storage.clear();
        set({
          status: 'locked',
          draft: draftFromSurvey(survey),
          baseVersion: survey.version,
          conflict: null,
          lastSavedAt: survey.updatedAt,
        });
        return;
      }
      if (state.status === 'locked') {
        set({
          status: 'saved',
          draft: draftFromSurvey(survey),
          baseVersion: survey.version,
          message: null,
          lastSavedAt: survey.updatedAt,
        });
        return;
      }
      if (survey.version <= state.baseVersion || inFlight || state.status !== 'saved') return;
      set({ draft: draftFromSurvey(survey), baseVersion: survey.version, lastSavedAt: survey.updatedAt });
    },

    /** Leaving the editor: what waits for the debounce is sent at once. */
    leave() {
      if (timer !== null && state.status === 'pending') void flush();
    },
  };
}
