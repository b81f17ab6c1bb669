import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Audience, platformRolePermissions, regionOf, type ScreenerAnswers } from '@tv/contract';
import { type EmailTemplate, emailTemplates, renderTemplate } from '@tv/emails';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';
import { surveyResponses } from '../../db/schema/responses';
import { surveys } from '../../db/schema/surveys';
import { findUserById, listUsersWithPlatformRoles } from '../identity/service';
import { completeOnSampleReached } from '../surveys/service';

// ---- start token ------------------------------------------------------------------------------

/** Longest a respondent may take and still have a measured time (a tab left open for days is unknown). */
const START_TOKEN_MAX_AGE_MS = 7 * 86_400_000;

const keyFor = (secret: Uint8Array, purpose: string) => createHmac('sha256', secret).update(purpose).digest();
const startKey = (secret: Uint8Array) => keyFor(secret, 'teenvoice/respondent-start-token/2');
const deviceKey = (secret: Uint8Array) => keyFor(secret, 'teenvoice/respondent-device/1');
const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');
const sameMac = (expected: string, given: string) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Signed when a survey opens: the survey, the time and a random nonce, nothing about the respondent.
 * The time taken is measured from it by the server's clock, never from a time the browser sends; the
 * nonce makes it single-use: it is stored with the one response it starts, and a second response
 * with the same token is refused.
 */
export function signStartToken(
  secret: Uint8Array,
  surveyId: string,
  issuedAt = Date.now(),
  nonce = randomBytes(16).toString('base64url'),
) {
  return `${issuedAt}.${nonce}.${mac(startKey(secret), `${surveyId}.${issuedAt}.${nonce}`)}`;
}

