import { processEvents } from '../../lib/events';
import type { Viewer } from './viewer';

/**
 * Every authenticated request needs its viewer (session, user, memberships, permissions), so each
 * copy keeps them for a few seconds instead of reading them again (decision 005, "Cached viewers").
 *
 * - A write on this copy drops what it changes at once: the repositories that revoke sessions, change
 *   users, memberships or organisations call the invalidate functions below.
 * - A write on another copy reaches this one within VIEWER_CACHE_MS, the time an entry lives.
 * - A viewer read while a write was in flight could be the old one: loads that started before an
 *   invalidation, or within QUIET_MS after it (the writing transaction may not have committed yet),
 *   are not kept.
 */
export const VIEWER_CACHE_MS = 5_000;
const QUIET_MS = 1_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  viewer: Viewer;
  storedAt: number;
}

const bySession = new Map<string, Entry>();
/** When each user's or session's data last changed on this copy (only the last QUIET_MS matter). */
const userInvalidatedAt = new Map<string, number>();
const sessionInvalidatedAt = new Map<string, number>();
let allInvalidatedAt = 0;

export function cachedViewer(sessionId: string, userId: string, now = Date.now()): Viewer | null {
  const entry = bySession.get(sessionId);
  if (!entry) return null;
  if (now - entry.storedAt >= VIEWER_CACHE_MS || entry.viewer.user.id !== userId) {
    bySession.delete(sessionId);
    return null;
  }
  return entry.viewer;
}

/** Keeps a viewer whose load began at `startedAt`, unless an invalidation may have raced it. */
export function storeViewer(viewer: Viewer, startedAt: number, now = Date.now()): void {
  const lastInvalidation = Math.max(
    allInvalidatedAt,
    userInvalidatedAt.get(viewer.user.id) ?? 0,
    sessionInvalidatedAt.get(viewer.sessionId) ?? 0,
  );
  if (lastInvalidation > 0 && startedAt <= lastInvalidation + QUIET_MS) return;
  if (bySession.size >= MAX_ENTRIES) {
    // Oldest first: a Map iterates in insertion order.
    for (const key of bySession.keys()) {
      bySession.delete(key);
      if (bySession.size < MAX_ENTRIES / 2) break;
    }
  }
  bySession.set(viewer.sessionId, { viewer, storedAt: now });
}

/** The user's sessions, profile, platform role or memberships changed. */
export function invalidateUser(userId: string, now = Date.now()): void {
  for (const [sessionId, entry] of bySession) {
    if (entry.viewer.user.id === userId) bySession.delete(sessionId);
  }
  mark(userInvalidatedAt, userId, now);
}

/** One session was revoked. */
export function invalidateSession(sessionId: string, now = Date.now()): void {
  bySession.delete(sessionId);
  mark(sessionInvalidatedAt, sessionId, now);
}

function mark(marks: Map<string, number>, id: string, now: number) {
  marks.set(id, now);
  // Marks older than the quiet window no longer matter.
  if (marks.size > 1_000) {
    for (const [key, at] of marks) if (now - at > QUIET_MS) marks.delete(key);
  }
}

/** Something many viewers share changed (an organisation renamed or deleted). */
export function invalidateAllViewers(now = Date.now()): void {
  bySession.clear();
  allInvalidatedAt = now;
}

// ── The current terms version, which every signed-in profile read compares against ────────────────

/** Per database, as a test process may hold several. */
let terms = new WeakMap<object, { version: string | null; storedAt: number }>();
let termsInvalidatedAt = 0;

export async function cachedTermsVersion(
  database: object,
  load: () => Promise<string | null>,
): Promise<string | null> {
  const now = Date.now();
  const entry = terms.get(database);
  if (entry && now - entry.storedAt < VIEWER_CACHE_MS) return entry.version;
  const version = await load();
  if (now > termsInvalidatedAt + QUIET_MS) terms.set(database, { version, storedAt: now });
  return version;
}

/** A terms version was added or published. */
export function invalidateTermsVersion(now = Date.now()): void {
  terms = new WeakMap();
  termsInvalidatedAt = now;
}

// The content module publishes terms; the version cached here is identity's to drop.
processEvents.on('content.terms-published', () => invalidateTermsVersion());
