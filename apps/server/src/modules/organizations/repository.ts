import { and, asc, count, eq, gt, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import {
  organizationBilling,
  organizationInvitations,
  organizationMembers,
  organizations,
} from '../../db/schema/organizations';
import { invalidateAllViewers, invalidateUser } from '../identity/service';

export interface MembershipRow {
  organizationId: string;
  name: string;
  roleName: string | null;
}

export async function listMembershipsOfUser(db: Db, userId: string): Promise<MembershipRow[]> {
  return db
    .select({
      organizationId: organizations.id,
      name: organizations.name,
      roleName: organizationMembers.roleName,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.createdAt), asc(organizations.name));
}

export const findOrganization = async (db: Db, id: string) =>
  (await db.select().from(organizations).where(eq(organizations.id, id)).limit(1))[0] ?? null;

export async function insertOrganization(db: Db, name: string) {
  const [row] = await db.insert(organizations).values({ name }).returning();
  return row!;
}

export async function renameOrganization(db: Db, id: string, name: string) {
  const [row] = await db
    .update(organizations)
    .set({ name, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  // Members' cached viewers carry the organisation's name.
  invalidateAllViewers();
  return row ?? null;
}

export async function deleteOrganization(db: Db, id: string) {
  await db.delete(organizations).where(eq(organizations.id, id));
  invalidateAllViewers();
}

export async function pageOrganizations(db: Db, search: string | undefined, page: number, pageSize: number) {
  const where = search ? ilike(organizations.name, `%${search.replace(/[%_\\]/g, '\\$&')}%`) : undefined;
  const memberCount = sql<number>`(select count(*)::int from ${organizationMembers} where ${organizationMembers.organizationId} = ${organizations.id})`;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        createdAt: organizations.createdAt,
        memberCount,
      })
      .from(organizations)
      .where(where)
      .orderBy(asc(organizations.name), asc(organizations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(organizations).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function listMembers(db: Db, organizationId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roleName: organizationMembers.roleName,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
}

export const findMembership = async (db: Db, organizationId: string, userId: string) =>
  (
    await db
      .select()
      .from(organizationMembers)
      .where(
        and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
      )
      .limit(1)
  )[0] ?? null;

export async function insertMembership(
  db: Db,
  organizationId: string,
  userId: string,
  roleName: string | null,
) {
  await db.insert(organizationMembers).values({ organizationId, userId, roleName }).onConflictDoNothing();
  invalidateUser(userId);
}

export async function updateMembershipRole(db: Db, organizationId: string, userId: string, roleName: string) {
  await db
    .update(organizationMembers)
    .set({ roleName })
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    );
  invalidateUser(userId);
}

export async function deleteMembership(db: Db, organizationId: string, userId: string) {
  await db
    .delete(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    );
  invalidateUser(userId);
}

export async function countRole(db: Db, organizationId: string, roleName: string) {
  const rows = await db
    .select({ total: count() })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.roleName, roleName)),
    );
  return rows[0]?.total ?? 0;
}

export async function listAdmins(db: Db, organizationId: string, roleName: string) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.roleName, roleName)),
    );
}

export async function listOpenInvitations(db: Db, organizationId: string) {
  return db
    .select()
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
        gt(organizationInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(organizationInvitations.createdAt));
}

export async function insertInvitation(db: Db, values: typeof organizationInvitations.$inferInsert) {
  const [row] = await db.insert(organizationInvitations).values(values).returning();
  return row!;
}

/** Earlier open invitations of the same address stop working when a new one is sent. */
export async function revokeOpenInvitationsFor(db: Db, organizationId: string, email: string) {
  await db
    .update(organizationInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        sql`lower(${organizationInvitations.email}) = ${email.toLowerCase()}`,
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
      ),
    );
}

export async function revokeInvitation(db: Db, organizationId: string, id: string) {
  const rows = await db
    .update(organizationInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(organizationInvitations.id, id),
        eq(organizationInvitations.organizationId, organizationId),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
      ),
    )
    .returning({ id: organizationInvitations.id });
  return rows.length === 1;
}

export async function findUsableInvitation(db: Db, tokenHash: string) {
  const rows = await db
    .select({
      id: organizationInvitations.id,
      organizationId: organizationInvitations.organizationId,
      organizationName: organizations.name,
      email: organizationInvitations.email,
      roleName: organizationInvitations.roleName,
      invitedBy: organizationInvitations.invitedBy,
    })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .where(
      and(
        eq(organizationInvitations.tokenHash, tokenHash),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
        gt(organizationInvitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function markInvitationAccepted(db: Db, id: string) {
  const rows = await db
    .update(organizationInvitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(organizationInvitations.id, id), isNull(organizationInvitations.acceptedAt)))
    .returning({ id: organizationInvitations.id });
  return rows.length === 1;
}

export const findBilling = async (db: Db, organizationId: string) =>
  (
    await db
      .select()
      .from(organizationBilling)
      .where(eq(organizationBilling.organizationId, organizationId))
      .limit(1)
  )[0] ?? null;

export async function upsertBilling(db: Db, values: typeof organizationBilling.$inferInsert) {
  await db
    .insert(organizationBilling)
    .values(values)
    .onConflictDoUpdate({
      target: organizationBilling.organizationId,
      set: { ...values, updatedAt: new Date() },
    });
}

export async function listMembershipsOfUsers(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: organizationMembers.userId,
      id: organizations.id,
      name: organizations.name,
      roleName: organizationMembers.roleName,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(inArray(organizationMembers.userId, userIds))
    .orderBy(asc(organizations.name));
}
