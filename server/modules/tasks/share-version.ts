import { and, eq, sql } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import type { ChangeFeed } from '../../db/changes'
import { experiments, tasks, users } from '../../db/schema'
import { versionWithExperiment } from '../../domain/experiments/shopper'
import { isSessionId } from '../../domain/ids'
import type { ShareVersions } from '../../domain/share'
import { rememberVersions } from '../../http/remembered-versions'
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

/**
 * Share versions remembered between requests until the database announces a change
 * (server/http/remembered-versions.ts); without a feed every call asks the database.
 */
export function rememberedShareVersions(deps: ApiDeps, feed: ChangeFeed | undefined): ShareVersions {
  return rememberVersions((id) => lookUpShareVersion(deps, id), feed)
}
