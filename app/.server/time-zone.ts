import { UTC_CLOCK, type Clock } from '../lib/format-time'
import { isTimeZone, TIME_ZONE_COOKIE } from '../lib/time-zone'

/**
 * The viewer's clock for server-rendered times: the `tz` cookie the browser set (checked against
 * Intl, never trusted as is); without it, a zone guessed from Accept-Language when the language's
 * region keeps one clock (de-DE, pt-PT…, not en-US); UTC as the last resort. The language itself
 * picks the format (12- or 24-hour).
 */
export function viewerClock(request: Request, now = new Date()): Clock {
  const locale = acceptedLocale(request.headers.get('accept-language')) ?? UTC_CLOCK.locale
  const fromCookie = readCookie(request.headers.get('cookie'), TIME_ZONE_COOKIE)
  if (isTimeZone(fromCookie)) return { timeZone: fromCookie, locale }
  return { timeZone: regionTimeZone(locale, now) ?? 'UTC', locale }
}

function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=')
    if (i !== -1 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim())
      } catch {
        return null
      }
    }
  }
  return null
}

/** The first well-formed language of an Accept-Language header, by weight. */
export function acceptedLocale(header: string | null): string | null {
  const tags = (header ?? '')
    .split(',')
    .slice(0, 20)
    .map((part) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1 }
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const { tag } of tags) {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag)
      if (canonical) return canonical
    } catch {
      // Not a language tag: try the next one.
    }
  }
  return null
}

// Working a region's zone out builds a formatter per zone (dozens for en-US): keep the answer for
// the hour. Bounded, because the locale comes from a request header.
const regionZones = new Map<string, string | null>()
const HOUR_MS = 3_600_000

function regionTimeZone(locale: string, now: Date): string | null {
  const key = `${locale}@${Math.floor(now.getTime() / HOUR_MS)}`
  if (regionZones.has(key)) return regionZones.get(key)!
  if (regionZones.size >= 500) regionZones.clear()
  const zone = computeRegionTimeZone(locale, now)
  regionZones.set(key, zone)
  return zone
}

/** The zone of the locale's region when all of that region's zones show the same time now. */
function computeRegionTimeZone(locale: string, now: Date): string | null {
  let zones: string[] | undefined
  try {
    const l = new Intl.Locale(locale) as Intl.Locale & { getTimeZones?: () => string[]; timeZones?: string[] }
    if (!l.region) return null
    zones = l.getTimeZones?.() ?? l.timeZones
  } catch {
    return null
  }
  if (!zones?.length) return null
  const offsets = new Set(zones.map((timeZone) => offsetName(timeZone, now)))
  return offsets.size === 1 && isTimeZone(zones[0]) ? zones[0] : null
}

const offsetName = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(now).find((p) => p.type === 'timeZoneName')
    ?.value
