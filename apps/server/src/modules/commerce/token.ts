import { jwtVerify, SignJWT } from 'jose';

/** Audience of commerce tokens: a session cookie's token is not one, and this is not a session. */
export const COMMERCE_AUDIENCE = 'commerce';
/**
 * A commerce token lives 15 minutes. The client refreshes it after 10 (spec §9), so a cached token is
 * never used in its last minutes; a token of a signed-out session stops working at once (the session
 * is checked on every call).
 */
export const COMMERCE_TOKEN_SECONDS = 15 * 60;

export interface CommerceClaims {
  userId: string;
  sessionId: string;
}

export async function signCommerceToken(secret: Uint8Array, claims: CommerceClaims, now = Date.now()) {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(COMMERCE_AUDIENCE)
    .setSubject(claims.userId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + COMMERCE_TOKEN_SECONDS)
    .sign(secret);
}

export async function verifyCommerceToken(secret: Uint8Array, token: string): Promise<CommerceClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      audience: COMMERCE_AUDIENCE,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}
