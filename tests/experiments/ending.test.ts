/**
 * What ends an experiment besides the owner (issue 25): a new live version changes the control the
 * experiment measures, so it ends (page_changed) and the store's challenger goes; a publish, which
 * only points the buy button at the store, does not. An owner whose plan ends (support or billing)
 * has their running experiments stopped (plan_ended): no page goes on splitting shoppers for an
 * account that can no longer see or stop it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { experimentOfVersion } from '../../server/domain/experiments/shopper'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { connectDemoShop, shopQuery } from '../shopify/connect'
import { productGid, publishAndWait } from '../shopify/publishing'
import { pageWithTwoVersions, proOwner } from './pages'

describe.each(DB_KINDS)('an experiment ends with its control or its plan, on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi(kind)
  }, 120_000)
  afterAll(() => t?.close())

  const start = async (token: string, id: string, challenger: number) => {
    const res = await t.call('POST', `/v2/tasks/${id}/experiments`, { challenger_version: challenger }, token)
    expect(res.status).toBe(201)
    return res.body.id as number
  }
  const current = (token: string, id: string) => t.call('GET', `/v2/tasks/${id}/experiments/current`, undefined, token)
  const newest = async (token: string, id: string) => (await t.call('GET', `/v2/tasks/${id}/experiments`, undefined, token)).body.items[0]
  const editHeading = async (token: string, id: string, heading: string) => {
    const live = await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)
    const sections = live.body.page.sections.map((s: { type: string }) => (s.type === 'hero' ? { ...s, heading } : s))
    const saved = await t.call(
      'PUT',
      `/v2/tasks/${id}/page`,
      { page: { ...live.body.page, sections }, base_version: live.body.version },
      token,
    )
    expect(saved.status).toBe(200)
    return saved.body.version as number
  }
  const visitorsOf = async (experimentId: number) =>
    (await t.db.database.sql.executeSql('SELECT 1 FROM experiment_visitors WHERE experiment_id = $1', [experimentId])).rows.length

  it('an edit of the live page ends the running experiment (page_changed) and takes the challenger out of the store', async () => {
    const token = await proOwner(t, 'editor-during-test@example.com')
    const { shop } = await connectDemoShop(t, token)
    const { id, challenger } = await pageWithTwoVersions(t, token)
    expect(await publishAndWait(t, token, id)).toMatchObject({ status: 'published' })
    const xid = await start(token, id, challenger)
    await t.drainShopifyJobs()
    const challengerField = async () => {
      const handle = (await t.call('GET', `/v2/tasks/${id}/publications`, undefined, token)).body.items[0].storefront_url.split('/').pop()
      const gid = await productGid(t, shop, handle)
      const found = await shopQuery<{ product: { metafield: { value: string } | null } }>(
        t,
        shop,
        `query($id: ID!) { product(id: $id) { metafield(namespace: "$app:pagewright", key: "page_challenger") { value } } }`,
        { id: gid },
      )
      return found.product.metafield
    }
    expect(await challengerField()).not.toBeNull()
    // A publish only points the buy button at the store: the experiment goes on.
    expect(await publishAndWait(t, token, id)).toMatchObject({ status: 'published' })
    expect((await current(token, id)).body).toMatchObject({ id: xid, status: 'running', stop_reason: null })

    await t.db.database.sql.executeSql(
      `INSERT INTO experiment_visitors (experiment_id, visitor_id, variant) VALUES ($1, 'v-0123456789abcdef', 'control')`,
      [xid],
    )
    await editHeading(token, id, 'A new live headline')
    expect((await current(token, id)).status).toBe(404)
    expect(await newest(token, id)).toMatchObject({ id: xid, status: 'stopped', stop_reason: 'page_changed' })
    expect(await visitorsOf(xid)).toBe(0)
    await t.drainShopifyJobs()
    expect(await challengerField()).toBeNull()

    // A new experiment compares the new live page; a restore (another new live version) ends it too.
    const again = await start(token, id, challenger)
    const restored = await t.call('POST', `/v2/tasks/${id}/versions/${challenger}/restore`, {}, token)
    expect(restored.status).toBe(200)
    expect(await newest(token, id)).toMatchObject({ id: again, status: 'stopped', stop_reason: 'page_changed' })
  })

  it('the owner’s own stop says owner; a promotion says no stop reason', async () => {
    const token = await proOwner(t, 'stopper-reason@example.com')
    const { id, challenger } = await pageWithTwoVersions(t, token)
    const xid = await start(token, id, challenger)
    const stopped = await t.call('POST', `/v2/tasks/${id}/experiments/${xid}/stop`, {}, token)
    expect(stopped.body).toMatchObject({ status: 'stopped', stop_reason: 'owner', decision: 'collecting', more_visitors_needed: null })
    // An ended experiment will get no more shoppers: it does not ask for more.
    expect(stopped.body.reason).toBe('It ended before there were enough shoppers for a decision; its counts stay below.')
    const next = await start(token, id, challenger)
    const promoted = await t.call('POST', `/v2/tasks/${id}/experiments/${next}/promote`, {}, token)
    expect(promoted.body).toMatchObject({ status: 'promoted', stop_reason: null })
  })

  it('an owner put back on the free plan by support has their running experiments stopped (plan_ended), on every page', async () => {
    const { token, user } = await t.signIn('downgraded@example.com', 'Dee Down')
    await t.setUser('downgraded@example.com', { role: 'paid', credits: 400 })
    const first = await pageWithTwoVersions(t, token)
    const second = await pageWithTwoVersions(t, token, 'lumi-kids-night-light')
    const a = await start(token, first.id, first.challenger)
    const b = await start(token, second.id, second.challenger)
    // Another Pro owner's experiment is not touched.
    const other = await proOwner(t, 'still-pro@example.com')
    const theirs = await pageWithTwoVersions(t, other)
    const c = await start(other, theirs.id, theirs.challenger)

    const { token: staff } = await t.signIn('support-staff@example.com', 'Sam Staff')
    await t.setUser('support-staff@example.com', { role: 'admin' })
    const changed = await t.call('POST', `/v2/admin/users/${user.uuid}/role`, { role: 'free', reason: 'Refunded on request' }, staff)
    expect(changed.status).toBe(200)

    expect(await newest(token, first.id)).toMatchObject({ id: a, status: 'stopped', stop_reason: 'plan_ended' })
    expect(await newest(token, second.id)).toMatchObject({ id: b, status: 'stopped', stop_reason: 'plan_ended' })
    expect(await newest(other, theirs.id)).toMatchObject({ id: c, status: 'running' })
    // The shared page's version no longer names an experiment: the share front assigns nobody.
    const version = await t.call('GET', `/v2/tasks/shared/${first.id}/version`)
    expect(experimentOfVersion(version.body.version)).toBeNull()
    expect(experimentOfVersion((await t.call('GET', `/v2/tasks/shared/${theirs.id}/version`)).body.version)).toMatchObject({ id: c })
  })
})
