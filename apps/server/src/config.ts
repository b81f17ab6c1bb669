import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const envVariables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(resolve(repoRoot, 'data')),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  REDIS_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  MAIL_FROM: z.string().default('TeenVoice <no-reply@teenvoice.local>'),
  SALES_EMAIL: z.email().default('sales@teenvoice.test'),
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  /**
   * The reverse proxies whose X-Forwarded-For is believed (Fastify's trustProxy): addresses or CIDRs,
   * comma-separated, or 'loopback', 'uniquelocal'. Unset: the client is the socket's address.
   */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().max(1000).optional()),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Mails one signed-in person can send in an hour: action-plan shares and invitations, one per recipient. */
  MAIL_LIMIT_PER_USER_HOUR: z.coerce.number().int().min(1).default(50),
  /** Mails all the people of one organisation can send in an hour, counted as for one person. */
  MAIL_LIMIT_PER_ORG_HOUR: z.coerce.number().int().min(1).default(200),
  /** Mails the public site's forms and password resets send in an hour for one client address. */
  MAIL_LIMIT_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(30),
  /** Mails the public site's forms and password resets send in an hour about one email address. */
  MAIL_LIMIT_PER_EMAIL_HOUR: z.coerce.number().int().min(1).default(5),
  RESPOND_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(20),
  RESPOND_SECONDS_PER_QUESTION: z.coerce.number().min(0).max(60).default(1.5),
  RESPOND_ALERT_THRESHOLD: z.coerce.number().int().min(1).max(1_000_000).default(20),
  SEED_DEMO_SURVEYS: z.enum(['true', 'false']).default('true'),
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  /** Sales tax on storefront orders, in percent (e.g. 8.25); 0 by default. */
  COMMERCE_TAX_RATE: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(100).default(0)),
  /** Card payments through Stripe: off unless a secret key is set. */
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Where the Stripe library sends its calls; tests point it at a local stub (http://127.0.0.1:port). */
  STRIPE_API_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  /** The signing secret of the Stripe webhook endpoint (whsec_…): events without its signature are refused. */
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Days an invoice (purchase-order order) gives the buyer to pay. */
  INVOICE_DUE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(365).default(30)),
  /** Bank transfer details printed on invoices; the defaults are a demo account. */
  INVOICE_BANK_NAME: z.preprocess(emptyToUndefined, z.string().default('First Demo Bank, N.A.')),
  INVOICE_BANK_ACCOUNT_NAME: z.preprocess(emptyToUndefined, z.string().default('TeenVoice, Inc.')),
  INVOICE_BANK_ROUTING: z.preprocess(emptyToUndefined, z.string().default('000000000')),
  INVOICE_BANK_ACCOUNT: z.preprocess(emptyToUndefined, z.string().default('000123456789')),
  /** The first Super Admin, created at start when no account has this address (the only way in production). */
  SUPER_ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  SUPER_ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(12, 'must be at least 12 characters').max(128).optional(),
  ),
});

/** Every environment variable the server reads (deploy files are checked against it). */
export const CONFIG_VARIABLES = Object.keys(envVariables.shape);

const envSchema = envVariables
  .refine((env) => Boolean(env.SUPER_ADMIN_EMAIL) === Boolean(env.SUPER_ADMIN_PASSWORD), {
    path: ['SUPER_ADMIN_PASSWORD'],
    message: 'SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD are set together or not at all',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.SESSION_SECRET, {
    path: ['SESSION_SECRET'],
    message: 'is required in production',
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    /** Session cookies are `Secure` and HSTS is sent in production, and wherever the public address is https. */
    secureTransport: env.NODE_ENV === 'production' || (env.PUBLIC_URL ?? '').startsWith('https://'),
    /** Behind a proxy, rate limits and logs use the client address it forwards (never 'any proxy'). */
    trustProxy: env.TRUST_PROXY
      ? env.TRUST_PROXY.split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : undefined,
    smtpUrl: env.SMTP_URL,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    webDist: resolve(env.WEB_DIST),
    mailFrom: env.MAIL_FROM,
    /** Where contact, sales and newsletter leads from the public site are mailed. */
    salesEmail: env.SALES_EMAIL,
    sessionSecret: env.SESSION_SECRET,
    /** Sign-in, sign-up and reset attempts allowed per minute for one address or email. */
    authRateLimit: env.AUTH_RATE_LIMIT,
    /** Failed sign-ins one account takes, from any address, before each next one must wait (doubling). */
    accountFreeFailures: env.ACCOUNT_FREE_FAILURES,
    /** Hourly mail allowances (plugins/mail-limit.ts); over one, nothing is sent and the answer is 429. */
    mailLimits: {
      perUser: env.MAIL_LIMIT_PER_USER_HOUR,
      perOrganization: env.MAIL_LIMIT_PER_ORG_HOUR,
      perAddress: env.MAIL_LIMIT_PER_ADDRESS_HOUR,
      perEmail: env.MAIL_LIMIT_PER_EMAIL_HOUR,
    },
    /**
     * The respondent side's limits (issue 23), per address and survey. `rateLimit`: answers sent a
     * minute (opening the survey and the screener may be asked three times as often); 0 turns the
     * limits off, for load tests and benchmarks only. `secondsPerQuestion`: the least time a person
     * takes per question shown; a response sent sooner is held for review. `alertThreshold`: held or
     * refused answers to one survey within 10 minutes that send staff one mail.
     */
    respond: {
      rateLimit: env.RESPOND_RATE_LIMIT,
      secondsPerQuestion: env.RESPOND_SECONDS_PER_QUESTION,
      alertThreshold: env.RESPOND_ALERT_THRESHOLD,
    },
    /** Demo surveys with simulated responses; API tests turn them off to start from a known state. */
    seedDemoSurveys: env.SEED_DEMO_SURVEYS === 'true',
    superAdmin:
      env.SUPER_ADMIN_EMAIL && env.SUPER_ADMIN_PASSWORD
        ? { email: env.SUPER_ADMIN_EMAIL, password: env.SUPER_ADMIN_PASSWORD }
        : undefined,
    /** Content media go to this S3-compatible bucket when it is set; otherwise under DATA_DIR/files. */
    commerce: {
      /** Basis points: 8.25 % is 825. */
      taxRateBasisPoints: Math.round(env.COMMERCE_TAX_RATE * 100),
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            apiUrl: env.STRIPE_API_URL,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
          }
        : null,
      invoice: {
        dueDays: env.INVOICE_DUE_DAYS,
        bankName: env.INVOICE_BANK_NAME,
        accountName: env.INVOICE_BANK_ACCOUNT_NAME,
        routingNumber: env.INVOICE_BANK_ROUTING,
        accountNumber: env.INVOICE_BANK_ACCOUNT,
      },
    },
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
  }));

export type Config = z.output<typeof envSchema>;

/** The one place that reads the environment. Throws a readable list of what is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/** A configuration for tests: in-memory database unless DATABASE_URL is given. */
export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    AUTH_RATE_LIMIT: '10000',
    MAIL_LIMIT_PER_USER_HOUR: '10000',
    MAIL_LIMIT_PER_ORG_HOUR: '10000',
    MAIL_LIMIT_PER_ADDRESS_HOUR: '10000',
    MAIL_LIMIT_PER_EMAIL_HOUR: '10000',
    // Tests answer surveys from one address in milliseconds; the abuse tests turn these back on.
    RESPOND_RATE_LIMIT: '0',
    RESPOND_SECONDS_PER_QUESTION: '0',
    SEED_DEMO_SURVEYS: 'false',
    DATABASE_URL: process.env.DATABASE_URL,
    ...overrides,
  });
}
