import type { FastifyInstance } from 'fastify';
import { demoAccounts } from '../db/seed/demo-accounts';
import { type CookieJar, cookieJar, signIn, softRegister } from './session';

/** The callers every authorisation matrix tries, from no session to Super Admin. */
export const actors = [
  'signedOut',
  'anonymous',
  'member',
  'orgAdmin',
  'otherOrgMember',
  'moderator',
  'platformAdmin',
  'superAdmin',
] as const;
export type Actor = (typeof actors)[number];
export type Outcome = 'ok' | 401 | 403 | 404;
export type Expectation = Record<Actor, Outcome>;

/** A cookie jar per actor: a soft-registered visitor, and the demo accounts (Northside and BrightPath). */
export async function signInActors(app: FastifyInstance): Promise<Record<Actor, CookieJar>> {
  return {
    signedOut: cookieJar(),
    anonymous: await softRegister(app),
    member: await signIn(app, demoAccounts.northsideMember.email),
    orgAdmin: await signIn(app, demoAccounts.northsideAdmin.email),
    otherOrgMember: await signIn(app, demoAccounts.brightpathMember.email),
    moderator: await signIn(app, demoAccounts.moderator.email),
    platformAdmin: await signIn(app, demoAccounts.platformAdmin.email),
    superAdmin: await signIn(app, demoAccounts.superAdmin.email),
  };
}
