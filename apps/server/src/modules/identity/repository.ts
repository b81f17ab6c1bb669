import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  passwordResetTokens,
  pendingRegistrations,
  refreshTokens,
  sessions,
  users,
} from '../../db/schema/identity';
import { invalidateSession, invalidateUser } from './viewer-cache';

export type UserRow = typeof users.$inferSelect;

export const findUserById = async (db: Db, id: string) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null;

export const findUserByEmail = async (db: Db, email: string) =>
  (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1))[0] ??
  null;

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  // Cached viewers carry the user row (names, platform role, accepted terms).
  invalidateUser(id);
  return row ?? null;
}

export async function deleteUser(db: Db, id: string) {
  await db.delete(users).where(eq(users.id, id));
  invalidateUser(id);
}

export async function findActiveSession(db: Db, sessionId: string, userId: string) {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSession(db: Db, userId: string, userAgent: string | null) {
  const [row] = await db.insert(sessions).values({ userId, userAgent }).returning({ id: sessions.id });
  return row!.id;
}

export async function revokeSession(db: Db, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  invalidateSession(sessionId);
}

export async function revokeUserSessions(db: Db, userId: string, reason: string, exceptSessionId?: string) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(...conditions));
  invalidateUser(userId);
}

export async function insertRefreshToken(db: Db, sessionId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const rows = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      userAgent: sessions.userAgent,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

/** Marks the token used unless another request did first; true when this request won. */
export async function claimRefreshToken(db: Db, id: string) {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export const touchSession = (db: Db, sessionId: string) =>
  db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));

export async function insertPasswordResetToken(db: Db, userId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

/** Uses a reset token if it is unused and unexpired; returns its user. */
export async function consumePasswordResetToken(db: Db, tokenHash: string) {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return rows[0]?.userId ?? null;
}

/** Marks every still-open reset link of the account used: using one link ends them all. */
export async function endPasswordResetTokens(db: Db, userId: string) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Stores a sign-up until its mailed link is used; expired ones go at the same time. */
export async function insertPendingRegistration(db: Db, values: typeof pendingRegistrations.$inferInsert) {
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, new Date()));
  await db.insert(pendingRegistrations).values(values);
}

/** Uses an unexpired sign-up link: it and every other link waiting for the same address end. */
export async function takePendingRegistration(db: Db, tokenHash: string) {
  const [found] = await db
    .delete(pendingRegistrations)
    .where(and(eq(pendingRegistrations.tokenHash, tokenHash), gt(pendingRegistrations.expiresAt, new Date())))
    .returning();
  if (!found) return null;
  await db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, found.email));
  return found;
}

/** Registered people (anonymous visitors left out), searched by name or email. */
export async function pageUsers(db: Db, search: string | undefined, page: number, pageSize: number) {
  const pattern = search ? `%${search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where = sql`(${users.firstName} is not null or ${users.lastName} is not null)${
    pattern
      ? sql` and (${users.email} ilike ${pattern} or ${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`
      : sql``
  }`;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, users.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function listUsersWithPlatformRoles(db: Db, roleNames: string[]) {
  if (roleNames.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.platformRoleName, roleNames));
}
