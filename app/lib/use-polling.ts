import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/**
 * Re-runs the page's loaders every `ms` while `enabled` (skipping a beat while one is running).
 * The timer is set once per (ms, enabled): it reads the revalidator through a ref, because an
 * interval re-created on every revalidation (another poll's, a navigation's) would never reach a
 * long period such as the user's 60 s.
 */
export function usePolling(ms: number, enabled: boolean) {
  const revalidator = useRevalidator()
  const latest = useRef(revalidator)
  latest.current = revalidator
  useEffect(() => {
    if (!enabled) return
    const id = setInterval(() => {
      if (latest.current.state === 'idle') latest.current.revalidate()
    }, ms)
    return () => clearInterval(id)
  }, [ms, enabled])
}
