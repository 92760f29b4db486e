/** The cookie the browser keeps its IANA time zone in (read by the server, written by JS). */
export const TIME_ZONE_COOKIE = 'tz'

/** True for a time zone name this runtime knows (IANA names such as "Europe/Lisbon", or "UTC"). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}
