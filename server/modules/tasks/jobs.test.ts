import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeFetcher, transientError } from '../../../tests/fixtures/import/fake-fetcher'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'
import { createDemoStore } from '../../demo-store/routes'
import { createOfflineComposer, type Composer } from '../../generation/compose'
import { checkUserUrl } from '../../generation/import/address-policy'
import { runGenerateJob } from '../../jobs/generate'

const DEMO = (h: string) => `${TEST_ORIGIN}/demo-store/products/${h}`
const rows = (t: TestApi, q: string, v: unknown[] = []) => t.db.database.sql.executeSql(q, v).then((r) => r.rows)
const ATTEMPT = { retryCount: 0, retryLimit: 3 }

describe.each(DB_KINDS)('generation jobs on %s', (kind) => {
  describe('credits under concurrency', () => {
    let t: TestApi
    beforeAll(async () => {
      t = await createTestApi(kind)
    })
    afterAll(() => t.close())

    it('20 parallel creates against a balance for 3: exactly 3 succeed, never below zero', async () => {
      const { token } = await t.signIn('race@example.com')
      await t.setUser('race@example.com', { credits: 160 })
      const results = await Promise.all(
        Array.from({ length: 20 }, () => t.call('POST', '/v2/tasks/create', { url: DEMO('terra-linen-throw') }, token)),
      )
      expect(results.filter((r) => r.status === 201)).toHaveLength(3)
      expect(results.filter((r) => r.status === 403)).toHaveLength(17)
      const [user] = await rows(t, "SELECT remaining_credit_count AS credits FROM users WHERE email = 'race@example.com'")
      expect(user.credits).toBe(40)
      const [{ n }] = await rows(t, "SELECT count(*)::int AS n FROM credit_ledger WHERE reason = 'generation'")
      expect(n).toBe(3)
      expect((await rows(t, 'SELECT count(*)::int AS n FROM tasks'))[0].n).toBe(3)
      expect(await t.drainJobs()).toBe(3)
    })
  })

  describe('crash and retry', () => {
    let t: TestApi
    let fetches = 0
    let crashOnce = true
    beforeAll(async () => {
      const offline = createOfflineComposer()
      const crashing: Composer = {
        ...offline,
        async compose(...args) {
          if (crashOnce) {
            crashOnce = false
            throw new Error('worker died mid-write')
          }
          return offline.compose(...args)
        },
      }
      t = await createTestApi(kind, { composer: crashing })
      const products = t.deps.products
      t.deps.products = { check: products.check, fetch: (u, o) => (fetches++, products.fetch(u, o)) }
    })
    afterAll(() => t.close())

    it('a crash mid-job resumes, finishes once, without a second import, debit or page', async () => {
      const { token } = await t.signIn('crash@example.com')
      const created = await t.call('POST', '/v2/tasks/create', { url: DEMO('quiet-pro-wireless-earbuds') }, token)
      const taskId = created.body.id
      await expect(runGenerateJob(t.deps, { taskId, phase: 'start' }, ATTEMPT)).rejects.toThrow('worker died')
      const fetchesAfterCrash = fetches
      expect(fetchesAfterCrash).toBeGreaterThan(0)
      const [mid] = await rows(t, 'SELECT status, facts IS NOT NULL AS has_facts, page IS NULL AS no_page FROM tasks WHERE id = $1', [
        taskId,
      ])
      expect(mid).toEqual({ status: 5, has_facts: true, no_page: true })
      await runGenerateJob(t.deps, { taskId, phase: 'start' }, { retryCount: 1, retryLimit: 3 })
      await runGenerateJob(t.deps, { taskId, phase: 'start' }, { retryCount: 2, retryLimit: 3 }) // a duplicate delivery: no-op
      expect(fetches).toBe(fetchesAfterCrash)
      const [done] = await rows(t, 'SELECT status, completed_at IS NOT NULL AS completed FROM tasks WHERE id = $1', [taskId])
      expect(done).toEqual({ status: 10, completed: true })
      expect((await rows(t, 'SELECT delta FROM credit_ledger WHERE task_id = $1', [taskId])).map((r) => r.delta)).toEqual([-40])
      expect((await rows(t, 'SELECT count(*)::int AS n FROM tasks'))[0].n).toBe(1)
    })

    it('transient fetch errors are retried (bounded); the last try fails the task and refunds once', async () => {
      const { token } = await t.signIn('flaky@example.com')
      const real = t.deps.products
      let failures = 2
      t.deps.products = { check: real.check, fetch: async (u, o) => (failures-- > 0 ? Promise.reject(transientError()) : real.fetch(u, o)) }
      const ok = await t.call('POST', '/v2/tasks/create', { url: DEMO('terra-linen-throw') }, token)
      await expect(runGenerateJob(t.deps, { taskId: ok.body.id, phase: 'start' }, { retryCount: 0, retryLimit: 3 })).rejects.toThrow()
      await expect(runGenerateJob(t.deps, { taskId: ok.body.id, phase: 'start' }, { retryCount: 1, retryLimit: 3 })).rejects.toThrow()
      await runGenerateJob(t.deps, { taskId: ok.body.id, phase: 'start' }, { retryCount: 2, retryLimit: 3 })
      expect((await rows(t, 'SELECT status FROM tasks WHERE id = $1', [ok.body.id]))[0].status).toBe(10)

      t.deps.products = { check: real.check, fetch: async () => Promise.reject(transientError()) }
      const bad = await t.call('POST', '/v2/tasks/create', { url: DEMO('terra-linen-throw') }, token)
      await expect(runGenerateJob(t.deps, { taskId: bad.body.id, phase: 'start' }, { retryCount: 2, retryLimit: 3 })).rejects.toThrow()
      await runGenerateJob(t.deps, { taskId: bad.body.id, phase: 'start' }, { retryCount: 3, retryLimit: 3 })
      await runGenerateJob(t.deps, { taskId: bad.body.id, phase: 'start' }, { retryCount: 3, retryLimit: 3 })
      const [failed] = await rows(t, 'SELECT status, error FROM tasks WHERE id = $1', [bad.body.id])
      expect(failed.status).toBe(90)
      expect(failed.error).toBe(transientError().message)
      expect((await rows(t, 'SELECT delta FROM credit_ledger WHERE task_id = $1 ORDER BY id', [bad.body.id])).map((r) => r.delta)).toEqual([
        -40, 40,
      ])
      t.deps.products = real
    })
  })

  describe('sources', () => {
    let t: TestApi
    let store: ReturnType<typeof serve>
    let storeOrigin: string
    beforeAll(async () => {
      // A Shopify-format store on loopback (the demo catalogue at root paths), reachable only
      // because the test allows its host:port.
      const demo = createDemoStore()
      const shop = new Hono().get('/products/:file', (c) => {
        const url = new URL(c.req.url)
        return demo.fetch(new Request(`${url.origin}/demo-store/products/${c.req.param('file')}`))
      })
      store = serve({ fetch: shop.fetch, port: 0, hostname: '127.0.0.1' })
      await new Promise((r) => store.once('listening', r))
      storeOrigin = `http://127.0.0.1:${(store.address() as AddressInfo).port}`
      t = await createTestApi(kind, {}, { IMPORT_ALLOW_PRIVATE_HOSTS: new URL(storeOrigin).host })
    })
    afterAll(async () => {
      await t.close()
      store.close()
    })

    it('a Shopify-format store on loopback, through the real safe fetch', async () => {
      const { token } = await t.signIn('loop@example.com')
      await t.setUser('loop@example.com', { role: 'paid' })
      const created = await t.call('POST', '/v2/tasks/create', { url: `${storeOrigin}/products/heritage-cast-iron-skillet` }, token)
      expect(created.status).toBe(201)
      await t.drainJobs()
      const task = (await t.call('GET', `/v2/tasks/${created.body.session_id}`, undefined, token)).body
      expect(task).toMatchObject({ status: 10, title: 'Heritage 10-Inch Cast-Iron Skillet', platform: 'shopify' })
      // The skillet has no reviews: the page has no reviews section.
      expect(task.page.sections.some((s: any) => s.type === 'reviews')).toBe(false)
      // Without the allowance the same store is refused.
      expect((await t.call('POST', '/v2/tasks/create', { url: 'http://127.0.0.1:9/products/x' }, token)).status).toBe(400)
    })

    it.each([
      ['AliExpress', 'https://www.aliexpress.com/item/1005006123456789.html', 'aliexpress-runparams.html'],
      ['Amazon', 'https://www.amazon.com/dp/B0C7X4K2QZ', 'amazon.html'],
      ['Temu', 'https://www.temu.com/hub-g-601099512345678.html', 'temu.html'],
      ['DHgate', 'https://www.dhgate.com/product/earbuds/876543210.html', 'dhgate.html'],
      ['TikTok Shop', 'https://shop.tiktok.com/view/product/1729384756473829', 'tiktok-shop.html'],
    ])('a paid user generates from a saved %s page, reviews credited to it', async (name, url, file) => {
      const email = `${name.replace(/\W/g, '').toLowerCase()}@example.com`
      const { token } = await t.signIn(email)
      await t.setUser(email, { role: 'paid', credits: 1000 })
      const real = t.deps.products
      t.deps.products = { check: (raw) => checkUserUrl(raw), fetch: fakeFetcher({ [url]: file }) }
      try {
        const created = await t.call('POST', '/v2/tasks/create', { url }, token)
        expect(created.status).toBe(201)
        await t.drainJobs()
        const task = (await t.call('GET', `/v2/tasks/${created.body.session_id}`, undefined, token)).body
        expect(task.status).toBe(10)
        const reviews = task.page.sections.find((s: any) => s.type === 'reviews')
        expect(reviews?.provenance).toBe(`Reviews from ${name}`)
      } finally {
        t.deps.products = real
      }
    })
  })
})
