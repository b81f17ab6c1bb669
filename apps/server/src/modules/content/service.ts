import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AdminContentEntry,
  type ContentStatus,
  type ContentType,
  type CopyDocument,
  contentAttributeSchemas,
  contentMediaFields,
  contentTypeLabels,
  type StrapiMediaAttributes,
} from '@tv/contract';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { HttpError } from '../../plugins/errors';
import { mediaUrl } from './media';
import * as repo from './repository';
import { estimateReadingMinutes, sanitizeRichText } from './rich-text';
import type { MediaStorage } from './storage';

// ── What other modules use of content: they import this file, never the module's others ──────────

export {
  findLibraryItemDelivery,
  LIBRARY_LINK_DAYS,
  type LibraryItemDelivery,
  libraryDownloadPath,
  signLibraryDownload,
} from './library-downloads';
export { mediaUrl, safeMediaName } from './media';
export type { EntryRow } from './repository';
export type { MediaStorage } from './storage';

/** The newest published terms version: the one sign-up must accept (null before the first). */
export const currentTermsVersion = (db: Db) => repo.currentTermsVersion(db);

/** SQL condition: the entry is published and due, so the public may see it. */
export const isPublicEntry = () => repo.isPublicEntry();

/** A page of published, due entries of one type and locale (`where`, `orderBy` from the caller). */
export const queryPublicEntries = (db: Db, input: Parameters<typeof repo.queryPublicEntries>[1]) =>
  repo.queryPublicEntries(db, input);

/** Media rows by id (those that exist). */
export const findMediaByIds = (db: Db, ids: number[]) => repo.findMediaByIds(db, ids);

/** The media library's images, newest first (an image choice's pictures come from here, decision 048). */
export const listImages = async (db: Db) =>
  (await repo.listMedia(db)).filter((row) => row.mime.startsWith('image/'));

/** What the page renderer hears after public content changed, to drop cached HTML. */
export interface ContentChangedEvent {
  /** `product`: the storefront's catalogue (a report page shows its price and availability). */
  type: ContentType | 'terms' | 'copy' | 'product';
  slug: string | null;
  id: number | null;
}
export type ContentChangedHook = (event: ContentChangedEvent) => void;

export const PUBLISH_QUEUE = 'content-publish';
export const COPY_FALLBACK_FILE = 'strapiCopyFallback.json';

/** Rich-text attributes of each type: sanitised on every write. */
const richTextFields: Record<ContentType, readonly string[]> = {
  article: ['body'],
  report: ['description'],
  'library-item': [],
  faq: [],
  testimonial: [],
  'legal-page': ['body'],
};

const singularLabel: Record<ContentType, string> = {
  article: 'An article',
  report: 'A report',
  'library-item': 'A library item',
  faq: 'An FAQ',
  testimonial: 'A testimonial',
  'legal-page': 'A legal page',
};

/** NUL characters and lone surrogates anywhere in a value: PostgreSQL refuses them, people never mean them. */
export const hasBrokenText = (value: unknown) =>
  /\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(JSON.stringify(value) ?? '');

export const statusOf = (row: repo.EntryRow): ContentStatus => {
  if (row.publishedAt && row.publishedAt.getTime() <= Date.now()) return 'published';
  if (row.scheduledAt) return 'scheduled';
  return 'draft';
};

const labelOf = (row: repo.EntryRow) => {
  const a = row.attributes;
  const label = a.title ?? a.question ?? a.quote ?? a.name ?? row.slug ?? `#${row.id}`;
  return String(label);
};

export const strapiMedia = (row: repo.MediaRow): { id: number; attributes: StrapiMediaAttributes } => ({
  id: row.id,
  attributes: {
    name: row.name,
    alternativeText: row.alternativeText,
    url: mediaUrl(row),
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
  },
});

