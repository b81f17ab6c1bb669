/**
 * Order placement: purchases per second at 20 concurrent buyers against the real server on PostgreSQL,
 * side by side with `GET /carts/mine` (the cheapest authenticated commerce call) in the same run.
 * A purchase is what the cart screen does: POST /carts/mine, POST /carts/mine/items, then
 * POST /carts/mine/payment-information (invoice), each with the buyer's commerce token.
 *
 *   npx tsx bench/orders.ts            (needs PostgreSQL at 127.0.0.1:5432, trust auth)
 *
 * It creates and drops its own database, starts the server on port 3401, and stops by itself.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startSmtpSink } from '../apps/server/src/modules/mail/smtp-sink';
import { formatResult, runLoad } from './lib/load';

const admin = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `tv_bench_orders_${Date.now()}`;
const url = new URL(admin);
url.pathname = `/${database}`;
const port = 3401;
const base = `http://127.0.0.1:${port}`;
const api = `${base}/commerce-content/rest/V1`;
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const buyers = 20;

const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`create database ${database}`);
await client.end();

// BENCH_CPU_PROF=dir writes the server's CPU profile there (open it in Chrome's DevTools).
const profile = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];
// Signing up finishes from a mailed link (decision 037): the buyers read theirs here.
const mailSink = await startSmtpSink();

const server = spawn('node', [...profile, '--import', 'tsx', 'apps/server/src/server.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: url.toString(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tv-bench-')),
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    SESSION_SECRET: 'b'.repeat(40),
    PUBLIC_URL: base,
    AUTH_RATE_LIMIT: '100000',
    SMTP_URL: mailSink.url,
    SEED_DEMO_SURVEYS: 'false',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${text}`);
  return JSON.parse(text) as T;
}

/** The sign-up token mailed to an address, once the server's delivery job has sent it. */
async function mailedSignUpToken(email: string): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const text = mailSink.to(email).at(-1)?.text;
    const token = text ? /token=([^"&\s\]]+)/.exec(text)?.[1] : undefined;
    if (token) return decodeURIComponent(token);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-up mail reached ${email}`);
}

/** Signs up a buyer (the mailed link signs it in) and returns its commerce token. */
async function buyer(i: number, terms: string): Promise<string> {
  const email = `bench.buyer.${i}.${Date.now()}@example.org`;
  await json(
    await fetch(`${base}/v2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: `Buyer${i}`,
        email,
        password: 'bench buyer password 1',
        termsAndConditions: terms,
        organizationName: `Bench Buyers ${i}`,
      }),
    }),
  );
  const response = await fetch(`${base}/v2/register/confirm`, {
    method: 'POST',
    headers: { authorization: await mailedSignUpToken(email) },
  });
  await json(response);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = await json<{ data: { token: string } }>(
    await fetch(`${base}/ecommerce/customer-token`, { headers: { cookie } }),
  );
  return token.data.token;
}

try {
  for (let i = 0; ; i++) {
    const ready = await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (i > 240) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const terms = await json<{ data: Array<{ attributes: { versionTimestamp: string } }> }>(
    await fetch(
      `${base}/cms/api/teenvoice-terms-and-conditions?sort=versionTimestamp:desc&pagination[page]=1&pagination[pageSize]=1`,
    ),
  );
  const termsVersion = terms.data[0]!.attributes.versionTimestamp;
  const products = await json<{
    items: Array<{ is_salable: string; extension_attributes: { sku: string } }>;
  }>(
    await fetch(
      `${api}/products-render-info?storeId=1&currencyCode=USD&searchCriteria[filter_groups][0][filters][0][field]=*`,
    ),
  );
  const sku = products.items.find((p) => p.is_salable === '1')!.extension_attributes.sku;
  const tokens = await Promise.all(Array.from({ length: buyers }, (_, i) => buyer(i, termsVersion)));
  const auth = (worker: number) => ({
    authorization: `Bearer ${tokens[worker]}`,
    'content-type': 'application/json',
  });
  const billing = {
    company: 'Bench Buyers',
    firstname: 'Bench',
    lastname: 'Buyer',
    email: 'bench.buyer@example.org',
    street: ['1 Market Street'],
    city: 'San Francisco',
    region_code: 'CA',
    postcode: '94105',
    country_id: 'US',
  };

  const purchases = await runLoad({
    concurrency: buyers,
    durationMs: seconds * 1000,
    send: async (worker) => {
      const quoteId = await json<number>(
        await fetch(`${api}/carts/mine`, { method: 'POST', headers: auth(worker) }),
      );
      await json(
        await fetch(`${api}/carts/mine/items`, {
          method: 'POST',
          headers: auth(worker),
          body: JSON.stringify({ cartItem: { sku, qty: 1, quote_id: quoteId } }),
        }),
      );
      const placed = await fetch(`${api}/carts/mine/payment-information`, {
        method: 'POST',
        headers: auth(worker),
        body: JSON.stringify({
          paymentMethod: { method: 'purchaseorder', po_number: 'BENCH' },
          billing_address: billing,
        }),
      });
      if (!placed.ok && worker === 0) console.log(placed.status, await placed.clone().text());
      return placed;
    },
  });
  console.log(
    formatResult(`purchase (create cart, add item, place order by invoice), ${buyers} buyers`, purchases),
  );

  // Every buyer has an open cart again for the read side.
  await Promise.all(tokens.map((_, w) => fetch(`${api}/carts/mine`, { method: 'POST', headers: auth(w) })));
  const cartGet = await runLoad({
    concurrency: buyers,
    durationMs: seconds * 1000,
    send: async (worker) => {
      const r = await fetch(`${api}/carts/mine`, { headers: auth(worker) });
      if (!r.ok && worker === 0) console.log(r.status, await r.clone().text());
      return r;
    },
  });
  console.log(formatResult(`GET /carts/mine, ${buyers} concurrent`, cartGet));

  const pool = new pg.Pool({ connectionString: url.toString() });
  const counts = await pool.query<{ orders: string; carts: string }>(
    `select (select count(*) from commerce_orders) as orders,
            (select count(*) from commerce_carts where id in (select cart_id from commerce_orders)) as carts`,
  );
  await pool.end();
  const { orders, carts } = counts.rows[0]!;
  console.log(
    `orders in the database: ${orders} (carts with an order: ${carts}); acknowledged purchases: ${purchases.requests - purchases.errors}`,
  );
  console.log(
    `purchases/s against cart GET/s: ${(purchases.requestsPerSecond / cartGet.requestsPerSecond).toFixed(3)}× (a purchase is 3 calls)`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await mailSink.close();
  const cleanup = new pg.Client({ connectionString: admin });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${database} with (force)`);
  await cleanup.end();
}
