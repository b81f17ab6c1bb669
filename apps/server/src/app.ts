import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type PgBoss from 'pg-boss';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemoData } from './db/seed/index';
import { startJobs } from './jobs/boss';
import { createAccountAttempts } from './lib/account-attempts';
import { createEventBus, type EventBus } from './lib/events';
import { safeErrorSerializer } from './lib/log-safety';
import { openRedis } from './lib/redis';
import { loadSessionSecret } from './lib/secrets';
import { actionPlanRoutes } from './modules/action-plans/routes';
import { adminRoutes } from './modules/admin/routes';
import { commerceRoutes } from './modules/commerce/plugin';
import { contentAdminRoutes } from './modules/content/admin-routes';
import { contentFileRoutes, contentRoutes } from './modules/content/routes';
import {
  type ContentChangedHook,
  type ContentService,
  createContentService,
} from './modules/content/service';
import { createMediaStorage } from './modules/content/storage';
import { featureFlagRoutes } from './modules/feature-flags/routes';
import { createFeatureFlagsService, type FeatureFlagsService } from './modules/feature-flags/service';
import { authPlugin } from './modules/identity/auth-plugin';
import { identityRoutes } from './modules/identity/routes';
import {
  type AnonymousMergeHook,
  createIdentityService,
  type IdentityService,
} from './modules/identity/service';
import { leadRoutes } from './modules/leads/routes';
import { mailRoutes } from './modules/mail/routes';
import { createMailService, type MailService } from './modules/mail/service';
import { organizationRoutes } from './modules/organizations/routes';
import { createOrganizationsService, type OrganizationsService } from './modules/organizations/service';
import { maintenancePlugin } from './modules/platform/maintenance';
import { platformRoutes } from './modules/platform/routes';
import { createPlatformStatusService, type PlatformStatusService } from './modules/platform/service';
import { projectRoutes } from './modules/projects/routes';
import { respondRoutes } from './modules/responses/routes';
import { createResponsesService, type ResponsesService } from './modules/responses/service';
import { foldWhenStored, startFoldJobs } from './modules/results/aggregates';
import { resultsRoutes } from './modules/results/routes';
import { weightingRoutes } from './modules/results/weighting-routes';
import { safeguardingRoutes } from './modules/safeguarding/routes';
import {
  type AssessRisk,
  createSafeguardingService,
  type SafeguardingService,
} from './modules/safeguarding/service';
import { sharingRoutes } from './modules/sharing/routes';
import { siteRoutes } from './modules/site/routes';
import { surveyImageRoutes } from './modules/surveys/image-routes';
import { reuseRoutes } from './modules/surveys/reuse-routes';
import { surveyRoutes } from './modules/surveys/routes';
import { createScheduleService } from './modules/surveys/schedule';
import { scheduleRoutes } from './modules/surveys/schedule-routes';
import { createSurveysService, type SurveysService } from './modules/surveys/service';
import { translationRoutes } from './modules/surveys/translation-routes';
import { trackerRoutes } from './modules/trackers/routes';
import { crossSitePlugin } from './plugins/cross-site';
import { errorsPlugin, frameworkError, reasonPhrase } from './plugins/errors';
import { createMailLimit, type MailLimit } from './plugins/mail-limit';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestLogPlugin } from './plugins/request-log';
import { safeInputPlugin } from './plugins/safe-input';
import { inlineScriptHashes, securityPlugin } from './plugins/security';
import { readWebBuild, webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Events between this app's modules (lib/events.ts, decision 039). */
    events: EventBus;
    boss: PgBoss | null;
    jobsReady(): boolean;
    platformStatus: PlatformStatusService;
    featureFlags: FeatureFlagsService;
    mail: MailService;
    /** Hourly allowances of mail that people can make the product send (plugins/mail-limit.ts). */
    mailLimit: MailLimit;
    identity: IdentityService;
    organizations: OrganizationsService;
    surveys: SurveysService;
    responses: ResponsesService;
    safeguarding: SafeguardingService;
    /** Other modules add what moves an anonymous visitor's work to the account they sign in to. */
    anonymousMergeHooks: AnonymousMergeHook[];
    content: ContentService;
    /** Called after public content changed (publish, unpublish, a published entry saved), e.g. to drop cached pages. */
    contentChanged: ContentChangedHook[];
    /** Every route as `METHOD /path`, for the authorisation matrix test. */
    registeredRoutes: string[];
  }
}

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise one is opened from config. */
  database?: Database;
  /** Keep PGlite in memory instead of under DATA_DIR. */
  inMemory?: boolean;
  /** Start the job queue (default true). */
  jobs?: boolean;
  /** Apply the demo seed (default true). */
  seed?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The safeguarding classifier (tests give one with a grey band); the real `assessRisk` otherwise. */
  assessRisk?: AssessRisk;
}

