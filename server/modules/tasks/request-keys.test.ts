/**
 * Requests that spend credits, sent twice: a form posted twice (a double click with scripts off),
 * the same request from two tabs at once, a retry. One page, one price; the same key with another
 * request is refused; regenerate cannot be paid twice even without a key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'
import { connectDemoShop } from '../../../tests/shopify/connect'
import { deleteOldRequestKeys, REQUEST_KEY_TTL_MS } from './request-keys'

const DEMO = (handle: string) => `${TEST_ORIGIN}/demo-store/products/${handle}`
const key = (name: string) => ({ 'idempotency-key': `test-key-${name}-0123456789` })

describe.each(DB_KINDS)('idempotency keys on %s', (kind) => {
  let t: TestApi
  const sql = (text: string, values: unknown[] = []) => t.db.database.sql.executeSql(text, values).then((r) => r.rows as any[])
  const credits = async (token: string) => (await t.call('POST', '/v2/auth/me', {}, token)).body.remaining_credit_count as number
  const pagesOf = async (email: string) =>
    Number((await sql('SELECT count(*)::int AS n FROM tasks t JOIN users u ON u.id = t.user_id WHERE u.email = $1', [email]))[0].n)
  const charges = async (email: string) =>
    Number(
      (
        await sql(
          "SELECT count(*)::int AS n FROM credit_ledger l JOIN users u ON u.id = l.user_id WHERE u.email = $1 AND reason = 'generation'",
          [email],
        )
      )[0].n,
    )

  beforeAll(async () => {
    t = await createTestApi(kind)
  })
  afterAll(() => t?.close())

  it('the same request sent twice makes one page and takes one price, even when the first left too little for a second', async () => {
    const { token } = await t.signIn('twice@example.com')
    await t.setUser('twice@example.com', { role: 'paid', credits: 80 })
    const body = { url: DEMO('aurora-pour-over-set') }
    const first = await t.call('POST', '/v2/tasks/create', body, token, key('twice'))
    const again = await t.call('POST', '/v2/tasks/create', body, token, key('twice'))
    expect(first.status).toBe(201)
    // 40 credits left is not enough for a page: without the key this would be the refusal dialog.
    expect(again.status).toBe(201)
    expect(again.body.session_id).toBe(first.body.session_id)
    expect(await credits(token)).toBe(40)
    expect(await pagesOf('twice@example.com')).toBe(1)
    expect(await charges('twice@example.com')).toBe(1)
    // A new key is a new request: refused for credits, as it should be.
    const other = await t.call('POST', '/v2/tasks/create', body, token, key('twice-other'))
    expect(other.status).toBe(403)
    expect(other.body.permission).toBe('generate')
  })

  it('two tabs sending it at the same moment: one page, one charge', async () => {
    const { token } = await t.signIn('tabs@example.com')
    await t.setUser('tabs@example.com', { role: 'paid', credits: 1000 })
    const send = () => t.call('POST', '/v3/tasks/create_by_url', { url: DEMO('nomad-canvas-backpack') }, token, key('tabs'))
    const answers = await Promise.all([send(), send(), send()])
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201])
    expect(new Set(answers.map((a) => a.body.session_id)).size).toBe(1)
    expect(await credits(token)).toBe(960)
    expect(await charges('tabs@example.com')).toBe(1)
  })

  it('a key sent again with a different request is a 422 and changes nothing', async () => {
    const { token } = await t.signIn('reuse@example.com')
    await t.setUser('reuse@example.com', { role: 'paid', credits: 1000 })
    expect((await t.call('POST', '/v2/tasks/create', { url: DEMO('aurora-pour-over-set') }, token, key('reuse'))).status).toBe(201)
    const changed = await t.call('POST', '/v2/tasks/create', { url: DEMO('lumi-kids-night-light') }, token, key('reuse'))
    expect(changed.status).toBe(422)
    expect(changed.body.error).toMatch(/sent before with a different request/)
    const outline = await t.call('POST', '/v3/tasks/create_by_url', { url: DEMO('aurora-pour-over-set') }, token, key('reuse'))
    expect(outline.status).toBe(422)
    expect(await pagesOf('reuse@example.com')).toBe(1)
    expect(await credits(token)).toBe(960)
  })

  it('keys are per account, and a malformed key is a 400', async () => {
    const a = await t.signIn('keys-a@example.com')
    const b = await t.signIn('keys-b@example.com')
    const body = { text: 'Cedar Desk Organiser\nA solid cedar tray with five compartments for pens, cards and cables.' }
    const fromA = await t.call('POST', '/v3/tasks/create', body, a.token, key('shared'))
    const fromB = await t.call('POST', '/v3/tasks/create', body, b.token, key('shared'))
    expect(fromA.status).toBe(201)
    expect(fromB.status).toBe(201)
    expect(fromB.body.session_id).not.toBe(fromA.body.session_id)
    const short = await t.call('POST', '/v3/tasks/create', body, a.token, { 'idempotency-key': 'abc' })
    expect(short.status).toBe(400)
    expect(short.body.error).toMatch(/Idempotency-Key/)
    expect(await pagesOf('keys-a@example.com')).toBe(1)
  })

  it('a request refused (no credits) frees its key: sent again once the credits are there, it makes the page', async () => {
    const { token } = await t.signIn('later@example.com')
    await t.setUser('later@example.com', { role: 'paid', credits: 10 })
    const body = { url: DEMO('aurora-pour-over-set') }
    expect((await t.call('POST', '/v2/tasks/create', body, token, key('later'))).status).toBe(403)
    expect(await sql("SELECT count(*)::int AS n FROM request_keys WHERE key LIKE 'test-key-later%'")).toEqual([{ n: 0 }])
    await t.setUser('later@example.com', { credits: 100 })
    const made = await t.call('POST', '/v2/tasks/create', body, token, key('later'))
    expect(made.status).toBe(201)
    expect(await credits(token)).toBe(60)
  })

  it('a synced catalogue product: the same key makes one page; another product with it is a 422', async () => {
    const { token } = await t.signIn('catalog@example.com')
    await t.setUser('catalog@example.com', { role: 'paid', credits: 1000 })
    await connectDemoShop(t, token)
    const items = (await t.call('GET', '/v2/shopify_products/', undefined, token)).body.items as { id: number }[]
    const make = (productId: number) => t.call('POST', '/v2/shopify_products/create_task', { product_id: productId }, token, key('catalog'))
    const [first, second] = await Promise.all([make(items[0].id), make(items[0].id)])
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.body.session_id).toBe(first.body.session_id)
    expect((await make(items[1].id)).status).toBe(422)
    expect(await charges('catalog@example.com')).toBe(1)
  })

  it('regenerate: two at once without a key take one price (the second is a 409); with a key the second answers the first', async () => {
    const { token } = await t.signIn('regen@example.com')
    await t.setUser('regen@example.com', { role: 'paid', credits: 1000 })
    const created = await t.call('POST', '/v2/tasks/create', { url: DEMO('aurora-pour-over-set') }, token)
    await t.drainJobs()
    const id = created.body.session_id
    const regen = (headers?: Record<string, string>) => t.call('POST', '/v2/tasks/regenerate', { session_id: id }, token, headers)

    const racing = await Promise.all([regen(), regen()])
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409])
    expect(racing.find((r) => r.status === 409)!.body.error).toBe('This page is still being generated.')
    expect(await credits(token)).toBe(920)
    await t.drainJobs()

    const first = await regen(key('regen'))
    const second = await regen(key('regen'))
    expect([first.status, second.status]).toEqual([200, 200])
    expect(second.body.session_id).toBe(id)
    expect(await credits(token)).toBe(880)
    expect(await charges('regen@example.com')).toBe(3)
  })

  it('housekeeping forgets keys after a day; the page stays', async () => {
    const { token } = await t.signIn('old@example.com')
    await t.setUser('old@example.com', { role: 'paid', credits: 1000 })
    const body = { url: DEMO('aurora-pour-over-set') }
    const first = await t.call('POST', '/v2/tasks/create', body, token, key('old'))
    await deleteOldRequestKeys(t.db.database.db, new Date(t.clock.now().getTime() + REQUEST_KEY_TTL_MS - 1000))
    expect((await t.call('POST', '/v2/tasks/create', body, token, key('old'))).body.session_id).toBe(first.body.session_id)
    await deleteOldRequestKeys(t.db.database.db, new Date(t.clock.now().getTime() + REQUEST_KEY_TTL_MS + 1000))
    const later = await t.call('POST', '/v2/tasks/create', body, token, key('old'))
    expect(later.body.session_id).not.toBe(first.body.session_id)
    expect(await pagesOf('old@example.com')).toBe(2)
  })
})
