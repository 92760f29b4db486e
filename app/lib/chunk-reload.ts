/** reference §9.4: reload once when a page part fails to load; suppress a second reload of the same path for 10 s. */
export const CHUNK_RELOAD_SUPPRESS_MS = 10_000
const KEY = 'pw:chunk-reload'

export interface LastReload {
  path: string
  at: number
}

export function shouldReloadForChunkError(last: LastReload | null, path: string, now: number): boolean {
  return !(last && last.path === path && now - last.at < CHUNK_RELOAD_SUPPRESS_MS)
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '')
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  )
}

/** Returns true when it reloaded. */
export function reloadAfterChunkError(): boolean {
  const path = window.location.pathname
  let last: LastReload | null = null
  try {
    last = JSON.parse(sessionStorage.getItem(KEY) ?? 'null')
  } catch {
    last = null
  }
  const now = Date.now()
  if (!shouldReloadForChunkError(last, path, now)) return false
  sessionStorage.setItem(KEY, JSON.stringify({ path, at: now }))
  window.location.reload()
  return true
}
