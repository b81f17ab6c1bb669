import {
  SCHEDULE_MAX_DAYS,
  type SurveySchedule,
  type SurveyScheduleInput,
  type SurveyStatus,
  scheduleCloseEditableStatuses,
  scheduleOpenEditableStatuses,
} from '@tv/contract';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { HttpError } from '../../plugins/errors';
import type { Viewer } from '../identity/service';
import * as repo from './repository';
import type { SurveysService } from './service';

export const SCHEDULE_SWEEP_QUEUE = 'survey-schedule-sweep';
/** At most this many surveys are opened, and as many closed, per sweep; the next minute takes the rest. */
const SWEEP_BATCH = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

const opensEditable = (status: string) =>
  (scheduleOpenEditableStatuses as readonly string[]).includes(status);
const closesEditable = (status: string) =>
  (scheduleCloseEditableStatuses as readonly string[]).includes(status);

const when = (date: Date) =>
  `${date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** What the schedule will do next, for the author and the moderators (null without a schedule). */
export function scheduleSummary(status: string, opensAt: Date | null, closesAt: Date | null): string | null {
  const now = Date.now();
  const parts: string[] = [];
  if (opensAt && opensEditable(status)) {
    if (closesAt && closesAt.getTime() <= now) {
      parts.push('The closing time has passed, so the schedule will not open this survey.');
    } else if (status === 'approved') {
      parts.push(
        opensAt.getTime() <= now
          ? 'Opens within a minute: it is approved and its opening time has passed.'
          : `Opens by itself on ${when(opensAt)}.`,
      );
    } else {
      parts.push(
        `Opens on ${when(opensAt)} if a moderator has approved it by then; otherwise it opens as soon as it is approved.`,
      );
    }
  }
  if (closesAt && closesEditable(status) && closesAt.getTime() > now) {
    parts.push(`Closes by itself on ${when(closesAt)}.`);
  }
  return parts.length ? parts.join(' ') : null;
}

function toSchedule(row: repo.SurveyRow): SurveySchedule {
  return {
    surveyId: row.id,
    status: row.status as SurveyStatus,
    opensAt: row.opensAt?.toISOString() ?? null,
    closesAt: row.closesAt?.toISOString() ?? null,
    opensEditable: opensEditable(row.status),
    closesEditable: closesEditable(row.status),
    summary: scheduleSummary(row.status, row.opensAt, row.closesAt),
  };
}

const invalid = (field: 'opensAt' | 'closesAt', message: string) =>
  new HttpError(400, message, 'SCHEDULE_INVALID', { fields: { [field]: [message] } });

/**
 * A survey's schedule (decision 032): an approved survey opens by itself at `opensAt` and an open
 * one closes at `closesAt`. A schedule never skips moderation: only an approved survey opens.
 */
export function createScheduleService(deps: { db: Db; surveys: SurveysService; log: Logger }) {
  const { db, surveys } = deps;

  async function get(viewer: Viewer, id: string) {
    return toSchedule(await surveys.authorize(viewer, id, 'surveys~view'));
  }

  async function set(viewer: Viewer, id: string, input: SurveyScheduleInput, now = new Date()) {
    const row = await surveys.authorize(viewer, id, 'surveys~update');
    const opensAt = input.opensAt ? new Date(input.opensAt) : null;
    const closesAt = input.closesAt ? new Date(input.closesAt) : null;
    if (!closesEditable(row.status)) {
      throw new HttpError(
        409,
        'Fieldwork for this survey has ended, so its schedule can no longer change.',
        'SCHEDULE_LOCKED',
      );
    }
    const opensChanged = (opensAt?.getTime() ?? null) !== (row.opensAt?.getTime() ?? null);
    if (opensChanged && !opensEditable(row.status)) {
      throw new HttpError(
        409,
        'This survey is already open, so only its closing time can change.',
        'SCHEDULE_ALREADY_OPEN',
        { fields: { opensAt: ['This survey is already open.'] } },
      );
    }
    const latest = now.getTime() + SCHEDULE_MAX_DAYS * DAY_MS;
    if (opensAt && opensChanged) {
      if (opensAt.getTime() <= now.getTime())
        throw invalid('opensAt', 'Choose an opening time in the future.');
      if (opensAt.getTime() > latest)
        throw invalid('opensAt', 'Choose an opening time within a year from now.');
    }
    if (closesAt) {
      if (closesAt.getTime() <= now.getTime())
        throw invalid('closesAt', 'Choose a closing time in the future.');
      if (closesAt.getTime() > latest)
        throw invalid('closesAt', 'Choose a closing time within a year from now.');
      if (opensAt && closesAt.getTime() <= opensAt.getTime())
        throw invalid('closesAt', 'The closing time must come after the opening time.');
    }
    const updated = await repo.setSchedule(db, id, opensAt, closesAt);
    if (!updated) throw new HttpError(404, 'We could not find that survey.', 'SURVEY_NOT_FOUND');
    return toSchedule(updated);
  }

  /**
   * Opens every approved survey whose time has come and closes every open one past its closing time.
   * Each survey moves in a transaction of its own through the surveys service, so the history entry and
   * the mail are those of a staff publish or close, with no actor and the schedule as the reason.
   */
  async function sweep() {
    const due = await repo.listDueOnSchedule(db, SWEEP_BATCH);
    let opened = 0;
    let closed = 0;
    for (const id of due.opening) if (await surveys.transitionOnSchedule(id, 'publish')) opened++;
    for (const id of due.closing) if (await surveys.transitionOnSchedule(id, 'close')) closed++;
    if (opened || closed) deps.log.info({ opened, closed }, 'survey schedule sweep');
    return { opened, closed };
  }

  async function startWorkers(boss: PgBoss) {
    await boss.createQueue(SCHEDULE_SWEEP_QUEUE);
    await boss.work(SCHEDULE_SWEEP_QUEUE, async () => {
      await sweep();
    });
    // Once a minute on whichever server takes the job; the conditional updates make overlaps harmless.
    await boss.schedule(SCHEDULE_SWEEP_QUEUE, '* * * * *');
  }

  return { get, set, sweep, startWorkers };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
