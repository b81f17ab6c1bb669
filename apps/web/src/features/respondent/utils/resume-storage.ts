import {
  type AnswerValue,
  type ScreenerAnswers,
  screenerAnswersSchema,
  submitResponseSchema,
} from '@tv/contract';

/**
 * Where an attempt stands, kept on the respondent's own device so a reload or a closed tab resumes
 * it. It holds the attempt id, the screener and the answers, nothing that identifies the teen.
 */
export interface Attempt {
  clientResponseId: string;
  /** When the attempt began on this device (kept for resuming; the server measures the time itself). */
  startedAt?: string;
  stage: 'screener' | 'questions';
  screener: ScreenerAnswers | null;
  answers: Record<string, AnswerValue>;
  step: number;
}

const storedFields = submitResponseSchema.pick({ clientResponseId: true, startedAt: true, answers: true });
const storedScreener = screenerAnswersSchema.nullable();

/** A stored attempt checked field by field; anything unexpected starts afresh rather than break the survey. */
export function parseAttempt(value: unknown): Attempt | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const fields = storedFields.safeParse(record);
  const screener = storedScreener.safeParse(record.screener ?? null);
  const stage = record.stage;
  const step = record.step;
  if (!fields.success || !screener.success) return null;
  if (stage !== 'screener' && stage !== 'questions') return null;
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0) return null;
  if (stage === 'questions' && !screener.data) return null;
  return { ...fields.data, stage, step, screener: screener.data };
}

export const attemptKey = (surveyId: string) => `tv_respond_${surveyId}`;

export interface AttemptStorage {
  read: () => Attempt | null;
  write: (attempt: Attempt) => void;
  clear: () => void;
}

/** Storage may be full or switched off (private browsing): the survey still works, it just won't resume. */
export function attemptStorage(
  surveyId: string,
  storage: Storage | null = safeLocalStorage(),
): AttemptStorage {
  const key = attemptKey(surveyId);
  return {
    read: () => {
      try {
        const raw = storage?.getItem(key);
        if (!raw) return null;
        return parseAttempt(JSON.parse(raw));
      } catch {
        return null;
      }
    },
    write: (attempt) => {
      try {
        storage?.setItem(key, JSON.stringify(attempt));
      } catch {
        // Quota exceeded or storage blocked: resuming is a convenience, not a requirement.
      }
    },
    clear: () => {
      try {
        storage?.removeItem(key);
      } catch {
        // Same as above.
      }
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** One id per attempt, made once; a retry of the same attempt sends it again so it is counted once. */
export function newAttemptId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const newAttempt = (now = new Date()): Attempt => ({
  clientResponseId: newAttemptId(),
  startedAt: now.toISOString(),
  stage: 'screener',
  screener: null,
  answers: {},
  step: 0,
});
