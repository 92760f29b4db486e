/** An error the api turns into `{ error }` with this status. The message is shown to people. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public extra: Record<string, unknown> = {},
    public headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra)
export const unauthorized = (message = 'Please sign in again.') => new HttpError(401, message)
export const forbidden = (message: string, extra?: Record<string, unknown>) => new HttpError(403, message, extra)
export const notFound = (message = 'Not found.') => new HttpError(404, message)
export const tooManyRequests = (message: string, retryAfter: number) =>
  new HttpError(429, message, { retry_after: retryAfter }, { 'Retry-After': String(retryAfter) })
