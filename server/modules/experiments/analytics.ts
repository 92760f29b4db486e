import { and, eq, gte } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { pageViewsDaily } from '../../db/schema'
import { conversionRate } from '../../domain/experiments/shopper'
import { findOwnTaskId } from '../tasks'
import type { UserRow } from '../users'
import { lastExperiment } from './service'

const DAY_MS = 86_400_000

/** Every UTC day of the period, oldest first, zeros included, with the page's current or last experiment. */
export async function pageAnalytics(deps: ApiDeps, user: UserRow, key: string, days: number) {
  const taskId = await findOwnTaskId(deps, user, key)
  const today = Date.parse(`${deps.clock().toISOString().slice(0, 10)}T00:00:00Z`)
  const period = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10))
  const [rows, experiment] = await Promise.all([
    deps.database.db
      .select()
      .from(pageViewsDaily)
      .where(and(eq(pageViewsDaily.taskId, taskId), gte(pageViewsDaily.day, period[0]))),
    lastExperiment(deps, taskId),
  ])
  const byDay = new Map(rows.map((r) => [r.day, r]))
  return {
    days: period.map((day) => {
      const r = byDay.get(day)
      const visitors = r?.visitors ?? 0
      const buyClicks = r?.buyClicks ?? 0
      return { day, views: r?.views ?? 0, visitors, buy_clicks: buyClicks, conversion_rate: conversionRate(buyClicks, visitors) }
    }),
    experiment,
  }
}
