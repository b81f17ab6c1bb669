import {
  disclosureRule,
  type OrganizationPermission,
  type PlatformPermission,
  pipingInWords,
  type Question,
  type SurveyStatus,
  suppressionReason,
  TRACKER_ALPHA,
  TRACKER_MAX_WAVES,
  TRACKER_MIN_TEST_BASE,
  type Tracker,
  type TrackerComparison,
  type TrackerSummary,
  type TrackerWave,
  trackerDistributionTestName,
  trackerMatchRule,
  trackerOptionTestName,
} from '@tv/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { surveyStatusHistory, surveys, surveyUsers, trackers, trackerWaves } from '../../db/schema/surveys';
import { HttpError } from '../../plugins/errors';
import type { Viewer } from '../identity/service';
import { findOrganization } from '../organizations/service';
import { cellWeights, summarize } from '../results/service';
import { can, listAnswerableQuestions } from '../surveys/service';
import {
  compareWaves,
  isComparable,
  matchQuestion,
  type WaveEntry,
  type WaveInput,
  weightingNoteOf,
} from './compare';

type TrackerRow = typeof trackers.$inferSelect;

const trackerNotFound = () => new HttpError(404, 'We could not find that tracker.', 'TRACKER_NOT_FOUND');
const organizationNotFound = () =>
  new HttpError(404, 'That organization does not exist.', 'ORGANIZATION_NOT_FOUND');
const forbidden = () =>
  new HttpError(403, "You don't have permission to do that with trackers.", 'FORBIDDEN');
const surveyNotFound = () => new HttpError(404, 'We could not find that survey.', 'SURVEY_NOT_FOUND');

/** Viewing trackers needs what viewing surveys needs; changing them what starting a survey needs. */
export type TrackerAccess = 'view' | 'manage';
const permissionFor: Record<TrackerAccess, OrganizationPermission & PlatformPermission> = {
  view: 'surveys~view',
  manage: 'surveys~create',
};

/**
 * Trackers (decision 032): an organisation's named series of surveys, one per wave, and the
 * comparison of one question across the waves.
 */
