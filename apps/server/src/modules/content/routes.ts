import { createHash, randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  articleFeedbackSchema,
  CONTENT_PRODUCT,
  type ContentType,
  contentMediaFields,
  contentTypePlural,
  contentTypes,
} from '@tv/contract';
import builderCopy from '@tv/contract/copy/builder-copy.json';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import { cookieDefaults } from '../../plugins/security';
import { findLibraryItemDelivery, publicLibraryAttributes, verifyLibraryDownload } from './library-downloads';
import { MAX_MEDIA_BYTES, MEDIA_TOO_LARGE_MESSAGE, saveMedia } from './media';
import * as repo from './repository';
import { hasBrokenText, strapiMedia, strapiUploadFile } from './service';
import { isSafeStorageKey } from './storage';
import { parseQueryString, parseStrapiQuery, StrapiValidationError } from './strapi-query';

export const PRODUCT = CONTENT_PRODUCT;
export const VISITOR_COOKIE = 'tv_visitor';
const PUBLIC_CACHE = 'public, max-age=60';

const strapiErrorNames: Record<number, string> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ApplicationError',
  413: 'PayloadTooLargeError',
  415: 'ValidationError',
  429: 'RateLimitError',
};

export const strapiError = (
  status: number,
  message: string,
  name = strapiErrorNames[status] ?? 'ApplicationError',
) => ({
  data: null,
  error: { status, name, message, details: {} },
});

const notFound = () => new HttpError(404, 'Not Found');

/** The query string exactly as sent: Strapi's bracket syntax is read by qs, not by Fastify's parser. */
const rawQuery = (request: FastifyRequest) => {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index + 1);
};

const idParam = z.object({ id: z.string() });
const mediaAlternativeTextSchema = z.object({ alternativeText: z.string().max(2000) });

/** Ids are positive 32-bit integers; anything else is a bad request, not a database error. */
function parseEntryId(value: string): number {
  if (!/^\d{1,10}$/.test(value))
    throw new StrapiValidationError('Invalid id: expected a positive whole number');
  const id = Number(value);
  if (id < 1 || id > 2_147_483_647)
    throw new StrapiValidationError('Invalid id: expected a positive whole number');
  return id;
}

