import {
  acceptTermsSchema,
  changePasswordSchema,
  invitationRegisterSchema,
  loginSchema,
  okResponseSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  profileResponseSchema,
  registerSchema,
  updateProfileSchema,
} from '@tv/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from '../../lib/device-cookie';
import {
  ACCESS_COOKIE,
  ACCESS_TOKEN_SECONDS,
  REFRESH_COOKIE,
  REFRESH_TOKEN_DAYS,
  tokenFromAuthorization,
} from '../../lib/tokens';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import { cookieDefaults } from '../../plugins/security';
import type { SessionTokens } from './service';
import { loadViewer, toProfile, type Viewer } from './viewer';

const ok = { data: { ok: true as const } };

/**
 * Every signed-in page reads the profile, so the JSON of a cached viewer (viewer-cache.ts) is kept
 * with it rather than checked against the schema and serialised again on every call.
 */
const profileJson = new WeakMap<Viewer, { mustAcceptTerms: boolean | undefined; json: string }>();

function serializedProfile(viewer: Viewer, mustAcceptTerms: boolean | undefined): string {
  const known = profileJson.get(viewer);
  if (known && known.mustAcceptTerms === mustAcceptTerms) return known.json;
  const profile = toProfile(viewer);
  const body = mustAcceptTerms === undefined ? { data: profile } : { data: { ...profile, mustAcceptTerms } };
  // The same check, and the same dropping of undeclared keys, as the route's response schema.
  const json = JSON.stringify(z.encode(profileResponseSchema, body));
  profileJson.set(viewer, { mustAcceptTerms, json });
  return json;
}

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each cookie lives as long as the token in it: a stolen, expired access cookie is gone from the jar.
  const accessCookieOptions = { ...cookieDefaults(app.config), maxAge: ACCESS_TOKEN_SECONDS };
  const refreshCookieOptions = { ...cookieDefaults(app.config), maxAge: REFRESH_TOKEN_DAYS * 86_400 };
  const authLimit = {
    rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' },
  };

  const setSessionCookies = (reply: FastifyReply, tokens: SessionTokens) => {
    reply.setCookie(ACCESS_COOKIE, tokens.accessToken, accessCookieOptions);
    reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, refreshCookieOptions);
  };
  // Lives on after sign-out: it is what keeps this browser signing in while strangers guess (decision 005).
  const deviceCookieOptions = { ...cookieDefaults(app.config), maxAge: DEVICE_COOKIE_DAYS * 86_400 };
  const setDeviceCookie = (reply: FastifyReply, tokens: SessionTokens) => {
    reply.setCookie(DEVICE_COOKIE, app.identity.issueDeviceCookie(tokens.userId), deviceCookieOptions);
  };
  const clearSessionCookies = (reply: FastifyReply) => {
    reply.clearCookie(ACCESS_COOKIE, cookieDefaults(app.config));
    reply.clearCookie(REFRESH_COOKIE, cookieDefaults(app.config));
  };

  const profileOf = async (tokens: SessionTokens) => {
    const viewer = await loadViewer(app.database.db, tokens.userId, tokens.sessionId);
    if (!viewer) throw new HttpError(500, 'The new session could not be read back.');
    return toProfile(viewer);
  };
  const userAgent = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, 300) ?? null;

  const route = routesOf(app, ['identity']);
  const authorizationHeader = z.object({ authorization: z.string().optional() });

  route.post(
    '/v2/soft-register',
    {
      access: 'public',
      summary: 'Start an anonymous visitor session',
      response: profileResponseSchema,
      options: { config: authLimit },
    },
    async (request, reply) => {
      const tokens = await app.identity.softRegister(userAgent(request));
      setSessionCookies(reply, tokens);
      return { data: await profileOf(tokens) };
    },
  );

  route.post(
    '/v2/register',
    {
      access: 'public',
      summary:
        'Sign up: mails the link that creates the account (with organizationName, also the organization it administers); the same answer whether or not the address has an account',
      body: registerSchema,
      response: okResponseSchema,
      options: { config: authLimit },
    },
    async (request) => {
      // Every sign-up sends a mail, to a new address or to an account's owner: limited per email as resets are.
      await app.mailLimit.take({ email: request.body.email });
      await app.identity.requestRegistration(request.body);
      return ok;
    },
  );

  route.post(
    '/v2/register/confirm',
    {
      access: 'public',
      summary:
        'Create the account from the mailed sign-up link (token in Authorization) and sign in; an anonymous visitor keeps their drafts',
      headers: authorizationHeader,
      response: profileResponseSchema,
      options: { config: authLimit },
    },
    async (request, reply) => {
      const tokens = await app.organizations.confirmRegistration(
        tokenFromAuthorization(request.headers.authorization),
        await request.getViewer(),
        userAgent(request),
      );
      setSessionCookies(reply, tokens);
      setDeviceCookie(reply, tokens);
      return { data: await profileOf(tokens) };
    },
  );

  route.post(
    '/v2/login',
    {
      access: 'public',
      summary: 'Sign in',
      body: loginSchema,
      response: profileResponseSchema,
      options: { config: authLimit },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const tokens = await app.identity.login(
        email,
        password,
        await request.getViewer(),
        userAgent(request),
        request.cookies[DEVICE_COOKIE],
      );
      setSessionCookies(reply, tokens);
      setDeviceCookie(reply, tokens);
      return { data: await profileOf(tokens) };
    },
  );

  route.delete(
    '/logout',
    { access: 'public', summary: 'Sign out of this browser', response: okResponseSchema },
    async (request, reply) => {
      await app.identity.logout(await request.getViewer(), request.cookies[REFRESH_COOKIE]);
      clearSessionCookies(reply);
      return ok;
    },
  );

  route.post(
    '/refresh-access-token',
    {
      access: 'public',
      summary: 'Trade the refresh cookie for new access and refresh cookies',
      response: okResponseSchema,
    },
    async (request, reply) => {
      try {
        setSessionCookies(
          reply,
          await app.identity.refresh(request.cookies[REFRESH_COOKIE], userAgent(request)),
        );
      } catch (error) {
        clearSessionCookies(reply);
        throw error;
      }
      return ok;
    },
  );

  route.post(
    '/password/reset-request',
    {
      access: 'public',
      summary: 'Mail a password reset link (same answer whether or not the address has an account)',
      body: passwordResetRequestSchema,
      response: okResponseSchema,
      options: { config: authLimit },
    },
    async (request) => {
      // On top of the per-address limit per minute: an hourly one per email, whether or not it has an account.
      await app.mailLimit.take({ email: request.body.email });
      await app.identity.requestPasswordReset(request.body.email);
      return ok;
    },
  );

  route.put(
    '/password/reset',
    {
      access: 'public',
      summary: 'Set a new password with the mailed reset token in Authorization',
      body: passwordResetSchema,
      headers: authorizationHeader,
      response: okResponseSchema,
      options: { config: authLimit },
    },
    async (request, reply) => {
      await app.identity.resetPassword(
        tokenFromAuthorization(request.headers.authorization),
        request.body.password,
      );
      clearSessionCookies(reply);
      return ok;
    },
  );

  route.post(
    '/v2/invitation/register',
    {
      access: 'public',
      summary: 'Create the account of an invited person, with the invite token in Authorization',
      body: invitationRegisterSchema,
      headers: authorizationHeader,
      response: profileResponseSchema,
      options: { config: authLimit },
    },
    async (request, reply) => {
      const tokens = await app.organizations.acceptInvitation(
        tokenFromAuthorization(request.headers.authorization),
        request.body,
        await request.getViewer(),
        userAgent(request),
      );
      setSessionCookies(reply, tokens);
      return { data: await profileOf(tokens) };
    },
  );

  route.get(
    '/v2/profile',
    { access: 'session', summary: 'The signed-in user', response: profileResponseSchema },
    async (request, reply) => {
      const viewer = request.viewer!;
      const mustAcceptTerms = viewer.isAnonymous ? undefined : await app.identity.mustAcceptTerms(viewer);
      // Already JSON: a string with a JSON content type is sent as it is.
      return reply
        .header('Cache-Control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(serializedProfile(viewer, mustAcceptTerms) as never);
    },
  );

  route.post(
    '/v2/profile/accept-terms',
    {
      access: 'account',
      summary: 'Accept the newest published terms and conditions',
      body: acceptTermsSchema,
      response: profileResponseSchema,
    },
    async (request) => {
      await app.identity.acceptTerms(request.viewer!, request.body.versionTimestamp);
      const viewer = await loadViewer(app.database.db, request.viewer!.user.id, request.viewer!.sessionId);
      return { data: { ...toProfile(viewer!), mustAcceptTerms: false } };
    },
  );

  route.put(
    '/v2/profile',
    {
      access: 'account',
      summary: 'Update name, email and marketing consent',
      body: updateProfileSchema,
      response: profileResponseSchema,
    },
    async (request) => {
      await app.identity.updateProfile(request.viewer!, request.body);
      const viewer = await loadViewer(app.database.db, request.viewer!.user.id, request.viewer!.sessionId);
      return { data: toProfile(viewer!) };
    },
  );

  route.put(
    '/v2/profile/password',
    {
      access: 'account',
      summary: 'Change the password; every other session of the account ends',
      body: changePasswordSchema,
      response: okResponseSchema,
      options: { config: authLimit },
    },
    async (request) => {
      await app.identity.changePassword(
        request.viewer!,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return ok;
    },
  );
};
