import type { Context } from 'hono'
import { DATABASE_UNAVAILABLE, describeError, isDatabaseUnavailable, warnThrottled } from '../db/unavailable'

export { DATABASE_UNAVAILABLE, isDatabaseUnavailable }

/** How long a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/**
 * The api's answer while the database cannot be reached: 503, `{ error, retry_after }` and
 * Retry-After, instead of a 500. One warning line per 10 s, not one stack per request.
 * Used by the api's onError (server/http/api.ts).
 */
export function databaseUnavailable(err: unknown, c: Context): Response {
  warnThrottled('api-503', 'database not answering: api requests get 503', { path: c.req.path, error: describeError(err) })
  c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
  c.header('Cache-Control', 'no-store')
  return c.json({ error: DATABASE_UNAVAILABLE, retry_after: DATABASE_RETRY_AFTER_SECONDS }, 503)
}
