import { isHttpError } from '../../../lib/http-error';

/**
 * The respondent page's reading of a failed call, the same as lib/backend-client's serverMessage and
 * serverFieldErrors but checked by hand, so the lean page (decision 019) does not load zod for it.
 */
const errorBody = (error: unknown): { message: string; data?: unknown } | null => {
  if (!isHttpError(error)) return null;
  const body = error.data as { statusCode?: unknown; error?: unknown; message?: unknown; data?: unknown };
  if (
    typeof body !== 'object' ||
    body === null ||
    !Number.isInteger(body.statusCode) ||
    typeof body.error !== 'string' ||
    typeof body.message !== 'string'
  )
    return null;
  return { message: body.message, data: body.data };
};

/** The message a failed call should show: the server's own words when it gave some. */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isHttpError(error)) return fallback;
  if (error.status === 0) return 'We could not reach TeenVoice. Check your connection and try again.';
  return errorBody(error)?.message ?? fallback;
}

/** Field errors the server sent with a failed call (`data.fields`), first message per field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const fields = (errorBody(error)?.data as { fields?: unknown } | undefined)?.fields;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fields)) {
    if (!Array.isArray(messages) || !messages.every((m) => typeof m === 'string')) return {};
    if (messages[0]) errors[field] = messages[0];
  }
  return errors;
}
