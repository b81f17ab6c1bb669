import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptInvitation } from './accept-invitation';
import { confirmSignUp } from './confirm-sign-up';
import { signUp } from './sign-up';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const rateLimited = {
  statusCode: 429,
  error: 'Too Many Requests',
  code: 'RATE_LIMITED',
  message: 'Too many attempts. Please wait 42 seconds and try again.',
};

describe('account creation errors (spec §8)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("sign-up sends no acceptTerms or confirmPassword and fails as 400 'Error SignUp In' with the server data", async () => {
    fetchMock.mockResolvedValueOnce(json(429, rateLimited));
    const failure = await signUp({
      firstName: 'Robin',
      lastName: 'Okoye',
      email: 'robin@example.org',
      organizationName: 'Lakeside Youth Forum',
      password: 'a-long-password',
      confirmPassword: 'a-long-password',
      acceptTerms: true,
      acceptMarketing: true,
      termsAndConditions: '2026-09-01T00:00:00.000Z',
    }).catch((error: unknown) => error);

    expect(failure).toMatchObject({ status: 400, message: 'Error SignUp In', data: rateLimited });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      firstName: 'Robin',
      lastName: 'Okoye',
      email: 'robin@example.org',
      organizationName: 'Lakeside Youth Forum',
      password: 'a-long-password',
      acceptMarketing: true,
      termsAndConditions: '2026-09-01T00:00:00.000Z',
    });
  });

  it('sign-up resolves on the same answer for every address, and the mailed link confirms with its token', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { ok: true } }));
    await expect(
      signUp({
        firstName: 'Robin',
        lastName: 'Okoye',
        email: 'robin@example.org',
        organizationName: 'Lakeside Youth Forum',
        password: 'a-long-password',
        confirmPassword: 'a-long-password',
        acceptTerms: true,
        acceptMarketing: true,
        termsAndConditions: '2026-09-01T00:00:00.000Z',
      }),
    ).resolves.toBeUndefined();

    const expired = {
      statusCode: 400,
      error: 'Bad Request',
      code: 'REGISTRATION_LINK_INVALID',
      message: 'This link has expired or was already used. Create your account again.',
    };
    fetchMock.mockResolvedValueOnce(json(400, expired));
    const failure = await confirmSignUp('mailed-token').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 400, message: 'Error SignUp In', data: expired });
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toMatch(/\/v2\/register\/confirm$/);
    expect((init!.headers as Record<string, string>).Authorization).toBe('mailed-token');
  });

  it("invitation acceptance sends the token in Authorization and fails as 400 'Error Accepting Invite In'", async () => {
    const invalid = { statusCode: 400, error: 'Bad Request', message: 'This invitation has expired.' };
    fetchMock.mockResolvedValueOnce(json(400, invalid));
    const input = {
      firstName: 'Ivy',
      lastName: 'Invited',
      password: 'invited-password',
      termsAndConditions: '2026-09-01T00:00:00.000Z',
      acceptMarketing: true,
    };
    const failure = await acceptInvitation('invite-token', input).catch((error: unknown) => error);

    expect(failure).toMatchObject({ status: 400, message: 'Error Accepting Invite In', data: invalid });
    const init = fetchMock.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBe('invite-token');
    expect(JSON.parse(String(init.body))).toEqual(input);
  });

  it("a profile that matches neither schema is a 406 'Couldn’t parse the user profile'", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { id: 'not-a-user' } }));
    await expect(
      acceptInvitation('invite-token', {
        firstName: 'Ivy',
        lastName: 'Invited',
        password: 'invited-password',
        termsAndConditions: 'v1',
        acceptMarketing: true,
      }),
    ).rejects.toMatchObject({ status: 406, message: 'Couldn’t parse the user profile' });
  });
});
