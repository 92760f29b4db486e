import { startupLogLevel } from './env'

/** One-line structured logs. Never pass a token or a code in `fields`. */
type Level = 'debug' | 'info' | 'warn' | 'error'
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

const threshold = ORDER[(startupLogLevel() as Level) ?? 'info'] ?? ORDER.info

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < threshold) return
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${msg}${
    fields && Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : ''
  }`
  ;(level === 'error' || level === 'warn' ? console.error : console.log)(line)
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
}
