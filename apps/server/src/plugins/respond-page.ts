import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The respondent page's own lean entry in a web build (decision 019); null in a build without it. */
export function readRespondHtml(directory: string): string | null {
  const path = join(directory, 'respond.html');
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside a script element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface PublicSurveyBody {
  data: { name: string };
}

/**
 * respond.html with the survey a respondent opened: its name in the title, and GET /v2/respond/:id's
 * answer, exactly as that route gives it to anyone, in a JSON script element the page reads instead of
 * fetching it (apps/web/src/features/respondent/api/get-public-survey.ts). A JSON script is not run,
 * so the CSP needs no hash for it.
 */
export function respondPageHtml(html: string, body: PublicSurveyBody | null): string {
  if (!body) return html;
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(body.data.name)} | TeenVoice</title>`)
    .replace(
      '</body>',
      () => `<script type="application/json" id="tv-public-survey">${scriptJson(body)}</script>\n  </body>`,
    );
}

/**
 * GET /s/:surveyId with the respondent page's own bundle and the survey in it. Anything else (an id
 * that is not a uuid, maintenance, which redirects every page) is left to `fallback`, the app's page.
 */
export function respondPageHandler(
  app: FastifyInstance,
  respondHtml: string,
  fallback: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  return async (request: FastifyRequest<{ Params: { surveyId: string } }>, reply: FastifyReply) => {
    const { surveyId } = request.params;
    if (!uuidPattern.test(surveyId)) return fallback(request, reply);
    const { maintenance } = await app.platformStatus.getStatus();
    if (maintenance) return fallback(request, reply);
    let body: PublicSurveyBody | null = null;
    let status = 200;
    try {
      // Through the route itself, so the page gets what a fetch would: the same fields, the same checks.
      // As from the visitor's own address, so opening the page counts toward its limits (issue 23).
      const answer = await app.inject({
        method: 'GET',
        url: `/v2/respond/${surveyId}`,
        remoteAddress: request.ip,
      });
      if (answer.statusCode === 200) body = answer.json<PublicSurveyBody>();
      // No such survey: the page says so, and the status says so to crawlers and link checkers.
      else if (answer.statusCode === 404) status = 404;
    } catch (error) {
      // The page fetches the survey itself then.
      request.log.warn({ err: error }, 'respondent page: the survey was not embedded');
    }
    return reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(respondPageHtml(respondHtml, body));
  };
}
