import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../../tests/helpers/api'
import { DB_KINDS } from '../../tests/helpers/db'
import { addShopperCounts } from '../modules/experiments/counts'
import { addPageViews } from '../modules/tasks/page-views'
import { openChangeFeed, USER_CHANNEL, type ChangeFeed } from './changes'
import { experiments, publications, shopifyStores, tasks } from './schema'

const DEMO = (handle: string) => `${TEST_ORIGIN}/demo-store/products/${handle}`

/**
 * The viewer changes that signed-in screens kept in memory rely on (migration 0008): every write
 * to a user's own rows announces that user's id, and only that user's.
 */
describe.each(DB_KINDS)('user change announcements on %s', (kind) => {
  let t: TestApi
  let feed: ChangeFeed
  const heard: string[] = []
  let ana: { token: string; user: { id: number } }
  let bo: { token: string; user: { id: number } }

  beforeAll(async () => {
    t = await createTestApi(kind)
    feed = await openChangeFeed(t.db.database, USER_CHANNEL)
    feed.subscribe((key) => heard.push(key))
    ana = await t.signIn('ana@example.com', 'Ana')
    bo = await t.signIn('bo@example.com', 'Bo')
    await t.setUser('ana@example.com', { role: 'paid', credits: 4000 })
  })
  afterAll(async () => {
    await feed.close()
    await t.close()
  })

  /** What was announced while `write` ran (Postgres delivers on its own connection: wait for it). */
  async function announcedBy(write: () => Promise<unknown>): Promise<Set<string>> {
    // Announcements of earlier writes (the set-up's sign-ins) may still be on their way on a busy machine.
    if (kind === 'postgres') await new Promise((r) => setTimeout(r, 300))
    heard.length = 0
    await write()
    if (kind === 'postgres') await new Promise((r) => setTimeout(r, 300))
    return new Set(heard)
  }

  it('a new page (with its debit), its favourite and its archiving announce the owner only', async () => {
    let sessionId = ''
    const created = await announcedBy(async () => {
      const res = await t.call('POST', '/v2/tasks/create', { url: DEMO('aurora-pour-over-set') }, ana.token)
      expect(res.status).toBe(201)
      sessionId = res.body.session_id
    })
    expect(created).toEqual(new Set([String(ana.user.id)]))
    await t.drainJobs()

    const ok = (res: Promise<{ status: number }>) => res.then((r) => expect(r.status).toBeLessThan(300))
    const favourite = await announcedBy(() => ok(t.call('POST', `/v2/task_favorites/${sessionId}`, {}, ana.token)))
    expect(favourite).toEqual(new Set([String(ana.user.id)]))

    const archived = await announcedBy(() => ok(t.call('PUT', `/v2/tasks/${sessionId}`, { data_status: 2 }, ana.token)))
    expect(archived).toEqual(new Set([String(ana.user.id)]))
  })

  it('a publication of a page announces the page’s owner (its row names no user)', async () => {
    const { db } = t.db.database
    const [task] = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, ana.user.id)).limit(1)
    const [store] = await db
      .insert(shopifyStores)
      .values({ userId: ana.user.id, shopDomain: 'ana-announce.myshopify.com', kind: 'custom' })
      .returning({ id: shopifyStores.id })
    let id = 0
    const added = await announcedBy(async () => {
      const [row] = await db
        .insert(publications)
        .values({ taskId: task.id, storeId: store.id, status: 'publishing', pageVersion: 1 })
        .returning({ id: publications.id })
      id = row.id
    })
    expect(added).toEqual(new Set([String(ana.user.id)]))
    const done = await announcedBy(() => db.update(publications).set({ status: 'published' }).where(eq(publications.id, id)))
    expect(done).toEqual(new Set([String(ana.user.id)]))
    const gone = await announcedBy(() => db.delete(publications).where(eq(publications.id, id)))
    expect(gone).toEqual(new Set([String(ana.user.id)]))
  })

  it('a role change and a signed-out session announce their user', async () => {
    expect(await announcedBy(() => t.setUser('bo@example.com', { role: 'paid' }))).toContain(String(bo.user.id))
    const out = await announcedBy(() => t.call('POST', '/v2/auth/logout', {}, bo.token))
    expect(out).toEqual(new Set([String(bo.user.id)]))
  })

  it('a flush of shoppers’ counts announces the owners of the pages it counted, not their shoppers', async () => {
    const { db } = t.db.database
    const [task] = await db.select({ id: tasks.id, sessionId: tasks.sessionId }).from(tasks).where(eq(tasks.userId, ana.user.id)).limit(1)
    const day = '2026-11-28'
    // The first flush of a day inserts the page's row, the next one adds to it.
    for (let i = 0; i < 2; i++) {
      const views = await announcedBy(() => addPageViews(db, [{ session_id: task.sessionId, day, views: 3 }]))
      expect(views).toEqual(new Set([String(ana.user.id)]))
    }
    const [experiment] = await db
      .insert(experiments)
      .values({ taskId: task.id, controlVersion: 1, challengerVersion: 2, split: 50, startedAt: new Date() })
      .returning({ id: experiments.id })
    const visit = { kind: 'visit' as const, experiment_id: experiment.id, visitor_id: 'v1', variant: 'control' as const, day }
    const counted = await announcedBy(() =>
      addShopperCounts(db, { pages: [{ session_id: task.sessionId, day, visitors: 1, buy_clicks: 0 }], events: [visit] }),
    )
    expect(counted).toEqual(new Set([String(ana.user.id)]))
    await db.delete(experiments).where(eq(experiments.id, experiment.id))
  })

  it('reads announce nothing', async () => {
    const read = await announcedBy(async () => {
      await t.call('GET', '/v2/tasks/', undefined, ana.token)
      await t.call('POST', '/v2/auth/me', {}, ana.token)
    })
    expect(read).toEqual(new Set())
  })
})
