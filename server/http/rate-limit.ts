import { createHmac } from 'node:crypto'
import { eq, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { rateLimits } from '../db/schema'
import { isoDay } from '../domain/daily-visitors'

export interface RateWindow {
  count: number
  /** Whole seconds until the window resets. */
  resetIn: number
}

/**
 * Counts one event against `key` in a fixed window (in Postgres, so every process shares it).
 * Returns the count including this event.
 */
export async function hit(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<RateWindow> {
  const cutoff = new Date(now.getTime() - windowMs)
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${cutoff.toISOString()} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${cutoff.toISOString()} THEN ${now.toISOString()}::timestamptz ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning()
  return { count: row.count, resetIn: secondsLeft(row.windowStart, windowMs, now) }
}

/** The current count without adding to it. */
export async function peek(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<RateWindow> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key))
  if (!row || row.windowStart.getTime() <= now.getTime() - windowMs) return { count: 0, resetIn: 0 }
  return { count: row.count, resetIn: secondsLeft(row.windowStart, windowMs, now) }
}

function secondsLeft(start: Date, windowMs: number, now: Date) {
  return Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000))
}

/** Windows older than this are over for every limit (the longest is 15 minutes): housekeeping deletes them. */
export const STALE_WINDOW_MS = 86_400_000

/** Deletes windows no limit can still use, so a key (a network's) is kept no longer than a day. */
export async function deleteStaleWindows(db: DbOrTx, now: Date) {
  await db.delete(rateLimits).where(lte(rateLimits.windowStart, new Date(now.getTime() - STALE_WINDOW_MS)))
}

/**
 * A network as a rate-limit key for people who are not our users (a store's shoppers): a keyed hash
 * of the address and the UTC day, so what is stored names no address and links no two days.
 */
export function networkKey(secret: string, clientIp: string, now: Date): string {
  return createHmac('sha256', secret)
    .update(`${isoDay(now)} ${clientIp}`)
    .digest('base64url')
    .slice(0, 22)
}
