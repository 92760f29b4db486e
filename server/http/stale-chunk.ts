import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_SUPPRESS_MS } from '../domain/chunk-reload'

/**
 * What a browser gets for a script of an older build (a page opened before a deploy asking for a
 * route module that is gone). Remix reloads the page at once on any route module that fails to
 * load, again and again while the old page asks; answering this module instead brings route
 * modules under our rule (server/domain/chunk-reload.ts): it reloads once, and within the
 * suppression window it leaves the page as it is with a note, never settling, so Remix never
 * reloads on its own. The decision below restates shouldReloadForChunkError (tested against it).
 */
export const STALE_CHUNK_MODULE = `const key = ${JSON.stringify(CHUNK_RELOAD_KEY)}
const path = location.pathname
const now = Date.now()
let last = null
try { last = JSON.parse(sessionStorage.getItem(key) || 'null') } catch { last = null }
if (!(last && last.path === path && now - last.at < ${CHUNK_RELOAD_SUPPRESS_MS})) {
  sessionStorage.setItem(key, JSON.stringify({ path, at: now }))
  location.reload()
} else if (!document.getElementById('pw-stale-build')) {
  const note = document.createElement('p')
  note.id = 'pw-stale-build'
  note.setAttribute('role', 'alert')
  note.textContent = 'Pagewright was updated while this page was open. Reload the page to go on.'
  note.style.cssText = 'position:fixed;left:1rem;right:1rem;bottom:1rem;margin:0;padding:.75rem 1rem;background:#111827;color:#fff;border-radius:.5rem;z-index:99'
  document.body.append(note)
}
await new Promise(() => {})
`

/** A script under /assets/ that this build does not have: an older build's. */
export const isStaleChunkPath = (pathname: string) => /^\/assets\/[\w.-]+\.js$/.test(pathname)
