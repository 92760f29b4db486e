import { and, eq, sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { ApiDeps } from '../../context'
import { EVERYTHING, type ChangeFeed } from '../../db/changes'
import { experiments, tasks, users } from '../../db/schema'
import { versionWithExperiment } from '../../domain/experiments/shopper'
import { isSessionId } from '../../domain/ids'
import type { ShareVersions } from '../../domain/share'
import { sharedCondition } from './public'

/**
 * What a shared page is made of right now, as one short string: the task row's version (Postgres
 * `xmin`, new on every update of the row), or null when the page is not shared (not finished,
 * private, inside a free owner's hide window, or no such page). Caches key on it.
 */
export async function lookUpShareVersion(deps: ApiDeps, sessionId: string): Promise<string | null> {
  if (!isSessionId(sessionId)) return null
  const [row] = await deps.database.db
    .select({ id: tasks.id, rowVersion: sql<string>`${tasks}.xmin::text`, experimentId: experiments.id, split: experiments.split })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.userId))
    .leftJoin(experiments, and(eq(experiments.taskId, tasks.id), eq(experiments.status, 'running')))
    .where(and(eq(tasks.sessionId, sessionId.toLowerCase()), sharedCondition(deps)))
  if (!row) return null
  // Starting or ending an experiment touches the task row, so remembered versions are forgotten too.
  const experiment = row.experimentId !== null && row.split !== null ? { id: row.experimentId, split: row.split } : null
  return versionWithExperiment(`${row.id}.${row.rowVersion}`, experiment)
}

const MAX_REMEMBERED = 50_000

/**
 * Share versions remembered between requests, forgotten the moment the database announces a change
 * (server/db/changes.ts). Without a live feed every call asks the database. A shared page stays
 * shared as time passes (the hide window only ends), so remembering "shared at version v" is safe
 * until a change; "not shared" is never remembered.
 */
export function rememberedShareVersions(deps: ApiDeps, feed: ChangeFeed | undefined): ShareVersions {
  if (!feed) return (id) => lookUpShareVersion(deps, id)
  const memo = new LRUCache<string, string>({ max: MAX_REMEMBERED })
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
    const version = await lookUpShareVersion(deps, id)
    if (version && feed.live && epoch === started) {
      memo.set(id, version)
    }
    return version
  }
}
