import { COMMERCE_BASE, COMMERCE_UNAUTHORIZED_MESSAGE } from '@tv/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceCreditNotes, commercePurchasedLinks } from '../../db/schema/commerce';
import { demoOrganizations } from '../../db/seed/demo-accounts';
import { ACCESS_COOKIE } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/app';
import {
  buy,
  commerceToken,
  createProduct,
  invoicePayment,
  newCustomer,
  type ProductRow,
  tmpDataDir,
} from '../../test/commerce-fixtures';
import { type Actor, actors, type Expectation, type Outcome, signInActors } from '../../test/matrix-actors';
import type { CookieJar } from '../../test/session';
import { signDownload } from './downloads';
import { markOrderPaid } from './order-state';
import { refundOrder } from './refunds';

/**
 * A token with one signature character changed, always to a different one. (Overwriting the last two
 * characters with 'xx' left the token valid about once in a thousand runs: the last base64url
 * character of an HS256 signature carries only four bits, so 'x' can stand for the same bytes.)
 */
function tampered(token: string): string {
  const at = token.length - 10;
  return `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
}

/**
 * Who may call what under /commerce-content: the Magento API (commerce token as a bearer header) and
 * the file routes (session cookie). Every route there is public (listed below) or has a row, and a
 * test fails when a new one has neither. 'ok' means the caller gets past authorisation (any answer
 * but 401 or 403, and not 404 where the row hides the order from others with a 404).
 */

/** The storefront's catalog reads: anyone, token or not. */
const publicRoutes: Array<{ route: string; url?: string }> = [
  { route: `GET ${COMMERCE_BASE}/products-render-info` },
  { route: `GET ${COMMERCE_BASE}/asa_categories` },
  {
    route: `GET ${COMMERCE_BASE}/categories/:id/asa_strapi_articles`,
    url: `${COMMERCE_BASE}/categories/2/asa_strapi_articles`,
  },
  { route: `GET ${COMMERCE_BASE}/mixedfeed`, url: `${COMMERCE_BASE}/mixedfeed?limit=10` },
  { route: `GET ${COMMERCE_BASE}/products/:sku`, url: `${COMMERCE_BASE}/products/no-such-sku` },
  // A report's free sample, for anyone deciding whether to buy.
  { route: 'GET /commerce-content/samples/:urlKey', url: '/commerce-content/samples/no-such-report' },
  // Who sells the reports: the address the contact page and every buyer's document give.
  { route: 'GET /commerce-content/seller' },
  // Stripe's webhook: no caller is trusted, only the event's signature (card-payments.test.ts).
  { route: 'POST /commerce-content/webhooks/stripe' },
];
/** Magento's 404 for an address it has no route for, for every method: public by design. */
const CATCH_ALL = `${COMMERCE_BASE}/*`;

/** Any registered customer with a token: anyone may shop; an anonymous visitor gets no token. */
const customer: Expectation = {
  signedOut: 401,
  anonymous: 401,
  member: 'ok',
  orgAdmin: 'ok',
  otherOrgMember: 'ok',
  moderator: 'ok',
  platformAdmin: 'ok',
  superAdmin: 'ok',
};
/** The member's order for Northside: the buyer and Northside's admin; to everyone else it does not exist. */
const northsideOrder: Expectation = {
  ...customer,
  otherOrgMember: 404,
  moderator: 404,
  platformAdmin: 404,
  superAdmin: 404,
};
/** A purchased download: the buyer and Northside's admin; everyone else is refused. */
const northsideDownload: Expectation = {
  ...customer,
  otherOrgMember: 403,
  moderator: 403,
  platformAdmin: 403,
  superAdmin: 403,
};

interface Row {
  route: string;
  /** Bearer token (the Magento API) or cookie (the file routes). */
  auth: 'token' | 'cookie';
  url?: (actor: Actor) => string;
  body?: () => object;
  expect: Expectation;
}

let t: TestApp;
const jars = {} as Record<Actor, CookieJar>;
const tokens = {} as Partial<Record<Actor, string>>;
const userIds = {} as Record<Actor, string>;
let product: ProductRow;
let orderId: number;
let linkHash: string;
let creditNoteNumber: string;

const api = (path: string) => `${COMMERCE_BASE}${path}`;

const rows: Row[] = [
  { route: `POST ${api('/carts/mine')}`, auth: 'token', expect: customer },
  { route: `GET ${api('/carts/mine')}`, auth: 'token', expect: customer },
  { route: `GET ${api('/carts/mine/totals')}`, auth: 'token', expect: customer },
  {
    route: `POST ${api('/carts/mine/items')}`,
    auth: 'token',
    body: () => ({ cartItem: { sku: product.sku, qty: 1 } }),
    expect: customer,
  },
  {
    route: `DELETE ${api('/carts/mine/items/:itemId')}`,
    auth: 'token',
    url: () => api('/carts/mine/items/2147483647'),
    expect: customer,
  },
  {
    // An invalid address: the call is checked for its caller first, then refused without an order.
    route: `POST ${api('/carts/mine/payment-information')}`,
    auth: 'token',
    body: () => invoicePayment({ billing_address: { company: 'No' } }),
    expect: customer,
  },
  { route: `GET ${api('/carts/mine/coupons')}`, auth: 'token', expect: customer },
  {
    route: `PUT ${api('/carts/mine/coupons/:couponCode')}`,
    auth: 'token',
    url: () => api('/carts/mine/coupons/NO-SUCH-CODE'),
    expect: customer,
  },
  { route: `DELETE ${api('/carts/mine/coupons')}`, auth: 'token', expect: customer },
  { route: `GET ${api('/customers/me')}`, auth: 'token', expect: customer },
  {
    // Another buyer's address, or none: the call is checked for its caller first.
    route: `DELETE ${api('/customers/me/asa_addresses/:addressId')}`,
    auth: 'token',
    url: () => api('/customers/me/asa_addresses/2147483647'),
    expect: customer,
  },
  { route: `GET ${api('/customers/me/asa_orders')}`, auth: 'token', expect: customer },
  { route: `GET ${api('/customers/me/asa_downloadable_products')}`, auth: 'token', expect: customer },
  {
    route: `GET ${api('/customers/me/asa_receipt/:id')}`,
    auth: 'token',
    url: () => api(`/customers/me/asa_receipt/${orderId}`),
    expect: northsideOrder,
  },
  {
    route: 'GET /commerce-content/downloads/:linkHash',
    auth: 'cookie',
    // Each caller with an address signed for them, as their own purchase history would give it.
    url: (actor) => {
      const expires = Math.floor(Date.now() / 1000) + 600;
      const userId = userIds[actor] ?? userIds.member;
      return `/commerce-content/downloads/${linkHash}?expires=${expires}&signature=${signDownload(t.app.sessionSecret, linkHash, userId, expires)}`;
    },
    expect: northsideDownload,
  },
  {
    route: 'GET /commerce-content/receipts/:file',
    auth: 'cookie',
    url: () => `/commerce-content/receipts/${orderId}.pdf`,
    expect: northsideOrder,
  },
  { route: `GET ${api('/customers/me/asa_documents')}`, auth: 'token', expect: customer },
  {
    // An invoice order: the buyer is told it is not paid by card; others do not see it.
    route: `GET ${api('/customers/me/asa_orders/:id/card-payment')}`,
    auth: 'token',
    url: () => api(`/customers/me/asa_orders/${orderId}/card-payment`),
    expect: northsideOrder,
  },
  {
    route: `POST ${api('/customers/me/asa_orders/:id/card-payment/cancel')}`,
    auth: 'token',
    url: () => api(`/customers/me/asa_orders/${orderId}/card-payment/cancel`),
    expect: northsideOrder,
  },
  {
    route: 'GET /commerce-content/invoices/:file',
    auth: 'cookie',
    url: () => `/commerce-content/invoices/${orderId}.pdf`,
    expect: northsideOrder,
  },
  {
    route: 'GET /commerce-content/credit-notes/:file',
    auth: 'cookie',
    url: () => `/commerce-content/credit-notes/${creditNoteNumber}.pdf`,
    expect: northsideOrder,
  },
];

function headersFor(actor: Actor, auth: Row['auth']): Record<string, string> {
  if (auth === 'cookie') return jars[actor].header ? { cookie: jars[actor].header } : {};
  if (actor === 'anonymous') {
    // An anonymous visitor has no commerce token: their session's access token is not one.
    return { authorization: `Bearer ${jars.anonymous.get(ACCESS_COOKIE)}`, cookie: jars.anonymous.header };
  }
  const token = tokens[actor];
  return token ? { authorization: `Bearer ${token}` } : {};
}

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tmpDataDir('commerce-matrix') });
  Object.assign(jars, await signInActors(t.app));
  for (const actor of actors) {
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v2/profile',
      headers: { cookie: jars[actor].header },
    });
    if (profile.statusCode === 200) userIds[actor] = profile.json().data.id;
    if (actor !== 'signedOut' && actor !== 'anonymous')
      tokens[actor] = await commerceToken(t.app, jars[actor]);
  }
  product = await createProduct(t.app, { priceCents: 12_000, numberOfDownloads: 0 });
  orderId = await buy(
    t.app,
    tokens.member!,
    [product.sku],
    invoicePayment({ extension_attributes: { organization_id: demoOrganizations.northside.id } }),
  );
  await markOrderPaid(
    { db: t.app.database.db, mail: t.app.mail, config: t.config },
    orderId,
    { userId: null },
    1,
  );
  const [link] = await t.app.database.db
    .select()
    .from(commercePurchasedLinks)
    .where(eq(commercePurchasedLinks.orderId, orderId));
  linkHash = link!.linkHash;
  // A second Northside order, paid then refunded, for its credit note.
  const refunded = await buy(
    t.app,
    tokens.member!,
    [product.sku],
    invoicePayment({ extension_attributes: { organization_id: demoOrganizations.northside.id } }),
  );
  const stateDeps = { db: t.app.database.db, mail: t.app.mail, config: t.config };
  await markOrderPaid(stateDeps, refunded, { userId: null }, 1);
  await refundOrder(stateDeps, refunded, { userId: null }, 2, 'Matrix check');
  const [note] = await t.app.database.db
    .select()
    .from(commerceCreditNotes)
    .where(eq(commerceCreditNotes.orderId, refunded));
  creditNoteNumber = note!.number;
});
afterAll(async () => {
  await t?.close();
});

