import type { SurveyDraft } from './draft';

/** An edit not yet saved on the server, with the version it was based on. */
export interface StoredDraft {
  baseVersion: number;
  draft: SurveyDraft;
  storedAt: string;
}

export interface DraftStorage {
  read(): StoredDraft | null;
  write(draft: Omit<StoredDraft, 'storedAt'>): void;
  clear(): void;
}

const keyOf = (surveyId: string) => `tv_survey_draft:${surveyId}`;

/**
 * Unsaved edits live in localStorage until the server has them, so a reload, a crash or a lost
 * connection loses nothing. Storage that is full or blocked only costs that safety net.
 */
export function localDraftStorage(surveyId: string, storage: Storage = window.localStorage): DraftStorage {
  const key = keyOf(surveyId);
  return {
    read() {
      try {
        const raw = storage.getItem(key);
        if (!raw) return null;
        const parsed = JSON.parse(raw) as Partial<StoredDraft>;
        if (typeof parsed.baseVersion !== 'number' || !parsed.draft) return null;
        return parsed as StoredDraft;
      } catch {
        return null;
      }
    },
    write(draft) {
      try {
        storage.setItem(key, JSON.stringify({ ...draft, storedAt: new Date().toISOString() }));
      } catch {
        // Quota or privacy mode: the server save still runs.
      }
    },
    clear() {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing to clear.
      }
    },
  };
}

export const memoryDraftStorage = (): DraftStorage => {
  let stored: StoredDraft | null = null;
  return {
    read: () => stored,
    write: (draft) => {
      stored = { ...draft, storedAt: new Date().toISOString() };
    },
    clear: () => {
      stored = null;
    },
  };
};
