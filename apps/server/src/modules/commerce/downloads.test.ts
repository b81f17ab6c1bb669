import type { DownloadableProduct, DownloadableProductsResult } from '@tv/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commercePurchasedLinks } from '../../db/schema/commerce';
import { createTestApp, type TestApp } from '../../test/app';
import {
  buy,
  type Customer,
  createProduct,
  magento,
  newCustomer,
  newOrganization,
  type ProductRow,
  tmpDataDir,
  validBilling,
} from '../../test/commerce-fixtures';
import { type CookieJar, cookieJar, softRegister } from '../../test/session';
import { LINK_EXPIRED_MESSAGE, LINK_INVALID_MESSAGE, signDownload } from './downloads';
import { markOrderPaid } from './order-state';
import { refundOrder } from './refunds';

let t: TestApp;
let limited: ProductRow & { bytes: Buffer | null };
let unlimited: ProductRow & { bytes: Buffer | null };
let invoiced: ProductRow & { bytes: Buffer | null };
let buyer: Customer;
let colleague: Customer;
let outsider: Customer;
let freeOrderId: number;
let invoiceOrderId: number;

const freePayment = { paymentMethod: { method: 'free' }, billing_address: validBilling };

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tmpDataDir('downloads') });
  limited = await createProduct(t.app, {
    priceCents: 0,
    numberOfDownloads: 2,
    fileName: 'Teens and Sleep 2026.pdf',
  });
  unlimited = await createProduct(t.app, { priceCents: 0, numberOfDownloads: 0 });
  invoiced = await createProduct(t.app, { priceCents: 49_500, numberOfDownloads: 3 });
  const organization = await newOrganization(t.app);
  buyer = await newCustomer(t.app, { organizationId: organization.id });
  colleague = await newCustomer(t.app, { organizationId: organization.id });
  outsider = await newCustomer(t.app, { organizationId: (await newOrganization(t.app, 'Harbor Teens')).id });
  freeOrderId = await buy(t.app, buyer.token, [limited.sku, unlimited.sku], {
    ...freePayment,
    extension_attributes: { organization_id: organization.id },
  });
  invoiceOrderId = await buy(t.app, buyer.token, [invoiced.sku]);
});
afterAll(async () => {
  await t?.close();
});

const downloadsOf = async (customer: Customer) => {
  const response = await magento(t.app, 'GET', '/customers/me/asa_downloadable_products', customer.token);
  expect(response.statusCode).toBe(200);
  return response.json() as DownloadableProductsResult;
};
const linkOf = async (customer: Customer, sku: string) =>
  (await downloadsOf(customer)).items.find((item) => item.sku === sku)!;
const fetchFile = (url: string, jar: CookieJar | null, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: url.replace(/^https?:\/\/[^/]+/, ''),
    headers: { ...(jar ? { cookie: jar.header } : {}), ...headers },
  });
const usedCount = async (hash: string) =>
  (
    await t.app.database.db
      .select({ used: commercePurchasedLinks.numberOfDownloadsUsed })
      .from(commercePurchasedLinks)
      .where(eq(commercePurchasedLinks.linkHash, hash))
  )[0]!.used;
/** A download address signed for this user (as the purchase history would sign it for them). */
const signedFor = (hash: string, userId: string, expires = Math.floor(Date.now() / 1000) + 600) =>
  `/commerce-content/downloads/${hash}?expires=${expires}&signature=${signDownload(t.app.sessionSecret, hash, userId, expires)}`;

