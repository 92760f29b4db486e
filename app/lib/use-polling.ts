import { useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'

/** Re-runs the page's loaders every `ms` while `enabled` (skipping a beat while one is running). */
export function usePolling(ms: number, enabled: boolean) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!enabled) return
    const id = setInterval(() => state === 'idle' && revalidate(), ms)
    return () => clearInterval(id)
  }, [ms, enabled, revalidate, state])
}
