import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { pageViewsDaily } from '../../db/schema'
import { warnThrottled } from '../../db/unavailable'
import { conversionRate } from '../../domain/experiments/shopper'
import type { PageViewCount, PageViewSink } from '../../http/page-views'

/**
 * Adds a batch of counted views in one statement: rows per page and day are created or added to.
 * Ids of pages that no longer exist are skipped (the join finds nothing).
 */
export async function addPageViews(db: Db, counts: PageViewCount[]): Promise<void> {
  if (counts.length === 0) return
  await db.execute(sql`
    INSERT INTO page_views_daily (task_id, day, views)
    SELECT t.id, v.day, sum(v.views)::int
    FROM jsonb_to_recordset(${JSON.stringify(counts)}::jsonb) AS v(session_id uuid, day date, views int)
    JOIN tasks t ON t.session_id = v.session_id
    GROUP BY t.id, v.day
    ON CONFLICT (task_id, day) DO UPDATE SET views = page_views_daily.views + excluded.views`)
}

/**
 * The key a web deployed on its own (API_URL) shows the api when it hands over its counts: derived
 * from AUTH_SECRET, which every process of a deployment is given (README, "Shared: the secrets").
 * A web with another AUTH_SECRET is refused (401) and its counts are dropped with a warning.
 */
export const pageViewsKey = (authSecret: string) => createHmac('sha256', authSecret).update('pagewright page views').digest('base64url')

export function isPageViewsKey(authSecret: string, header: string | undefined): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '')
  const expected = Buffer.from(pageViewsKey(authSecret))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The api's route for counts (POST /v2/tasks/shared/views), for a web without a database. */
export function remotePageViews(apiUrl: string, authSecret: string): PageViewSink {
  const url = `${apiUrl.replace(/\/+$/, '')}/v2/tasks/shared/views`
  const key = pageViewsKey(authSecret)
  return async (counts) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ counts }),
    })
    await res.arrayBuffer().catch(() => {})
    // Refused counts are dropped: sending them again would be refused again.
    if (res.status === 401 || res.status === 400) {
      warnThrottled('page-views-refused', `the api refused page views (${res.status}): give the web the api's AUTH_SECRET`, {}, 600_000)
      return
    }
    if (!res.ok) throw new Error(`page views: the api answered ${res.status}`)
  }
}

/** Days the list's conversion rate looks back (today included). */
const CONVERSION_DAYS = 30

/** Buy clicks per visitor of each page over the last 30 days (null without visitors), for lists. */
export async function conversionRates(db: Db, taskIds: number[], now: Date): Promise<Map<number, number | null>> {
  const rates = new Map<number, number | null>()
  if (taskIds.length === 0) return rates
  const since = new Date(now.getTime() - (CONVERSION_DAYS - 1) * 86_400_000).toISOString().slice(0, 10)
  const rows = await db
    .select({
      taskId: pageViewsDaily.taskId,
      visitors: sql<number>`sum(${pageViewsDaily.visitors})::int`,
      buyClicks: sql<number>`sum(${pageViewsDaily.buyClicks})::int`,
    })
    .from(pageViewsDaily)
    .where(and(inArray(pageViewsDaily.taskId, taskIds), gte(pageViewsDaily.day, since)))
    .groupBy(pageViewsDaily.taskId)
  for (const r of rows) rates.set(r.taskId, conversionRate(r.buyClicks, r.visitors))
  return rates
}
