import { useEffect, useState } from 'react'

/** False during server rendering and before hydration: lets JS-only controls appear only when they work. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
