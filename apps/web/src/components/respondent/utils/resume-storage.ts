import { type AnswerValue, genders, isUsState, type ScreenerAnswers } from '@tv/contract';

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

// The contract's submitResponseSchema and screenerAnswersSchema, checked by hand so the lean respondent
// page (decision 019) does not load zod to read its own storage.
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const isShortString = (value: unknown) => typeof value === 'string' && value.length <= 64;

function isAnswerValue(value: unknown): value is AnswerValue {
  if (typeof value === 'string') return value.length <= 5000;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.length <= 50 && value.every(isShortString);
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).every(([key, entry]) => key.length <= 64 && isShortString(entry));
}

function parseAnswers(value: unknown): Record<string, AnswerValue> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const answers: Record<string, AnswerValue> = {};
  for (const [questionId, answer] of Object.entries(value)) {
    if (!isAnswerValue(answer)) return null;
    answers[questionId] = answer;
  }
  return answers;
}

/** A stored screener, or null for none; undefined when it is not a valid one. */
function parseScreener(value: unknown): ScreenerAnswers | null | undefined {
  if (value === null) return null;
  if (!value || typeof value !== 'object') return undefined;
  const { age, gender, state } = value as Record<string, unknown>;
  if (typeof age !== 'number' || !Number.isInteger(age) || age < 10 || age > 25) return undefined;
  if (!(genders as readonly unknown[]).includes(gender)) return undefined;
  if (typeof state !== 'string' || !isUsState(state)) return undefined;
  return { age, gender: gender as ScreenerAnswers['gender'], state };
}

/** A stored attempt checked field by field; anything unexpected starts afresh rather than break the survey. */
export function parseAttempt(value: unknown): Attempt | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const { clientResponseId, startedAt, stage, step } = record;
  if (typeof clientResponseId !== 'string' || !uuidPattern.test(clientResponseId)) return null;
  if (startedAt !== undefined && (typeof startedAt !== 'string' || startedAt.length > 100)) return null;
  const answers = parseAnswers(record.answers);
  const screener = parseScreener(record.screener ?? null);
  if (!answers || screener === undefined) return null;
  if (stage !== 'screener' && stage !== 'questions') return null;
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0) return null;
  if (stage === 'questions' && !screener) return null;
  return {
    clientResponseId,
    ...(startedAt === undefined ? {} : { startedAt }),
    answers,
    stage,
    step,
    screener,
  };
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
