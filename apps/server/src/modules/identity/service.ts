import { hash, verify } from '@node-rs/argon2';
import type { AdminUserInput, InvitationRegister, Register, UpdateProfile } from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AccountAttempts } from '../../lib/account-attempts';
import { deviceCookies } from '../../lib/device-cookie';
import { hashToken, REFRESH_TOKEN_DAYS, randomToken, signAccessToken } from '../../lib/tokens';
import { HttpError } from '../../plugins/errors';
import { currentTermsVersion } from '../content/service';
import type { MailService } from '../mail/service';
import * as repo from './repository';
import { isAnonymousUser, type Viewer } from './viewer';
import { cachedTermsVersion } from './viewer-cache';

// ── What other modules use of identity: they import this file, never the module's others ──

export type { UserRow } from './repository';
export {
  loadViewer,
  type OrganizationDirectory,
  provideOrganizationDirectory,
  type Viewer,
  type ViewerMembership,
} from './viewer';
/** Writes elsewhere that change what a cached viewer carries drop it (viewer-cache.ts). */
export { invalidateAllViewers, invalidateUser } from './viewer-cache';

/** A user by id (null when there is none); `db` may be the caller's transaction. */
export const findUserById = (db: Db, id: string) => repo.findUserById(db, id);

/** A user by email, compared without case (null when there is none). */
export const findUserByEmail = (db: Db, email: string) => repo.findUserByEmail(db, email);

/** Id, email and first name of the users holding one of these platform roles (whom staff mails go to). */
export const listUsersWithPlatformRoles = (db: Db, roleNames: string[]) =>
  repo.listUsersWithPlatformRoles(db, roleNames);

const argon2Options = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under verbatimModuleSyntax */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};
export const hashPassword = (password: string) => hash(password, argon2Options);
/**
 * A hash of nothing anyone knows, with the same cost as a real one: an unknown address (or an account
 * without a password) is checked against it, so a wrong sign-in takes as long whether or not the account
 * exists (issue 12: 17 ms against 2.5 ms told them apart).
 */
let dummyHash: Promise<string> | null = null;
const passwordMatches = async (storedHash: string | null, password: string) => {
  dummyHash ??= hashPassword(randomToken());
  try {
    const matches = await verify(storedHash ?? (await dummyHash), password);
    return storedHash !== null && matches;
  } catch {
    return false;
  }
};

/** A refresh token presented again within this window (two tabs refreshing at once) is not treated as theft. */
export const REFRESH_REUSE_LEEWAY_MS = 10_000;
export const RESET_TOKEN_MINUTES = 60;
/** How long the mailed link lasts that finishes a sign-up (decision 037). */
export const REGISTRATION_LINK_HOURS = 24;
/** How long the link lasts that a person created by platform staff chooses their password with. */
export const SET_PASSWORD_MINUTES = 7 * 24 * 60;

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  userId: string;
  sessionId: string;
}

/** Another module moves what an anonymous visitor made (drafts) to the account they sign in to. */
export type AnonymousMergeHook = (db: Db, fromUserId: string, toUserId: string) => Promise<void>;

export interface IdentityDeps {
  db: Db;
  secret: Uint8Array;
  mail: MailService;
  config: Pick<Config, 'publicUrl'>;
  anonymousMergeHooks: AnonymousMergeHook[];
  /** Failed sign-ins per account, with backoff (lib/account-attempts.ts), from browsers it does not know. */
  attempts: AccountAttempts;
  /** Failed sign-ins per device cookie (lib/device-cookie.ts), with the same backoff. */
  deviceAttempts: AccountAttempts;
}

const accountWait = (waitMs: number) =>
  new HttpError(
    429,
    `Too many attempts for this account. Please wait ${Math.ceil(waitMs / 1000)} seconds and try again.`,
    'RATE_LIMITED',
  );

const emailTaken = () =>
  new HttpError(409, 'An account with this email already exists. Sign in instead.', 'EMAIL_TAKEN', {
    fields: { email: ['An account with this email already exists. Sign in instead.'] },
  });

