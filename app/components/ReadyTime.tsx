import { useEffect, useState } from 'react'
import { formatClockTime, formatCountdown, type Clock } from '../lib/format-time'
import { useRootData } from '../lib/root-data'
import { isTimeZone } from '../lib/time-zone'

/**
 * When a hidden page shows: a <time> the server formats in the viewer's zone (see
 * app/.server/time-zone.ts), with a countdown; once JS runs, the browser's own zone and a ticking
 * countdown replace them.
 */
export function ReadyTime({ iso }: { iso: string }) {
  const { clock } = useRootData()
  const [browserClock, setBrowserClock] = useState<Clock | null>(null)
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (isTimeZone(timeZone)) setBrowserClock({ timeZone, locale: navigator.language || clock.locale })
    setNow(new Date())
    const every = setInterval(() => setNow(new Date()), 30_000)
    return () => clearInterval(every)
  }, [clock.locale])
  return (
    <>
      <time dateTime={iso} suppressHydrationWarning data-testid="ready-time">
        {formatClockTime(iso, browserClock ?? clock)}
      </time>{' '}
      <span suppressHydrationWarning data-testid="countdown">{`(${formatCountdown(iso, now)})`}</span>
    </>
  )
}