function readVersion(config: Config): string {
  const buildInfo = join(config.webDist, 'build.json');
  if (existsSync(buildInfo)) {
    try {
      return (JSON.parse(readFileSync(buildInfo, 'utf8')) as { version: string }).version;
    } catch {
      // A half-written build file must not stop the API from starting.
    }
  }
  return '0.1.0';
}

/** How to close one thing building the app opened (the database, Redis, the job queue). */
type Closer = () => Promise<unknown>;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const opened: Closer[] = [];
  try {
    return await assembleApp(config, options, opened);
  } catch (error) {
    // The caller gets no app to close, so what was opened is closed here, the last opened first; the
    // failure that stopped the start is the one to report, not a later one while closing.
    for (const close of opened.toReversed()) await close().catch(() => {});
    throw error;
  }
}

/** Builds the app; each thing it opens is added to `opened`, which the app closes in reverse order. */
async function assembleApp(
  config: Config,
  options: BuildOptions,
  opened: Closer[],
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Errors are logged without the SQL parameters they carry (emails, names, answers).
      serializers: { err: safeErrorSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1_048_576,
    ...(config.trustProxy ? { trustProxy: config.trustProxy } : {}),
    // A malformed address or an overlong path part is answered in plain words, without echoing it.
    frameworkErrors: (error, _request, reply) => {
      const answer = frameworkError(error.code) ?? { statusCode: 400, message: 'The address is not valid.' };
      void (reply as FastifyReply).status(answer.statusCode).send({
        statusCode: answer.statusCode,
        error: reasonPhrase(answer.statusCode),
        code: error.code,
        message: answer.message,
      });
    },
    // plugins/request-log.ts logs requests at a level that fits (errors, slow ones, the rest at debug).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const registeredRoutes: string[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredRoutes.push(`${method} ${route.url}`);
    }
  });

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config, { inMemory: options.inMemory }));
  if (ownsDatabase) opened.push(() => database.close());
  await database.withStartupLock(async () => {
    await migrateDatabase(database);
    if (options.seed !== false) await seedDemoData(database.db, config);
  });

  let boss: PgBoss | null = null;
  const secret = loadSessionSecret(config);
  // This app's events between modules (decision 039); listeners are added as the services are made.
  const events = createEventBus();
  app.decorate('events', events);
  const mail = createMailService({ db: database.db, config, log: app.log, boss: () => boss });
  const anonymousMergeHooks: AnonymousMergeHook[] = [];
  const contentChanged: ContentChangedHook[] = [];
  const content = createContentService({
    db: database.db,
    config,
    storage: createMediaStorage(config),
    log: app.log,
    boss: () => boss,
    hooks: contentChanged,
  });
  // A read-only data directory must not stop the API: the fallback route then serves the build's file.
  await content.writeCopyFallback().catch((error: unknown) => {
    app.log.warn({ err: error }, 'could not write the copy fallback file');
  });
  const redis = config.redisUrl ? await openRedis(config.redisUrl) : undefined;
  if (redis) opened.push(() => redis.quit());
  const attempts = createAccountAttempts({ redis, freeFailures: config.accountFreeFailures });
  const deviceAttempts = createAccountAttempts({
    redis,
    freeFailures: config.accountFreeFailures,
    namespace: 'tv-device-attempts',
  });
  const identity = createIdentityService({
    db: database.db,
    secret,
    mail,
    config,
    anonymousMergeHooks,
    attempts,
    deviceAttempts,
  });
  const mailLimit = createMailLimit({ redis, limits: config.mailLimits });
  const organizations = createOrganizationsService({ db: database.db, mail, mailLimit, identity, config });
  const surveys = createSurveysService({ db: database.db, mail, config, events });
  // Opens approved surveys and closes open ones when their schedule says so (decision 032).
  const schedule = createScheduleService({ db: database.db, surveys, log: app.log });
  const safeguarding = createSafeguardingService({
    db: database.db,
    mail,
    config,
    boss: () => boss,
    ...(options.assessRisk ? { assess: options.assessRisk } : {}),
  });
  const responses = createResponsesService({
    db: database.db,
    mail,
    safeguarding,
    config,
    redis,
    events,
  });
  if (database.kind === 'postgres') opened.push(foldWhenStored(database.db, events));

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('jobsReady', () => options.jobs === false || boss !== null);
  app.decorate('platformStatus', createPlatformStatusService(database.db));
  const featureFlags = createFeatureFlagsService({ db: database.db, config });
  app.decorate('featureFlags', featureFlags);
  app.decorate('mail', mail);
  app.decorate('mailLimit', mailLimit);
  app.decorate('identity', identity);
  app.decorate('organizations', organizations);
  app.decorate('surveys', surveys);
  app.decorate('responses', responses);
  app.decorate('safeguarding', safeguarding);
  app.decorate('anonymousMergeHooks', anonymousMergeHooks);
  app.decorate('content', content);
  app.decorate('contentChanged', contentChanged);

  if (options.jobs !== false) {
    // Copies that start together would race to create the same queue and schedule rows (a unique
    // violation that stopped the second copy, found by the scale-out test): one copy at a time.
    boss = await database.withStartupLock(async () => {
      const jobs = await startJobs(database, app.log);
      const started = jobs.boss;
      opened.push(() => jobs.stop());
      await mail.startWorkers(started);
      await safeguarding.startWorkers(started);
      await content.startWorkers(started);
      await schedule.startWorkers(started);
      // On the embedded database summaries count the unfolded tail themselves (decision 020).
      if (database.kind === 'postgres') await startFoldJobs(started, database.db);
      return started;
    });
  }
  app.decorate('boss', boss);

  app.addHook('onClose', async () => {
    for (const close of opened.toReversed()) await close();
  });

  const web = readWebBuild(config.webDist);

  await app.register(errorsPlugin);
  // No NUL, broken Unicode, inexact number or prototype key gets past the door (packages/contract).
  await app.register(safeInputPlugin);
  await app.register(requestLogPlugin);
  // Pages, API answers and assets go out compressed; the build's .br/.gz twins are sent as they are.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(securityPlugin, {
    config,
    scriptHashes: web ? inlineScriptHashes(web.indexHtml) : [],
    thirdPartyOrigins: featureFlags.thirdPartyOrigins,
  });
  // State-changing requests from another site (CSRF) are refused before any route runs.
  await app.register(crossSitePlugin, { config });
  await app.register(openapiPlugin, { version: readVersion(config) });
  await app.register(rateLimitPlugin, { redis });
  await app.register(authPlugin, { secret });
  // Before every module's routes, so maintenance mode holds for all of them.
  await app.register(maintenancePlugin);
  await app.register(platformRoutes);
  await app.register(identityRoutes);
  await app.register(organizationRoutes);
  await app.register(adminRoutes);
  await app.register(surveyRoutes);
  await app.register(scheduleRoutes, { schedule });
  await app.register(trackerRoutes);
  await app.register(reuseRoutes);
  await app.register(translationRoutes);
  await app.register(surveyImageRoutes);
  await app.register(projectRoutes);
  await app.register(respondRoutes);
  await app.register(resultsRoutes);
  await app.register(weightingRoutes);
  await app.register(sharingRoutes);
  await app.register(safeguardingRoutes);
  await app.register(actionPlanRoutes);
  await app.register(mailRoutes);
  await app.register(contentRoutes);
  await app.register(contentAdminRoutes);
  await app.register(contentFileRoutes);
  await app.register(leadRoutes);
  await app.register(featureFlagRoutes);
  await app.register(commerceRoutes);
  await app.register(siteRoutes);
  await app.register(webPlugin, { build: web });

  return app;
}
