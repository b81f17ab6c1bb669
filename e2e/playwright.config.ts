import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
// The recipients' inboxes (e2e/stubs/mail-sink.ts): the server delivers all mail there, and tests read
// reset and invitation links there, never from the staff mailbox (decision 023). Set here so workers see it.
const mailSinkSmtpPort = port + 1000;
const mailSinkHttpPort = port + 1001;
// Stripe's stand-in (e2e/stubs/stripe-stub.ts): its API, the hosted payment page and signed webhooks.
const stripeStubPort = port + 1002;
const stripeSecretKey = 'sk_test_e2e';
const stripeWebhookSecret = 'whsec_e2e';
process.env.E2E_MAIL_SINK = `http://127.0.0.1:${mailSinkHttpPort}`;
// A fresh embedded database for every run, so the seed is the only data there.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tv-e2e-'));

export default defineConfig({
  testDir: './specs',
  // Per port, so parallel runs don't write over each other's traces.
  outputDir: `../test-results/${port}`,
  fullyParallel: true,
  // At least two, as on the two-core CI machine whether or not its runner sets CI; half the cores on a
  // larger one (Playwright's default, which is one worker on two cores).
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  // One retry absorbs a slow moment on a loaded two-core machine; a real failure fails twice.
  retries: 1,
  reporter: [['list']],
  timeout: 45_000,
  // A first summary of 400 responses on the embedded database can take this long on a loaded CI machine.
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    // Recording a trace costs every test CPU; a failure's retry records one, which is what we read.
    trace: 'on-first-retry',
    // As someone who prefers less motion: the theme then skips transitions and animations
    // (respectReducedMotion), which spares a two-core machine the frames they cost.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: [/service-wide\.spec\.ts/, /terms-acceptance\.spec\.ts/],
    },
    // Maintenance mode and a new deploy change the server for everyone, so they run after all the rest.
    {
      name: 'service-wide',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /service-wide\.spec\.ts/,
      dependencies: ['chromium'],
    },
    // A new terms version makes every signed-in account accept it first, demo ones too: this runs last,
    // after maintenance mode too, which would otherwise send its pages to /maintenance.
    {
      name: 'terms-publishing',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /terms-acceptance\.spec\.ts/,
      dependencies: ['service-wide'],
    },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/stubs/mail-sink.ts',
      cwd: '..',
      url: `${process.env.E2E_MAIL_SINK}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { MAIL_SINK_SMTP_PORT: String(mailSinkSmtpPort), MAIL_SINK_HTTP_PORT: String(mailSinkHttpPort) },
    },
    {
      command: 'npx tsx e2e/stubs/stripe-stub.ts',
      cwd: '..',
      url: `http://127.0.0.1:${stripeStubPort}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        STRIPE_STUB_PORT: String(stripeStubPort),
        STRIPE_STUB_WEBHOOK_URL: `${baseURL}/commerce-content/webhooks/stripe`,
        STRIPE_SECRET_KEY: stripeSecretKey,
        STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      },
    },
    {
      // The compiled server, as in production (decision 022), rebuilt first if its sources changed;
      // a build folder per port, so parallel runs never replace each other's.
      command: `node scripts/build.mjs server && node apps/server/dist-e2e-${port}/server.js`,
      cwd: '..',
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        SERVER_OUT_DIR: `dist-e2e-${port}`,
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // Many sign-ups come from one address in a run.
        AUTH_RATE_LIMIT: '1000',
        // The whole run answers surveys from one address, and seeds answers in milliseconds; the
        // respondent limits and the plausible time are tested against the API (abuse.test.ts).
        RESPOND_RATE_LIMIT: '1000',
        RESPOND_SECONDS_PER_QUESTION: '0',
        SMTP_URL: `smtp://127.0.0.1:${mailSinkSmtpPort}`,
        STRIPE_SECRET_KEY: stripeSecretKey,
        STRIPE_API_URL: `http://127.0.0.1:${stripeStubPort}`,
        STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
        // The e2e run always uses its own embedded database, whatever the caller's environment says.
        DATABASE_URL: '',
      },
    },
  ],
});
