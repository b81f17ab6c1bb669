import { z } from 'zod';

/** Answer of GET /v2/redirects/resolve?path=… : where the asked path should go instead, if anywhere. */
export const redirectTargetSchema = z.object({
  /** An absolute URL (http… — the browser does a full page load) or an in-app path starting with '/'. */
  target: z.string().min(1),
  permanent: z.boolean(),
});
export type RedirectTarget = z.infer<typeof redirectTargetSchema>;

export const resolveRedirectQuerySchema = z.object({
  path: z.string().min(1).startsWith('/'),
});

export const resolveRedirectResponseSchema = z.object({
  data: redirectTargetSchema.nullable(),
});

/** Answer of GET /v2/platform/status: what every screen needs to know about the service itself. */
export const platformStatusSchema = z.object({
  maintenance: z.boolean(),
  /** Message shown on /maintenance while maintenance is on. */
  maintenanceMessage: z.string().nullable(),
});
export type PlatformStatus = z.infer<typeof platformStatusSchema>;

export const platformStatusResponseSchema = z.object({ data: platformStatusSchema });

/** Body of PUT /v2/platform/maintenance (Super Admin): switch maintenance mode on or off. */
export const setMaintenanceSchema = z.object({
  maintenance: z.boolean(),
  /** What visitors read on /maintenance; the standard text when null. */
  message: z.string().trim().min(1).max(500).nullable().default(null),
});
export type SetMaintenance = z.infer<typeof setMaintenanceSchema>;

/** The build metadata file, served at /build.json and baked into the bundle at build time. */
export const buildInfoSchema = z.object({
  version: z.string(),
  buildTime: z.string(),
});
export type BuildInfo = z.infer<typeof buildInfoSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: z.boolean(), jobs: z.boolean() }),
});
