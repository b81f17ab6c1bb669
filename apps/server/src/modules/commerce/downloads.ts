import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DownloadableProductsResult, PurchasedLinkStatusName } from '@tv/contract';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  commerceOrderItems,
  commerceOrders,
  commerceProducts,
  commercePurchasedLinks,
} from '../../db/schema/commerce';
import { HttpError } from '../../plugins/errors';
import type { MediaStorage } from '../content/service';
import type { Viewer } from '../identity/service';
import { absoluteUrl, magentoDate } from './magento-format';
import { canSeeOrder, visibleTo } from './orders';

/** A signed download address works for 15 minutes; the purchase history hands out a fresh one. */
export const DOWNLOAD_URL_SECONDS = 15 * 60;
export const DOWNLOADS_PATH = '/commerce-content/downloads';

export const LINK_EXPIRED_MESSAGE =
  'This download link has expired. Open your purchase history for a new one.';
export const LINK_INVALID_MESSAGE =
  'This download link is not valid. Open your purchase history for a new one.';
export const usedUpMessage = (bought: number) =>
  `You have used all ${bought} downloads of this report. Contact support if you need more.`;

/** The signing key of download links: derived from the session secret, used for nothing else. */
const keys = new WeakMap<Uint8Array, Buffer>();
function downloadKey(secret: Uint8Array): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('commerce-download').digest();
    keys.set(secret, key);
  }
  return key;
}

/** HMAC-SHA256 over `linkHash.userId.expires`, base64url. */
export function signDownload(secret: Uint8Array, linkHash: string, userId: string, expires: number): string {
  return createHmac('sha256', downloadKey(secret))
    .update(`${linkHash}.${userId}.${expires}`)
    .digest('base64url');
}

