import { createHmac, timingSafeEqual } from 'node:crypto';
import { libraryItemAttributesSchema } from '@tv/contract';
import type { Db } from '../../db/client';
import * as repo from './repository';

/**
 * A library item's file is reached at /cms/library/:id/download. An ungated item's link works for
 * anyone; a gated item's carries a token signed with the app's session secret (the item and an expiry), which
 * only the lead form hands out, on the page and by mail. The public API never shows a gated file's
 * address (serializeLibraryItem below).
 */
export const LIBRARY_LINK_DAYS = 7;

export interface LibraryItemDelivery {
  id: number;
  title: string;
  kind: 'guide' | 'template' | 'toolkit' | 'webinar';
  gated: boolean;
  videoUrl: string;
  file: repo.MediaRow | null;
}

/** A published library item with what it delivers, or null. */
export async function findLibraryItemDelivery(db: Db, id: number): Promise<LibraryItemDelivery | null> {
  const row = await repo.findPublicEntry(db, 'library-item', id);
  if (!row) return null;
  const parsed = libraryItemAttributesSchema.safeParse(row.attributes);
  if (!parsed.success) return null;
  const item = parsed.data;
  const file = item.file ? await repo.findMedia(db, item.file) : null;
  return { id: row.id, title: item.title, kind: item.kind, gated: item.gated, videoUrl: item.videoUrl, file };
}

const signature = (secret: Uint8Array, payload: string) =>
  createHmac('sha256', secret).update(`teenvoice/library-download:${payload}`).digest('base64url');

/** A token for one item's file, valid until `expiresAt`. */
export function signLibraryDownload(secret: Uint8Array, itemId: number, expiresAt: Date): string {
  const payload = `${itemId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** Whether a token is this item's, signed by us and not expired. */
export function verifyLibraryDownload(secret: Uint8Array, itemId: number, token: string, now = new Date()) {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || Number(match[1]) !== itemId) return false;
  if (Number(match[2]) * 1000 < now.getTime()) return false;
  const expected = Buffer.from(signature(secret, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The path of an item's file download; with a token for a gated item. */
export const libraryDownloadPath = (itemId: number, token?: string) =>
  `/cms/library/${itemId}/download${token ? `?token=${encodeURIComponent(token)}` : ''}`;

/**
 * A library item's attributes as the public API shows them, plus `offers` (file, video or none) and
 * `downloadUrl`: a gated item's file and video link are left out (the lead form hands them out), an
 * ungated item's file is downloaded through the download route.
 */
export function publicLibraryAttributes(id: number, attributes: Record<string, unknown>) {
  const offers = attributes.file ? 'file' : attributes.videoUrl ? 'video' : 'none';
  if (attributes.gated === true) {
    return { ...attributes, file: null, videoUrl: '', offers, downloadUrl: null };
  }
  return { ...attributes, offers, downloadUrl: offers === 'file' ? libraryDownloadPath(id) : null };
}