/** Strapi's upload answer for one file, with the fields its clients read. */
export const strapiUploadFile = (row: repo.MediaRow) => ({
  ...strapiMedia(row).attributes,
  id: row.id,
  hash: row.sha256.slice(0, 16),
  ext: `.${row.storageKey.split('.').pop() ?? ''}`,
  provider: 'local',
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.createdAt.toISOString(),
});

export interface ContentDeps {
  db: Db;
  config: Config;
  storage: MediaStorage;
  log: Logger;
  boss: () => PgBoss | null;
  hooks: ContentChangedHook[];
}

export function createContentService(deps: ContentDeps) {
  const { db, config, log } = deps;

  function notify(event: ContentChangedEvent) {
    for (const hook of deps.hooks) {
      try {
        hook(event);
      } catch (error) {
        log.error({ err: error }, 'content changed hook failed');
      }
    }
  }

  const notifyEntry = (row: repo.EntryRow) =>
    notify({ type: row.type as ContentType, slug: row.slug, id: row.id });

  /** Validates with the type's schema, sanitises rich text and fills in the reading time of articles. */
  function cleanAttributes(type: ContentType, attributes: Record<string, unknown>) {
    if (hasBrokenText(attributes)) {
      throw new HttpError(
        400,
        'Text must not contain NUL characters or broken Unicode.',
        'VALIDATION_FAILED',
      );
    }
    const parsed = contentAttributeSchemas[type].safeParse(attributes);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.') || '_';
        fields[key] = [...(fields[key] ?? []), issue.message];
      }
      throw new HttpError(400, 'Some of the details you sent need another look.', 'VALIDATION_FAILED', {
        fields,
      });
    }
    const clean: Record<string, unknown> = { ...parsed.data };
    for (const field of richTextFields[type]) {
      if (typeof clean[field] === 'string') clean[field] = sanitizeRichText(clean[field] as string);
    }
    if (type === 'article' && typeof clean.body === 'string') {
      clean.readingTimeMinutes = Math.min(120, estimateReadingMinutes(clean.body as string));
    }
    const slug = typeof clean.slug === 'string' ? clean.slug : null;
    return { attributes: clean, slug };
  }

  const slugTaken = (type: ContentType) =>
    new HttpError(
      409,
      `${singularLabel[type]} with this slug already exists. Choose another slug.`,
      'SLUG_TAKEN',
      {
        fields: { slug: [`${singularLabel[type]} with this slug already exists.`] },
      },
    );

  async function requireMediaExists(type: ContentType, attributes: Record<string, unknown>) {
    const ids = contentMediaFields[type].flatMap((field) => {
      const value = attributes[field];
      return Array.isArray(value) ? value : typeof value === 'number' ? [value] : [];
    }) as number[];
    const found = await repo.findMediaByIds(db, [...new Set(ids)]);
    if (found.length !== new Set(ids).size) {
      throw new HttpError(400, 'A chosen image or file is no longer in the media library. Choose it again.');
    }
  }

  async function toAdminEntries(rows: repo.EntryRow[]): Promise<AdminContentEntry[]> {
    const articleIds = rows.filter((row) => row.type === 'article').map((row) => row.id);
    const counts = await repo.feedbackCounts(db, articleIds);
    return rows.map((row) => ({
      id: row.id,
      type: row.type as ContentType,
      status: statusOf(row),
      label: labelOf(row),
      slug: row.slug,
      attributes: row.attributes,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
      feedback:
        row.type === 'article' ? (counts.get(row.id) ?? { useful: 0, notUseful: 0, comments: 0 }) : null,
    }));
  }

  async function requireEntry(type: ContentType, id: number) {
    const row = await repo.findEntry(db, type, id);
    if (!row)
      throw new HttpError(
        404,
        `This ${contentTypeLabels[type].toLowerCase().replace(/s$/, '')} no longer exists.`,
      );
    return row;
  }

  async function create(type: ContentType, attributes: Record<string, unknown>, userId: string | null) {
    const clean = cleanAttributes(type, attributes);
    await requireMediaExists(type, clean.attributes);
    if (clean.slug && (await repo.findEntryBySlug(db, type, clean.slug))) throw slugTaken(type);
    const row = await repo.insertEntry(db, { type, ...clean, createdBy: userId });
    if (!row) throw slugTaken(type);
    return (await toAdminEntries([row]))[0]!;
  }

  async function update(
    type: ContentType,
    id: number,
    input: { attributes: Record<string, unknown>; version: number },
    userId: string | null,
  ) {
    const current = await requireEntry(type, id);
    if (current.version !== input.version) throw await staleSave(current);
    const clean = cleanAttributes(type, input.attributes);
    await requireMediaExists(type, clean.attributes);
    if (clean.slug) {
      const other = await repo.findEntryBySlug(db, type, clean.slug, current.locale);
      if (other && other.id !== id) throw slugTaken(type);
    }
    let row: repo.EntryRow | null;
    try {
      row = await repo.updateEntryIfVersion(db, id, input.version, { ...clean, updatedBy: userId });
    } catch (error) {
      if ((error as { code?: string; cause?: { code?: string } }).cause?.code === '23505')
        throw slugTaken(type);
      throw error;
    }
    if (!row) throw await staleSave(await requireEntry(type, id));
    if (statusOf(row) === 'published') {
      notifyEntry(row);
      // A changed slug leaves the old page's cached HTML behind too.
      if (current.slug !== row.slug) notify({ type, slug: current.slug, id });
    }
    return (await toAdminEntries([row]))[0]!;
  }

  /** 409 with the entry as it is now, so the editor can show theirs beside yours and nothing is lost. */
  async function staleSave(row: repo.EntryRow): Promise<HttpError> {
    return new HttpError(
      409,
      'Someone else saved this entry after you opened it. Your changes were not saved; review theirs and apply yours again.',
      'STALE_VERSION',
      { current: (await toAdminEntries([row]))[0] },
    );
  }

  async function publish(type: ContentType, id: number, userId: string | null) {
    const current = await requireEntry(type, id);
    if (statusOf(current) === 'published') return (await toAdminEntries([current]))[0]!;
    const row = await repo.setEntryPublication(db, id, {
      publishedAt: new Date(),
      scheduledAt: null,
      updatedBy: userId,
    });
    notifyEntry(row!);
    return (await toAdminEntries([row!]))[0]!;
  }

  async function unpublish(type: ContentType, id: number, userId: string | null) {
    const current = await requireEntry(type, id);
    const wasPublic = statusOf(current) === 'published';
    const row = await repo.setEntryPublication(db, id, {
      publishedAt: null,
      scheduledAt: null,
      updatedBy: userId,
    });
    if (wasPublic) notifyEntry(row!);
    return (await toAdminEntries([row!]))[0]!;
  }

  async function schedule(type: ContentType, id: number, publishAt: Date, userId: string | null) {
    const current = await requireEntry(type, id);
    if (statusOf(current) === 'published') {
      throw new HttpError(
        409,
        'This entry is already published. Unpublish it first to schedule it.',
        'ALREADY_PUBLISHED',
      );
    }
    if (publishAt.getTime() <= Date.now() + 1000) {
      throw new HttpError(400, 'Choose a publish time in the future.', 'VALIDATION_FAILED', {
        fields: { publishAt: ['Choose a publish time in the future.'] },
      });
    }
    const row = await repo.setEntryPublication(db, id, {
      publishedAt: null,
      scheduledAt: publishAt,
      updatedBy: userId,
    });
    const boss = deps.boss();
    if (boss) {
      await boss.send(
        PUBLISH_QUEUE,
        { entryId: id, scheduledAt: publishAt.toISOString() },
        {
          startAfter: publishAt,
          retryLimit: 5,
          retryDelay: 30,
          singletonKey: `${id}:${publishAt.toISOString()}`,
        },
      );
    }
    return (await toAdminEntries([row!]))[0]!;
  }

  /** Publishes one scheduled entry if its schedule still stands; safe to run twice. */
  async function publishScheduled(entryId: number, scheduledAt: Date) {
    const row = await repo.publishIfStillScheduled(db, entryId, scheduledAt);
    if (row) notifyEntry(row);
    return row;
  }

  /**
   * Publishes every entry whose time has come. The job runs it; it also catches schedules whose job
   * was lost (jobs off, a restart at the wrong moment).
   */
  async function publishDueEntries() {
    const due = await repo.listDueScheduledEntries(db);
    let published = 0;
    for (const { id, scheduledAt } of due) {
      if (scheduledAt && (await publishScheduled(id, scheduledAt))) published += 1;
    }
    return published;
  }

  async function remove(type: ContentType, id: number) {
    const current = await requireEntry(type, id);
    await repo.deleteEntry(db, id);
    if (statusOf(current) === 'published') notifyEntry(current);
  }

  // ── Copy ──────────────────────────────────────────────────────────────────────────────────────

  const copyDirectory = () => join(config.dataDir, 'copy');

  /**
   * The web app falls back to /copy/strapiCopyFallback.json when the copy call fails; it is rewritten
   * from the published copy at start and at every publish, so the fallback never drifts from the copy.
   */
  async function writeCopyFallback() {
    const copy = await repo.readCopy(db);
    await mkdir(copyDirectory(), { recursive: true });
    const target = join(copyDirectory(), COPY_FALLBACK_FILE);
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, `${JSON.stringify(copy, null, 2)}\n`);
    await rename(temporary, target);
  }

  async function readCopyFallback(): Promise<string | null> {
    for (const path of [
      join(copyDirectory(), COPY_FALLBACK_FILE),
      join(config.webDist, 'copy', COPY_FALLBACK_FILE),
    ]) {
      try {
        return await readFile(path, 'utf8');
      } catch {
        // Not there yet: try the next place.
      }
    }
    return null;
  }

  async function publishCopy(copy: CopyDocument) {
    await repo.replaceCopy(db, copy);
    await writeCopyFallback();
    notify({ type: 'copy', slug: null, id: null });
    return repo.readCopy(db);
  }

  // ── Terms ─────────────────────────────────────────────────────────────────────────────────────

  async function createTermsDraft(content: string) {
    const row = await repo.insertTermsVersion(db, new Date().toISOString(), content, { published: false });
    if (!row) throw new HttpError(409, 'A version was created at the same moment. Try again.');
    return row;
  }

  async function publishTerms(versionTimestamp: string) {
    const row = await repo.publishTermsVersion(db, versionTimestamp);
    if (!row) throw new HttpError(404, 'This terms version does not exist.');
    notify({ type: 'terms', slug: null, id: null });
    return row;
  }

  async function startWorkers(boss: PgBoss) {
    await boss.createQueue(PUBLISH_QUEUE);
    await boss.work<{ entryId: number; scheduledAt: string }>(
      PUBLISH_QUEUE,
      { pollingIntervalSeconds: 2 },
      async (jobs) => {
        for (const job of jobs) await publishScheduled(job.data.entryId, new Date(job.data.scheduledAt));
      },
    );
  }

  return {
    hooks: deps.hooks,
    storage: deps.storage,
    notify,
    cleanAttributes,
    toAdminEntries,
    create,
    update,
    publish,
    unpublish,
    schedule,
    publishScheduled,
    publishDueEntries,
    remove,
    writeCopyFallback,
    readCopyFallback,
    publishCopy,
    createTermsDraft,
    publishTerms,
    startWorkers,
  };
}

export type ContentService = ReturnType<typeof createContentService>;

// ── For the demo seed and test fixtures, which write what the product's own screens would ─────────
export { insertCopy, insertTermsVersion, upsertSeedEntry } from './repository';
