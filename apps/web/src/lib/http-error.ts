/** An error that carries an HTTP status, so error screens and retries can tell a 404 from a 500. */
export class HttpError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, message: string, data?: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.data = data;
  }
}

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;

/** The fatal error a route's own validity check raises (spec §2). */
export const pageNotFoundError = (path: string) => new HttpError(404, `Page Not Found: ${path}`);
