import { z } from 'zod';

/**
 * Platform feature flags that load third-party scripts. Both are off until a Super Admin switches
 * them on; even then a script loads only with the visitor's consent, and never on respondent pages.
 */
export const featureFlagKeys = ['analytics_tag_manager', 'marketing_automation'] as const;
export type FeatureFlagKey = (typeof featureFlagKeys)[number];

export const featureFlagLabels: Record<FeatureFlagKey, { title: string; description: string }> = {
  analytics_tag_manager: {
    title: 'Analytics tag manager',
    description:
      'Loads the Google Tag Manager container on public pages for visitors who allow analytics cookies.',
  },
  marketing_automation: {
    title: 'Marketing automation form',
    description:
      'Loads the newsletter sign-up form script on the home and research pages for visitors who allow analytics cookies.',
  },
};

export const DEFAULT_TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
export const DEFAULT_MARKETING_FORM_URL = '/forms/marketing-form.js';
export const TAG_MANAGER_CONTAINER_PATTERN = /^GTM-[A-Z0-9]{4,10}$/;

export interface TagManagerSettings {
  containerId: string;
  scriptOrigin: string;
}
export interface MarketingAutomationSettings {
  scriptUrl: string;
}
export interface FeatureFlagSettings {
  analytics_tag_manager: TagManagerSettings;
  marketing_automation: MarketingAutomationSettings;
}

/** Each flag's settings with the defaults filled in. */
export function flagSettingsWithDefaults<K extends FeatureFlagKey>(
  key: K,
  settings: Record<string, string>,
): FeatureFlagSettings[K] {
  const filled =
    key === 'analytics_tag_manager'
      ? {
          containerId: settings.containerId ?? '',
          scriptOrigin: settings.scriptOrigin || DEFAULT_TAG_MANAGER_ORIGIN,
        }
      : { scriptUrl: settings.scriptUrl || DEFAULT_MARKETING_FORM_URL };
  return filled as FeatureFlagSettings[K];
}

const isLocalHttp = (url: URL) =>
  url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');

/**
 * Where a flag may load a script from: an https origin, or (outside production, for local stubs)
 * http on 127.0.0.1 or localhost. Returns the problem in plain words, or null.
 */
export function scriptOriginProblem(value: string, allowLocalHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Script origin must be a full address such as https://www.googletagmanager.com';
  }
  if (url.origin !== value.replace(/\/$/, '') || url.username || url.password) {
    return 'Script origin must be an origin only, with no path, such as https://www.googletagmanager.com';
  }
  if (url.protocol === 'https:') return null;
  if (allowLocalHttp && isLocalHttp(url)) return null;
  return allowLocalHttp
    ? 'Script origin must start with https:// (or http://127.0.0.1 or http://localhost for local testing)'
    : 'Script origin must start with https://';
}

/** The marketing form script: a path on our own site, or an https address. */
export function scriptUrlProblem(value: string, allowLocalHttp: boolean): string | null {
  if (value.startsWith('/') && !value.startsWith('//')) {
    return /^\/[A-Za-z0-9._~\-/]+$/.test(value)
      ? null
      : 'Script address must be a plain path such as /forms/marketing-form.js';
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Script address must be a path on this site or a full https address';
  }
  if (url.username || url.password) return 'Script address must not contain a user name or password';
  if (url.protocol === 'https:') return null;
  if (allowLocalHttp && isLocalHttp(url)) return null;
  return 'Script address must be a path on this site or start with https://';
}

/** Problems with a flag's settings, keyed by setting name; empty when they are fine. */
export function featureFlagSettingsProblems(
  key: FeatureFlagKey,
  enabled: boolean,
  settings: Record<string, string>,
  options: { allowLocalHttp: boolean },
): Record<string, string> {
  const problems: Record<string, string> = {};
  const allowed = key === 'analytics_tag_manager' ? ['containerId', 'scriptOrigin'] : ['scriptUrl'];
  for (const name of Object.keys(settings)) {
    if (!allowed.includes(name)) problems[name] = `${name} is not a setting of this flag`;
  }
  if (key === 'analytics_tag_manager') {
    const containerId = settings.containerId ?? '';
    if (containerId === '' && enabled) problems.containerId = 'Enter the container ID, such as GTM-ABC1234';
    else if (containerId !== '' && !TAG_MANAGER_CONTAINER_PATTERN.test(containerId))
      problems.containerId =
        'Container ID must look like GTM-ABC1234 (GTM- then 4 to 10 capital letters or digits)';
    if (settings.scriptOrigin) {
      const problem = scriptOriginProblem(settings.scriptOrigin, options.allowLocalHttp);
      if (problem) problems.scriptOrigin = problem;
    }
  } else if (settings.scriptUrl) {
    const problem = scriptUrlProblem(settings.scriptUrl, options.allowLocalHttp);
    if (problem) problems.scriptUrl = problem;
  }
  return problems;
}

export const featureFlagKeySchema = z.enum(featureFlagKeys);

export const featureFlagSchema = z.object({
  key: featureFlagKeySchema,
  enabled: z.boolean(),
  settings: z.record(z.string(), z.string()),
  updatedAt: z.string().nullable(),
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

export const featureFlagResponseSchema = z.object({ data: featureFlagSchema });
export const featureFlagsResponseSchema = z.object({ data: z.array(featureFlagSchema) });

/** PUT /v2/admin/feature-flags/:key (Super Admin). */
export const updateFeatureFlagSchema = z.object({
  enabled: z.boolean(),
  settings: z.record(z.string().max(40), z.string().trim().max(300)).default({}),
});
export type UpdateFeatureFlag = z.infer<typeof updateFeatureFlagSchema>;

/** GET /v2/platform/feature-flags: only the flags that are on, with what the browser needs to load them. */
export const enabledFeatureFlagsSchema = z.object({
  analytics_tag_manager: z.object({ containerId: z.string(), scriptOrigin: z.string() }).nullable(),
  marketing_automation: z.object({ scriptUrl: z.string() }).nullable(),
});
export type EnabledFeatureFlags = z.infer<typeof enabledFeatureFlagsSchema>;
export const enabledFeatureFlagsResponseSchema = z.object({ data: enabledFeatureFlagsSchema });
