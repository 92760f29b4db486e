/**
 * The support console as plain form posts (JavaScript off) against the real api and database:
 * the staff-only 404, search, the two-step confirmations, the flash after each action, and the
 * size of the HTML a slow connection has to download.
 */
import { randomUUID } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { AppLoadContext } from '@remix-run/node'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as rootLoader } from '~/root'
import * as search from '~/routes/admin'
import * as account from '~/routes/admin_.users.$uuid'
import { referrals, shopifyStores, storeDomains, tasks, users } from '../../server/db/schema'
import { TASK_STATUS } from '../../server/domain/task-status'
import { qualifyReferral } from '../../server/modules/referrals'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { startWebDocuments, type WebDocuments } from './document'
import { CookieJar, WEB, body, get, location, post, run, runResponse, sessionCookie } from './helpers'

let web: WebDocuments
beforeAll(async () => {
  web = await startWebDocuments()
}, 120_000)
afterAll(() => web?.close())

describe.each(DB_KINDS)('support console screens on %s', (kind) => {
  let t: TestApi
  const ctx: AppLoadContext = {
    apiFetch: (req) => Promise.resolve(t.app.fetch(req, { inProcess: true })),
    clientIp: '198.51.100.20',
    cspNonce: 'test-nonce',
  }
  const staff = new CookieJar()
  const ana = new CookieJar()
  let uuid = ''
  const page = () => `/admin/users/${uuid}`
  const params = () => ({ uuid })

  beforeAll(async () => {
    t = await createTestApi(kind)
    const s = await t.signIn('staff@example.com', 'Sam Staff')
    await t.setUser('staff@example.com', { role: 'admin' })
    staff.take(`${await sessionCookie({ token: s.token })}; Path=/`)
    const a = await t.signIn('ana@example.com', 'Ana Lima')
    uuid = a.user.uuid
    ana.take(`${await sessionCookie({ token: a.token })}; Path=/`)
  })
  afterAll(() => t?.close())

  const load = async (jar = staff) => body(await runResponse(account.loader, get(page(), jar), { context: ctx, params: params() }))
  const send = (fields: Record<string, string>, jar = staff) =>
    runResponse(account.action, post(page(), fields, jar), { context: ctx, params: params() })
  /** The snackbars the next page shows (the flash cookie the redirect set). */
  const flash = async (res: Response) => {
    const jar = staff.clone().take(res)
    return (await body(await run(rootLoader, get(location(res), jar), { context: ctx }))).toasts.map((m: { text: string }) => m.text)
  }

  it('is a 404 page for anyone but staff (not a redirect, not a 403); signed out goes to the login page', async () => {
    for (const res of [
      await runResponse(search.loader, get('/admin', ana), { context: ctx }),
      await runResponse(account.loader, get(page(), ana), { context: ctx, params: params() }),
      await send({ intent: 'resend' }, ana),
    ]) {
      expect(res.status).toBe(404)
      expect((await body(res)).message).toMatch(/^Page not found: \/admin/)
    }
    const doc = await web.fetch(new Request(`${WEB}/admin`, { headers: { cookie: ana.header() } }), ctx)
    expect(doc.status).toBe(404)
    expect(await doc.text()).toMatch(/Page Not Found/i)
    expect(location(await run(search.loader, get('/admin'), { context: ctx }))).toBe('/account/login?redirectTo=%2Fadmin')
    // An unknown or malformed account is the same 404 page.
    const unknown = await runResponse(account.loader, get('/admin/users/x', staff), { context: ctx, params: { uuid: 'x' } })
    expect(unknown.status).toBe(404)
    const other = randomUUID()
    expect((await runResponse(account.loader, get(`/admin/users/${other}`, staff), { context: ctx, params: { uuid: other } })).status).toBe(
      404,
    )
  })

  it('finds accounts with a GET form', async () => {
    const found = await body(await runResponse(search.loader, get('/admin?q=ana%40', staff), { context: ctx }))
    expect(found).toMatchObject({ q: 'ana@', items: [{ email: 'ana@example.com', uuid }] })
    const newest = await body(await runResponse(search.loader, get('/admin', staff), { context: ctx }))
    expect(newest.items.map((u: { email: string }) => u.email)).toEqual(['ana@example.com', 'staff@example.com'])
  })

  it('role change: the first post asks, in words; the second does it and flashes what it did', async () => {
    const { plans } = await load()
    const plan = plans.find((p: { slug: string }) => p.slug === 'v2-month-4000')
    const fields = { intent: 'role', role: 'paid', plan_id: String(plan.id), reason: 'Paid by bank transfer' }

    const missing = await send({ ...fields, reason: '' })
    expect(missing.status).toBe(400)
    expect((await body(missing)).errors.reason).toEqual(['This field is required'])

    const asked = await send(fields)
    expect(asked.status).toBe(200)
    expect(await body(asked)).toEqual({ intent: 'role', values: fields, confirm: true, errors: null })
    expect((await load()).account.user.role).toBe('free')
    // Without JS the same post comes back as the whole page with the confirmation box.
    const html = await (await web.fetch(post(page(), fields, staff), ctx)).text()
    expect(html).toContain(
      'Make ana@example.com Pro on Pro 4,000 (monthly): 4,000 credits for the month (100 pages).</p><p>Reason: Paid by bank transfer</p>',
    )
    expect(html).toMatch(/<input type="hidden" name="confirm" value="yes"\/>/)

    const done = await send({ ...fields, confirm: 'yes' })
    expect(location(done)).toBe(page())
    expect(await flash(done)).toEqual(['ana@example.com is Pro on Pro 4,000: 4,000 credits for the month (100 pages).'])
    const after = await load()
    expect(after.account.user).toMatchObject({ role: 'paid', plan: 'Pro 4,000', remaining_credit_count: 4200 })
    expect(after.account.ledger[0]).toMatchObject({ delta: 4000, reason: 'support' })
    expect(after.account.audit[0]).toMatchObject({ actor_email: 'staff@example.com', reason: 'Paid by bank transfer' })
  })

  it('credits: a grant goes at once; a removal asks first, and more than the balance is refused', async () => {
    const granted = await send({ intent: 'credits', direction: 'add', amount: '300', reason: 'Goodwill' })
    expect(await flash(granted)).toEqual(['Granted 300 credits: the balance is 4,500.'])

    const remove = { intent: 'credits', direction: 'remove', amount: '500', reason: 'Granted twice' }
    expect(await body(await send(remove))).toMatchObject({ confirm: true })
    const removed = await send({ ...remove, confirm: 'yes' })
    expect(await flash(removed)).toEqual(['Removed 500 credits: the balance is 4,000.'])

    const tooMuch = await send({ ...remove, amount: '4001', confirm: 'yes' })
    expect(tooMuch.status).toBe(400)
    expect((await body(tooMuch)).errors).toEqual({
      amount: ['ana@example.com has 4,000 credits; removing 4,001 would take the balance below zero.'],
    })
    const html = await (await web.fetch(post(page(), { ...remove, amount: '4001' }, staff), ctx)).text()
    expect(html).toContain('ana@example.com has only 4,000 credits: remove at most 4,000.')
    expect(html).not.toContain('>Confirm</button>')
    expect((await send({ ...remove, amount: 'ten' })).status).toBe(400)
  })

  it('resend a login code (the 30-second wait shows as a message), and sign out everywhere after a confirmation', async () => {
    t.clock.advance(31_000)
    const sent = await send({ intent: 'resend' })
    expect(await flash(sent)).toEqual(['A new login code is on its way to ana@example.com.'])
    expect(t.mails.at(-1)?.to).toBe('ana@example.com')
    const again = await send({ intent: 'resend' })
    expect(again.status).toBe(429)
    expect((await body(again)).errors._[0]).toMatch(/^Please wait \d+ seconds before requesting again\.$/)

    const revoke = { intent: 'revoke', reason: 'Shared her password' }
    expect(await body(await send(revoke))).toMatchObject({ confirm: true })
    const done = await send({ ...revoke, confirm: 'yes' })
    expect(await flash(done)).toEqual(['Signed out everywhere: 1 session ended.'])
    // Ana's browser is signed out.
    expect(location(await run(search.loader, get('/admin', ana), { context: ctx }))).toBe('/account/login?redirectTo=%2Fadmin')
  })

  it('disqualify a referral after a confirmation', async () => {
    const db = t.db.database.db
    const [anaRow] = await db.select().from(users).where(eq(users.email, 'ana@example.com'))
    t.clock.advance(31_000)
    await t.call('POST', '/v2/auth/send-code', { email: 'cleo@example.com', invited_by: anaRow.invitationCode })
    await t.call('POST', '/v2/auth/verify', { email: 'cleo@example.com', code: t.mails.at(-1)!.code })
    const [ref] = await db.select().from(referrals).where(eq(referrals.inviterId, anaRow.id))
    // Cleo connects a unique real store: the referral qualifies the way a connection does, and Ana earns a slot.
    await db.insert(storeDomains).values({ shopDomain: 'cleo.myshopify.com', firstUserId: ref.inviteeId, firstConnectedAt: t.clock.now() })
    await db.transaction((tx) => qualifyReferral(tx, ref.inviteeId, { shop: 'cleo.myshopify.com', isDemo: false }, t.clock.now()))
    expect((await db.select().from(users).where(eq(users.id, anaRow.id)))[0].publishPagesCount).toBe(2)

    const fields = { intent: 'disqualify', referral_id: String(ref.id), reason: 'Cleo is Ana' }
    const html = await (await web.fetch(post(page(), fields, staff), ctx)).text()
    expect(html).toContain(
      'Mark the referral of cleo@example.com (invited by ana@example.com) as not qualified. ana@example.com loses the publish slot it gave',
    )
    const done = await send({ ...fields, confirm: 'yes' })
    expect(await flash(done)).toEqual([
      'The referral of cleo@example.com is not qualified any more. ana@example.com lost the publish slot it gave.',
    ])
    const after = (await load()).account
    expect(after.user.publish_pages_count).toBe(1)
    expect(after.referrals_made[0]).toMatchObject({ state: 'disqualified', disqualified_reason: 'Cleo is Ana' })
  })

  it('the account page is small: no images, under 20 KB of gzipped HTML with a full history; no extra client packages', async () => {
    const db = t.db.database.db
    const [anaRow] = await db.select().from(users).where(eq(users.email, 'ana@example.com'))
    for (let i = 0; i < 30; i++) await send({ intent: 'credits', direction: 'add', amount: String(10 + i), reason: `Ticket #${1000 + i}` })
    await db.insert(tasks).values(
      Array.from({ length: 25 }, (_, i) => ({
        sessionId: randomUUID(),
        userId: anaRow.id,
        flow: 'direct' as const,
        url: `https://shop.example.com/products/item-${i}`,
        title: `Handmade ceramic mug no. ${i}`,
        status: i % 4 === 0 ? TASK_STATUS.failed : TASK_STATUS.completed,
        error: i % 4 === 0 ? 'The product page could not be read (HTTP 503 from the store).' : null,
        createdAt: new Date(t.clock.now().getTime() - i * 3_600_000),
      })),
    )
    await db.insert(shopifyStores).values([
      { userId: anaRow.id, shopDomain: 'ana-ceramics.myshopify.com', name: 'Ana Ceramics', kind: 'oauth', syncStatus: 'done' },
      { userId: anaRow.id, shopDomain: 'ana-old.myshopify.com', kind: 'custom', status: 'uninstalled', syncError: 'Access revoked' },
    ])

    const res = await web.fetch(new Request(`${WEB}${page()}`, { headers: { cookie: staff.header() } }), ctx)
    expect(res.status).toBe(200)
    const html = await res.text()
    const data = (await load()).account
    expect(data.ledger).toHaveLength(30)
    expect(data.audit.length).toBeGreaterThanOrEqual(30)
    expect(data.pages).toHaveLength(20)
    expect(html).toContain('The product page could not be read (HTTP 503 from the store).')
    expect(html).not.toMatch(/<img|<svg|<picture/i)
    const gzipped = gzipSync(html).length
    console.info(`support console account page: ${html.length} bytes of HTML, ${gzipped} gzipped`)
    expect(gzipped).toBeLessThanOrEqual(20 * 1024)

    // What the routes send to the browser: React and Remix, as every page has, nothing else.
    const everyPage = new Set(['@remix-run_react', 'react', 'react_jsx-dev-runtime', 'react_jsx-runtime'])
    for (const file of ['/app/routes/admin.tsx', '/app/routes/admin_.users.$uuid.tsx']) {
      const packages = await web.clientPackages(file)
      expect(packages).toContain('@remix-run_react')
      expect(packages.filter((p) => !everyPage.has(p))).toEqual([])
    }
  })
})
