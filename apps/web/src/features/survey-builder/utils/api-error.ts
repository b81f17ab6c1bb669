import { apiErrorSchema } from '@tv/contract';
import { isHttpError } from '../../../lib/http-error';

export interface ApiProblem {
  status: number;
  code: string | undefined;
  /** Written for the person using the product. */
  message: string;
  data: unknown;
}

const fallbackMessage = (status: number) =>
  status === 0
    ? 'We could not reach TeenVoice. Check your connection and try again.'
    : 'Something went wrong on our side. Please try again.';

/** The server's own message and code of a failed call, or a plain message for a network failure. */
export function apiProblem(error: unknown): ApiProblem {
  if (!isHttpError(error)) {
    return { status: 0, code: undefined, message: fallbackMessage(0), data: undefined };
  }
  const parsed = apiErrorSchema.safeParse(error.data);
  if (!parsed.success) {
    return { status: error.status, code: undefined, message: fallbackMessage(error.status), data: undefined };
  }
  return {
    status: error.status,
    code: parsed.data.code,
    message: parsed.data.message,
    data: parsed.data.data,
  };
}
