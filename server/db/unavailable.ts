import { log } from '../log'

/**
 * "The database cannot be reached" (down, restarting, failing over, network cut), told apart from
 * every other error: the api answers it with a 503 and the web with a message, workers wait and
 * retry. Recognised from the error or any error in its `cause` chain (drizzle wraps driver errors).
 */
export const DATABASE_UNAVAILABLE = 'The database is not answering right now. Please try again in a moment.'

/** Postgres SQLSTATEs of a lost or refused connection: class 08, and the server shutting down or starting. */
const UNAVAILABLE_SQLSTATES = /^(08[0-9A-Z]{3}|57P01|57P02|57P03)$/
/** Socket errors of a connection that could not be made or was cut. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])
/** node-postgres (pg, pg-pool) says these in words, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
]

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4) return false
  const seen = new Set<unknown>()
  for (let e = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e)
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown }
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return true
    // AggregateError: a host with several addresses (::1 and 127.0.0.1), all refused.
    if (Array.isArray(errors) && errors.length > 0 && errors.every((x) => isDatabaseUnavailable(x, depth + 1))) return true
  }
  return false
}

/** The innermost error's code and message: the driver's words, not drizzle's "Failed query: …" with its parameters. */
export function describeError(error: unknown): string {
  let e = error as { cause?: unknown; code?: unknown; message?: unknown } | undefined
  for (let i = 0; i < 5 && e?.cause && typeof e.cause === 'object'; i++) e = e.cause as typeof e
  const code = typeof e?.code === 'string' ? `${e.code} ` : ''
  const message = typeof e?.message === 'string' ? e.message : String(e)
  return `${code}${message}`.slice(0, 300)
}

const lastWarned = new Map<string, { at: number; quiet: number }>()

/**
 * A warning that repeats during an outage (every request, every poll) written at most once per
 * `everyMs` for its key, with the count of the ones left out.
 */
export function warnThrottled(key: string, message: string, fields: Record<string, unknown> = {}, everyMs = 10_000) {
  const now = Date.now()
  const last = lastWarned.get(key)
  if (last && now - last.at < everyMs) {
    last.quiet++
    return
  }
  log.warn(message, last?.quiet ? { ...fields, repeated: last.quiet } : fields)
  lastWarned.set(key, { at: now, quiet: 0 })
}
