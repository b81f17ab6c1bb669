import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A browser that signed in to an account before carries this cookie, so that strangers' wrong guesses
 * cannot lock the owner out (OWASP, "Slow down online guessing attacks with device cookies"; decision
 * 005). It holds the account's id and a random device id, signed with a key derived from the session
 * secret; nothing is stored on the server but the device's failure count.
 */
export const DEVICE_COOKIE = 'tv_device';
export const DEVICE_COOKIE_DAYS = 365;

export function deviceCookies(sessionSecret: Uint8Array) {
  const key = createHmac('sha256', sessionSecret).update('teenvoice/device-cookie').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    /** A new cookie value binding this browser to the account. */
    issue(userId: string): string {
      const payload = `${userId}.${randomBytes(16).toString('hex')}`;
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    /** The device id of a cookie this server signed for this account; null for any other value. */
    deviceOf(cookie: string | undefined, userId: string): string | null {
      const [cookieUserId, deviceId, signature, ...rest] = cookie?.split('.') ?? [];
      if (!cookieUserId || !deviceId || !signature || rest.length > 0 || cookieUserId !== userId) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(`${cookieUserId}.${deviceId}`);
      return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
    },
  };
}

export type DeviceCookies = ReturnType<typeof deviceCookies>;