describe('commerce authorisation matrix', () => {
  it('covers every route under /commerce-content: each is public or has a row', () => {
    const routes = t.app.registeredRoutes.filter((r) => r.split(' ')[1]!.startsWith('/commerce-content'));
    const covered = new Set([...publicRoutes.map((p) => p.route), ...rows.map((r) => r.route)]);
    const uncovered = routes.filter((r) => !covered.has(r) && r.split(' ')[1] !== CATCH_ALL);
    expect(uncovered).toEqual([]);
    expect(rows.map((r) => r.route).filter((r) => !routes.includes(r))).toEqual([]);
    expect(routes).toContain(`GET ${CATCH_ALL}`);
    // The file routes are covered here, not by the main matrix.
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /commerce-content/downloads/:linkHash',
        'GET /commerce-content/receipts/:file',
      ]),
    );
  });

  it('gives an anonymous visitor no commerce token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/ecommerce/customer-token',
      headers: { cookie: jars.anonymous.header },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('User is anonymous');
  });

  for (const row of rows) {
    it(row.route, async () => {
      const [method, path] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const got: Record<string, number> = {};
      const want: Record<string, Outcome> = {};
      for (const actor of actors) {
        const response = await t.app.inject({
          method,
          url: row.url ? row.url(actor) : path,
          headers: headersFor(actor, row.auth),
          ...(row.body ? { payload: row.body() } : {}),
        });
        const status = response.statusCode;
        want[actor] = row.expect[actor];
        got[actor] = status;
        const hidden = status === 404 && Object.values(row.expect).includes(404);
        if (row.expect[actor] === 'ok' && (status === 401 || status === 403 || hidden)) {
          throw new Error(`${actor} was refused ${row.route} with ${status}: ${response.body}`);
        }
        if (row.auth === 'token' && status === 401) {
          // Magento's exact 401, on which the client refreshes its token and retries.
          expect(response.json()).toEqual({
            message: COMMERCE_UNAUTHORIZED_MESSAGE,
            parameters: { resources: 'self' },
          });
        }
      }
      const refused = Object.fromEntries(Object.entries(want).filter(([, o]) => o !== 'ok'));
      const gotRefused = Object.fromEntries(Object.entries(got).filter(([actor]) => actor in refused));
      expect(gotRefused).toEqual(refused);
    });
  }

  for (const { route, url } of publicRoutes) {
    it(`${route} is public`, async () => {
      const [method, path] = route.split(' ') as ['GET', string];
      for (const actor of actors) {
        const response = await t.app.inject({
          method,
          url: url ?? path,
          headers: headersFor(actor, 'token'),
        });
        expect([401, 403], `${actor}: ${response.body}`).not.toContain(response.statusCode);
      }
    });
  }

  it(`${CATCH_ALL} answers Magento's 404 to anyone, for every method`, async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const actor of actors) {
        const response = await t.app.inject({
          method,
          url: api('/no/such/route'),
          headers: headersFor(actor, 'token'),
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Request does not match any route.' });
      }
    }
  });
});

