import {
  type EnabledFeatureFlags,
  type FeatureFlag,
  type FeatureFlagKey,
  featureFlagKeys,
  featureFlagSettingsProblems,
  flagSettingsWithDefaults,
  type UpdateFeatureFlag,
} from '@tv/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { type FeatureFlagRow, readFeatureFlags, writeFeatureFlag } from './repository';

/** Third-party origins the page's Content-Security-Policy must allow for the flags that are on. */
export interface ThirdPartyOrigins {
  script: string[];
  connect: string[];
  img: string[];
}

const cacheMs = 5_000;

const toFlag = (key: FeatureFlagKey, row: FeatureFlagRow | undefined): FeatureFlag => ({
  key,
  enabled: row?.enabled ?? false,
  settings: { ...flagSettingsWithDefaults(key, row?.settings ?? {}) },
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Flags are read for every page (the CSP) and by every visitor's browser, so they are kept for a few
 * seconds in memory; a change made through this service is seen at once by this process.
 */
export function createFeatureFlagsService(deps: { db: Db; config: Pick<Config, 'isProduction'> }) {
  let cached: { flags: FeatureFlag[]; at: number } | null = null;

  async function list(): Promise<FeatureFlag[]> {
    if (cached && Date.now() - cached.at < cacheMs) return cached.flags;
    const rows = await readFeatureFlags(deps.db);
    const flags = featureFlagKeys.map((key) =>
      toFlag(
        key,
        rows.find((row) => row.key === key),
      ),
    );
    cached = { flags, at: Date.now() };
    return flags;
  }

  async function get(key: FeatureFlagKey): Promise<FeatureFlag> {
    return (await list()).find((flag) => flag.key === key)!;
  }

  /** What the browser needs to load the scripts of the flags that are on (null for a flag that is off). */
  async function enabled(): Promise<EnabledFeatureFlags> {
    const flags = await list();
    const on = (key: FeatureFlagKey) => flags.find((flag) => flag.key === key && flag.enabled);
    const tagManager = on('analytics_tag_manager');
    const marketing = on('marketing_automation');
    return {
      analytics_tag_manager: tagManager
        ? flagSettingsWithDefaults('analytics_tag_manager', tagManager.settings)
        : null,
      marketing_automation: marketing
        ? flagSettingsWithDefaults('marketing_automation', marketing.settings)
        : null,
    };
  }

  async function thirdPartyOrigins(): Promise<ThirdPartyOrigins> {
    const flags = await enabled();
    const origins: ThirdPartyOrigins = { script: [], connect: [], img: [] };
    const tagManager = flags.analytics_tag_manager;
    if (tagManager?.containerId) {
      // The container loads tags from its own origin, sends hits back to it and draws pixels from it.
      origins.script.push(tagManager.scriptOrigin);
      origins.connect.push(tagManager.scriptOrigin);
      origins.img.push(tagManager.scriptOrigin);
    }
    const scriptUrl = flags.marketing_automation?.scriptUrl;
    const marketingOrigin = scriptUrl && !scriptUrl.startsWith('/') ? originOf(scriptUrl) : null;
    if (marketingOrigin && !origins.script.includes(marketingOrigin)) origins.script.push(marketingOrigin);
    return origins;
  }

  async function update(key: FeatureFlagKey, input: UpdateFeatureFlag, updatedBy: string | null) {
    const settings = Object.fromEntries(Object.entries(input.settings).filter(([, value]) => value !== ''));
    const problems = featureFlagSettingsProblems(key, input.enabled, settings, {
      allowLocalHttp: !deps.config.isProduction,
    });
    if (Object.keys(problems).length > 0) {
      throw new HttpError(400, Object.values(problems)[0]!, 'VALIDATION_FAILED', {
        fields: Object.fromEntries(
          Object.entries(problems).map(([name, message]) => [`settings.${name}`, [message]]),
        ),
      });
    }
    const row = await writeFeatureFlag(deps.db, key, {
      enabled: input.enabled,
      settings: settings.scriptOrigin
        ? { ...settings, scriptOrigin: settings.scriptOrigin.replace(/\/$/, '') }
        : settings,
      updatedBy,
    });
    cached = null;
    return toFlag(key, row);
  }

  return { list, get, enabled, thirdPartyOrigins, update };
}
export type FeatureFlagsService = ReturnType<typeof createFeatureFlagsService>;

// ── For the demo seed and test fixtures, which write what the product's own screens would ─────────
export { insertFeatureFlagIfMissing } from './repository';
