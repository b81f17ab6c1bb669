import {
  type AdminContentEntry,
  adminContentEntrySchema,
  apiErrorSchema,
  fieldErrorsSchema,
} from '@tv/contract';
import { isHttpError } from '../../../lib/http-error';

/** The content service's upload API answers in Strapi's error shape, not the core API's. */
function strapiErrorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const inner = body.error;
  if (typeof inner !== 'object' || inner === null || !('message' in inner)) return undefined;
  return typeof inner.message === 'string' ? inner.message : undefined;
}

/** What a failed call should tell the editor: the server's own words when it gave some. */
export function contentErrorMessage(error: unknown, fallback: string): string {
  if (!isHttpError(error)) return fallback;
  if (error.status === 0) return 'We could not reach TeenVoice. Check your connection and try again.';
  const core = apiErrorSchema.safeParse(error.data);
  if (core.success) return core.data.message;
  return strapiErrorMessage(error.data) ?? fallback;
}

/**
 * Field errors the server sent (a 400, or a 409 for a slug already taken), keyed the way the form names its fields ('author.name');
 * the server may prefix them with 'attributes.' because that is where they sit in the request body.
 */
export function contentFieldErrors(error: unknown): Record<string, string> {
  if (!isHttpError(error)) return {};
  const body = apiErrorSchema.safeParse(error.data);
  if (!body.success) return {};
  const fields = fieldErrorsSchema.safeParse((body.data.data as { fields?: unknown } | undefined)?.fields);
  if (!fields.success) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fields.data)) {
    if (messages[0]) errors[field.replace(/^attributes\./, '')] = messages[0];
  }
  return errors;
}

/** The entry someone else saved first, which a 409 carries so the editor can compare and choose. */
export function conflictingEntry(error: unknown): AdminContentEntry | null {
  if (!isHttpError(error) || error.status !== 409) return null;
  const body = apiErrorSchema.safeParse(error.data);
  const data = body.success ? body.data.data : undefined;
  // The server sends it as data.current; a bare entry in data is accepted too.
  const current = typeof data === 'object' && data !== null && 'current' in data ? data.current : data;
  const entry = adminContentEntrySchema.safeParse(current);
  return entry.success ? entry.data : null;
}
