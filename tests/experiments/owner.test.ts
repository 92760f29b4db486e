/**
 * Experiments as the owner drives them (issue 25): start, the answers that refuse it, stop, promote
 * (the page's live version changes and the store gets it again), and the page analytics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addShopperCounts } from '../../server/modules/experiments'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { connectDemoShop } from '../shopify/connect'
import { pageWithTwoVersions, proOwner } from './pages'

describe.each(DB_KINDS)('experiments for the owner, on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi(kind)
  }, 120_000)
  afterAll(() => t?.close())

  const start = (token: string, id: string, body: unknown) => t.call('POST', `/v2/tasks/${id}/experiments`, body, token)

  it('starts once per page (409 while one runs, also when two starts race), refuses unknown or live versions (400)', async () => {
    const token = await proOwner(t, 'starter@example.com')
    const { id, challenger, control } = await pageWithTwoVersions(t, token)
    expect((await t.call('GET', `/v2/tasks/${id}/experiments/current`, undefined, token)).status).toBe(404)
    expect((await start(token, id, { challenger_version: control })).status).toBe(400)
    const unknown = await start(token, id, { challenger_version: 99 })
    expect([unknown.status, unknown.body.error]).toEqual([400, 'This page has no version 99.'])
    expect((await start(token, id, { challenger_version: challenger, split: 0 })).status).toBe(400)

    const raced = await Promise.all([
      start(token, id, { challenger_version: challenger }),
      start(token, id, { challenger_version: challenger }),
    ])
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409])
    const started = raced.find((r) => r.status === 201)!.body
    expect(started).toMatchObject({
      status: 'running',
      control_version: control,
      challenger_version: challenger,
      split: 50,
      decision: 'collecting',
    })
    expect(started.variants.map((v: { name: string; version: number }) => [v.name, v.version])).toEqual([
      ['control', control],
      ['challenger', challenger],
    ])
    expect((await start(token, id, { challenger_version: challenger })).status).toBe(409)
    const current = await t.call('GET', `/v2/tasks/${id}/experiments/current`, undefined, token)
    expect(current.body.id).toBe(started.id)

    // Another account sees nothing of it.
    const other = await proOwner(t, 'other@example.com')
    expect((await t.call('GET', `/v2/tasks/${id}/experiments/current`, undefined, other)).status).toBe(404)
    expect((await t.call('POST', `/v2/tasks/${id}/experiments/${started.id}/stop`, {}, other)).status).toBe(404)
    expect((await t.call('GET', `/v2/tasks/${id}/experiments`, undefined, other)).status).toBe(404)
    expect((await t.call('GET', `/v2/tasks/${id}/analytics?days=30`, undefined, other)).status).toBe(404)
    expect((await t.call('GET', `/v2/tasks/${id}/experiments`, undefined, token)).body.items).toHaveLength(1)
    expect((await t.call('POST', `/v2/tasks/${id}/experiments/abc/stop`, {}, token)).status).toBe(400)

    await t.db.database.sql.executeSql(
      `INSERT INTO experiment_visitors (experiment_id, visitor_id, variant) VALUES ($1, 'v-0123456789abcdef', 'control')`,
      [started.id],
    )
    const stopped = await t.call('POST', `/v2/tasks/${id}/experiments/${started.id}/stop`, {}, token)
    expect(stopped.body).toMatchObject({ status: 'stopped' })
    // Who was counted is kept only while it runs.
    expect((await t.db.database.sql.executeSql('SELECT 1 FROM experiment_visitors WHERE experiment_id = $1', [started.id])).rows).toEqual(
      [],
    )
    expect((await t.call('POST', `/v2/tasks/${id}/experiments/${started.id}/stop`, {}, token)).status).toBe(409)
    expect((await t.call('GET', `/v2/tasks/${id}/experiments/current`, undefined, token)).status).toBe(404)
    const again = await start(token, id, { challenger_version: challenger, split: 20 })
    expect([again.status, again.body.split]).toEqual([201, 20])
    const list = await t.call('GET', `/v2/tasks/${id}/experiments`, undefined, token)
    expect(list.body.items.map((e: { id: number; status: string }) => e.status)).toEqual(['running', 'stopped'])
    expect(list.body.items[0]).toHaveProperty('more_visitors_needed')
    expect(typeof list.body.items[0].reason).toBe('string')
  })

  it('a decision other than collecting is stamped once, the first time it is read', async () => {
    const token = await proOwner(t, 'decider@example.com')
    const { id, challenger } = await pageWithTwoVersions(t, token, 'lumi-kids-night-light')
    const started = (await start(token, id, { challenger_version: challenger })).body
    expect(started.decided_at).toBeNull()
    const day = t.clock.now().toISOString().slice(0, 10)
    await t.db.database.sql.executeSql(
      `INSERT INTO experiment_daily (experiment_id, variant, day, visitors, conversions) VALUES ($1, 'control', $2, 5000, 250), ($1, 'challenger', $2, 5000, 600)`,
      [started.id, day],
    )
    const seen = (await t.call('GET', `/v2/tasks/${id}/experiments/current`, undefined, token)).body
    expect(seen.decision).toBe('challenger_wins')
    expect(seen.decided_at).toBe(t.clock.now().toISOString())
    expect(seen.more_visitors_needed).toBeNull()
    expect(seen.variants[1]).toMatchObject({ visitors: 5000, conversions: 600, rate: 0.12 })
    t.clock.advance(60_000)
    const later = (await t.call('GET', `/v2/tasks/${id}/experiments`, undefined, token)).body.items[0]
    expect(later.decided_at).toBe(seen.decided_at)
    // Counts that come in later never turn the first decision into another one.
    await t.db.database.sql.executeSql(
      `UPDATE experiment_daily SET visitors = visitors + 20000, conversions = conversions + CASE variant WHEN 'control' THEN 2400 ELSE 0 END WHERE experiment_id = $1`,
      [started.id],
    )
    const after = (await t.call('GET', `/v2/tasks/${id}/experiments/current`, undefined, token)).body
    expect(after.decision).toBe('challenger_wins')
    expect(after.decided_at).toBe(seen.decided_at)
    expect(after.reason).toMatch(/^The challenger converted better when it was decided on \d{4}-\d{2}-\d{2}; the counts since: /)
  })

  it('a free owner is refused with the Pro refusal (403 experiments)', async () => {
    const { token } = await t.signIn('free-tester@example.com', 'Fay Free')
    const pro = await proOwner(t, 'free-tester@example.com')
    const { id, challenger } = await pageWithTwoVersions(t, pro)
    await t.setUser('free-tester@example.com', { role: 'free' })
    const refused = await start(token, id, { challenger_version: challenger })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ permission: 'experiments', error: expect.stringContaining('Pro') })
  })

  it('promote: the challenger becomes the live version, the experiment ends, the store gets the page again', async () => {
    const token = await proOwner(t, 'promoter@example.com')
    await connectDemoShop(t, token)
    const { id, challenger } = await pageWithTwoVersions(t, token)
    expect((await t.call('POST', '/v2/tasks/push_to_shopify_with_theme_queue', { session_id: id }, token)).status).toBe(200)
    await t.drainShopifyJobs()
    const before = (await t.call('GET', `/v2/tasks/${id}/publications`, undefined, token)).body.items[0]
    expect(before.status).toBe('published')

    const started = (await start(token, id, { challenger_version: challenger })).body
    const promoted = await t.call('POST', `/v2/tasks/${id}/experiments/${started.id}/promote`, {}, token)
    expect(promoted.status).toBe(200)
    expect(promoted.body).toMatchObject({ status: 'promoted' })
    const live = await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)
    expect(live.body.version).toBe(promoted.body.page_version)
    expect(live.body.page.sections.find((s: { type: string }) => s.type === 'hero').heading).toBe('Challenger headline')
    expect((await t.call('POST', `/v2/tasks/${id}/experiments/${started.id}/promote`, {}, token)).status).toBe(409)

    const queued = (await t.call('GET', `/v2/tasks/${id}/publications`, undefined, token)).body.items[0]
    expect(queued).toMatchObject({ status: 'queued', page_version: promoted.body.page_version })
    await t.drainShopifyJobs()
    const after = (await t.call('GET', `/v2/tasks/${id}/publications`, undefined, token)).body.items[0]
    expect(after).toMatchObject({ status: 'published' })
    const storefront = await (await t.demoShop.fetch(new Request(after.storefront_url))).text()
    expect(storefront).toContain('Challenger headline')
  })

  it('analytics: every day of the period with visitors, buy clicks and their rate; lists carry the 30-day conversion', async () => {
    const token = await proOwner(t, 'analyst@example.com')
    const { id } = await pageWithTwoVersions(t, token, 'lumi-kids-night-light')
    const today = t.clock.now().toISOString().slice(0, 10)
    await addShopperCounts(t.db.database.db, { pages: [{ session_id: id, day: today, visitors: 8, buy_clicks: 2 }], events: [] })
    const a = await t.call('GET', `/v2/tasks/${id}/analytics?days=7`, undefined, token)
    expect(a.status).toBe(200)
    expect(a.body.days).toHaveLength(7)
    expect(a.body.days.at(-1)).toEqual({ day: today, views: 0, visitors: 8, buy_clicks: 2, conversion_rate: 0.25 })
    expect(a.body.days[0]).toMatchObject({ visitors: 0, conversion_rate: null })
    expect(a.body.experiment).toBeNull()
    expect((await t.call('GET', `/v2/tasks/${id}/analytics?days=0`, undefined, token)).status).toBe(400)
    const list = await t.call('GET', '/v2/tasks/', undefined, token)
    expect(list.body.items.find((i: { session_id: string }) => i.session_id === id).conversion_rate).toBe(0.25)
  })
})