describe('GET /customers/me/asa_downloadable_products', () => {
  it('lists the purchased links with a signed 15-minute address only when they can be used', async () => {
    const result = await downloadsOf(buyer);
    expect(result.total_count).toBe(3);
    const link = result.items.find((i) => i.sku === limited.sku)!;
    expect(link).toEqual({
      link_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      link_title: limited.name,
      product_name: limited.name,
      sku: limited.sku,
      url_key: limited.urlKey,
      order_id: freeOrderId,
      order_increment_id: expect.stringMatching(/^\d{9}$/),
      // Magento's date format (UTC) and an absolute address from PUBLIC_URL, as a Magento client expects.
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      status: 'available',
      number_of_downloads_bought: 2,
      number_of_downloads_used: 0,
      download_url: expect.stringMatching(
        /^https?:\/\/[^/]+\/commerce-content\/downloads\/[0-9a-f]{64}\?expires=\d+&signature=[\w-]+$/,
      ),
      download_url_expires_at: expect.any(String),
    } satisfies DownloadableProduct);
    const minutes = (Date.parse(`${link.download_url_expires_at!.replace(' ', 'T')}Z`) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const pending = result.items.find((i) => i.sku === invoiced.sku)!;
    expect(pending).toMatchObject({
      status: 'pending_payment',
      download_url: null,
      download_url_expires_at: null,
    });
  });

  it('shows the organisation’s purchases to its other members and nothing to outsiders', async () => {
    const colleagues = await downloadsOf(colleague);
    expect(colleagues.items.map((i) => i.sku).sort()).toEqual([limited.sku, unlimited.sku].sort());
    expect(await downloadsOf(outsider)).toEqual({ items: [], total_count: 0 });
  });
});

describe('GET /commerce-content/downloads/:linkHash', () => {
  it('sends the buyer the file as an attachment that is never cached, and counts it', async () => {
    const link = await linkOf(buyer, limited.sku);
    const response = await fetchFile(link.download_url!, buyer.jar);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Teens and Sleep 2026.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.equals(limited.bytes!)).toBe(true);
    expect(await usedCount(link.link_hash)).toBe(1);
  });

  it('lets a member of the buying organisation download with their own address', async () => {
    const link = await linkOf(colleague, unlimited.sku);
    const response = await fetchFile(link.download_url!, colleague.jar);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(unlimited.bytes!)).toBe(true);
  });

  it('refuses another organisation’s member, a visitor, a signed-out request and a bearer token', async () => {
    const link = await linkOf(buyer, unlimited.sku);
    const before = await usedCount(link.link_hash);

    // The buyer's address is bound to the buyer…
    const borrowed = await fetchFile(link.download_url!, outsider.jar);
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.json()).toMatchObject({ message: LINK_INVALID_MESSAGE, code: 'DOWNLOAD_LINK_INVALID' });
    // …and an address signed for the outsider still needs them to be the buyer or a member.
    const ownSignature = await fetchFile(signedFor(link.link_hash, outsider.userId), outsider.jar);
    expect(ownSignature.statusCode).toBe(403);
    expect(ownSignature.json().code).toBe('DOWNLOAD_NOT_YOURS');

    const visitor = await softRegister(t.app);
    expect((await fetchFile(link.download_url!, visitor)).statusCode).toBe(401);
    expect((await fetchFile(link.download_url!, null)).statusCode).toBe(401);
    expect(
      (await fetchFile(link.download_url!, null, { authorization: `Bearer ${buyer.token}` })).statusCode,
    ).toBe(401);

    // Signed out: the old cookie no longer works.
    const leaving = await newCustomer(t.app);
    const jar = cookieJar(leaving.jar.header);
    const url = signedFor(link.link_hash, leaving.userId);
    jar.take(await t.app.inject({ method: 'DELETE', url: '/logout', headers: { cookie: jar.header } }));
    expect((await fetchFile(url, leaving.jar)).statusCode).toBe(401);

    expect(await usedCount(link.link_hash)).toBe(before);
  });

  it('refuses a tampered signature, a moved expiry and an expired address', async () => {
    const link = await linkOf(buyer, unlimited.sku);
    const before = await usedCount(link.link_hash);
    const url = new URL(link.download_url!, 'http://x');
    const signature = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    const path = url.pathname;

    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `${path}?expires=${expires}&signature=${flipped}`,
      `${path}?expires=${expires + 3600}&signature=${signature}`,
      `${path}?expires=${expires}`,
      `${path}?signature=${signature}`,
      `${path.slice(0, -1)}${path.endsWith('a') ? 'b' : 'a'}?expires=${expires}&signature=${signature}`,
    ]) {
      const response = await fetchFile(bad, buyer.jar);
      expect(response.statusCode, bad).toBe(403);
      expect(response.json().message).toBe(LINK_INVALID_MESSAGE);
    }
    const expired = await fetchFile(
      signedFor(link.link_hash, buyer.userId, Math.floor(Date.now() / 1000) - 1),
      buyer.jar,
    );
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      message: 'This download link has expired. Open your purchase history for a new one.',
    });
    expect(LINK_EXPIRED_MESSAGE).toBe(expired.json().message);
    expect(
      (await fetchFile('/commerce-content/downloads/not-a-hash?expires=1&signature=x', buyer.jar)).statusCode,
    ).toBe(404);
    expect(await usedCount(link.link_hash)).toBe(before);
  });

  it('enforces the number of downloads bought (2): the third is refused, the list stops offering it', async () => {
    const link = await linkOf(buyer, limited.sku);
    expect(link.number_of_downloads_used).toBe(1);
    expect((await fetchFile(link.download_url!, buyer.jar)).statusCode).toBe(200);
    const third = await fetchFile(link.download_url!, buyer.jar);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      message: 'You have used all 2 downloads of this report. Contact support if you need more.',
    });
    expect(await usedCount(link.link_hash)).toBe(2);
    expect(await linkOf(buyer, limited.sku)).toMatchObject({
      number_of_downloads_used: 2,
      download_url: null,
    });
  });

  it('counts parallel downloads exactly: never more than bought', async () => {
    const product = await createProduct(t.app, { priceCents: 0, numberOfDownloads: 3 });
    const customer = await newCustomer(t.app);
    await buy(t.app, customer.token, [product.sku], freePayment);
    const link = await linkOf(customer, product.sku);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fetchFile(link.download_url!, customer.jar)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 403, 403, 403]);
    expect(await usedCount(link.link_hash)).toBe(3);
  });

  it('refuses a link of an unpaid order, and of a refunded one', async () => {
    const pending = await linkOf(buyer, invoiced.sku);
    const unpaid = await fetchFile(signedFor(pending.link_hash, buyer.userId), buyer.jar);
    expect(unpaid.statusCode).toBe(403);
    expect(unpaid.json().message).toBe('This report can be downloaded once the order is paid.');

    const deps = { db: t.app.database.db, mail: t.app.mail, config: t.config };
    await markOrderPaid(deps, invoiceOrderId, { userId: null }, 1);
    const paid = await linkOf(buyer, invoiced.sku);
    expect(paid.status).toBe('available');
    expect((await fetchFile(paid.download_url!, buyer.jar)).statusCode).toBe(200);

    await refundOrder(deps, invoiceOrderId, { userId: null }, 2, 'Bought twice by mistake');
    const refunded = await fetchFile(paid.download_url!, buyer.jar);
    expect(refunded.statusCode).toBe(403);
    expect(refunded.json().message).toBe(
      'This download is no longer available: the order was refunded or canceled.',
    );
    expect(await linkOf(buyer, invoiced.sku)).toMatchObject({ status: 'expired', download_url: null });
  });
});