/** A valid token's issue time and nonce, or null (missing, forged, other survey, too old, old format). */
export function verifyStartToken(
  secret: Uint8Array,
  surveyId: string,
  token: string | undefined,
  now = Date.now(),
): { issuedAt: number; nonce: string } | null {
  if (!token) return null;
  const match = /^(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const nonce = match[2]!;
  if (!sameMac(mac(startKey(secret), `${surveyId}.${issuedAt}.${nonce}`), match[3]!)) return null;
  if (issuedAt > now + 5_000 || now - issuedAt > START_TOKEN_MAX_AGE_MS) return null;
  return { issuedAt, nonce };
}

// ---- device -----------------------------------------------------------------------------------

/**
 * A device identity the server issues (random, signed, about no one): the page keeps the first it gets
 * and sends it with answers, so a device answers a survey once unless the survey allows repeats. One
 * the server did not sign counts as no device at all: a script cannot make up a new device per answer.
 */
export function issueDeviceToken(secret: Uint8Array) {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${mac(deviceKey(secret), id)}`;
}

/** Whether the server issued this device token. */
export function isIssuedDeviceToken(secret: Uint8Array, token: string | undefined): token is string {
  if (!token) return false;
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return Boolean(match && sameMac(mac(deviceKey(secret), match[1]!), match[2]!));
}

/** The device token is stored only as this hash, and only on completed responses. */
export const deviceHashOf = (token: string) => createHash('sha256').update(`device:${token}`).digest('hex');

export async function deviceAlreadyAnswered(db: Db, surveyId: string, deviceHash: string) {
  const [row] = await db
    .select({ id: surveyResponses.id })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.deviceHash, deviceHash)))
    .limit(1);
  return Boolean(row);
}

// ---- quotas -----------------------------------------------------------------------------------

type Quota = Audience['quotas'][number];

/** The respondent's group for a quota's dimension: an age ('15'), a gender or a region. */
export function groupOf(
  attribute: Quota['attribute'],
  screener: Pick<ScreenerAnswers, 'age' | 'gender' | 'state'>,
) {
  if (attribute === 'gender') return screener.gender;
  if (attribute === 'region') return regionOf(screener.state) ?? 'unknown';
  return String(screener.age);
}

/** A quota's maximum number of completed responses: its share of the sample, rounded up. */
export const quotaLimit = (sampleSize: number, quota: Quota) => Math.ceil((sampleSize * quota.percent) / 100);

const groupColumn = (attribute: Quota['attribute']) =>
  attribute === 'gender'
    ? sql`${surveyResponses.gender}`
    : attribute === 'region'
      ? sql`${surveyResponses.region}`
      : sql`${surveyResponses.age}::text`;

/** Completed responses per quota, in the order of the audience's quotas. */
export async function quotaCounts(db: Db, surveyId: string, audience: Audience) {
  const counts: number[] = [];
  for (const quota of audience.quotas) {
    const [row] = await db
      .select({ total: count() })
      .from(surveyResponses)
      .where(
        and(
          eq(surveyResponses.surveyId, surveyId),
          eq(surveyResponses.status, 'completed'),
          // A response held for review (or excluded by staff) takes no place in a quota.
          eq(surveyResponses.excluded, false),
          sql`${groupColumn(quota.attribute)} = ${quota.value}`,
        ),
      );
    counts.push(row?.total ?? 0);
  }
  return counts;
}

/**
 * Whether a group this respondent belongs to has reached its share of the sample (`own` is 1 when
 * the respondent's own completed response is already stored and counted).
 */
export async function quotaFull(
  db: Db,
  surveyId: string,
  audience: Audience,
  screener: ScreenerAnswers,
  own = 0,
) {
  const matching = audience.quotas.filter((q) => groupOf(q.attribute, screener) === q.value);
  if (matching.length === 0) return false;
  const counts = await quotaCounts(db, surveyId, { ...audience, quotas: matching });
  return matching.some((quota, i) => (counts[i] ?? 0) - own >= quotaLimit(audience.sampleSize, quota));
}

// ---- sample slots -----------------------------------------------------------------------------

/**
 * Takes up to `wanted` places in the sample under the survey row's lock: every completed response,
 * real or simulated, goes through here, so the sample is never exceeded. Returns how many were
 * granted and the new count; nothing is granted unless the survey is live. (`FOR NO KEY UPDATE`, so
 * the foreign-key locks of concurrent response inserts do not deadlock with it.)
 */
export async function takeSlots(tx: Db, surveyId: string, wanted: number) {
  const [row] = await tx
    .select({ status: surveys.status, completedCount: surveys.completedCount, audience: surveys.audience })
    .from(surveys)
    .where(eq(surveys.id, surveyId))
    .for('no key update');
  if (row?.status !== 'live') return { granted: 0, completedCount: row?.completedCount ?? 0, reached: false };
  const sampleSize = row.audience?.sampleSize ?? null;
  const room = sampleSize === null ? wanted : Math.max(0, sampleSize - row.completedCount);
  const granted = Math.min(wanted, room);
  const completedCount = row.completedCount + granted;
  if (granted > 0) {
    await tx.update(surveys).set({ completedCount }).where(eq(surveys.id, surveyId));
  }
  return { granted, completedCount, reached: sampleSize !== null && completedCount >= sampleSize };
}

// ---- speeders ---------------------------------------------------------------------------------

/** A response is a speeder when it took under a third of the survey's median time. */
export const SPEEDER_SHARE_OF_MEDIAN = 1 / 3;
/** Below this many timed responses the median says little; a fixed floor is used instead. */
export const MEDIAN_MIN_RESPONSES = 10;

/** The median time of a survey's completed, timed responses (null when too few to judge by). */
export async function medianSeconds(db: Db, surveyId: string) {
  return (await medianStats(db, surveyId)).median;
}

/** The median and how many responses are timed. */
export async function medianStats(
  db: Db,
  surveyId: string,
): Promise<{ median: number | null; timed: number }> {
  const [row] = await db
    .select({
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${surveyResponses.durationSeconds})`,
      timed: count(),
    })
    .from(surveyResponses)
    .where(
      and(
        eq(surveyResponses.surveyId, surveyId),
        eq(surveyResponses.status, 'completed'),
        // Held and excluded responses are left out, so a flood cannot drag the median down.
        eq(surveyResponses.excluded, false),
        isNotNull(surveyResponses.durationSeconds),
      ),
    );
  const timed = row?.timed ?? 0;
  if (!row || timed < MEDIAN_MIN_RESPONSES || row.median === null) return { median: null, timed };
  return { median: Number(row.median), timed };
}

