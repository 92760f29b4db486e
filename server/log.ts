import { startupLogFormat, startupLogLevel } from './env'
import { currentRequestId } from './request-context'

/** One-line structured logs (text, or JSON with LOG_FORMAT=json). Never pass a token or a code in `fields`. */
type Level = 'debug' | 'info' | 'warn' | 'error'
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

const threshold = ORDER[(startupLogLevel() as Level) ?? 'info'] ?? ORDER.info
const json = startupLogFormat() === 'json'

/** A log line as it is printed: text for people, or one JSON object for a log pipeline. */
export function formatLine(level: Level, msg: string, fields: Record<string, unknown> | undefined, asJson: boolean, requestId?: string) {
  const time = new Date().toISOString()
  if (asJson) return JSON.stringify({ time, level, msg, ...(requestId ? { request_id: requestId } : {}), ...fields })
  const all = requestId ? { ...fields, requestId } : fields
  return `${time} ${level.toUpperCase().padEnd(5)} ${msg}${all && Object.keys(all).length ? ` ${JSON.stringify(all)}` : ''}`
}

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < threshold) return
  const line = formatLine(level, msg, fields, json, currentRequestId())
  ;(level === 'error' || level === 'warn' ? console.error : console.log)(line)
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
}
