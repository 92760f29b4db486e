import { CHUNK_RELOAD_KEY, shouldReloadForChunkError, type LastReload } from '../../server/domain/chunk-reload'

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '')
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  )
}

/** reference §9.4: reloads once for a part that failed to load; returns true when it reloaded. */
export function reloadAfterChunkError(): boolean {
  const path = window.location.pathname
  let last: LastReload | null = null
  try {
    last = JSON.parse(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 'null')
  } catch {
    last = null
  }
  const now = Date.now()
  if (!shouldReloadForChunkError(last, path, now)) return false
  sessionStorage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ path, at: now }))
  window.location.reload()
  return true
}
