import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { warnThrottled } from '../../db/unavailable'
import type { ShopperCounts, ShopperSink } from '../../http/experiment-front'
import { pageViewsKey } from '../tasks'

/** What one flush added: new experiment visitors and new conversions (a visitor seen before adds nothing). */
export interface AddedShopperCounts {
  visitors: number
  conversions: number
}

/**
 * Adds one flush of the shopper side (server/http/experiment-front.ts) in one transaction: page
 * visitors and buy clicks per day, experiment visitors (each once per experiment) and conversions
 * (each visitor once). Counters are added atomically (INSERT … ON CONFLICT DO UPDATE), so flushes of
 * several processes add up. Events of experiments no longer running are dropped; pages that no
 * longer exist are skipped.
 */
export async function addShopperCounts(db: Db, counts: ShopperCounts): Promise<void> {
  if (counts.pages.length === 0 && counts.events.length === 0) return
  await db.transaction((tx) => addShopperCountsIn(tx, counts))
}

/** addShopperCounts in the caller's transaction (the store's pixel events check the shop first). */
export async function addShopperCountsIn(tx: Tx, counts: ShopperCounts): Promise<AddedShopperCounts> {
  const visits = counts.events.filter((e) => e.kind === 'visit')
  const conversions = counts.events.filter((e) => e.kind === 'convert')
  const added: AddedShopperCounts = { visitors: 0, conversions: 0 }
  if (counts.pages.length > 0)
    await tx.execute(sql`
      INSERT INTO page_views_daily (task_id, day, views, visitors, buy_clicks)
      SELECT t.id, p.day, coalesce(sum(p.views), 0)::int, sum(p.visitors)::int, sum(p.buy_clicks)::int
      FROM jsonb_to_recordset(${JSON.stringify(counts.pages)}::jsonb) AS p(session_id uuid, day date, views int, visitors int, buy_clicks int)
      JOIN tasks t ON t.session_id = p.session_id
      GROUP BY t.id, p.day
      ON CONFLICT (task_id, day) DO UPDATE SET views = page_views_daily.views + excluded.views,
        visitors = page_views_daily.visitors + excluded.visitors,
        buy_clicks = page_views_daily.buy_clicks + excluded.buy_clicks`)
  if (visits.length > 0)
    added.visitors = countOf(
      await tx.execute(sql`
      WITH ev AS (
        SELECT DISTINCT ON (e.experiment_id, e.visitor_id) e.experiment_id, e.visitor_id, e.variant, e.day
        FROM jsonb_to_recordset(${JSON.stringify(visits)}::jsonb) AS e(experiment_id int, visitor_id text, variant text, day date)
        JOIN experiments x ON x.id = e.experiment_id AND x.status = 'running'
        ORDER BY e.experiment_id, e.visitor_id, e.day
      ), added AS (
        INSERT INTO experiment_visitors (experiment_id, visitor_id, variant, day)
        SELECT experiment_id, visitor_id, variant, day FROM ev
        ON CONFLICT DO NOTHING
        RETURNING experiment_id, variant, day
      )
      -- What was inserted carries its day: no second join of the batch (a nested loop, quadratic).
      , daily AS (
        INSERT INTO experiment_daily (experiment_id, variant, day, visitors)
        SELECT experiment_id, variant, day, count(*)::int
        FROM added
        GROUP BY experiment_id, variant, day
        ON CONFLICT (experiment_id, variant, day) DO UPDATE SET visitors = experiment_daily.visitors + excluded.visitors
      )
      SELECT count(*)::int AS n FROM added`),
    )
  // A conversion counts for the variant the visitor was counted in, once, and only for a known visitor.
  if (conversions.length > 0)
    added.conversions = countOf(
      await tx.execute(sql`
      WITH ev AS (
        SELECT e.experiment_id, e.visitor_id, min(e.day) AS day
        FROM jsonb_to_recordset(${JSON.stringify(conversions)}::jsonb) AS e(experiment_id int, visitor_id text, day date)
        GROUP BY e.experiment_id, e.visitor_id
      ), converted AS (
        UPDATE experiment_visitors v SET converted = true
        FROM ev, experiments x
        WHERE v.experiment_id = ev.experiment_id AND v.visitor_id = ev.visitor_id AND NOT v.converted
          AND x.id = v.experiment_id AND x.status = 'running'
        RETURNING v.experiment_id, v.variant, ev.day
      )
      , daily AS (
        INSERT INTO experiment_daily (experiment_id, variant, day, conversions)
        SELECT experiment_id, variant, day, count(*)::int FROM converted
        GROUP BY experiment_id, variant, day
        ON CONFLICT (experiment_id, variant, day) DO UPDATE SET conversions = experiment_daily.conversions + excluded.conversions
      )
      SELECT count(*)::int AS n FROM converted`),
    )
  return added
}

/** The `n` of a `SELECT count(*) AS n` (both drivers answer with `rows`). Data-modifying WITH parts run whether read or not. */
const countOf = (result: unknown) => Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0)

/** The api's route for shopper counts (POST /v2/experiments/events), for a web without a database. */
export function remoteShopperCounts(apiUrl: string, authSecret: string): ShopperSink {
  const url = `${apiUrl.replace(/\/+$/, '')}/v2/experiments/events`
  const key = pageViewsKey(authSecret)
  return async (counts) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(counts),
    })
    await res.arrayBuffer().catch(() => {})
    // Refused counts are dropped: sending them again would be refused again.
    if (res.status === 401 || res.status === 400) {
      warnThrottled(
        'shopper-counts-refused',
        `the api refused shopper counts (${res.status}): give the web the api's AUTH_SECRET`,
        {},
        600_000,
      )
      return
    }
    if (!res.ok) throw new Error(`shopper counts: the api answered ${res.status}`)
  }
}
