import { ORGANIZATION_ADMIN } from '@tv/contract';
import { findUserByEmail, hashPassword, insertUser } from '../../modules/identity/service';
import { insertMembership } from '../../modules/organizations/service';
import type { Db } from '../client';
import { organizations } from '../schema/organizations';

export const DEMO_PASSWORD = 'teenvoice-demo';

export const demoOrganizations = {
  northside: { id: '0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a01', name: 'Northside Youth Trust' },
  brightpath: { id: '0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a02', name: 'BrightPath Learning' },
} as const;

interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  platformRoleName?: string;
  organization?: { id: string; roleName: string };
}

/** The demo logins the README lists; all share DEMO_PASSWORD. */
export const demoAccounts = {
  superAdmin: {
    email: 'super@teenvoice.test',
    firstName: 'Sofia',
    lastName: 'Reyes',
    platformRoleName: 'Super Admin',
  },
  platformAdmin: {
    email: 'admin@teenvoice.test',
    firstName: 'Marcus',
    lastName: 'Bell',
    platformRoleName: 'Platform Admin',
  },
  moderator: {
    email: 'moderator@teenvoice.test',
    firstName: 'Hana',
    lastName: 'Okafor',
    platformRoleName: 'Platform Survey Moderator',
  },
  northsideAdmin: {
    email: 'priya@northside.test',
    firstName: 'Priya',
    lastName: 'Shah',
    organization: { id: demoOrganizations.northside.id, roleName: ORGANIZATION_ADMIN },
  },
  northsideMember: {
    email: 'jordan@northside.test',
    firstName: 'Jordan',
    lastName: 'Lee',
    organization: { id: demoOrganizations.northside.id, roleName: 'Researcher' },
  },
  brightpathAdmin: {
    email: 'sam@brightpath.test',
    firstName: 'Sam',
    lastName: 'Carter',
    organization: { id: demoOrganizations.brightpath.id, roleName: ORGANIZATION_ADMIN },
  },
  brightpathMember: {
    email: 'alex@brightpath.test',
    firstName: 'Alex',
    lastName: 'Morgan',
    organization: { id: demoOrganizations.brightpath.id, roleName: 'Researcher' },
  },
} satisfies Record<string, DemoAccount>;

export async function seedDemoAccounts(db: Db, termsVersion: string) {
  await db.insert(organizations).values(Object.values(demoOrganizations)).onConflictDoNothing();
  let passwordHash: string | null = null;
  for (const account of Object.values(demoAccounts) as DemoAccount[]) {
    if (await findUserByEmail(db, account.email)) continue;
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    const user = await insertUser(db, {
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      passwordHash,
      acceptMarketing: false,
      platformRoleName: account.platformRoleName ?? null,
      termsVersionAccepted: termsVersion,
      termsAcceptedAt: new Date(),
      passwordChangedAt: new Date(),
    });
    if (account.organization) {
      await insertMembership(db, account.organization.id, user.id, account.organization.roleName);
    }
  }
}
