import type { FieldErrors } from '@tv/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error whose message is meant for the person using the product. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const reasonPhrase = (statusCode: number) => reasonPhrases[statusCode] ?? 'Error';

/**
 * One error handler for the whole API: client errors keep their message (and field errors in `data`),
 * server errors are logged in full and answered with a message that gives nothing away.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        const list = fields[key] ?? [];
        list.push(issue.message ?? 'Invalid input');
        fields[key] = list;
      }
      return reply.status(400).send({
        statusCode: 400,
        error: reasonPhrase(400),
        code: 'VALIDATION_FAILED',
        message: 'Some of the details you sent need another look.',
        data: { fields },
      });
    }

    // A page address the static files refuse (a NUL byte, a dot-segment) is simply no page: the
    // not-found handler answers it as any unknown page, with HTML for a browser.
    if ((error as FastifyError).code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();

    const statusCode =
      error instanceof HttpError
        ? error.statusCode
        : (error as FastifyError).statusCode && !isResponseSerializationError(error)
          ? (error as FastifyError).statusCode!
          : 500;

    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(statusCode).send({
        statusCode,
        error: reasonPhrase(statusCode),
        message:
          statusCode === 503
            ? 'TeenVoice is busy right now. Please try again in a moment.'
            : 'Something went wrong on our side. Please try again; if it keeps happening, contact support.',
      });
    }

    const body: Record<string, unknown> = {
      statusCode,
      error: reasonPhrase(statusCode),
      message: error.message,
    };
    if (error instanceof HttpError) {
      if (error.code) body.code = error.code;
      if (error.data !== undefined) body.data = error.data;
    } else if ((error as FastifyError).code) {
      body.code = (error as FastifyError).code;
    }
    return reply.status(statusCode).send(body);
  });
});
