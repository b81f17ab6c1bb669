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

/** "Some of the details you sent need another look: name (Required), email (Invalid email)." */
export function describeFields(fields: Record<string, string[]>): string {
  const named = Object.entries(fields)
    .slice(0, 3)
    .map(([field, messages]) => (field === '_' ? messages[0] : `${field} (${messages[0]})`));
  const more = Object.keys(fields).length > 3 ? ', and more' : '';
  return named.length === 0
    ? 'Some of the details you sent need another look.'
    : `Some of the details you sent need another look: ${named.join(', ')}${more}.`;
}

/**
 * The framework's own client errors, in the product's words: never a raw FST_* message, and never the
 * request's path or body echoed back.
 */
const frameworkMessages: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: 'The request body is empty; send a JSON object.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    message: 'This address does not accept that content type; send JSON (application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    statusCode: 400,
    message: 'The request body is not as long as its Content-Length header says.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: 'The request body is too large (1 MB at most).' },
  FST_ERR_CTP_INVALID_TYPE: { statusCode: 400, message: 'The Content-Type header is not valid.' },
  FST_ERR_CTP_INVALID_CONTENT_TYPE: { statusCode: 400, message: 'The Content-Type header is not valid.' },
  FST_ERR_BAD_URL: { statusCode: 400, message: 'The address is not a valid URL.' },
  FST_ERR_MAX_PARAM_LENGTH: { statusCode: 414, message: 'A part of the address is too long.' },
  FST_ERR_ASYNC_CONSTRAINT: { statusCode: 400, message: 'The request could not be routed.' },
};

/** The answer for a framework error code, or undefined when the code is not one of those. */
export const frameworkError = (code: string | undefined) => (code ? frameworkMessages[code] : undefined);

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  406: 'Not Acceptable',
  409: 'Conflict',
  414: 'URI Too Long',
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
        message: describeFields(fields),
        data: { fields },
      });
    }

    // A page address the static files refuse (a NUL byte, a dot-segment) is simply no page: the
    // not-found handler answers it as any unknown page, with HTML for a browser.
    if ((error as FastifyError).code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();

    const framework = error instanceof HttpError ? undefined : frameworkError((error as FastifyError).code);
    if (framework) {
      return reply.status(framework.statusCode).send({
        statusCode: framework.statusCode,
        error: reasonPhrase(framework.statusCode),
        code: (error as FastifyError).code,
        message: framework.message,
      });
    }

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
      // Never a raw framework message: they name internals and can echo the request.
      if ((error as FastifyError).code.startsWith('FST_'))
        body.message = 'The request could not be processed as sent.';
    }
    return reply.status(statusCode).send(body);
  });
});
