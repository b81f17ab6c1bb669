import { findUserByEmail, hashPassword, insertUser } from '../../modules/identity/service';
import type { Db } from '../client';

/**
 * The first Super Admin, from SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD: created once, when no account
 * has that address. An existing account is never changed, so the variables can stay set (or be removed)
 * after the first start, and a password changed in the app is never put back. The password is hashed
 * here and never logged. The account accepts the terms at its first sign-in, as everyone does.
 */
export async function ensureSuperAdmin(
  db: Db,
  superAdmin: { email: string; password: string } | undefined,
): Promise<void> {
  if (!superAdmin) return;
  const email = superAdmin.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) return;
  await insertUser(db, {
    email,
    firstName: 'Super',
    lastName: 'Admin',
    passwordHash: await hashPassword(superAdmin.password),
    acceptMarketing: false,
    platformRoleName: 'Super Admin',
    termsVersionAccepted: null,
    termsAcceptedAt: null,
    passwordChangedAt: new Date(),
  });
}
