import { EVERYTHING, type ChangeFeed } from '../db/changes'
import type { ShareVersions } from '../domain/share'
import { countBoundedCache } from './count-bounded-cache'

const MAX_REMEMBERED = 50_000

/**
 * Share versions remembered between requests, forgotten the moment a change is announced: by the
 * database itself (server/db/changes.ts) or, for a web deployed on its own, through the api's change
 * stream (server/http/remote-changes.ts). Without a live feed every call asks `lookUp`. A shared
 * page stays shared as time passes (the hide window only ends), so remembering "shared at version
 * v" is safe until a change; "not shared" is never remembered.
 */
export function rememberVersions(lookUp: ShareVersions, feed: ChangeFeed | undefined): ShareVersions {
  if (!feed) return lookUp
  const memo = countBoundedCache<string, string>(MAX_REMEMBERED)
  // Bumped on every change: a lookup that overlapped a change is not remembered (it may be older).
  let epoch = 0
  feed.subscribe((key) => {
    epoch++
    if (key === EVERYTHING) memo.clear()
    else memo.delete(key)
  })
  return async (sessionId) => {
    const id = sessionId.toLowerCase()
    if (feed.live) {
      const known = memo.get(id)
      if (known) return known
    }
    const started = epoch
    const version = await lookUp(id)
    if (version && feed.live && epoch === started) memo.set(id, version)
    return version
  }
}