export function createTrackersService(deps: { db: Db; foldLongTail: boolean }) {
  const { db } = deps;

  /**
   * The caller's access to an organisation's trackers, as for its projects: 403 without the
   * permission (404 for staff naming an organisation that does not exist).
   */
  async function authorizeOrganization(
    viewer: Viewer,
    organizationId: string,
    access: TrackerAccess,
    tx: Db = db,
  ) {
    const permission = permissionFor[access];
    const membership = viewer.memberships.find((m) => m.organizationId === organizationId);
    if (membership?.permissions.includes(permission)) return;
    if (viewer.platformPermissions.includes(permission)) {
      if (!(await findOrganization(tx, organizationId))) throw organizationNotFound();
      return;
    }
    throw forbidden();
  }

  /**
   * The tracker when the caller may have it: someone who is neither in its organisation nor platform
   * staff is told it does not exist (its id gives nothing away), others get 403 without the permission.
   */
  async function authorizeTracker(viewer: Viewer, trackerId: string, access: TrackerAccess, tx: Db = db) {
    const [row] = await tx.select().from(trackers).where(eq(trackers.id, trackerId)).limit(1);
    if (!row) throw trackerNotFound();
    const member = viewer.memberships.some((m) => m.organizationId === row.organizationId);
    if (!member && !viewer.platformPermissions.includes('surveys~view')) throw trackerNotFound();
    await authorizeOrganization(viewer, row.organizationId, access, tx);
    return row;
  }

  async function list(viewer: Viewer, organizationId: string): Promise<TrackerSummary[]> {
    await authorizeOrganization(viewer, organizationId, 'view');
    const rows = await db
      .select({
        id: trackers.id,
        organizationId: trackers.organizationId,
        name: trackers.name,
        description: trackers.description,
        createdAt: trackers.createdAt,
        waveCount: sql<number>`(select count(*)::int from tracker_waves w where w.tracker_id = "trackers"."id")`,
        latestWaveLabel: sql<
          string | null
        >`(select w.label from tracker_waves w where w.tracker_id = "trackers"."id" order by w.position desc limit 1)`,
      })
      .from(trackers)
      .where(eq(trackers.organizationId, organizationId))
      .orderBy(asc(trackers.name), asc(trackers.createdAt));
    return rows.map((row) => ({
      ...row,
      waveCount: Number(row.waveCount),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The waves in order, with what the caller may see of each survey's results. */
  async function loadWaves(viewer: Viewer, trackerId: string, tx: Db = db): Promise<TrackerWave[]> {
    const rows = await tx
      .select({
        surveyId: trackerWaves.surveyId,
        label: trackerWaves.label,
        position: trackerWaves.position,
        addedAt: trackerWaves.createdAt,
        survey: surveys,
        released: sql<boolean>`(${surveys.status} = 'results_ready' or (${surveys.status} = 'archived' and exists (
          select 1 from ${surveyStatusHistory} h where h.survey_id = ${surveys.id} and h.action = 'release_results')))`,
      })
      .from(trackerWaves)
      .innerJoin(surveys, eq(surveys.id, trackerWaves.surveyId))
      .where(eq(trackerWaves.trackerId, trackerId))
      .orderBy(asc(trackerWaves.position), asc(trackerWaves.createdAt));
    const roles = rows.length
      ? await tx
          .select({ surveyId: surveyUsers.surveyId, roleName: surveyUsers.roleName })
          .from(surveyUsers)
          .where(
            and(
              eq(surveyUsers.userId, viewer.user.id),
              inArray(
                surveyUsers.surveyId,
                rows.map((r) => r.surveyId),
              ),
            ),
          )
      : [];
    return rows.map((row, index) => ({
      surveyId: row.surveyId,
      label: row.label,
      position: index,
      surveyName: row.survey.name,
      surveyStatus: row.survey.status as SurveyStatus,
      resultsReleased: Boolean(row.released),
      canViewResults: can(
        viewer,
        {
          ...row.survey,
          viewerSurveyRole: roles.find((r) => r.surveyId === row.surveyId)?.roleName ?? null,
        },
        'surveys~view_results',
      ),
      addedAt: row.addedAt.toISOString(),
    }));
  }

  async function toTracker(viewer: Viewer, row: TrackerRow, tx: Db = db): Promise<Tracker> {
    const waves = await loadWaves(viewer, row.id, tx);
    const questionLists = await Promise.all(waves.map((wave) => listAnswerableQuestions(tx, wave.surveyId)));
    const first = questionLists[0] ?? [];
    return {
      id: row.id,
      organizationId: row.organizationId,
      name: row.name,
      description: row.description,
      waveCount: waves.length,
      latestWaveLabel: waves.at(-1)?.label ?? null,
      createdAt: row.createdAt.toISOString(),
      waves,
      questions: first.filter(isComparable).map((question) => ({
        id: question.id,
        // A piped answer reads '[answer to Q2]', as on the results page.
        title: pipingInWords(question.title, first),
        type: question.type,
        matchedWaves: questionLists.filter((list) => matchQuestion(question, list) !== null).length,
      })),
    };
  }

  async function get(viewer: Viewer, trackerId: string) {
    return toTracker(viewer, await authorizeTracker(viewer, trackerId, 'view'));
  }

  async function create(
    viewer: Viewer,
    organizationId: string,
    input: { name: string; description?: string | null },
  ) {
    await authorizeOrganization(viewer, organizationId, 'manage');
    const [row] = await db
      .insert(trackers)
      .values({
        organizationId,
        name: input.name,
        description: input.description || null,
        createdBy: viewer.user.id,
      })
      .returning();
    return toTracker(viewer, row!);
  }

  async function update(
    viewer: Viewer,
    trackerId: string,
    input: { name: string; description?: string | null },
  ) {
    await authorizeTracker(viewer, trackerId, 'manage');
    const [row] = await db
      .update(trackers)
      .set({
        name: input.name,
        ...(input.description !== undefined ? { description: input.description || null } : {}),
      })
      .where(eq(trackers.id, trackerId))
      .returning();
    return toTracker(viewer, row!);
  }

  /** Deletes the tracker and its waves; the surveys themselves stay. */
  async function remove(viewer: Viewer, trackerId: string) {
    await authorizeTracker(viewer, trackerId, 'manage');
    await db.delete(trackers).where(eq(trackers.id, trackerId));
  }

  async function addWave(viewer: Viewer, trackerId: string, input: { surveyId: string; label: string }) {
    return db.transaction(async (tx) => {
      // Waves are added one at a time per tracker: the lock keeps positions and the limit exact.
      await tx.execute(sql`select id from ${trackers} where id = ${trackerId} for update`);
      const tracker = await authorizeTracker(viewer, trackerId, 'manage', tx);
      const [survey] = await tx.select().from(surveys).where(eq(surveys.id, input.surveyId)).limit(1);
      // Another organisation's survey, or one the caller may not see, is answered as missing.
      if (!survey || survey.organizationId !== tracker.organizationId || !can(viewer, survey, 'surveys~view'))
        throw surveyNotFound();
      const waves = await tx
        .select({
          trackerId: trackerWaves.trackerId,
          label: trackerWaves.label,
          position: trackerWaves.position,
        })
        .from(trackerWaves)
        .where(eq(trackerWaves.trackerId, trackerId));
      const [elsewhere] = await tx
        .select({ trackerId: trackerWaves.trackerId, name: trackers.name })
        .from(trackerWaves)
        .innerJoin(trackers, eq(trackers.id, trackerWaves.trackerId))
        .where(eq(trackerWaves.surveyId, survey.id))
        .limit(1);
      if (elsewhere) {
        throw new HttpError(
          409,
          elsewhere.trackerId === trackerId
            ? 'This survey is already a wave of this tracker.'
            : `This survey is already a wave of the tracker “${elsewhere.name}”. A survey can belong to one tracker only.`,
          'ALREADY_A_WAVE',
          { fields: { surveyId: ['This survey is already a wave of a tracker.'] } },
        );
      }
      if (waves.length >= TRACKER_MAX_WAVES) {
        throw new HttpError(409, `A tracker has at most ${TRACKER_MAX_WAVES} waves.`, 'TOO_MANY_WAVES');
      }
      assertLabelFree(waves, input.label);
      await tx.insert(trackerWaves).values({
        trackerId,
        surveyId: survey.id,
        label: input.label,
        position: waves.reduce((max, w) => Math.max(max, w.position + 1), 0),
      });
      return toTracker(viewer, tracker, tx);
    });
  }

  function assertLabelFree(waves: { label: string }[], label: string) {
    const wanted = label.trim().toLowerCase();
    if (waves.some((w) => w.label.trim().toLowerCase() === wanted)) {
      throw new HttpError(
        400,
        'Another wave already has this label. Choose a different one.',
        'LABEL_TAKEN',
        {
          fields: { label: ['Another wave already has this label.'] },
        },
      );
    }
  }

  async function relabelWave(viewer: Viewer, trackerId: string, surveyId: string, label: string) {
    return db.transaction(async (tx) => {
      const tracker = await authorizeTracker(viewer, trackerId, 'manage', tx);
      const waves = await tx
        .select({ surveyId: trackerWaves.surveyId, label: trackerWaves.label })
        .from(trackerWaves)
        .where(eq(trackerWaves.trackerId, trackerId));
      if (!waves.some((w) => w.surveyId === surveyId)) throw waveNotFound();
      assertLabelFree(
        waves.filter((w) => w.surveyId !== surveyId),
        label,
      );
      await tx
        .update(trackerWaves)
        .set({ label })
        .where(and(eq(trackerWaves.trackerId, trackerId), eq(trackerWaves.surveyId, surveyId)));
      return toTracker(viewer, tracker, tx);
    });
  }

  const waveNotFound = () =>
    new HttpError(404, 'That survey is not a wave of this tracker.', 'WAVE_NOT_FOUND');

  async function reorderWaves(viewer: Viewer, trackerId: string, surveyIds: string[]) {
    return db.transaction(async (tx) => {
      const tracker = await authorizeTracker(viewer, trackerId, 'manage', tx);
      const current = await tx
        .select({ surveyId: trackerWaves.surveyId })
        .from(trackerWaves)
        .where(eq(trackerWaves.trackerId, trackerId));
      const known = new Set(current.map((w) => w.surveyId));
      if (
        new Set(surveyIds).size !== surveyIds.length ||
        surveyIds.length !== known.size ||
        !surveyIds.every((id) => known.has(id))
      ) {
        throw new HttpError(
          400,
          'List every wave of this tracker exactly once, in the new order.',
          'WAVES_MISMATCH',
          { fields: { surveyIds: ['List every wave exactly once.'] } },
        );
      }
      for (const [position, surveyId] of surveyIds.entries()) {
        await tx
          .update(trackerWaves)
          .set({ position })
          .where(and(eq(trackerWaves.trackerId, trackerId), eq(trackerWaves.surveyId, surveyId)));
      }
      return toTracker(viewer, tracker, tx);
    });
  }

  /** Takes a survey out of the tracker (the survey stays); the other waves keep their order. */
  async function removeWave(viewer: Viewer, trackerId: string, surveyId: string) {
    return db.transaction(async (tx) => {
      const tracker = await authorizeTracker(viewer, trackerId, 'manage', tx);
      const deleted = await tx
        .delete(trackerWaves)
        .where(and(eq(trackerWaves.trackerId, trackerId), eq(trackerWaves.surveyId, surveyId)))
        .returning({ surveyId: trackerWaves.surveyId });
      if (deleted.length === 0) throw waveNotFound();
      return toTracker(viewer, tracker, tx);
    });
  }

  /**
   * One question of the first wave across every wave. A wave has figures only when its results are
   * released and the caller may view them, it asks the same question (compare.ts), and enough people
   * answered (the summary's disclosure control: no group under 5).
   */
  async function compare(
    viewer: Viewer,
    trackerId: string,
    questionId: string,
    /** Weighted or not; left out, each wave follows its results page (weighted for an audience survey). */
    weighted?: boolean,
  ): Promise<TrackerComparison> {
    const tracker = await authorizeTracker(viewer, trackerId, 'view');
    const waves = await loadWaves(viewer, tracker.id);
    if (waves.length === 0) {
      throw new HttpError(409, 'Add a survey as the first wave before comparing.', 'NO_WAVES');
    }
    const firstQuestions = await listAnswerableQuestions(db, waves[0]!.surveyId);
    const question = firstQuestions.find((q) => q.id === questionId);
    if (!question) {
      throw new HttpError(400, 'Choose a question of the first wave.', 'QUESTION_NOT_FOUND', {
        fields: { question: ['Choose a question of the first wave.'] },
      });
    }
    if (!isComparable(question)) {
      throw new HttpError(
        400,
        'Only single choice, multiple choice, dropdown, yes/no, rating and NPS questions can be compared across waves.',
        'QUESTION_NOT_COMPARABLE',
        { fields: { question: ['This type of question cannot be compared.'] } },
      );
    }

    const inputs: WaveInput[] = [];
    for (const wave of waves) {
      const base = {
        surveyId: wave.surveyId,
        label: wave.label,
        questionId: null,
        questionTitle: null,
        base: null,
        entries: [],
      };
      if (!wave.canViewResults) {
        inputs.push({
          ...base,
          state: 'no_access',
          note: 'You do not have access to the results of this wave.',
        });
        continue;
      }
      if (!wave.resultsReleased) {
        inputs.push({ ...base, state: 'not_released', note: 'Results of this wave are not released yet.' });
        continue;
      }
      const match = matchQuestion(question, await listAnswerableQuestions(db, wave.surveyId));
      if (!match) {
        inputs.push({ ...base, state: 'not_asked', note: 'This wave does not ask the same question.' });
        continue;
      }
      inputs.push(await waveFigures(wave, match, weighted));
    }

    const { options, waves: compared } = compareWaves(question, inputs);
    return {
      trackerId: tracker.id,
      question: {
        id: question.id,
        title: pipingInWords(question.title, firstQuestions),
        type: question.type,
      },
      options,
      waves: compared,
      matchRule: trackerMatchRule,
      tests: {
        option: trackerOptionTestName,
        distribution: question.type === 'multiple_choice' ? null : trackerDistributionTestName,
        alpha: TRACKER_ALPHA,
        minBase: TRACKER_MIN_TEST_BASE,
      },
      disclosureRule,
      weighting: weightingNoteOf(inputs),
    };
  }

  /** A wave's figures for the matched question, from the results summary (aggregates, excluded responses left out). */
  async function waveFigures(wave: TrackerWave, match: Question, weighted?: boolean): Promise<WaveInput> {
    const [row] = await db.select().from(surveys).where(eq(surveys.id, wave.surveyId)).limit(1);
    // The results page's weighting (issue 26): weighted by default for an audience survey, to the
    // wave's own targets, with the same weights its results page uses.
    const weights =
      (weighted ?? row!.audience !== null) && row!.audience !== null
        ? await cellWeights(
            db,
            { id: row!.id, audience: row!.audience, weightingTargets: row!.weightingTargets },
            undefined,
          )
        : null;
    const summary = await summarize(
      db,
      { id: wave.surveyId, status: row!.status, sampleSize: row!.audience?.sampleSize ?? null },
      [match],
      {},
      undefined,
      deps.foldLongTail,
      weights,
    );
    const result = summary.questions[0];
    const common = {
      surveyId: wave.surveyId,
      label: wave.label,
      questionId: match.id,
      questionTitle: match.title,
    };
    if (!result || summary.suppressed || result.suppressed || result.answered === null) {
      return {
        ...common,
        state: 'suppressed',
        note: result?.suppressedReason ?? summary.suppressedReason ?? suppressionReason,
        base: null,
        entries: [],
      };
    }
    if (result.answered === 0) {
      return {
        ...common,
        state: 'suppressed',
        note: 'Nobody answered this question in this wave.',
        base: null,
        entries: [],
      };
    }
    const cells = match.type === 'rating' || match.type === 'nps' ? result.distribution : result.options;
    const entries: WaveEntry[] = cells.map((c) => ({
      label: c.label,
      count: c.count,
      percent: c.percent,
      marginOfError: c.marginOfError,
    }));
    return {
      ...common,
      state: 'compared',
      note: null,
      base: result.answered,
      entries,
      weighted: weights !== null,
      effectiveBase: weights !== null ? (result.effectiveBase ?? null) : null,
    };
  }

  return {
    list,
    get,
    create,
    update,
    remove,
    addWave,
    relabelWave,
    reorderWaves,
    removeWave,
    compare,
  };
}

export type TrackersService = ReturnType<typeof createTrackersService>;
