import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'
import { CREDITS_PER_PAGE } from '../../domain/entitlements'
import { pageSchema } from '../../domain/page/schema'

const DEMO = (handle: string) => `${TEST_ORIGIN}/demo-store/products/${handle}`
const sql = (t: TestApi, text: string, values: unknown[] = []) => t.db.database.sql.executeSql(text, values).then((r) => r.rows)

describe.each(DB_KINDS)('tasks api on %s', (kind) => {
  let t: TestApi
  let paid: { token: string; user: any }
  let free: { token: string; user: any }

  beforeAll(async () => {
    t = await createTestApi(kind)
    paid = await t.signIn('pro@example.com', 'Pat Pro')
    await t.setUser('pro@example.com', { role: 'paid', credits: 4000 })
    free = await t.signIn('free@example.com', 'Fay Free')
  })
  afterAll(() => t.close())

  it('generates a page from the demo store: queued, debited 40, then completed with a valid page', async () => {
    const created = await t.call('POST', '/v2/tasks/create', { url: DEMO('aurora-pour-over-set') }, paid.token)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 1, data_status: 1, flow: 'direct', url: DEMO('aurora-pour-over-set') })
    expect((await t.call('POST', '/v2/auth/me', {}, paid.token)).body.remaining_credit_count).toBe(3960)
    expect(await t.drainJobs()).toBe(1)
    const task = await t.call('GET', `/v2/tasks/${created.body.session_id}`, undefined, paid.token)
    expect(task.body).toMatchObject({ status: 10, title: 'Aurora Ceramic Pour-Over Coffee Set', platform: 'shopify', hidden_until: null })
    expect(() => pageSchema.parse(task.body.page)).not.toThrow()
    expect(task.body.page.sections[0].type).toBe('hero')
    const ledger = await sql(
      t,
      "SELECT delta, balance_after, reason FROM credit_ledger l JOIN users u ON u.id = l.user_id WHERE u.email = 'pro@example.com' ORDER BY l.id",
    )
    expect(ledger).toEqual([
      { delta: 200, balance_after: 200, reason: 'signup' },
      { delta: -40, balance_after: 3960, reason: 'generation' },
    ])
  })

  it('outline flow: stops at 4, the edited outline decides the page', async () => {
    const created = await t.call('POST', '/v3/tasks/create_by_url', { url: DEMO('nomad-canvas-backpack'), page_template_id: 2 }, paid.token)
    await t.drainJobs()
    const id = created.body.session_id
    const got = await t.call('GET', `/v3/tasks/outline/${id}`, undefined, paid.token)
    expect(got.body.status).toBe(4)
    const sections = got.body.outline.sections
    expect(sections.length).toBeGreaterThan(2)
    const edited = { sections: [sections[0], { ...sections[2], title: 'Why commuters love it' }, sections[1]] }
    expect((await t.call('PUT', `/v3/tasks/outline/${id}`, { outline: edited }, paid.token)).status).toBe(200)
    expect((await t.call('POST', `/v3/tasks/continue/${id}`, {}, paid.token)).body.status).toBe(5)
    await t.drainJobs()
    const done = await t.call('GET', `/v2/tasks/${id}`, undefined, paid.token)
    expect(done.body.status).toBe(10)
    expect(done.body.page.sections.map((s: any) => s.id)).toEqual(edited.sections.map((s: any) => s.id))
    expect(done.body.page.sections[1].heading).toBe('Why commuters love it')
    // Continuing again is refused; no second debit happened.
    expect((await t.call('POST', `/v3/tasks/continue/${id}`, {}, paid.token)).status).toBe(409)
  })

  it('from a pasted description', async () => {
    const text =
      'Cedar Desk Organiser\nA solid cedar tray with five compartments for pens, cards and cables.\n- Solid cedar\n- Five compartments\n- 30 × 12 cm'
    const created = await t.call('POST', '/v3/tasks/create', { text }, paid.token)
    expect(created.status).toBe(201)
    await t.drainJobs()
    expect((await t.call('GET', `/v2/tasks/${created.body.session_id}`, undefined, paid.token)).body).toMatchObject({
      status: 4,
      title: 'Cedar Desk Organiser',
    })
    expect((await t.call('POST', '/v3/tasks/create', { text: 'too short' }, paid.token)).status).toBe(400)
  })

  it('a free user generates from Shopify links; marketplaces open the upgrade dialog', async () => {
    const ali = await t.call('POST', '/v2/tasks/create', { url: 'https://www.aliexpress.com/item/1005006123456789.html' }, free.token)
    expect(ali.status).toBe(403)
    expect(ali.body).toEqual({ error: 'You need to upgrade to Pro to generate from AliExpress and Amazon', permission: 'all_urls' })
    expect((await t.call('POST', '/v2/tasks/create', { url: DEMO('lumi-kids-night-light') }, free.token)).status).toBe(201)
  })

  it("hides a free user's new page for 45 minutes, everywhere, and says when", async () => {
    await t.drainJobs()
    const list = await t.call('GET', '/v2/tasks/?status=10', undefined, free.token)
    expect(list.body.items).toEqual([])
    expect(list.body.hidden.count).toBe(1)
    const readyAt = new Date(list.body.hidden.next_ready_at).getTime()
    const [task] = (await t.call('GET', '/v2/tasks/?status=1,2,3,4,5,90', undefined, free.token)).body.items
    expect(task).toBeUndefined()
    const row = (await sql(t, "SELECT session_id FROM tasks t JOIN users u ON u.id = t.user_id WHERE u.email = 'free@example.com'"))[0]
    const detail = await t.call('GET', `/v2/tasks/${row.session_id}`, undefined, free.token)
    expect(detail.body.page).toBeNull()
    expect(new Date(detail.body.hidden_until).getTime()).toBe(readyAt)
    expect((await t.call('GET', `/v2/tasks/shared/${row.session_id}`)).status).toBe(404)
    t.clock.advance(45 * 60_000)
    const later = await t.call('GET', '/v2/tasks/', undefined, free.token)
    expect(later.body.items).toHaveLength(1)
    expect(later.body.hidden.count).toBe(0)
    expect((await t.call('GET', `/v2/tasks/${row.session_id}`, undefined, free.token)).body.page).not.toBeNull()
    const shared = await t.call('GET', `/v2/tasks/shared/${row.session_id}`)
    expect(shared.status).toBe(200)
    expect(shared.body.page.sections.length).toBeGreaterThan(2)
    // Reachable by its link, never advertised: the gallery lists only pages shared on purpose.
    const gallery = await t.call('POST', '/v2/tasks/public?page=1')
    expect(gallery.body.items.map((i: any) => i.session_id)).not.toContain(row.session_id)
  })

  it('free users cannot make a page private; Pro users can, and the share link then 404s', async () => {
    const [freeTask] = (await t.call('GET', '/v2/tasks/', undefined, free.token)).body.items
    const denied = await t.call('PUT', `/v2/tasks/${freeTask.session_id}`, { is_public: false }, free.token)
    expect(denied.status).toBe(403)
    expect(denied.body).toEqual({ error: 'Keep your page private with Pro.', permission: 'set_private' })
    const [proTask] = (await t.call('GET', '/v2/tasks/', undefined, paid.token)).body.items
    expect((await t.call('GET', `/v2/tasks/shared/${proTask.session_id}`)).status).toBe(200)
    expect((await t.call('PUT', `/v2/tasks/${proTask.session_id}`, { is_public: false }, paid.token)).body.is_public).toBe(false)
    expect((await t.call('GET', `/v2/tasks/shared/${proTask.session_id}`)).status).toBe(404)
    await t.call('PUT', `/v2/tasks/${proTask.session_id}`, { is_public: true }, paid.token)
  })

  it("another user's task is a 404 everywhere", async () => {
    const [proTask] = (await t.call('GET', '/v2/tasks/', undefined, paid.token)).body.items
    for (const [method, path, body] of [
      ['GET', `/v2/tasks/${proTask.session_id}`],
      ['GET', `/v2/tasks/${proTask.id}`],
      ['PUT', `/v2/tasks/${proTask.session_id}`, { data_status: 2 }],
      ['POST', '/v2/tasks/regenerate', { session_id: proTask.session_id }],
      ['POST', `/v2/task_favorites/${proTask.session_id}`, {}],
      ['GET', `/v3/tasks/outline/${proTask.session_id}`],
    ] as const) {
      const res = await t.call(method, path, body, free.token)
      expect(res.status, `${method} ${path}`).toBe(404)
    }
  })

  it('lists count every page across pages, also past the last one, and never carry the page itself', async () => {
    const all = (await t.call('GET', '/v2/tasks/?status=all&page_size=1', undefined, paid.token)).body
    expect(all.total).toBeGreaterThanOrEqual(2)
    expect(all.items).toHaveLength(1)
    expect(all.items[0]).not.toHaveProperty('page')
    expect(all.items[0]).not.toHaveProperty('facts')
    const second = (await t.call('GET', '/v2/tasks/?status=all&page_size=1&page=2', undefined, paid.token)).body
    expect(second.total).toBe(all.total)
    expect(second.items[0].session_id).not.toBe(all.items[0].session_id)
    const past = (await t.call('GET', `/v2/tasks/?status=all&page_size=1&page=${all.total + 1}`, undefined, paid.token)).body
    expect(past).toMatchObject({ items: [], total: all.total })
  })

  it('archive moves a page to the archived list; favourites toggle and list', async () => {
    const [task] = (await t.call('GET', '/v2/tasks/', undefined, paid.token)).body.items
    expect((await t.call('POST', `/v2/task_favorites/${task.session_id}`, {}, paid.token)).body.is_favorite).toBe(true)
    expect((await t.call('POST', `/v2/task_favorites/${task.session_id}`, {}, paid.token)).status).toBe(200)
    const favs = await t.call('GET', '/v2/task_favorites/?status=10', undefined, paid.token)
    expect(favs.body.items.map((i: any) => i.session_id)).toEqual([task.session_id])
    expect(favs.body.items[0].is_favorite).toBe(true)
    expect((await t.call('PUT', `/v2/tasks/${task.session_id}`, { data_status: 2 }, paid.token)).body.data_status).toBe(2)
    const active = (await t.call('GET', '/v2/tasks/?status=10', undefined, paid.token)).body.items.map((i: any) => i.session_id)
    expect(active).not.toContain(task.session_id)
    const archived = (await t.call('GET', '/v2/tasks/?status=all&data_status=2', undefined, paid.token)).body.items.map(
      (i: any) => i.session_id,
    )
    expect(archived).toEqual([task.session_id])
    await t.call('DELETE', `/v2/task_favorites/${task.session_id}`, undefined, paid.token)
    expect((await t.call('GET', '/v2/task_favorites/', undefined, paid.token)).body.items).toEqual([])
    await t.call('PUT', `/v2/tasks/${task.session_id}`, { data_status: 1 }, paid.token)
  })

  it('a page that cannot be imported fails with the reason and refunds the credits', async () => {
    const before = (await t.call('POST', '/v2/auth/me', {}, paid.token)).body.remaining_credit_count
    const created = await t.call('POST', '/v2/tasks/create', { url: DEMO('no-such-product') }, paid.token)
    await t.drainJobs()
    const task = await t.call('GET', `/v2/tasks/${created.body.session_id}`, undefined, paid.token)
    expect(task.body).toMatchObject({ status: 90, failure_reason: "We couldn't find that page (404). Check the link.", refunded: true })
    expect(task.body).not.toHaveProperty('error')
    expect((await t.call('POST', '/v2/auth/me', {}, paid.token)).body.remaining_credit_count).toBe(before)
    const rows = await sql(t, 'SELECT delta, reason FROM credit_ledger WHERE task_id = $1 ORDER BY id', [task.body.id])
    expect(rows).toEqual([
      { delta: -40, reason: 'generation' },
      { delta: 40, reason: 'refund' },
    ])
  })

  it('regenerate writes the page again for 40 credits; rewrite changes one section', async () => {
    const [task] = (await t.call('GET', '/v2/tasks/', undefined, paid.token)).body.items
    const before = (await t.call('POST', '/v2/auth/me', {}, paid.token)).body.remaining_credit_count
    expect((await t.call('POST', '/v2/tasks/regenerate', { session_id: task.session_id }, paid.token)).body.status).toBe(5)
    expect((await t.call('POST', '/v2/tasks/regenerate', { session_id: task.session_id }, paid.token)).status).toBe(409)
    await t.drainJobs()
    expect((await t.call('POST', '/v2/auth/me', {}, paid.token)).body.remaining_credit_count).toBe(before - 40)
    const detail = (await t.call('GET', `/v2/tasks/${task.session_id}`, undefined, paid.token)).body
    expect(detail.status).toBe(10)
    const target = detail.page.sections[1]
    const rewritten = await t.call(
      'POST',
      '/v2/tasks/research_section',
      { session_id: task.session_id, section_id: target.id, instruction: 'shorter' },
      paid.token,
    )
    expect(rewritten.status).toBe(200)
    const after = rewritten.body.page.sections
    expect(after[1].id).toBe(target.id)
    expect(after[0]).toEqual(detail.page.sections[0])
    expect((await t.call('POST', '/v2/tasks/research', { session_id: task.session_id }, paid.token)).body.research).toBeTruthy()
  })

  it('refuses private-network links before queueing anything, and unknown templates', async () => {
    const res = await t.call('POST', '/v2/tasks/create', { url: 'http://127.0.0.1/admin' }, paid.token)
    expect(res.status).toBe(400)
    expect(res.body.error).toBe("url: Links to private or local network addresses can't be imported.")
    expect((await t.call('POST', '/v2/tasks/create', { url: DEMO('terra-linen-throw'), page_template_id: 99 }, paid.token)).status).toBe(
      400,
    )
    expect((await t.call('POST', '/v2/tasks/create', {}, paid.token)).body.error).toBe('url: This field is required')
  })

  it('generate needs more than 40 credits; a denied create leaves no task and no job', async () => {
    await t.setUser('free@example.com', { credits: 40 })
    const tasksBefore = (await sql(t, 'SELECT count(*)::int AS n FROM tasks'))[0].n
    const res = await t.call('POST', '/v2/tasks/create', { url: DEMO('terra-linen-throw') }, free.token)
    expect(res.status).toBe(403)
    expect(res.body.permission).toBe('generate')
    expect(res.body.error).toBe(`You have 40 credits; a new page needs more than ${CREDITS_PER_PAGE}. Upgrade to Pro for more credits.`)
    expect((await sql(t, 'SELECT count(*)::int AS n FROM tasks'))[0].n).toBe(tasksBefore)
    expect(await t.drainJobs()).toBe(0)
  })

  it('a Pro user short of credits is told the balance and that credits renew, not to upgrade', async () => {
    const pro = await t.signIn('pro-low@example.com', 'Lou Low')
    await t.setUser('pro-low@example.com', { role: 'paid', credits: 40 })
    const res = await t.call('POST', '/v2/tasks/create', { url: DEMO('terra-linen-throw') }, pro.token)
    expect(res.status).toBe(403)
    expect(res.body).toEqual({
      error: `You have 40 credits; a new page needs more than ${CREDITS_PER_PAGE}. Your credits renew with your next billing period.`,
      permission: 'generate',
    })
  })

  it('a hidden page a free user favourites or archives is listed as waiting, without its content', async () => {
    const fresh = await t.signIn('wait@example.com', 'Wes Wait')
    const created = await t.call('POST', '/v2/tasks/create', { url: DEMO('terra-linen-throw') }, fresh.token)
    await t.drainJobs()
    const id = created.body.session_id
    expect((await t.call('POST', `/v2/task_favorites/${id}`, {}, fresh.token)).status).toBe(200)

    const favs = (await t.call('GET', '/v2/task_favorites/?status=10', undefined, fresh.token)).body
    expect(favs.items).toEqual([])
    expect(favs.hidden.count).toBe(1)
    expect(favs.waiting).toHaveLength(1)
    const [waiting] = favs.waiting
    expect(waiting).toMatchObject({ session_id: id, title: 'Terra Stonewashed Linen Throw', is_favorite: true, data_status: 1 })
    expect(waiting.hidden_until).toBe(favs.hidden.next_ready_at)
    // Nothing of the page itself before its time.
    for (const key of ['page', 'image', 'note', 'outline', 'source']) expect(waiting).not.toHaveProperty(key)

    expect((await t.call('PUT', `/v2/tasks/${id}`, { data_status: 2 }, fresh.token)).body.page).toBeNull()
    const archived = (await t.call('GET', '/v2/tasks/?status=all&data_status=2', undefined, fresh.token)).body
    expect(archived.items).toEqual([])
    expect(archived.waiting.map((w: any) => [w.session_id, w.data_status])).toEqual([[id, 2]])
    // Active lists no longer hold it; the second result page carries no waiting entries.
    expect((await t.call('GET', '/v2/tasks/?status=all', undefined, fresh.token)).body.waiting).toEqual([])
    expect((await t.call('GET', '/v2/tasks/?status=all&data_status=2&page=2', undefined, fresh.token)).body.waiting).toEqual([])
    // Pro users never have waiting entries.
    expect((await t.call('GET', '/v2/tasks/?status=all', undefined, paid.token)).body.waiting).toEqual([])

    t.clock.advance(45 * 60_000)
    const later = (await t.call('GET', '/v2/tasks/?status=all&data_status=2', undefined, fresh.token)).body
    expect(later.waiting).toEqual([])
    expect(later.items.map((i: any) => i.session_id)).toEqual([id])
  })
})
