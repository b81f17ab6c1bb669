import { emailTemplates } from '@tv/emails';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import { createWindowCounter } from '../../lib/window-counter';
import { listUsersWithPlatformRoles } from '../identity/service';
import type { MailService } from '../mail/service';
import { staffRoles } from './fieldwork';

/**
 * The least time a person takes to read and answer the questions shown (issue 23): a response sent
 * sooner is held for review. It comes from the survey's length, never from the median time, which a
 * flood of fast answers would drag down with it.
 */
export const plausibleSeconds = (answerableQuestions: number, secondsPerQuestion: number) =>
  Math.round(answerableQuestions * secondsPerQuestion);

const seconds = (n: number) => `${n} ${n === 1 ? 'second' : 'seconds'}`;

/** Why a response is held, as staff read it in the quality review. */
export function heldReason(
  flag: 'unverified' | 'too_fast' | 'duplicate',
  detail: { durationSeconds?: number | null; minimum?: number; answerable?: number } = {},
) {
  if (flag === 'too_fast') {
    return `Held for review: sent ${seconds(detail.durationSeconds ?? 0)} after it started; its ${detail.answerable} ${detail.answerable === 1 ? 'question takes' : 'questions take'} at least ${seconds(detail.minimum ?? 0)} to read and answer.`;
  }
  if (flag === 'unverified') {
    return 'Held for review: sent without the start or the device this survey’s page issues, as a script would.';
  }
  return 'Held for review: the same answers as an earlier response to this survey.';
}

/** The window a burst is counted in, and how long after one mail staff hear of that survey again. */
const BURST_WINDOW_MS = 10 * 60_000;
const BURST_QUIET_MS = 24 * 60 * 60_000;

/**
 * Counts the answers a survey has held or refused in the last 10 minutes; when they reach the
 * threshold, platform moderators and admins get one mail (and no second one for a day), whichever
 * server copy sees it first.
 */
export function createRespondentAlerts(deps: {
  db: Db;
  mail: MailService;
  redis?: Redis | undefined;
  threshold: number;
  publicUrl: string;
}) {
  const counter = createWindowCounter({ redis: deps.redis, prefix: 'tv-respond-burst-' });

  async function tell(survey: { id: string; name: string }, held: number) {
    const ids: string[] = [];
    await deps.db.transaction(async (tx) => {
      for (const staff of await listUsersWithPlatformRoles(tx, staffRoles())) {
        if (!staff.email) continue;
        ids.push(
          await deps.mail.enqueue(tx, emailTemplates.respondentBurst, staff.email, {
            firstName: staff.firstName,
            surveyName: survey.name,
            held,
            minutes: BURST_WINDOW_MS / 60_000,
            reviewUrl: `${deps.publicUrl}/research/builder/survey/summary/${survey.id}#review`,
          }),
        );
      }
    });
    if (ids.length > 0) await deps.mail.dispatch(ids);
  }

  async function note(survey: { id: string; name: string }, by: number) {
    const count = await counter.add(survey.id, BURST_WINDOW_MS, by);
    if (count < deps.threshold) return;
    if (!(await counter.first(`mailed:${survey.id}`, BURST_QUIET_MS))) return;
    await tell(survey, count);
  }

  return {
    /** Notes held or refused answers; never fails the respondent's request. */
    held(survey: { id: string; name: string }, by: number) {
      void note(survey, by).catch(() => {
        // A lost alert is better than a lost answer; the held responses stay in the review.
      });
    },
  };
}
