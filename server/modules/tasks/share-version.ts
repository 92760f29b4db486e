import type { ApiDeps } from '../../context'
import { EVERYTHING, type ChangeFeed } from '../../db/changes'
import { isSessionId } from '../../domain/ids'
import type { ShareVersions } from '../../domain/share'
import { rememberVersions } from '../../http/remembered-versions'
import { handoverRows, readSharedRow, sharedRowVersion, type SharedRow } from './shared-row'

/**
 * What a shared page is made of right now, as one short string: the task row's version (Postgres
 * `xmin`, new on every update of the row), or null when the page is not shared (not finished,
 * private, inside a free owner's hide window, or no such page). Caches key on it.
 */
export async function lookUpShareVersion(deps: ApiDeps, sessionId: string): Promise<string | null> {
  if (!isSessionId(sessionId)) return null
  const row = await readSharedRow(deps, sessionId.toLowerCase())
  // Starting or ending an experiment touches the task row, so remembered versions are forgotten too.
  return row ? sharedRowVersion(row) : null
}

/**
 * Share versions remembered between requests until the database announces a change
 * (server/http/remembered-versions.ts); without a feed every call asks the database. The row read
 * for a version is handed over to the render that follows (shared-row.ts), dropped on any change.
 */
export function rememberedShareVersions(deps: ApiDeps, feed: ChangeFeed | undefined): ShareVersions {
  if (!feed) return (id) => lookUpShareVersion(deps, id)
  const rows = handoverRows(deps)
  // Bumped on every change: a row read while a change was announced is not handed over (it may be older).
  let epoch = 0
  feed.subscribe((key) => {
    epoch++
    if (key === EVERYTHING) rows.clear()
    else rows.delete(key)
  })
  const lookUp = async (sessionId: string) => {
    if (!isSessionId(sessionId)) return null
    const started = epoch
    const row: SharedRow | null = await readSharedRow(deps, sessionId.toLowerCase())
    if (!row) return null
    if (feed.live && epoch === started) rows.set(row.sessionId, row)
    return sharedRowVersion(row)
  }
  return rememberVersions(lookUp, feed)
}
