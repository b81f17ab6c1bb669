import { createHash, randomBytes } from 'node:crypto';
import type { CreateShareLinkInput, ShareLink, ShareLinkStatus } from '@tv/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { resultShareLinks, surveys } from '../../db/schema/surveys';
import { HttpError } from '../../plugins/errors';

const links = resultShareLinks;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Links a survey may have working at once; more is a sign of a leak, not of need. */
export const MAX_ACTIVE_LINKS = 50;
/** Only released results are shared (the survey's status). */
export const SHAREABLE_STATUS = 'results_ready';

/** 32 random bytes, base64url: 43 characters, 256 bits. Only its sha256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** A token as we issue them; anything else is not looked up at all. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function statusOf(
  row: { revokedAt: Date | null; expiresAt: Date },
  now = new Date(),
): ShareLinkStatus {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

type LinkRow = typeof links.$inferSelect & {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

function present(row: LinkRow, now = new Date()): ShareLink {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    label: row.label,
    createdByName: name || row.email || null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    viewCount: row.viewCount,
    status: statusOf(row, now),
  };
}

const selection = {
  link: links,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

async function findLinks(db: Db, where: ReturnType<typeof eq>) {
  const rows = await db
    .select(selection)
    .from(links)
    .leftJoin(users, eq(users.id, links.createdBy))
    .where(where)
    .orderBy(desc(links.createdAt), desc(links.id));
  return rows.map((row) => ({
    ...row.link,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
  }));
}

/** A survey's share links, newest first, with who made them; never a token. */
export async function listShareLinks(db: Db, surveyId: string): Promise<ShareLink[]> {
  const now = new Date();
  return (await findLinks(db, eq(links.surveyId, surveyId))).map((row) => present(row, now));
}

/** A new link for released results of an organisation's survey; the token is returned once. */
export async function createShareLink(
  db: Db,
  survey: { id: string; status: string; organizationId: string | null; audience: unknown },
  userId: string,
  input: CreateShareLinkInput,
): Promise<ShareLink & { token: string }> {
  if (survey.status !== SHAREABLE_STATUS) {
    throw new HttpError(
      409,
      'Results can be shared once they are released. This survey’s results are not ready yet.',
      'RESULTS_NOT_RELEASED',
    );
  }
  if (!survey.organizationId) {
    throw new HttpError(
      409,
      'Only an organization’s surveys can be shared. Move this survey to your organization first.',
      'NOT_SHAREABLE',
    );
  }
  const now = new Date();
  const [active] = await db
    .select({ n: count() })
    .from(links)
    .where(and(eq(links.surveyId, survey.id), isNull(links.revokedAt), gt(links.expiresAt, now)));
  if ((active?.n ?? 0) >= MAX_ACTIVE_LINKS) {
    throw new HttpError(
      409,
      `This survey already has ${MAX_ACTIVE_LINKS} working share links. Turn off the ones nobody needs, then try again.`,
      'TOO_MANY_LINKS',
    );
  }
  const token = newToken();
  const label = input.label?.trim() ? input.label.trim() : null;
  const [inserted] = await db
    .insert(links)
    .values({
      surveyId: survey.id,
      organizationId: survey.organizationId,
      tokenHash: hashToken(token),
      label,
      // The shared report shows the summary's percentages, weighted as the summary weights them.
      weighted: survey.audience !== null,
      createdBy: userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
    })
    .returning({ id: links.id });
  const [row] = await findLinks(db, eq(links.id, inserted!.id));
  return { ...present(row!, now), token };
}

/** Turns a link off for good; revoking a revoked link changes nothing. 404 for a link of another survey. */
export async function revokeShareLink(db: Db, surveyId: string, linkId: string): Promise<ShareLink> {
  await db
    .update(links)
    .set({ revokedAt: new Date() })
    .where(and(eq(links.id, linkId), eq(links.surveyId, surveyId), isNull(links.revokedAt)));
  const [row] = await findLinks(db, and(eq(links.id, linkId), eq(links.surveyId, surveyId))!);
  if (!row) throw new HttpError(404, 'That share link does not exist.', 'SHARE_LINK_NOT_FOUND');
  return present(row);
}

/**
 * The survey behind a working token, counting the view; null for a token that is unknown, expired,
 * revoked, or whose survey's results are no longer released (one answer for all, so none can be told apart).
 */
export async function openSharedLink(db: Db, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const now = new Date();
  const [found] = await db
    .select({ link: links, survey: surveys })
    .from(links)
    .innerJoin(surveys, eq(surveys.id, links.surveyId))
    .where(eq(links.tokenHash, hashToken(token)))
    .limit(1);
  if (!found || statusOf(found.link, now) !== 'active') return null;
  if (found.survey.status !== SHAREABLE_STATUS || found.survey.organizationId !== found.link.organizationId)
    return null;
  await db
    .update(links)
    .set({ viewCount: sql`${links.viewCount} + 1`, lastViewedAt: now })
    .where(eq(links.id, found.link.id));
  return { link: found.link, survey: found.survey };
}