export function verifyDownloadSignature(
  secret: Uint8Array,
  linkHash: string,
  userId: string,
  expires: number,
  signature: string,
): boolean {
  const expected = Buffer.from(signDownload(secret, linkHash, userId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `/commerce-content/downloads/<hash>?expires=…&signature=…` for this user, and when it stops working. */
export function signedDownloadUrl(secret: Uint8Array, linkHash: string, userId: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + DOWNLOAD_URL_SECONDS;
  const signature = signDownload(secret, linkHash, userId, expires);
  return {
    url: `${DOWNLOADS_PATH}/${linkHash}?expires=${expires}&signature=${signature}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

const usable = (link: { status: string; numberOfDownloadsBought: number; numberOfDownloadsUsed: number }) =>
  link.status === 'available' &&
  (link.numberOfDownloadsBought === 0 || link.numberOfDownloadsUsed < link.numberOfDownloadsBought);

/** `GET /customers/me/asa_downloadable_products`: the caller's and their organisations' purchased links. */
export async function listDownloadables(
  db: Db,
  secret: Uint8Array,
  viewer: Viewer,
  /** PUBLIC_URL: Magento clients get absolute download URLs. */
  publicUrl = '',
): Promise<DownloadableProductsResult> {
  const rows = await db
    .select({
      linkHash: commercePurchasedLinks.linkHash,
      linkTitle: commercePurchasedLinks.linkTitle,
      status: commercePurchasedLinks.status,
      numberOfDownloadsBought: commercePurchasedLinks.numberOfDownloadsBought,
      numberOfDownloadsUsed: commercePurchasedLinks.numberOfDownloadsUsed,
      createdAt: commercePurchasedLinks.createdAt,
      productName: commerceOrderItems.name,
      sku: commerceOrderItems.sku,
      urlKey: commerceProducts.urlKey,
      orderId: commerceOrders.id,
      orderIncrementId: commerceOrders.incrementId,
    })
    .from(commercePurchasedLinks)
    .innerJoin(commerceOrders, eq(commerceOrders.id, commercePurchasedLinks.orderId))
    .innerJoin(commerceOrderItems, eq(commerceOrderItems.id, commercePurchasedLinks.orderItemId))
    .leftJoin(commerceProducts, eq(commerceProducts.id, commercePurchasedLinks.productId))
    .where(visibleTo(viewer))
    .orderBy(desc(commerceOrders.createdAt), desc(commerceOrders.id), asc(commercePurchasedLinks.id));
  const now = Date.now();
  return {
    items: rows.map((row) => {
      const signed = usable(row) ? signedDownloadUrl(secret, row.linkHash, viewer.user.id, now) : null;
      return {
        link_hash: row.linkHash,
        link_title: row.linkTitle,
        product_name: row.productName,
        sku: row.sku,
        url_key: row.urlKey,
        order_id: row.orderId,
        order_increment_id: row.orderIncrementId,
        created_at: magentoDate(row.createdAt),
        status: row.status as PurchasedLinkStatusName,
        number_of_downloads_bought: row.numberOfDownloadsBought,
        number_of_downloads_used: row.numberOfDownloadsUsed,
        download_url: signed ? absoluteUrl(publicUrl, signed.url) : null,
        download_url_expires_at: signed ? magentoDate(new Date(signed.expiresAt)) : null,
      };
    }),
    total_count: rows.length,
  };
}

export interface DownloadedFile {
  bytes: Buffer;
  fileName: string;
}

const notFound = () => new HttpError(404, 'That download does not exist.', 'DOWNLOAD_NOT_FOUND');

/**
 * One download of a purchased link by the signed-in caller: the signature must be the caller's and
 * unexpired, the caller still the buyer or a member of the buying organisation, the link available
 * with downloads left. The count goes up atomically only once the file is in hand.
 */
export async function takeDownload(
  deps: { db: Db; secret: Uint8Array; storage: MediaStorage },
  viewer: Viewer,
  linkHash: string,
  query: { expires?: unknown; signature?: unknown },
  now = Date.now(),
): Promise<DownloadedFile> {
  if (!/^[0-9a-f]{64}$/.test(linkHash)) throw notFound();
  const { expires: rawExpires, signature } = query;
  const expires = typeof rawExpires === 'string' && /^\d{1,12}$/.test(rawExpires) ? Number(rawExpires) : null;
  if (
    expires === null ||
    typeof signature !== 'string' ||
    signature.length > 100 ||
    !verifyDownloadSignature(deps.secret, linkHash, viewer.user.id, expires, signature)
  ) {
    throw new HttpError(403, LINK_INVALID_MESSAGE, 'DOWNLOAD_LINK_INVALID');
  }
  if (expires * 1000 <= now) throw new HttpError(410, LINK_EXPIRED_MESSAGE, 'DOWNLOAD_LINK_EXPIRED');

  const [row] = await deps.db
    .select({
      linkId: commercePurchasedLinks.id,
      status: commercePurchasedLinks.status,
      bought: commercePurchasedLinks.numberOfDownloadsBought,
      used: commercePurchasedLinks.numberOfDownloadsUsed,
      userId: commerceOrders.userId,
      organizationId: commerceOrders.organizationId,
      fileKey: commerceProducts.fileKey,
      fileName: commerceProducts.fileName,
    })
    .from(commercePurchasedLinks)
    .innerJoin(commerceOrders, eq(commerceOrders.id, commercePurchasedLinks.orderId))
    .leftJoin(commerceProducts, eq(commerceProducts.id, commercePurchasedLinks.productId))
    .where(eq(commercePurchasedLinks.linkHash, linkHash))
    .limit(1);
  if (!row) throw notFound();
  if (!canSeeOrder(viewer, row))
    throw new HttpError(
      403,
      'This report was bought by someone else. Ask them, or buy your own copy.',
      'DOWNLOAD_NOT_YOURS',
    );
  if (row.status === 'pending_payment')
    throw new HttpError(403, 'This report can be downloaded once the order is paid.', 'DOWNLOAD_NOT_PAID');
  if (row.status !== 'available')
    throw new HttpError(
      403,
      'This download is no longer available: the order was refunded or canceled.',
      'DOWNLOAD_EXPIRED',
    );
  if (row.bought !== 0 && row.used >= row.bought)
    throw new HttpError(403, usedUpMessage(row.bought), 'DOWNLOADS_USED_UP');

  const bytes = row.fileKey ? await deps.storage.get(row.fileKey) : null;
  if (!bytes)
    throw new HttpError(
      503,
      'The file of this report cannot be sent right now. Try again later or contact support.',
      'DOWNLOAD_FILE_MISSING',
    );

  const counted = await deps.db
    .update(commercePurchasedLinks)
    .set({
      numberOfDownloadsUsed: sql`${commercePurchasedLinks.numberOfDownloadsUsed} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(commercePurchasedLinks.id, row.linkId),
        eq(commercePurchasedLinks.status, 'available'),
        or(
          eq(commercePurchasedLinks.numberOfDownloadsBought, 0),
          sql`${commercePurchasedLinks.numberOfDownloadsUsed} < ${commercePurchasedLinks.numberOfDownloadsBought}`,
        ),
      ),
    )
    .returning({ used: commercePurchasedLinks.numberOfDownloadsUsed });
  if (counted.length === 0) {
    // Another download (or a refund) got there first.
    const [current] = await deps.db
      .select({ status: commercePurchasedLinks.status })
      .from(commercePurchasedLinks)
      .where(eq(commercePurchasedLinks.id, row.linkId));
    if (current?.status !== 'available')
      throw new HttpError(
        403,
        'This download is no longer available: the order was refunded or canceled.',
        'DOWNLOAD_EXPIRED',
      );
    throw new HttpError(403, usedUpMessage(row.bought), 'DOWNLOADS_USED_UP');
  }
  return { bytes, fileName: row.fileName ?? `${linkHash.slice(0, 8)}.pdf` };
}

/** `attachment; filename="…"` safe for any file name; a non-ASCII name adds the RFC 5987 UTF-8 form. */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download.pdf';
  const plain = `${kind}; filename="${ascii}"`;
  return ascii === fileName ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
