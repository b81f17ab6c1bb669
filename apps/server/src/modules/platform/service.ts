import type { PlatformStatus, RedirectTarget } from '@tv/contract';
import type { Db } from '../../db/client';
import { findRedirectRule, readPlatformSettings, writeMaintenance } from './repository';

export async function resolveRedirect(db: Db, path: string): Promise<RedirectTarget | null> {
  const rule = await findRedirectRule(db, path);
  if (!rule) return null;
  let target = rule.target;
  if (rule.source.endsWith('/*') && target.endsWith('/*')) {
    const rest = path.slice(rule.source.length - 1);
    target = target.slice(0, -1) + rest;
  }
  if (target === path) return null;
  return { target, permanent: rule.permanent };
}

const statusCacheMs = 5_000;

/**
 * Maintenance mode is read on every API request, so it is kept for a few seconds in memory;
 * a switch made through this service is seen at once by this process.
 */
export function createPlatformStatusService(db: Db) {
  let cached: { status: PlatformStatus; at: number } | null = null;

  async function getStatus(): Promise<PlatformStatus> {
    if (cached && Date.now() - cached.at < statusCacheMs) return cached.status;
    const row = await readPlatformSettings(db);
    const status = {
      maintenance: row?.maintenance ?? false,
      maintenanceMessage: row?.maintenanceMessage ?? null,
    };
    cached = { status, at: Date.now() };
    return status;
  }

  async function setMaintenance(maintenance: boolean, message: string | null = null) {
    await writeMaintenance(db, maintenance, message);
    cached = null;
  }

  return { getStatus, setMaintenance };
}
export type PlatformStatusService = ReturnType<typeof createPlatformStatusService>;

// ── For the demo seed and test fixtures, which write what the product's own screens would ─────────
export { upsertRedirects } from './repository';
