import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_COOKIE = 'tv_access';
export const REFRESH_COOKIE = 'tv_refresh';
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

/** An opaque token for a cookie or a mailed link; only its hash is stored. */
export const randomToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, now = Date.now()) {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + ACCESS_TOKEN_SECONDS)
    .sign(secret);
}

export type AccessTokenCheck =
  | { ok: true; claims: AccessClaims /** Epoch milliseconds. */; expiresAt?: number }
  | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    // A token made for another audience (the storefront's commerce token) is not a session.
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || payload.aud !== undefined)
      return { ok: false, reason: 'invalid' };
    return {
      ok: true,
      claims: { userId: payload.sub, sessionId: payload.sid },
      ...(typeof payload.exp === 'number' ? { expiresAt: payload.exp * 1000 } : {}),
    };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** Accepts "Bearer x", "Token x" or the bare token, as mailed links are pasted in different ways. */
export function tokenFromAuthorization(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.replace(/^(Bearer|Token)\s+/i, '').trim();
  return value.length > 0 ? value : null;
}
