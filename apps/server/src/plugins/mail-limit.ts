import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { HttpError } from './errors';

/** The allowances count mails over an hour from the first one counted. */
export const MAIL_WINDOW_MS = 60 * 60_000;

/**
 * Who a mail is sent on behalf of: a signed-in person and the organisation they act for, or, with
 * nobody signed in, the client address and the email address the form names. Each one given is an
 * allowance of its own.
 */
export interface MailSenders {
  user?: string;
  organization?: string;
  address?: string;
  email?: string;
}
type Kind = keyof MailSenders;

export interface MailLimit {
  /**
   * Counts `mails` (one per recipient) against every allowance named. When one of them would go over,
   * none is counted and a 429 is thrown, so the caller sends nothing.
   */
  take(senders: MailSenders, mails?: number): Promise<void>;
}

type Limits = Pick<Config, 'mailLimits'>['mailLimits'];

const limitOf = (limits: Limits, kind: Kind) =>
  ({
    user: limits.perUser,
    organization: limits.perOrganization,
    address: limits.perAddress,
    email: limits.perEmail,
  })[kind];

/** Keys hold no id, address or email: a hash of the normalised value. */
const keyOf = (kind: Kind, value: string) =>
  `tv-mail-limit:${kind}:${createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function limitReached(kind: Kind, limit: number, mails: number, retryMs: number): HttpError {
  const later = `Try again in ${plural(minutes(retryMs), 'minute')}.`;
  const tooMany = mails > limit;
  const message = {
    user: tooMany
      ? `You can send at most ${plural(limit, 'email')} an hour. Choose fewer people.`
      : `You've sent a lot of email in the last hour. ${later}`,
    organization: tooMany
      ? `Your organization can send at most ${plural(limit, 'email')} an hour. Choose fewer people.`
      : `Your organization has sent a lot of email in the last hour. ${later}`,
    address: `We've had a lot of requests from your network in the last hour. ${later}`,
    email: `We've had several requests for this email address in the last hour. ${later}`,
  }[kind];
  return new HttpError(429, message, 'MAIL_LIMIT_REACHED', {
    retryAfterSeconds: Math.ceil(retryMs / 1000),
  });
}

interface Bucket {
  kind: Kind;
  key: string;
  limit: number;
}

const bucketsOf = (limits: Limits, senders: MailSenders): Bucket[] =>
  (Object.keys(senders) as Kind[])
    .filter((kind) => senders[kind])
    .map((kind) => ({ kind, key: keyOf(kind, senders[kind]!), limit: limitOf(limits, kind) }));

/** One bucket over its limit, with the milliseconds until it empties; or null when all have room. */
type Refusal = { bucket: Bucket; retryMs: number } | null;

function memoryCounts(now: () => number) {
  const counts = new Map<string, { used: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.resetAt <= now()) {
      counts.delete(key);
      return undefined;
    }
    return entry;
  };
  return async (buckets: Bucket[], mails: number): Promise<Refusal> => {
    for (const bucket of buckets) {
      const entry = current(bucket.key);
      if ((entry?.used ?? 0) + mails > bucket.limit)
        return { bucket, retryMs: entry ? entry.resetAt - now() : MAIL_WINDOW_MS };
    }
    for (const { key } of buckets) {
      const entry = current(key);
      if (entry) entry.used += mails;
      else counts.set(key, { used: mails, resetAt: now() + MAIL_WINDOW_MS });
      // Bounded: the oldest entries go first when someone sprays many addresses.
      if (counts.size > 100_000) counts.delete(counts.keys().next().value!);
    }
    return null;
  };
}

/**
 * Checks every bucket, then counts in all of them, in one step on the Redis server, so two copies
 * taking at the same moment cannot both pass. Answers the 1-based index of the bucket over its limit
 * and its milliseconds left, or 0.
 */
const TAKE_SCRIPT = `
local mails = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local used = tonumber(redis.call('GET', key) or '0')
  if used + mails > tonumber(ARGV[i + 2]) then
    return {i, redis.call('PTTL', key)}
  end
end
for _, key in ipairs(KEYS) do
  redis.call('INCRBY', key, mails)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[2]) end
end
return {0, 0}
`;

function redisCounts(redis: Redis) {
  return async (buckets: Bucket[], mails: number): Promise<Refusal> => {
    const [index, ttl] = (await redis.eval(
      TAKE_SCRIPT,
      buckets.length,
      ...buckets.map((b) => b.key),
      mails,
      MAIL_WINDOW_MS,
      ...buckets.map((b) => b.limit),
    )) as [number, number];
    if (index === 0) return null;
    return { bucket: buckets[index - 1]!, retryMs: ttl > 0 ? ttl : MAIL_WINDOW_MS };
  };
}

/**
 * Hourly allowances for the mail that people can make the product send (action-plan shares,
 * invitations, the public site's forms, password resets). Counted in the app's Redis when REDIS_URL is
 * set, so every server copy sees the same counts, and in memory otherwise.
 */
export function createMailLimit(
  options: { redis?: Redis; limits: Limits },
  now: () => number = Date.now,
): MailLimit {
  const take = options.redis ? redisCounts(options.redis) : memoryCounts(now);
  return {
    async take(senders, mails = 1) {
      const buckets = bucketsOf(options.limits, senders);
      if (buckets.length === 0 || mails <= 0) return;
      const refused = await take(buckets, mails);
      if (refused) throw limitReached(refused.bucket.kind, refused.bucket.limit, mails, refused.retryMs);
    },
  };
}