/** Whether a duration is a speeder's: against the median when known, else a floor per question. */
export function isSpeeder(durationSeconds: number | null, median: number | null, questionCount: number) {
  if (durationSeconds === null) return false;
  if (median !== null) return durationSeconds < median * SPEEDER_SHARE_OF_MEDIAN;
  return durationSeconds < Math.max(10, questionCount * 2);
}

/** Judges every completed response of a survey against its median again (when fieldwork completes). */
export async function rejudgeSpeeders(tx: Db, surveyId: string) {
  const median = await medianSeconds(tx, surveyId);
  if (median === null) return;
  const threshold = median * SPEEDER_SHARE_OF_MEDIAN;
  await tx
    .update(surveyResponses)
    .set({
      qualityFlags: sql`case when ${surveyResponses.durationSeconds} is not null and ${surveyResponses.durationSeconds} < ${threshold}::double precision
        then array_append(array_remove(${surveyResponses.qualityFlags}, 'speeder'), 'speeder')
        else array_remove(${surveyResponses.qualityFlags}, 'speeder') end`,
    })
    .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.status, 'completed')));
}

// ---- completion -------------------------------------------------------------------------------

/** Renders and stores a message in the outbox inside the caller's transaction (the sweep delivers it). */
async function enqueueMail<Props>(tx: Db, template: EmailTemplate<Props>, to: string, props: Props) {
  const rendered = await renderTemplate(template, props);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      template: template.name,
      toEmail: to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      props: props as object,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** The platform roles that moderate surveys: they hear when fieldwork needs a look. */
export const staffRoles = () =>
  Object.entries(platformRolePermissions)
    .filter(([, permissions]) => (permissions as readonly string[]).includes('surveys~moderate'))
    .map(([role]) => role);

/**
 * The sample is reached: the survey completes at once (status, history), speeders are judged against
 * the median, the author is told, and platform moderators and admins are told a review is due.
 * Returns the outbox ids to dispatch.
 */
export async function completeFieldwork(
  tx: Db,
  survey: { id: string; name: string; ownerId: string | null },
  completed: number,
  publicUrl: string,
): Promise<string[]> {
  await completeOnSampleReached(tx, survey.id, completed);
  await rejudgeSpeeders(tx, survey.id);
  const summaryUrl = `${publicUrl}/research/builder/survey/summary/${survey.id}`;
  const ids: string[] = [];
  const owner = survey.ownerId ? await findUserById(tx, survey.ownerId) : null;
  if (owner?.email) {
    ids.push(
      await enqueueMail(tx, emailTemplates.surveyComplete, owner.email, {
        firstName: owner.firstName ?? null,
        surveyName: survey.name,
        surveyUrl: summaryUrl,
        responses: completed,
      }),
    );
  }
  const [flaggedRow] = await tx
    .select({ total: count() })
    .from(surveyResponses)
    .where(
      and(
        eq(surveyResponses.surveyId, survey.id),
        eq(surveyResponses.status, 'completed'),
        sql`cardinality(${surveyResponses.qualityFlags}) > 0`,
      ),
    );
  for (const staff of await listUsersWithPlatformRoles(tx, staffRoles())) {
    if (!staff.email) continue;
    ids.push(
      await enqueueMail(tx, emailTemplates.fieldworkCompleteReviewDue, staff.email, {
        firstName: staff.firstName,
        surveyName: survey.name,
        responses: completed,
        flagged: flaggedRow?.total ?? 0,
        reviewUrl: `${summaryUrl}#review`,
      }),
    );
  }
  return ids;
}
