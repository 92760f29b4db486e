/** Web-side logging: one line each, never a token or a code. */
import { webLogSilenced as silent } from './env'

export const log = {
  info: (msg: string, fields?: Record<string, unknown>) =>
    !silent() && console.log(`${new Date().toISOString()} INFO  web ${msg}${fields ? ` ${JSON.stringify(fields)}` : ''}`),
  warn: (msg: string, fields?: Record<string, unknown>) =>
    !silent() && console.error(`${new Date().toISOString()} WARN  web ${msg}${fields ? ` ${JSON.stringify(fields)}` : ''}`),
}
