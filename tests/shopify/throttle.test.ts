import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHOPIFY_PUBLISH_QUEUE } from '../../server/jobs/definitions'
import { runShopifyJob } from '../../server/jobs/shopify'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { connectDemoShop } from './connect'
import { catalogPage, publish } from './publishing'

const PAGES = 50

/**
 * Fifty pages published at once into a shop whose bucket is small (Shopify's cost-based limit, the
 * demo shop's setThrottle): every job shares the process's bucket for the shop, waits for the points
 * at the shop's restore rate and sends a THROTTLED call again, so all fifty go live and none fails.
 */
describe.each(DB_KINDS)('fifty publishes at once against a throttling shop on %s', (kind) => {
  let t: TestApi
  let token: string
  let shop: string

  beforeAll(async () => {
    t = await createTestApi(kind)
    ;({ token } = await t.signIn('fifty@example.com', 'Fifi Fifty'))
    await t.setUser('fifty@example.com', { role: 'paid', credits: 40 * (PAGES + 5) })
    ;({ shop } = await connectDemoShop(t, token))
  })
  afterAll(() => t.close())

  it('all fifty go live, paced by the shop’s bucket, without a THROTTLED failure', async () => {
    const queries = ['pour-over', 'skillet', 'night light', 'yoga', 'bottle', 'backpack', 'lamp']
    const ids: string[] = []
    for (let i = 0; ids.length < PAGES; i++) {
      const found = await t.call(
        'GET',
        `/v2/search/shopify_products?q=${encodeURIComponent(queries[i % queries.length])}`,
        undefined,
        token,
      )
      if (!found.body.items.length) {
        queries.splice(i % queries.length, 1)
        continue
      }
      ids.push((await catalogPage(t, token, queries[i % queries.length])).id)
    }
    // A small bucket refilling in real time: fifty publishes cost many times what it holds.
    await t.demoShop.setThrottle(shop, { maximumAvailable: 300, restoreRate: 300 })
    const slept: number[] = []
    t.deps.shopify.sleep = async (ms) => {
      slept.push(ms)
      await new Promise((r) => setTimeout(r, ms))
    }
    // What the shop answered: every THROTTLED answer is counted (the client must absorb them).
    const network = t.deps.shopify.network
    const realFetch = network.fetch
    let throttled = 0
    network.fetch = async (input, init) => {
      const res = await realFetch(input, init)
      if (res.headers.get('content-type')?.includes('application/json')) {
        const text = await res.clone().text()
        if (text.includes('"THROTTLED"')) throttled++
      }
      return res
    }
    for (const id of ids) expect((await publish(t, token, id)).status).toBe(200)

    // Every queued job runs at the same time, as fifty workers would.
    const started = Date.now()
    for (let round = 0; round < 20; round++) {
      const jobs = await t.boss.fetch(SHOPIFY_PUBLISH_QUEUE, { batchSize: PAGES, includeMetadata: true })
      if (!jobs?.length) break
      await Promise.all(
        jobs.map(async (job) => {
          try {
            await runShopifyJob(t.deps, SHOPIFY_PUBLISH_QUEUE, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit })
            await t.boss.complete(SHOPIFY_PUBLISH_QUEUE, job.id)
          } catch (error) {
            await t.boss.fail(SHOPIFY_PUBLISH_QUEUE, job.id, { message: String(error) })
          }
        }),
      )
    }
    network.fetch = realFetch
    t.deps.shopify.sleep = async () => {}
    await t.demoShop.setThrottle(shop, { maximumAvailable: 2000, restoreRate: 100 })

    const rows = (
      await t.db.database.sql.executeSql(
        'SELECT p.status, p.method, p.failure_reason FROM publications p JOIN shopify_stores s ON s.id = p.store_id WHERE s.shop_domain = $1',
        [shop],
      )
    ).rows as { status: string; method: string; failure_reason: string | null }[]
    expect(rows).toHaveLength(PAGES)
    expect(rows.filter((r) => r.status !== 'published')).toEqual([])
    expect(rows.every((r) => r.method === 'template')).toBe(true)
    // The limit was felt (the calls waited for the bucket), and THROTTLED answers, if any, were absorbed.
    expect(slept.length).toBeGreaterThan(0)
    expect(Date.now() - started).toBeGreaterThan(1000)
    console.info(`fifty publishes: ${Date.now() - started} ms, ${slept.length} waits, ${throttled} THROTTLED answers absorbed`)
  }, 600_000)
})
