/**
 * Times shown to the owner, in their own time zone. The server formats them with the zone it
 * could learn (the `tz` cookie the browser sets, else a guess from Accept-Language, else UTC) and
 * the browser formats them again with its real zone once JS runs.
 */

export interface Clock {
  timeZone: string
  locale: string
}

export const UTC_CLOCK: Clock = { timeZone: 'UTC', locale: 'en-US' }

/** A clock time such as "03:06 PM WET" or "15:06 GMT+1", in the viewer's zone and language. */
export function formatClockTime(iso: string, clock: Clock = UTC_CLOCK): string {
  const date = new Date(iso)
  try {
    return date.toLocaleTimeString(clock.locale, { hour: '2-digit', minute: '2-digit', timeZone: clock.timeZone, timeZoneName: 'short' })
  } catch {
    return date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' })
  }
}

/** How long until `iso`, in words: "in 38 minutes", "in 1 hour 5 minutes", "in less than a minute". */
export function formatCountdown(iso: string, now: Date): string {
  const minutes = Math.ceil((new Date(iso).getTime() - now.getTime()) / 60_000)
  if (minutes <= 0) return 'any moment now'
  if (minutes === 1) return 'in less than a minute'
  if (minutes < 60) return `in ${minutes} minutes`
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  const hours = `${h} ${h === 1 ? 'hour' : 'hours'}`
  return m ? `in ${hours} ${m} ${m === 1 ? 'minute' : 'minutes'}` : `in ${hours}`
}

/** The hide-window rule, said plainly; `minutes` is the user's `hide_window_minutes`. */
export const hideWindowSentence = (minutes: number) =>
  `Free accounts see new pages ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} after they are made.`

/** A date and time such as "Nov 25, 03:06 PM UTC", in the viewer's zone and language. */
export function formatDateTime(iso: string, clock: Clock = UTC_CLOCK): string {
  const date = new Date(iso)
  const opts: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }
  try {
    return date.toLocaleString(clock.locale, { ...opts, timeZone: clock.timeZone })
  } catch {
    return date.toLocaleString('en-US', { ...opts, timeZone: 'UTC' })
  }
}