const registrationLinkInvalid = () =>
  new HttpError(
    400,
    'This link has expired or was already used. Create your account again.',
    'REGISTRATION_LINK_INVALID',
  );

const adminEmailTaken = () =>
  new HttpError(409, 'An account with this email already exists.', 'EMAIL_TAKEN', {
    fields: { email: ['An account with this email already exists.'] },
  });

const userNotFound = () => new HttpError(404, 'That user does not exist.', 'USER_NOT_FOUND');

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export function createIdentityService(deps: IdentityDeps) {
  const { db } = deps;
  const devices = deviceCookies(deps.secret);

  async function startSession(
    database: Db,
    userId: string,
    userAgent: string | null,
  ): Promise<SessionTokens> {
    const sessionId = await repo.insertSession(database, userId, userAgent);
    return issueTokens(database, userId, sessionId);
  }

  async function issueTokens(database: Db, userId: string, sessionId: string): Promise<SessionTokens> {
    const refreshToken = randomToken();
    await repo.insertRefreshToken(
      database,
      sessionId,
      hashToken(refreshToken),
      new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000),
    );
    const accessToken = await signAccessToken(deps.secret, { userId, sessionId });
    return { accessToken, refreshToken, userId, sessionId };
  }

  async function requireCurrentTerms(database: Db, version: string) {
    // Only the newest published version counts: an older one, or a staff draft, is not what the person read.
    if ((await currentTermsVersion(database)) !== version) {
      throw new HttpError(400, 'Please accept the current terms and conditions.', 'TERMS_OUTDATED', {
        fields: { termsAndConditions: ['Please accept the current terms and conditions.'] },
      });
    }
  }

  /** A signed-in person accepts the newest published terms version. */
  async function acceptTerms(viewer: Viewer, versionTimestamp: string) {
    await requireCurrentTerms(db, versionTimestamp);
    await repo.updateUser(db, viewer.user.id, {
      termsVersionAccepted: versionTimestamp,
      termsAcceptedAt: new Date(),
    });
  }

  /** Whether a newer terms version was published since this person accepted theirs. */
  async function mustAcceptTerms(viewer: Viewer) {
    if (viewer.isAnonymous) return false;
    // Every signed-in profile read asks this; the version is cached as viewers are (viewer-cache.ts).
    const current = await cachedTermsVersion(db, () => currentTermsVersion(db));
    return current !== null && viewer.user.termsVersionAccepted !== current;
  }

  async function softRegister(userAgent: string | null) {
    return db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {});
      return startSession(tx, user.id, userAgent);
    });
  }

  /**
   * Signing up answers the same whether or not the address has an account (decision 037): nothing is
   * created yet, and one mail goes to the address either way, after the same argon2 hash and in one
   * transaction either way. A new address gets the link that finishes the sign-up; the owner of an
   * account is told that someone tried, and how to sign in or reset the password.
   */
  async function requestRegistration(input: Register) {
    await requireCurrentTerms(db, input.termsAndConditions);
    const passwordHash = await hashPassword(input.password);
    const token = randomToken();
    const id = await db.transaction(async (tx) => {
      const existing = await repo.findUserByEmail(tx, input.email);
      if (existing) {
        return deps.mail.enqueue(tx, emailTemplates.registrationAttempt, existing.email ?? input.email, {
          firstName: existing.firstName,
          signInUrl: `${deps.config.publicUrl}/login`,
          resetUrl: `${deps.config.publicUrl}/security/password-reset`,
        });
      }
      await repo.insertPendingRegistration(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        acceptMarketing: input.acceptMarketing,
        termsVersionAccepted: input.termsAndConditions,
        organizationName: input.organizationName ?? null,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + REGISTRATION_LINK_HOURS * 3_600_000),
      });
      return deps.mail.enqueue(tx, emailTemplates.registrationConfirm, input.email, {
        confirmUrl: `${deps.config.publicUrl}/register/confirm?token=${encodeURIComponent(token)}`,
        expiresInHours: REGISTRATION_LINK_HOURS,
      });
    });
    await deps.mail.dispatch([id]);
  }

  /**
   * The mailed link creates the account and signs in; an anonymous visitor opening it becomes the
   * account in place, so their drafts stay theirs. `alongside` runs in the same transaction (another
   * module's part of signing up: founding the organization named at sign-up), so a failure in either
   * leaves neither behind.
   */
  async function confirmRegistration(
    token: string | null,
    viewer: Viewer | null,
    userAgent: string | null,
    alongside?: (tx: Db, userId: string, organizationName: string | null) => Promise<void>,
  ) {
    try {
      return await db.transaction(async (tx) => {
        const registration = token ? await repo.takePendingRegistration(tx, hashToken(token)) : null;
        if (!registration) throw registrationLinkInvalid();
        if (await repo.findUserByEmail(tx, registration.email)) throw emailTaken();
        const values = {
          email: registration.email,
          firstName: registration.firstName,
          lastName: registration.lastName,
          passwordHash: registration.passwordHash,
          acceptMarketing: registration.acceptMarketing,
          termsVersionAccepted: registration.termsVersionAccepted,
          termsAcceptedAt: registration.createdAt,
          passwordChangedAt: registration.createdAt,
        };
        let userId: string;
        if (viewer?.isAnonymous) {
          await repo.updateUser(tx, viewer.user.id, values);
          userId = viewer.user.id;
        } else {
          userId = (await repo.insertUser(tx, values)).id;
        }
        if (viewer) await repo.revokeSession(tx, viewer.sessionId, 'signed up');
        if (alongside) await alongside(tx, userId, registration.organizationName);
        return startSession(tx, userId, userAgent);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  async function login(
    email: string,
    password: string,
    viewer: Viewer | null,
    userAgent: string | null,
    deviceCookie?: string,
  ) {
    const user = await repo.findUserByEmail(db, email);
    // A browser that signed in to this account before (its device cookie) is judged on its own failures
    // alone, so strangers' guesses cannot lock the owner out; one that is failing itself counts as
    // unknown. Unknown browsers share the per-account limit, whichever address they come from, and
    // unknown addresses wait alike.
    const device = user ? devices.deviceOf(deviceCookie, user.id) : null;
    const knownDevice = device !== null && (await deps.deviceAttempts.waitMs(device)) === 0 ? device : null;
    if (!knownDevice) {
      const wait = await deps.attempts.waitMs(email);
      if (wait > 0) throw accountWait(wait);
    }
    const ok = await passwordMatches(user?.passwordHash ?? null, password);
    if (!user || !ok) {
      await (knownDevice ? deps.deviceAttempts.fail(knownDevice) : deps.attempts.fail(email));
      throw new HttpError(401, 'The email or password is incorrect.', 'INVALID_CREDENTIALS');
    }
    await (knownDevice ? deps.deviceAttempts.clear(knownDevice) : deps.attempts.clear(email));
    return db.transaction(async (tx) => {
      if (viewer?.isAnonymous && viewer.user.id !== user.id) {
        for (const hook of deps.anonymousMergeHooks) await hook(tx, viewer.user.id, user.id);
        await repo.deleteUser(tx, viewer.user.id);
      } else if (viewer) {
        await repo.revokeSession(tx, viewer.sessionId, 'signed in again');
      }
      return startSession(tx, user.id, userAgent);
    });
  }

  async function logout(viewer: Viewer | null, refreshToken: string | undefined) {
    if (viewer) await repo.revokeSession(db, viewer.sessionId, 'signed out');
    if (refreshToken) {
      const found = await repo.findRefreshToken(db, hashToken(refreshToken));
      if (found) await repo.revokeSession(db, found.sessionId, 'signed out');
    }
  }

  /**
   * Rotates the refresh token; a token used twice ends its whole session family. The one exception is
   * the leeway just after a rotation, for the same browser's calls that raced (decision 005): it holds
   * only for the device the session started on (its user agent), so a stolen token replayed elsewhere
   * within those seconds ends the session instead of opening a second one.
   */
  async function refresh(refreshToken: string | undefined, userAgent: string | null) {
    const invalid = new HttpError(401, 'Your session has ended. Please sign in again.', 'REFRESH_INVALID');
    if (!refreshToken) throw invalid;
    const found = await repo.findRefreshToken(db, hashToken(refreshToken));
    if (!found || found.revokedAt || found.expiresAt.getTime() < Date.now()) throw invalid;
    if (found.usedAt) {
      if (Date.now() - found.usedAt.getTime() > REFRESH_REUSE_LEEWAY_MS || found.userAgent !== userAgent) {
        await repo.revokeSession(db, found.sessionId, 'refresh token reused');
        throw invalid;
      }
      return issueTokens(db, found.userId, found.sessionId);
    }
    if (!(await repo.claimRefreshToken(db, found.id))) return refresh(refreshToken, userAgent);
    await repo.touchSession(db, found.sessionId);
    return issueTokens(db, found.userId, found.sessionId);
  }

  /** Always the same answer, whether or not the address has an account. */
  /**
   * A mail goes out either way, in one transaction either way, so the answer and the time it takes do
   * not tell an existing account from an unknown address (issue 12): the account gets its link, an
   * unknown address (or one that never chose a password) is told there is no account with it.
   */
  async function requestPasswordReset(email: string) {
    const user = await repo.findUserByEmail(db, email);
    const token = randomToken();
    const ids = await db.transaction(async (tx) => {
      if (!user?.email || !user.passwordHash) {
        return [
          await deps.mail.enqueue(tx, emailTemplates.passwordResetNoAccount, email, {
            signUpUrl: `${deps.config.publicUrl}/login#sign-up`,
          }),
        ];
      }
      await repo.insertPasswordResetToken(
        tx,
        user.id,
        hashToken(token),
        new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
      );
      return [
        await deps.mail.enqueue(tx, emailTemplates.passwordReset, user.email, {
          firstName: user.firstName,
          resetUrl: `${deps.config.publicUrl}/security/password-reset?token=${encodeURIComponent(token)}`,
          expiresInMinutes: RESET_TOKEN_MINUTES,
        }),
      ];
    });
    await deps.mail.dispatch(ids);
  }

  async function resetPassword(token: string | null, password: string) {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const userId = token ? await repo.consumePasswordResetToken(tx, hashToken(token)) : null;
      if (!userId) {
        throw new HttpError(
          400,
          'This reset link has expired or was already used. Ask for a new one.',
          'RESET_TOKEN_INVALID',
        );
      }
      await repo.updateUser(tx, userId, { passwordHash, passwordChangedAt: new Date() });
      // Any older link mailed before this one stops working too, as does every session.
      await repo.endPasswordResetTokens(tx, userId);
      await repo.revokeUserSessions(tx, userId, 'password reset');
    });
  }

  async function updateProfile(viewer: Viewer, input: UpdateProfile) {
    try {
      return await db.transaction(async (tx) => {
        const existing = await repo.findUserByEmail(tx, input.email);
        if (existing && existing.id !== viewer.user.id) throw emailTaken();
        return repo.updateUser(tx, viewer.user.id, {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          ...(input.acceptMarketing === undefined ? {} : { acceptMarketing: input.acceptMarketing }),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  /** Changes the password and ends every other session of the account. */
  async function changePassword(viewer: Viewer, currentPassword: string, newPassword: string) {
    if (!(await passwordMatches(viewer.user.passwordHash, currentPassword))) {
      throw new HttpError(400, 'Your current password is not correct.', 'WRONG_PASSWORD', {
        fields: { currentPassword: ['Your current password is not correct.'] },
      });
    }
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      await repo.updateUser(tx, viewer.user.id, { passwordHash, passwordChangedAt: new Date() });
      await repo.revokeUserSessions(tx, viewer.user.id, 'password changed', viewer.sessionId);
    });
  }

  /** Creates the account of an invited person (or turns their anonymous visit into it). */
  async function createInvitedAccount(
    tx: Db,
    email: string,
    input: InvitationRegister,
    viewer: Viewer | null,
  ): Promise<string> {
    await requireCurrentTerms(tx, input.termsAndConditions);
    const existing = await repo.findUserByEmail(tx, email);
    if (existing && !isAnonymousUser(existing)) {
      throw new HttpError(
        409,
        'An account already exists for this email. Sign in, then ask for the invitation again.',
        'EMAIL_TAKEN',
      );
    }
    const values = {
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: await hashPassword(input.password),
      acceptMarketing: input.acceptMarketing,
      termsVersionAccepted: input.termsAndConditions,
      termsAcceptedAt: new Date(),
      passwordChangedAt: new Date(),
    };
    if (viewer?.isAnonymous) {
      await repo.updateUser(tx, viewer.user.id, values);
      await repo.revokeSession(tx, viewer.sessionId, 'accepted invitation');
      return viewer.user.id;
    }
    return (await repo.insertUser(tx, values)).id;
  }

  // ── Platform administration of accounts ──────────────────────────────────────────────────────

  /** Registered people (anonymous visitors left out), searched by name or email, a page at a time. */
  const pageUsers = (search: string | undefined, page: number, pageSize: number) =>
    repo.pageUsers(db, search, page, pageSize);

  /** Staff create an account; the person gets a mail with a link to choose their password. */
  async function createUserAsAdmin(input: AdminUserInput) {
    const token = randomToken();
    const { user, mailId } = await db.transaction(async (tx) => {
      if (await repo.findUserByEmail(tx, input.email)) throw adminEmailTaken();
      const user = await repo.insertUser(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        platformRoleName: input.platformRoleName,
      });
      await repo.insertPasswordResetToken(
        tx,
        user.id,
        hashToken(token),
        new Date(Date.now() + SET_PASSWORD_MINUTES * 60_000),
      );
      const mailId = await deps.mail.enqueue(tx, emailTemplates.passwordReset, input.email, {
        firstName: input.firstName,
        resetUrl: `${deps.config.publicUrl}/security/password-reset?token=${encodeURIComponent(token)}`,
        expiresInMinutes: SET_PASSWORD_MINUTES,
      });
      return { user, mailId };
    });
    await deps.mail.dispatch([mailId]);
    return user;
  }

  /** Staff change a person's name, email or platform role (never their own role). */
  async function updateUserAsAdmin(viewer: Viewer, id: string, input: AdminUserInput) {
    if (id === viewer.user.id && input.platformRoleName !== viewer.platformRoleName) {
      throw new HttpError(409, 'You cannot change your own platform role.', 'OWN_ROLE');
    }
    const user = await db.transaction(async (tx) => {
      const existing = await repo.findUserByEmail(tx, input.email);
      if (existing && existing.id !== id) throw adminEmailTaken();
      return repo.updateUser(tx, id, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        platformRoleName: input.platformRoleName,
      });
    });
    if (!user) throw userNotFound();
    return user;
  }

  /** Staff delete an account (not their own). */
  async function deleteUserAsAdmin(viewer: Viewer, id: string) {
    if (id === viewer.user.id) {
      throw new HttpError(409, 'You cannot delete your own account here.', 'OWN_ACCOUNT');
    }
    if (!(await repo.findUserById(db, id))) throw userNotFound();
    await repo.deleteUser(db, id);
  }

  /** The device cookie that makes this browser known to the account after a sign-in (lib/device-cookie.ts). */
  const issueDeviceCookie = (userId: string) => devices.issue(userId);

  return {
    acceptTerms,
    mustAcceptTerms,
    softRegister,
    requestRegistration,
    confirmRegistration,
    login,
    issueDeviceCookie,
    logout,
    refresh,
    requestPasswordReset,
    resetPassword,
    updateProfile,
    changePassword,
    startSession,
    createInvitedAccount,
    pageUsers,
    createUserAsAdmin,
    updateUserAsAdmin,
    deleteUserAsAdmin,
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

// ── For the demo seed and test fixtures, which write what the product's own screens would ─────────
export { insertUser } from './repository';
