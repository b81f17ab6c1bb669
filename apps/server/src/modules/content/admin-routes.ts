import {
  adminContentEntrySchema,
  adminContentListQuerySchema,
  adminContentListSchema,
  adminFeedbackCommentSchema,
  adminTermsVersionSchema,
  contentTypes,
  copyDocumentSchema,
  createContentEntrySchema,
  createTermsVersionSchema,
  scheduleContentEntrySchema,
  updateContentEntrySchema,
} from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import * as repo from './repository';
import { hasBrokenText } from './service';

const typeParams = z.object({ type: z.enum(contentTypes, 'Unknown content type.') });
const entryParams = typeParams.extend({
  id: z.coerce
    .number('The id must be a number.')
    .int('The id must be a whole number.')
    .min(1, 'The id must be a whole number.')
    .max(2_147_483_647, 'The id must be a whole number.'),
});
const articleParams = z.object({ id: entryParams.shape.id });
const termsParams = z.object({ versionTimestamp: z.string().max(40) });

const entryResponse = z.object({ data: adminContentEntrySchema });
const termsRow = (row: {
  versionTimestamp: string;
  content: string;
  publishedAt: Date | null;
  createdAt: Date;
}) => ({
  versionTimestamp: row.versionTimestamp,
  content: row.content,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The staff content API: drafts, optimistic saves, publish now or later, terms versions and the copy
 * document. Reads need content~view, every write content~manage.
 */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const content = app.content;
  const route = routesOf(app, ['content']);
  const canView = { platform: 'content~view' } as const;
  const canManage = { platform: 'content~manage' } as const;
  const userId = (request: { viewer: { user: { id: string } } | null }) => request.viewer?.user.id ?? null;

  // Static paths first: find-my-way prefers them over `:type`, but the schemas read better this way.
  route.get(
    '/v2/admin/content/terms',
    {
      access: canView,
      summary: 'Every terms and conditions version, drafts included, newest first',
      response: z.object({ data: z.array(adminTermsVersionSchema) }),
    },
    async () => ({ data: (await repo.listAllTermsVersions(db)).map(termsRow) }),
  );

  route.post(
    '/v2/admin/content/terms',
    {
      access: canManage,
      summary: 'Draft a new terms version (its timestamp is now)',
      body: createTermsVersionSchema,
      otherResponses: { 201: z.object({ data: adminTermsVersionSchema }) },
    },
    async (request, reply) => {
      const row = await content.createTermsDraft(request.body.content);
      reply.status(201);
      return { data: termsRow(row) };
    },
  );

  route.post(
    '/v2/admin/content/terms/:versionTimestamp/publish',
    {
      access: canManage,
      summary: 'Publish a terms version: sign-up and signed-in people must accept it from now on',
      params: termsParams,
      response: z.object({ data: adminTermsVersionSchema }),
    },
    async (request) => ({ data: termsRow(await content.publishTerms(request.params.versionTimestamp)) }),
  );

  route.get(
    '/v2/admin/content/copy',
    {
      access: canView,
      summary: 'The interface copy document',
      response: z.object({ data: copyDocumentSchema }),
    },
    async () => ({ data: await repo.readCopy(db) }),
  );

  route.put(
    '/v2/admin/content/copy',
    {
      access: canManage,
      summary: 'Replace and publish the interface copy (and its fallback file)',
      body: copyDocumentSchema,
      response: z.object({ data: copyDocumentSchema }),
    },
    async (request) => {
      if (hasBrokenText(request.body)) {
        throw new HttpError(400, 'Copy must not contain NUL characters or broken Unicode.');
      }
      return { data: await content.publishCopy(request.body) };
    },
  );

  route.get(
    '/v2/admin/content/article/:id/feedback',
    {
      access: canView,
      summary: "Comments left with 'Was this useful?' on an article, newest first",
      params: articleParams,
      response: z.object({ data: z.array(adminFeedbackCommentSchema) }),
    },
    async (request) => {
      if (!(await repo.findEntry(db, 'article', request.params.id))) {
        throw new HttpError(404, 'This article no longer exists.');
      }
      const rows = await repo.listFeedbackComments(db, request.params.id);
      return {
        data: rows.map((row) => ({
          useful: row.useful,
          comment: row.comment ?? '',
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  route.get(
    '/v2/admin/content/:type',
    {
      access: canView,
      summary: 'Entries of a content type, newest change first',
      params: typeParams,
      querystring: adminContentListQuerySchema,
      response: adminContentListSchema,
    },
    async (request) => {
      const { page, pageSize, q, status } = request.query;
      if (q && hasBrokenText(q))
        throw new HttpError(400, 'The search must not contain NUL characters or broken Unicode.');
      const { rows, total } = await repo.listEntriesForStaff(db, {
        type: request.params.type,
        q,
        status,
        page,
        pageSize,
      });
      return { data: await content.toAdminEntries(rows), meta: { page, pageSize, total } };
    },
  );

  route.get(
    '/v2/admin/content/:type/:id',
    {
      access: canView,
      summary: 'One entry, drafts included',
      params: entryParams,
      response: entryResponse,
    },
    async (request) => {
      const row = await repo.findEntry(db, request.params.type, request.params.id);
      if (!row) throw new HttpError(404, 'This entry no longer exists.');
      return { data: (await content.toAdminEntries([row]))[0]! };
    },
  );

  route.post(
    '/v2/admin/content/:type',
    {
      access: canManage,
      summary: 'Create a draft',
      params: typeParams,
      body: createContentEntrySchema,
      otherResponses: { 201: entryResponse },
    },
    async (request, reply) => {
      const entry = await content.create(request.params.type, request.body.attributes, userId(request));
      reply.status(201);
      return { data: entry };
    },
  );

  route.put(
    '/v2/admin/content/:type/:id',
    {
      access: canManage,
      summary: 'Save an entry; a stale version answers 409 with the current entry',
      params: entryParams,
      body: updateContentEntrySchema,
      response: entryResponse,
    },
    async (request) => ({
      data: await content.update(request.params.type, request.params.id, request.body, userId(request)),
    }),
  );

  /** Publishing now or going back to draft: no body, the entry as it now is in the answer. */
  const publication = (action: 'publish' | 'unpublish', summary: string) =>
    route.post(
      `/v2/admin/content/:type/:id/${action}`,
      { access: canManage, summary, params: entryParams, response: entryResponse },
      async (request) => ({
        data: await content[action](request.params.type, request.params.id, userId(request)),
      }),
    );
  publication('publish', 'Publish now');
  publication('unpublish', 'Back to draft (also cancels a schedule)');

  route.post(
    '/v2/admin/content/:type/:id/schedule',
    {
      access: canManage,
      summary: 'Publish at a future time',
      params: entryParams,
      body: scheduleContentEntrySchema,
      response: entryResponse,
    },
    async (request) => ({
      data: await content.schedule(
        request.params.type,
        request.params.id,
        new Date(request.body.publishAt),
        userId(request),
      ),
    }),
  );

  route.delete(
    '/v2/admin/content/:type/:id',
    { access: canManage, summary: 'Delete an entry', params: entryParams },
    async (request, reply) => {
      await content.remove(request.params.type, request.params.id);
      return reply.status(204).send();
    },
  );
};
