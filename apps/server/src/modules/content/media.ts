import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentMedia } from '../../db/schema/content';
import { HttpError } from '../../plugins/errors';
import type { MediaStorage } from './storage';

export type MediaRow = typeof contentMedia.$inferSelect;

export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
export const UNSUPPORTED_MEDIA_MESSAGE = 'Only PNG, JPEG, WebP, GIF images and PDF files can be uploaded.';
export const MEDIA_TOO_LARGE_MESSAGE = 'A file can be at most 10 MB.';

export interface DetectedMedia {
  mime: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'application/pdf';
  extension: string;
  width: number | null;
  height: number | null;
}

const startsWith = (bytes: Buffer, signature: number[] | string, at = 0) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return bytes.length >= at + expected.length && bytes.subarray(at, at + expected.length).equals(expected);
};

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isStartOfFrame)
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (startsWith(bytes, 'VP8 ', 12) && bytes.length >= 30) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (startsWith(bytes, 'VP8L', 12) && bytes.length >= 25) {
    const b1 = bytes[22]!;
    const b2 = bytes[23]!;
    const b3 = bytes[24]!;
    return {
      width: 1 + (((b1 & 0x3f) << 8) | bytes[21]!),
      height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
    };
  }
  if (startsWith(bytes, 'VP8X', 12) && bytes.length >= 30) {
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  return null;
}

/**
 * The type is decided by the bytes, never by the name or the browser's claim: an SVG (script inside)
 * or an HTML file renamed to .png is refused. Width and height come from the image header.
 */
export function detectMedia(bytes: Buffer): DetectedMedia | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    const hasHeader = bytes.length >= 24 && startsWith(bytes, 'IHDR', 12);
    return {
      mime: 'image/png',
      extension: 'png',
      width: hasHeader ? bytes.readUInt32BE(16) : null,
      height: hasHeader ? bytes.readUInt32BE(20) : null,
    };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const size = jpegSize(bytes);
    return { mime: 'image/jpeg', extension: 'jpg', width: size?.width ?? null, height: size?.height ?? null };
  }
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) {
    const size = webpSize(bytes);
    return {
      mime: 'image/webp',
      extension: 'webp',
      width: size?.width ?? null,
      height: size?.height ?? null,
    };
  }
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) {
    const hasSize = bytes.length >= 10;
    return {
      mime: 'image/gif',
      extension: 'gif',
      width: hasSize ? bytes.readUInt16LE(6) : null,
      height: hasSize ? bytes.readUInt16LE(8) : null,
    };
  }
  if (startsWith(bytes, '%PDF-'))
    return { mime: 'application/pdf', extension: 'pdf', width: null, height: null };
  return null;
}

/** A name that is safe in a URL path and a file system, keeping the readable part of the original. */
export function safeMediaName(name: string, extension: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 80);
  return `${base || 'file'}.${extension}`;
}

/** The public address of a media file; the key holds the content hash, so it never changes meaning. */
export const mediaUrl = (row: Pick<MediaRow, 'storageKey'>) => `/cms/uploads/${row.storageKey}`;

/** What the media library shows as the name: printable, trimmed, at most 200 characters. */
function cleanDisplayName(name: string): string {
  const cleaned = name
    .replace(/[\p{Cc}\p{Cs}]/gu, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

/**
 * Stores an uploaded image or PDF: checks its type by content and its size, reads its dimensions and
 * keeps one copy per content (the same bytes uploaded twice answer the first row).
 * Throws HttpError 400/413 with a plain message for anything else.
 */
export async function saveMedia(
  db: Db,
  storage: MediaStorage,
  input: { name: string; bytes: Buffer; alternativeText?: string | null; createdBy?: string | null },
): Promise<MediaRow> {
  if (input.bytes.length > MAX_MEDIA_BYTES) throw new HttpError(413, MEDIA_TOO_LARGE_MESSAGE);
  const detected = detectMedia(input.bytes);
  if (!detected || input.bytes.length === 0) throw new HttpError(400, UNSUPPORTED_MEDIA_MESSAGE);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const [existing] = await db.select().from(contentMedia).where(eq(contentMedia.sha256, sha256)).limit(1);
  if (existing) return existing;

  const name = cleanDisplayName(input.name);
  const storageKey = `${sha256.slice(0, 16)}/${safeMediaName(name, detected.extension)}`;
  await storage.put(storageKey, input.bytes, detected.mime);
  const alternativeText = input.alternativeText?.trim().slice(0, 500) || null;
  const [row] = await db
    .insert(contentMedia)
    .values({
      name,
      mime: detected.mime,
      size: input.bytes.length,
      width: detected.width,
      height: detected.height,
      storageKey,
      sha256,
      alternativeText,
      createdBy: input.createdBy ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  // Two uploads of the same bytes at once: the other one won; answer its row.
  const [winner] = await db
    .select()
    .from(contentMedia)
    .where(eq(contentMedia.storageKey, storageKey))
    .limit(1);
  if (!winner) throw new Error('Media row vanished after a concurrent insert');
  return winner;
}
