import {
  idParamSchema,
  mailPreviewResponseSchema,
  mailTemplatesResponseSchema,
  outboxListResponseSchema,
  outboxMessageResponseSchema,
  pageQuerySchema,
} from '@tv/contract';
import { templatePreviews } from '@tv/emails';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';

/** Rows come from the mail service without their `secret`; the bodies hold HIDDEN_LINK in its place. */
type OutboxRow = Awaited<ReturnType<FastifyRequest['server']['mail']['find']>> & {};

const toMessage = (row: OutboxRow) => ({
  id: row.id,
  template: row.template,
  to: row.toEmail,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Platform staff always; everyone while not in production, so a newcomer can look. */
  const previewAccess = async (request: FastifyRequest) => {
    if (!app.config.isProduction) return;
    await app.requirePlatformStaff(request);
  };
  const route = routesOf(app, ['mail']);

  route.get(
    '/v2/mail/templates',
    {
      access: { guard: previewAccess },
      summary: 'Every mail template, for /mail/preview',
      response: mailTemplatesResponseSchema,
    },
    async () => ({
      data: templatePreviews.map(({ name, description, subject }) => ({ name, description, subject })),
    }),
  );

  route.get(
    '/v2/mail/templates/*',
    {
      access: { guard: previewAccess },
      summary: 'One template rendered with sample data, as HTML and plain text',
      params: z.object({ '*': z.string() }),
      response: mailPreviewResponseSchema,
    },
    async (request) => {
      const template = templatePreviews.find((t) => t.name === request.params['*']);
      if (!template)
        throw new HttpError(
          404,
          `There is no mail template called "${request.params['*']}".`,
          'TEMPLATE_NOT_FOUND',
        );
      const rendered = await template.render();
      return { data: { name: template.name, ...rendered } };
    },
  );

  route.get(
    '/v2/admin/mailbox',
    {
      access: { platform: 'mail~read' },
      summary:
        'The outbox: every message the platform wrote, newest first (Super Admin only; reset and invitation links hidden)',
      querystring: pageQuerySchema,
      response: outboxListResponseSchema,
    },
    async (request) => {
      const { page, pageSize, search } = request.query;
      const { rows, total } = await app.mail.page(page, pageSize, search);
      return { data: rows.map(toMessage), meta: { page, pageSize, total } };
    },
  );

  route.get(
    '/v2/admin/mailbox/:id',
    {
      access: { platform: 'mail~read' },
      summary: 'One message with its HTML and text, reset and invitation links hidden',
      params: idParamSchema,
      response: outboxMessageResponseSchema,
    },
    async (request) => {
      const row = await app.mail.find(request.params.id);
      if (!row) throw new HttpError(404, 'That message is not in the outbox.', 'MESSAGE_NOT_FOUND');
      return { data: { ...toMessage(row), html: row.html, text: row.text } };
    },
  );
};
