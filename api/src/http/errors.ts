/**
 * Errors a route may throw on purpose. The error handler turns them into a plain-text body, so the
 * client's message reads `status: body` (spec §8) with a sentence a person can act on.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You need to sign in first') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts, please wait and try again') =>
  new HttpError(429, `${message} (retry in ${retryAfterSeconds}s)`, { 'retry-after': String(retryAfterSeconds) });
