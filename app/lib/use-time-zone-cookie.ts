import { useEffect } from 'react'
import { isTimeZone, TIME_ZONE_COOKIE } from './time-zone'

/** Tells the server the browser's time zone (a `tz` cookie), so the next page it renders shows local times. */
export function useTimeZoneCookie() {
  useEffect(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (!isTimeZone(timeZone)) return
    const value = encodeURIComponent(timeZone)
    if (document.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${value}`)) return
    document.cookie = `${TIME_ZONE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`
  }, [])
}