/**
 * The Strapi-compatible content API (v4 response shape): every collection of the research site, terms
 * and conditions, interface copy, media uploads and article feedback. Errors answer in Strapi's shape.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const content = app.content;
  const route = routesOf(app, ['content']);
  await app.register(multipart, { limits: { fileSize: MAX_MEDIA_BYTES, files: 20 } });

  app.setErrorHandler((error: FastifyError | HttpError | StrapiValidationError, request, reply) => {
    if (error instanceof StrapiValidationError)
      return reply.status(400).send(strapiError(400, error.message));
    const status =
      error instanceof HttpError
        ? error.statusCode
        : typeof (error as FastifyError).statusCode === 'number'
          ? (error as FastifyError).statusCode!
          : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'content request failed');
      return reply.status(status).send(strapiError(status, 'Internal Server Error', 'ApplicationError'));
    }
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
      return reply.status(413).send(strapiError(413, MEDIA_TOO_LARGE_MESSAGE));
    }
    const message =
      (error as { validation?: unknown }).validation !== undefined
        ? 'Some of the details you sent need another look.'
        : error.message;
    return reply.status(status).send(strapiError(status, message));
  });

  // ── Media relations ───────────────────────────────────────────────────────────────────────────

  async function serializeEntries(
    type: ContentType,
    rows: repo.EntryRow[],
    populate: Set<string>,
    fields: Set<string> | null,
  ) {
    const mediaIds = new Set<number>();
    for (const row of rows) {
      if (type === 'library-item' && row.attributes.gated === true) continue;
      for (const field of populate) {
        const value = row.attributes[field];
        for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number') mediaIds.add(id);
      }
    }
    const media = new Map(
      (await repo.findMediaByIds(db, [...mediaIds])).map((row) => [row.id, strapiMedia(row)]),
    );
    return rows.map((row) => {
      const attributes: Record<string, unknown> = {};
      const stored: Record<string, unknown> =
        type === 'library-item' ? publicLibraryAttributes(row.id, row.attributes) : row.attributes;
      for (const [key, value] of Object.entries(stored)) {
        if (contentMediaFields[type].includes(key)) continue;
        if (fields && !fields.has(key)) continue;
        attributes[key] = value;
      }
      const entryFields = {
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        publishedAt: row.publishedAt?.toISOString() ?? null,
        locale: row.locale,
      };
      for (const [key, value] of Object.entries(entryFields))
        if (!fields || fields.has(key)) attributes[key] = value;
      for (const field of populate) {
        const value = stored[field];
        attributes[field] = Array.isArray(value)
          ? { data: value.map((id) => media.get(id as number)).filter(Boolean) }
          : { data: (typeof value === 'number' ? media.get(value) : undefined) ?? null };
      }
      return { id: row.id, attributes };
    });
  }

  // ── Collections ───────────────────────────────────────────────────────────────────────────────

  for (const type of contentTypes) {
    const path = `/cms/api/${PRODUCT}-${contentTypePlural[type]}`;

    route.get(
      path,
      { access: 'public', summary: `Published ${contentTypePlural[type]} (Strapi collection)` },
      async (request, reply) => {
        const query = parseStrapiQuery(type, rawQuery(request));
        const { pagination } = query;
        const limit = pagination.kind === 'page' ? pagination.pageSize : pagination.limit;
        const offset =
          pagination.kind === 'page' ? (pagination.page - 1) * pagination.pageSize : pagination.start;
        const { rows, total } = await repo.queryPublicEntries(db, {
          type,
          locale: query.locale,
          where: query.where,
          orderBy: query.orderBy,
          limit,
          offset,
        });
        reply.header('Cache-Control', PUBLIC_CACHE);
        return {
          data: await serializeEntries(type, rows, query.populate, query.fields),
          meta: {
            pagination:
              pagination.kind === 'page'
                ? {
                    page: pagination.page,
                    pageSize: pagination.pageSize,
                    pageCount: Math.ceil(total / pagination.pageSize),
                    total,
                  }
                : { start: pagination.start, limit: pagination.limit, total },
          },
        };
      },
    );

    route.get(
      `${path}/:id`,
      { access: 'public', summary: `One published ${type} (Strapi collection entry)`, params: idParam },
      async (request, reply) => {
        const id = parseEntryId(request.params.id);
        const query = parseStrapiQuery(type, rawQuery(request), {
          allow: ['populate', 'fields', 'locale', 'publicationState'],
        });
        const row = await repo.findPublicEntry(db, type, id);
        if (!row) throw notFound();
        reply.header('Cache-Control', PUBLIC_CACHE);
        const [data] = await serializeEntries(type, [row], query.populate, query.fields);
        return { data, meta: {} };
      },
    );
  }

  // ── Article feedback ──────────────────────────────────────────────────────────────────────────

  /** One vote per visitor: a random cookie, stored only as its hash. */
  function visitorHash(request: FastifyRequest, reply: FastifyReply, create: boolean): string | null {
    let visitor = request.cookies[VISITOR_COOKIE];
    if (!visitor || !/^[A-Za-z0-9_-]{20,64}$/.test(visitor)) {
      if (!create) return null;
      visitor = randomBytes(24).toString('base64url');
      reply.setCookie(VISITOR_COOKIE, visitor, { ...cookieDefaults(app.config), maxAge: 365 * 24 * 60 * 60 });
    }
    return createHash('sha256').update(visitor).digest('hex');
  }

  async function requirePublicArticle(rawId: string) {
    const row = await repo.findPublicEntry(db, 'article', parseEntryId(rawId));
    if (!row) throw notFound();
    return row;
  }

  route.post(
    `/cms/api/${PRODUCT}-articles/:id/feedback`,
    {
      access: 'public',
      summary: "'Was this useful?' for an article: one vote per visitor, a new vote replaces the old",
      params: idParam,
      body: articleFeedbackSchema,
      options: { config: { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } } },
    },
    async (request, reply) => {
      if (hasBrokenText(request.body.comment)) {
        throw new StrapiValidationError(
          'Your comment contains characters we cannot store. Please retype it.',
        );
      }
      const article = await requirePublicArticle(request.params.id);
      const comment = request.body.comment?.trim() || null;
      const row = await repo.upsertFeedback(db, {
        entryId: article.id,
        visitorHash: visitorHash(request, reply, true)!,
        useful: request.body.useful,
        comment,
      });
      reply.header('Cache-Control', 'no-store');
      return { data: { useful: row.useful, comment: row.comment } };
    },
  );

  route.get(
    `/cms/api/${PRODUCT}-articles/:id/feedback/mine`,
    { access: 'public', summary: "This visitor's vote on an article, or null", params: idParam },
    async (request, reply) => {
      const article = await requirePublicArticle(request.params.id);
      reply.header('Cache-Control', 'no-store');
      const hash = visitorHash(request, reply, false);
      const row = hash ? await repo.findFeedback(db, article.id, hash) : null;
      return { data: row ? { useful: row.useful, comment: row.comment } : null };
    },
  );

  // ── Terms and conditions ──────────────────────────────────────────────────────────────────────

  route.get(
    `/cms/api/${PRODUCT}-terms-and-conditions`,
    { access: 'public', summary: 'Published terms and conditions versions (Strapi collection)' },
    async (request, reply) => {
      const query = parseQueryString(rawQuery(request));
      for (const key of Object.keys(query)) {
        if (!['sort', 'pagination', 'populate', 'locale', 'publicationState'].includes(key))
          throw new StrapiValidationError(`Invalid key ${key}`);
      }
      const sort = query.sort === undefined ? 'versionTimestamp:desc' : [query.sort].flat().join(',');
      if (!['versionTimestamp:desc', 'versionTimestamp:asc', 'versionTimestamp'].includes(String(sort)))
        throw new StrapiValidationError(`Invalid sort ${String(sort)}`);
      const pagination = (query.pagination ?? {}) as Record<string, unknown>;
      const whole = (value: unknown, fallback: number, max: number, label: string) => {
        if (value === undefined) return fallback;
        if (typeof value !== 'string' || !/^\d{1,7}$/.test(value) || Number(value) < 1)
          throw new StrapiValidationError(`Invalid value for pagination[${label}]`);
        return Math.min(Number(value), max);
      };
      const page = whole(pagination.page, 1, 1_000_000, 'page');
      const pageSize = whole(pagination.pageSize, 25, 100, 'pageSize');
      const { rows, total } = await repo.listTermsVersions(
        db,
        sort === 'versionTimestamp:asc' || sort === 'versionTimestamp',
        page,
        pageSize,
      );
      reply.header('Cache-Control', PUBLIC_CACHE);
      return {
        data: rows.map((row, index) => ({
          id: (page - 1) * pageSize + index + 1,
          attributes: {
            versionTimestamp: row.versionTimestamp,
            content: row.content,
            publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
          },
        })),
        meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
      };
    },
  );

  // ── Interface copy ────────────────────────────────────────────────────────────────────────────

  route.get(
    `/cms/api/${PRODUCT}-copy.json`,
    { access: 'public', summary: 'Interface copy, by section then key' },
    async (_request, reply) => {
      reply.header('Cache-Control', PUBLIC_CACHE);
      return repo.readCopy(db);
    },
  );

  // ── Media library (Strapi's upload plugin) ────────────────────────────────────────────────────

  const canManage = { platform: 'content~manage' } as const;

  route.post(
    '/cms/api/upload',
    { access: canManage, summary: 'Upload images or PDFs (multipart field "files")' },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new StrapiValidationError('Send the files as multipart/form-data in the field "files".');
      const saved = [];
      let alternativeText: string | null = null;
      for await (const part of request.parts({
        limits: { fileSize: MAX_MEDIA_BYTES, files: 20, fields: 10 },
      })) {
        if (part.type === 'field') {
          // Strapi sends per-file details as JSON in `fileInfo`; only the alternative text is kept.
          if (part.fieldname === 'fileInfo' && typeof part.value === 'string') {
            try {
              const info = JSON.parse(part.value) as { alternativeText?: unknown };
              if (typeof info.alternativeText === 'string') alternativeText = info.alternativeText;
            } catch {
              throw new StrapiValidationError('fileInfo must be JSON.');
            }
          }
          continue;
        }
        if (part.fieldname !== 'files')
          throw new StrapiValidationError(`Invalid key ${part.fieldname}: send files in "files".`);
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, MEDIA_TOO_LARGE_MESSAGE);
        saved.push(
          await saveMedia(db, content.storage, {
            name: part.filename || 'file',
            bytes,
            alternativeText,
            createdBy: request.viewer?.user.id ?? null,
          }),
        );
      }
      if (saved.length === 0) throw new StrapiValidationError('Choose at least one file to upload.');
      reply.status(201);
      return saved.map(strapiUploadFile);
    },
  );

  route.get(
    '/cms/api/upload/files',
    { access: { platform: 'content~view' }, summary: 'The media library, newest first' },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return (await repo.listMedia(db)).map(strapiUploadFile);
    },
  );

  route.put(
    '/cms/api/upload/files/:id',
    {
      access: canManage,
      summary: "A media file's alt text: what it shows, read out wherever it is a cover or in a text",
      params: idParam,
      body: mediaAlternativeTextSchema,
    },
    async (request) => {
      const alternativeText = request.body.alternativeText.trim();
      if (!alternativeText) throw new StrapiValidationError('Describe what the image shows in a few words.');
      if (alternativeText.length > 500)
        throw new StrapiValidationError('Keep the alt text under 500 characters.');
      if (hasBrokenText(alternativeText)) {
        throw new StrapiValidationError(
          'The alt text contains characters we cannot store. Please retype it.',
        );
      }
      const row = await repo.updateMediaAlternativeText(db, parseEntryId(request.params.id), alternativeText);
      if (!row) throw notFound();
      return strapiUploadFile(row);
    },
  );

  route.delete(
    '/cms/api/upload/files/:id',
    { access: canManage, summary: 'Delete a media file', params: idParam },
    async (request) => {
      const row = await repo.deleteMedia(db, parseEntryId(request.params.id));
      if (!row) throw notFound();
      await content.storage.delete(row.storageKey);
      return strapiUploadFile(row);
    },
  );

  route.get(
    '/cms/api/*',
    { access: 'public', summary: "Any other address of the content API: Strapi's not found", hide: true },
    async () => {
      throw notFound();
    },
  );
};

