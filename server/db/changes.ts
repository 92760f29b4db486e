import { setTimeout as sleep } from 'node:timers/promises'
import type pg from 'pg'
import type { Database } from './client'
import { describeError, warnThrottled } from './unavailable'

/** Where the database announces changes that decide what a shared page shows (migration 0007). */
export const SHARE_CHANNEL = 'pagewright_share'
/** Where the database announces the id of every user whose own rows changed (migration 0008). */
export const USER_CHANNEL = 'pagewright_user'
/** The payload meaning "anything may have changed": forget everything. */
export const EVERYTHING = '*'

/**
 * Change notifications from the database, for memos that must never serve stale data. While the
 * feed is not `live` (a Postgres connection lost and still reconnecting) notifications may be missed:
 * memos must not be trusted then, and every listener is told EVERYTHING when it comes back.
 */
export interface ChangeFeed {
  readonly live: boolean
  subscribe(listener: (key: string) => void): () => void
  close(): Promise<void>
}

export async function openChangeFeed(database: Database, channel = SHARE_CHANNEL): Promise<ChangeFeed> {
  const listeners = new Set<(key: string) => void>()
  const emit = (key: string) => {
    for (const l of listeners) l(key)
  }
  const subscribe = (listener: (key: string) => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }

  if (database.listen) {
    // PGlite: notifications are delivered in this process as the committing query returns.
    const unlisten = await database.listen(channel, emit)
    return { live: true, subscribe, close: () => unlisten() }
  }
  if (!database.newClient) throw new Error('This database cannot deliver change notifications.')
  const newClient = database.newClient

  // Postgres: one connection of its own that LISTENs; reconnects after a loss.
  let live = false
  let closed = false
  let client: pg.Client | undefined
  const lost = (error: unknown) => {
    if (!live) return
    live = false
    emit(EVERYTHING)
    warnThrottled('change-feed', 'change notifications lost; reconnecting', { error: describeError(error) })
    client?.removeAllListeners()
    void client?.end().catch(() => {})
    client = undefined
    if (!closed) void connect()
  }
  const connect = async () => {
    for (let delay = 250; !closed; delay = Math.min(delay * 2, 5_000)) {
      const c = newClient()
      try {
        c.on('error', lost)
        c.on('end', () => lost(new Error('connection ended')))
        c.on('notification', (n) => emit(n.payload ?? EVERYTHING))
        await c.connect()
        await c.query(`LISTEN ${channel}`)
        client = c
        live = true
        // Whatever changed while nobody listened is unknown.
        emit(EVERYTHING)
        return
      } catch (error) {
        c.removeAllListeners()
        await c.end().catch(() => {})
        warnThrottled('change-feed', 'change notifications unavailable; retrying', { error: describeError(error) })
        await sleep(delay)
      }
    }
  }
  await connect()
  return {
    get live() {
      return live && !closed
    },
    subscribe,
    async close() {
      closed = true
      live = false
      await client?.end().catch(() => {})
    },
  }
}