describe('the exact 401 on every customer call', () => {
  const tokenRows = rows.filter((row) => row.auth === 'token');

  it('for no token, a bad token, a session cookie’s token as bearer and a token after sign-out', async () => {
    const leaving = await newCustomer(t.app);
    const stale = leaving.token;
    const sessionToken = leaving.jar.get(ACCESS_COOKIE)!;
    await t.app.inject({ method: 'DELETE', url: '/logout', headers: { cookie: leaving.jar.header } });
    const member = jars.member.get(ACCESS_COOKIE)!;
    const variants: Record<string, Record<string, string>> = {
      'no token': {},
      'a bad token': { authorization: 'Bearer not.a.token' },
      'a tampered token': { authorization: `Bearer ${tampered(tokens.member!)}` },
      'not a bearer': { authorization: `Basic ${Buffer.from('jordan:secret').toString('base64')}` },
      'a session cookie’s access token as bearer': { authorization: `Bearer ${member}` },
      'a token after sign-out': { authorization: `Bearer ${stale}` },
      'a signed-out session’s cookie token as bearer': { authorization: `Bearer ${sessionToken}` },
    };
    for (const row of tokenRows) {
      const [method, path] = row.route.split(' ') as ['GET' | 'POST' | 'DELETE', string];
      for (const [name, headers] of Object.entries(variants)) {
        const response = await t.app.inject({
          method,
          url: row.url ? row.url('member') : path,
          headers,
          ...(row.body ? { payload: row.body() } : {}),
        });
        expect(response.statusCode, `${row.route} with ${name}`).toBe(401);
        expect(response.body).toBe(
          '{"message":"The consumer isn\'t authorized to access %resources.","parameters":{"resources":"self"}}',
        );
      }
    }
  });
});