/**
 * Media bytes and the copy fallback file: outside /cms/api, so they answer as files, not Strapi JSON.
 */
export const contentFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = routesOf(app, ['content']);

  route.get(
    '/cms/uploads/*',
    { access: 'public', summary: 'A media file; the address holds its content hash' },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isSafeStorageKey(key)) return reply.status(404).type('text/plain').send('Not Found');
      const row = await repo.findMediaByKey(db, key);
      const bytes = row ? await app.content.storage.get(key) : null;
      if (!row || !bytes) return reply.status(404).type('text/plain').send('Not Found');
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .type(row.mime);
      if (row.mime === 'application/pdf') {
        reply.header('Content-Disposition', `inline; filename="${key.split('/')[1]}"`);
      }
      return reply.send(bytes);
    },
  );

  route.get(
    '/cms/library/:id/download',
    {
      access: 'public',
      summary:
        "A library item's file as a download: an ungated item's for anyone, a gated item's with the signed token its lead form gave",
      params: idParam,
      querystring: z.object({ token: z.string().max(200).optional() }),
    },
    async (request, reply) => {
      const notThere = () =>
        reply
          .status(404)
          .type('text/plain; charset=utf-8')
          .send('This download does not exist. It may have been removed.');
      const id = Number(request.params.id);
      // Ids are positive 32-bit integers: a larger number is no item, not a database error.
      if (!/^\d{1,10}$/.test(request.params.id) || id < 1 || id > 2_147_483_647) return notThere();
      const item = await findLibraryItemDelivery(db, id);
      if (!item?.file) return notThere();
      if (item.gated) {
        const token = request.query.token ?? '';
        if (!verifyLibraryDownload(app.sessionSecret, id, token)) {
          return reply
            .status(403)
            .type('text/plain; charset=utf-8')
            .send(
              'This download link has expired or is not valid. Ask for the guide again on our library page.',
            );
        }
      }
      const bytes = await app.content.storage.get(item.file.storageKey);
      if (!bytes) return notThere();
      const name = item.file.storageKey.split('/')[1] ?? 'download.pdf';
      return reply
        .header('Cache-Control', item.gated ? 'private, no-store' : 'public, max-age=300')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .type(item.file.mime)
        .send(bytes);
    },
  );

  route.get(
    '/copy/strapiCopyFallback.json',
    { access: 'public', summary: 'The copy fallback file: the published copy as of the last publish' },
    async (_request, reply) => {
      const file = await app.content.readCopyFallback();
      reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8');
      return reply.send(file ?? JSON.stringify(builderCopy));
    },
  );
};
