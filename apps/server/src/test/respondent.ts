import type { FastifyInstance } from 'fastify';

/**
 * What a respondent's page gets when the survey opens: a single-use start token and a device token
 * the server issued (issue 23). Tests send them as the page does; a response without them is held for
 * review and takes no place in the sample.
 */
export async function respondentPass(
  app: FastifyInstance,
  surveyId: string,
): Promise<{ startToken: string; deviceToken: string }> {
  const opened = await app.inject({ method: 'GET', url: `/v2/respond/${surveyId}` });
  if (opened.statusCode !== 200) throw new Error(`GET /v2/respond/${surveyId}: ${opened.body}`);
  const { startToken, deviceToken } = opened.json().data;
  return { startToken, deviceToken };
}

/** Sends a response as the page would: with a fresh pass unless the payload brings its own tokens. */
export async function submitAsPage(app: FastifyInstance, surveyId: string, payload: object) {
  return app.inject({
    method: 'POST',
    url: `/v2/respond/${surveyId}/responses`,
    payload: { ...(await respondentPass(app, surveyId)), ...payload },
  });
}
