import {
  createLeadResponseSchema,
  createLeadSchema,
  LEAD_THANKS,
  LIBRARY_THANKS,
  leadResponseSchema,
  leadsExportQuerySchema,
  leadsQuerySchema,
  leadsResponseSchema,
  type UtmKey,
  updateLeadSchema,
  utmHeaderName,
  utmKeys,
} from '@tv/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import { leadsCsv } from './export';
import { createLeadsService } from './service';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first text in a body that no form could have produced, described in plain words. */
export function unreadableTextProblem(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000'))
      return 'Your message contains a NUL character. Please remove it and send again.';
    if (loneSurrogate.test(value) || value.includes('\uFFFD'))
      return 'Your message contains characters that could not be read. Please retype it and send again.';
    return null;
  }
  if (depth > 3 || value === null || typeof value !== 'object') return null;
  for (const item of Object.values(value)) {
    const problem = unreadableTextProblem(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

function utmFrom(request: FastifyRequest): Partial<Record<UtmKey, string>> {
  const utm: Partial<Record<UtmKey, string>> = {};
  for (const key of utmKeys) {
    const raw = request.headers[utmHeaderName(key).toLowerCase()];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.replace(/[^\u0020-\u007E\u00A0-\uFFFF]/g, '').trim();
    if (value) utm[key] = value.slice(0, 200);
  }
  return utm;
}

const leadThanks = { data: { ok: true as const, message: LEAD_THANKS } };

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  const leads = createLeadsService({
    db: app.database.db,
    mail: app.mail,
    config: app.config,
    secret: app.sessionSecret,
  });
  const route = routesOf(app, ['leads']);

  route.post(
    '/v2/leads',
    {
      access: 'public',
      summary:
        "Send the contact, sales, newsletter or a library item's form of the public site (signed out is fine); a library item's answer carries its download link",
      body: createLeadSchema,
      otherResponses: { 201: createLeadResponseSchema },
      options: {
        config: { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } },
        // Runs before validation: a bot that filled the hidden field learns nothing from our answer.
        preValidation: async (request, reply) => {
          const body = request.body as Record<string, unknown> | null;
          if (body && typeof body === 'object' && typeof body.website === 'string' && body.website.trim()) {
            request.log.info('lead with the hidden field filled in ignored');
            return reply.status(201).send(leadThanks);
          }
          const problem = unreadableTextProblem(body);
          if (problem) throw new HttpError(400, problem, 'UNREADABLE_TEXT');
        },
      },
    },
    async (request, reply) => {
      // Each form mails the sales inbox: limited per client address and per email address the form names.
      await app.mailLimit.take({ address: request.ip, email: request.body.email });
      const { downloadUrl } = await leads.submit(request.body, utmFrom(request));
      if (downloadUrl) {
        return reply.status(201).send({ data: { ok: true as const, message: LIBRARY_THANKS, downloadUrl } });
      }
      return reply.status(201).send(leadThanks);
    },
  );

  route.get(
    '/v2/admin/leads',
    {
      access: { platform: 'leads~view' },
      summary:
        'Leads from the public site, newest first, filtered by status and kind and searched in name, email, organization and message',
      querystring: leadsQuerySchema,
      response: leadsResponseSchema,
    },
    async (request) => {
      const { status, kind, q, page, pageSize } = request.query;
      return leads.page({ status, kind, q }, page, pageSize);
    },
  );

  route.get(
    '/v2/admin/leads/export.csv',
    {
      access: { platform: 'leads~view' },
      summary:
        'The leads the same filters find, as a CSV file (cells a spreadsheet would run as formulas are quoted as text)',
      querystring: leadsExportQuerySchema,
      moreSchema: { produces: ['text/csv'] },
    },
    async (request, reply) => {
      const { status, kind, q } = request.query;
      const rows = await leads.exportRows({ status, kind, q });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="teenvoice-leads-${day}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(leadsCsv(rows));
    },
  );

  route.patch(
    '/v2/admin/leads/:id',
    {
      access: { platform: 'leads~manage' },
      summary: 'Mark a lead as new, contacted, qualified or closed; who and when are kept',
      params: z.object({ id: z.uuid('This lead does not exist.') }),
      body: updateLeadSchema,
      response: leadResponseSchema,
    },
    async (request) => {
      const { user } = request.viewer!;
      const who = [
        [user.firstName, user.lastName].filter(Boolean).join(' '),
        user.email ? `<${user.email}>` : '',
      ]
        .filter(Boolean)
        .join(' ');
      const lead = await leads.setStatus(request.params.id, request.body.status, who);
      if (!lead) throw new HttpError(404, 'This lead does not exist. It may have been removed.');
      return { data: lead };
    },
  );
};
