/**
 * reference §9.4: when a lazily loaded part of the app fails to load (usually a deploy replaced it),
 * reload once; a second reload of the same path within 10 s is suppressed. The browser applies it
 * (app/lib/chunk-reload.ts), and so does the module the server answers for a script of an older
 * build (server/http/stale-chunk.ts), which is how route modules come under the same rule.
 */
export const CHUNK_RELOAD_SUPPRESS_MS = 10_000
/** Where the last reload is remembered (sessionStorage: this tab only). */
export const CHUNK_RELOAD_KEY = 'pw:chunk-reload'

export interface LastReload {
  path: string
  at: number
}

export function shouldReloadForChunkError(last: LastReload | null, path: string, now: number): boolean {
  return !(last && last.path === path && now - last.at < CHUNK_RELOAD_SUPPRESS_MS)
}
