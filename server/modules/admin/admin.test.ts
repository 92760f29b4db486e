import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'
import { contract, fillPath } from '../../contract'
import { auditLog, creditLedger, referrals, storeDomains, users } from '../../db/schema'
import { qualifyReferral } from '../referrals'

describe.each(DB_KINDS)('support console api on %s', (kind) => {
  let t: TestApi
  let staff: string
  let ana: { token: string; uuid: string }
  let bob: { token: string; uuid: string; code: string }

  const as = (token: string) => ({
    get: (path: string) => t.call('GET', path, undefined, token),
    post: (path: string, body: unknown = {}) => t.call('POST', path, body, token),
  })
  const row = async (email: string) => (await t.db.database.db.select().from(users).where(eq(users.email, email)))[0]
  const lastAudit = async (userId: number) =>
    (await t.db.database.db.select().from(auditLog).where(eq(auditLog.targetUserId, userId)).orderBy(desc(auditLog.id)).limit(1))[0]
  const ledger = async (userId: number) =>
    t.db.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(desc(creditLedger.id))

  beforeAll(async () => {
    t = await createTestApi(kind)
    staff = (await t.signIn('staff@example.com', 'Sam Staff')).token
    await t.setUser('staff@example.com', { role: 'admin' })
    const a = await t.signIn('ana@example.com', 'Ana Lima')
    ana = { token: a.token, uuid: a.user.uuid }
    const b = await t.signIn('bob@example.com', 'Bob Free')
    bob = { token: b.token, uuid: b.user.uuid, code: b.user.invitation_code }
  })
  afterAll(() => t?.close())

  /** Every route of the console with real-looking input. */
  const everyRoute = () =>
    Object.values(contract.admin).map((route) => ({
      method: route.method.toUpperCase(),
      path: fillPath(route.path, { uuid: ana.uuid, id: 1 }),
      body: route.method === 'post' ? { role: 'free', reason: 'because', delta: 5 } : undefined,
    }))

  it('answers 404 "Not found." to everyone but staff, on every route, before looking at the input', async () => {
    for (const r of everyRoute()) {
      const res = await t.call(r.method, r.path, r.body, bob.token)
      expect(res.status, `${r.method} ${r.path}`).toBe(404)
      expect(res.body).toEqual({ error: 'Not found.' })
      // Even nonsense input is a 404 for a non-admin (nothing is revealed by a 400).
      const nonsense = r.method === 'POST' ? { delta: 'x' } : undefined
      expect((await t.call(r.method, `${r.path.replace(ana.uuid, 'x')}?q=${'x'.repeat(300)}`, nonsense, bob.token)).status).toBe(404)
      expect((await t.call(r.method, r.path, r.body)).status).toBe(401)
    }
    const paid = await t.signIn('pro@example.com')
    await t.setUser('pro@example.com', { role: 'paid' })
    expect((await as(paid.token).get('/v2/admin/users')).status).toBe(404)
    expect(await row('bob@example.com')).toMatchObject({ role: 'free', remainingCreditCount: 200 })
  })

  it('an admin’s API key works too', async () => {
    const key = await as(staff).post('/v2/auth/api-key')
    const res = await as(key.body.api_key).get('/v2/admin/users?q=ana@example.com')
    expect(res.status).toBe(200)
    expect(res.body.items.map((u: { email: string }) => u.email)).toEqual(['ana@example.com'])
  })

  it('finds accounts by e-mail (exact or prefix), uuid or invitation code', async () => {
    const emails = async (q: string) =>
      (await as(staff).get(`/v2/admin/users?q=${encodeURIComponent(q)}`)).body.items.map((u: any) => u.email)
    expect(await emails('ANA@example.com')).toEqual(['ana@example.com'])
    expect(await emails('bo')).toEqual(['bob@example.com'])
    expect(await emails(ana.uuid)).toEqual(['ana@example.com'])
    expect(await emails(bob.code.toLowerCase())).toEqual(['bob@example.com'])
    expect(await emails('%')).toEqual([])
    expect(await emails('nobody')).toEqual([])
    // No query: the newest accounts first.
    expect((await emails('')).slice(0, 3)).toEqual(['pro@example.com', 'bob@example.com', 'ana@example.com'])
  })

  it('shows one account; an unknown uuid is a 404 and a malformed one a 400 naming the field', async () => {
    const res = await as(staff).get(`/v2/admin/users/${ana.uuid}`)
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({ email: 'ana@example.com', role: 'free', remaining_credit_count: 200, publish_pages_count: 1 })
    expect(res.body).toMatchObject({ plan: null, active_sessions: 1, stores: [], pages: [], referrals_made: [], referral_received: null })
    expect(res.body.ledger).toEqual([expect.objectContaining({ delta: 200, reason: 'signup', balance_after: 200 })])
    expect((await as(staff).get('/v2/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const bad = await as(staff).get('/v2/admin/users/not-a-uuid')
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/^uuid: /)
  })

  it('lists the plans on offer with the grant in words', async () => {
    const res = await as(staff).get('/v2/admin/plans')
    expect(res.status).toBe(200)
    expect(res.body.items.every((p: any) => p.version === '2' && p.active)).toBe(true)
    expect(res.body.items.find((p: any) => p.slug === 'v2-month-4000').grant_description).toBe(
      'Pro 4,000: 4,000 credits for the month (100 pages)',
    )
  })

  it('role paid grants the plan’s credits through the billing grant, with a ledger row and an audit row', async () => {
    const plan = (await as(staff).get('/v2/admin/plans')).body.items.find((p: any) => p.slug === 'v2-month-4000')
    const path = `/v2/admin/users/${ana.uuid}/role`
    expect((await as(staff).post(path, { role: 'paid', reason: 'Paid by invoice 42' })).body.error).toMatch(/^plan_id: /)
    expect((await as(staff).post(path, { role: 'paid', plan_id: plan.id })).body.error).toMatch(/^reason: /)
    expect((await as(staff).post(path, { role: 'paid', plan_id: plan.id, reason: 'ok' })).body.error).toMatch(/^reason: .*at least 3/)
    expect((await as(staff).post(path, { role: 'owner', plan_id: plan.id, reason: 'Paid' })).body.error).toMatch(/^role: /)
    expect((await as(staff).post(path, { role: 'paid', plan_id: 999_999, reason: 'Paid' })).status).toBe(400)

    const res = await as(staff).post(path, { role: 'paid', plan_id: plan.id, reason: 'Paid by invoice 42' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ credits_granted: 4000, user: { role: 'paid', plan: 'Pro 4,000', remaining_credit_count: 4200 } })
    const u = await row('ana@example.com')
    expect(u).toMatchObject({ role: 'paid', plan: 'Pro 4,000', stripePlan: 'v2-month-4000', remainingCreditCount: 4200 })
    const [grant] = await ledger(u.id)
    expect(grant).toMatchObject({ delta: 4000, balanceAfter: 4200, reason: 'support' })
    expect(grant.note).toBe('Pro 4,000: 4,000 credits for the month (100 pages) · Paid by invoice 42')
    const audit = await lastAudit(u.id)
    expect(audit).toMatchObject({ action: 'role.change', reason: 'Paid by invoice 42', actorId: (await row('staff@example.com')).id })
    expect(audit.before).toEqual({ role: 'free', plan: null, stripe_plan: null, remaining_credit_count: 200 })
    expect(audit.after).toEqual({ role: 'paid', plan: 'Pro 4,000', stripe_plan: 'v2-month-4000', remaining_credit_count: 4200 })

    const view = (await as(staff).get(`/v2/admin/users/${ana.uuid}`)).body
    expect(view.plan).toMatchObject({ slug: 'v2-month-4000', billing_cycle: 'month' })
    expect(view.audit[0]).toMatchObject({ actor_email: 'staff@example.com', action: 'role.change', after: audit.after })
    // The account sees it at once.
    expect((await as(ana.token).get('/v2/auth/me')).body).toMatchObject({ role: 'paid', remaining_credit_count: 4200 })
  })

  it('role free ends the plan and keeps the credits; admin sets the role only; nobody changes their own role', async () => {
    const path = `/v2/admin/users/${ana.uuid}/role`
    const res = await as(staff).post(path, { role: 'free', reason: 'Refunded' })
    expect(res.status).toBe(200)
    const u = await row('ana@example.com')
    expect(u).toMatchObject({ role: 'free', plan: null, stripePlan: null, remainingCreditCount: 4200 })
    expect((await lastAudit(u.id)).after).toEqual({ role: 'free', plan: null, stripe_plan: null })
    expect((await as(staff).post(path, { role: 'free', reason: 'Again' })).status).toBe(409)

    const own = await as(staff).post(`/v2/admin/users/${(await row('staff@example.com')).uuid}/role`, { role: 'free', reason: 'Oops' })
    expect(own.status).toBe(400)
    expect(own.body.error).toMatch(/your own role/)

    const made = await as(staff).post(path, { role: 'admin', reason: 'New support hire' })
    expect(made.body.user).toMatchObject({ role: 'admin', plan: null, remaining_credit_count: 4200 })
    expect((await lastAudit(u.id)).before).toEqual({ role: 'free' })
    // Back to free: staff asked to be free stop being staff (billing alone would keep them).
    await as(staff).post(path, { role: 'free', reason: 'Left the team' })
    expect((await row('ana@example.com')).role).toBe('free')
  })

  it('grants and removes credits with a floor at zero, a ledger row and an audit row', async () => {
    const path = `/v2/admin/users/${bob.uuid}/credits`
    const id = (await row('bob@example.com')).id
    const added = await as(staff).post(path, { delta: 300, reason: 'Goodwill for a failed page' })
    expect(added.body).toEqual({ delta: 300, balance: 500 })
    expect((await ledger(id))[0]).toMatchObject({ delta: 300, balanceAfter: 500, reason: 'support', note: 'Goodwill for a failed page' })
    expect(await lastAudit(id)).toMatchObject({
      action: 'credits.adjust',
      before: { remaining_credit_count: 200 },
      after: { remaining_credit_count: 500 },
    })

    const tooMuch = await as(staff).post(path, { delta: -501, reason: 'Duplicate grant' })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.error).toBe('delta: bob@example.com has 500 credits; removing 501 would take the balance below zero.')
    expect((await ledger(id)).length).toBe(2)

    for (const [delta, field] of [
      [0, 'delta'],
      [1.5, 'delta'],
      [1_000_001, 'delta'],
      ['12', 'delta'],
    ] as const) {
      const res = await as(staff).post(path, { delta, reason: 'Bad input' })
      expect(res.status, String(delta)).toBe(400)
      expect(res.body.error).toMatch(new RegExp(`^${field}: `))
    }
    expect((await as(staff).post(path, { delta: 5 })).body.error).toMatch(/^reason: /)

    // Two removals of the whole balance at once: one wins, the balance stops at zero.
    const both = await Promise.all([1, 2].map(() => as(staff).post(path, { delta: -500, reason: 'Duplicate grant' })))
    expect(both.map((r) => r.status).sort()).toEqual([200, 400])
    expect((await row('bob@example.com')).remainingCreditCount).toBe(0)
    expect((await ledger(id))[0]).toMatchObject({ delta: -500, balanceAfter: 0 })
    await as(staff).post(path, { delta: 200, reason: 'Put back' })
  })

  it('revoking the sessions makes the account’s token a 401', async () => {
    const me = await as(bob.token).get('/v2/auth/me')
    expect(me.status).toBe(200)
    const res = await as(staff).post(`/v2/admin/users/${bob.uuid}/revoke-sessions`, { reason: 'Laptop stolen' })
    expect(res.body).toEqual({ revoked: 1 })
    expect((await as(bob.token).get('/v2/auth/me')).status).toBe(401)
    const audit = await lastAudit((await row('bob@example.com')).id)
    expect(audit).toMatchObject({
      action: 'sessions.revoke',
      reason: 'Laptop stolen',
      before: { active_sessions: 1 },
      after: { active_sessions: 0 },
    })
    expect((await as(staff).post(`/v2/admin/users/${bob.uuid}/revoke-sessions`, {})).status).toBe(400)
    expect((await as(staff).get(`/v2/admin/users/${bob.uuid}`)).body.active_sessions).toBe(0)
  })

  it('resends a login code to the account’s address; the 30-second wait comes through as a 429', async () => {
    t.clock.advance(31_000)
    const before = t.mails.length
    const res = await as(staff).post(`/v2/admin/users/${bob.uuid}/resend-code`)
    expect(res.body).toEqual({ ok: true, email: 'bob@example.com', retry_after: 30 })
    expect(t.mails.slice(before)).toEqual([expect.objectContaining({ to: 'bob@example.com', code: expect.stringMatching(/^\d{6}$/) })])
    const again = await as(staff).post(`/v2/admin/users/${bob.uuid}/resend-code`)
    expect(again.status).toBe(429)
    expect(again.body).toMatchObject({ error: 'Please wait 30 seconds before requesting again.', retry_after: 30 })
    // The code works: Bob signs in again.
    const verified = await t.call('POST', '/v2/auth/verify', { email: 'bob@example.com', code: t.mails.at(-1)!.code })
    expect(verified.status).toBe(200)
    expect((await lastAudit((await row('bob@example.com')).id)).action).toBe('login_code.resend')
  })

  it('disqualifying a referral takes back the slot it gave, never below zero', async () => {
    const db = t.db.database.db
    const invite = async (email: string) => {
      t.clock.advance(31_000)
      await t.call('POST', '/v2/auth/send-code', { email, invited_by: bob.code })
      await t.call('POST', '/v2/auth/verify', { email, code: t.mails.at(-1)!.code })
      const [r] = await db
        .select()
        .from(referrals)
        .where(eq(referrals.inviteeId, (await row(email)).id))
      return r
    }
    const bobId = (await row('bob@example.com')).id
    // A unique real store, connected by the invitee: the referral qualifies the way a connection does.
    const qualify = async (email: string, shop: string) => {
      const invitee = await row(email)
      await db.insert(storeDomains).values({ shopDomain: shop, firstUserId: invitee.id, firstConnectedAt: t.clock.now() })
      await db.transaction((tx) => qualifyReferral(tx, invitee.id, { shop, isDemo: false }, t.clock.now()))
    }
    // Carol qualified: Bob got a second slot.
    const carol = await invite('carol@example.com')
    await qualify('carol@example.com', 'carol.myshopify.com')
    expect((await row('bob@example.com')).publishPagesCount).toBe(2)
    const dan = await invite('dan@example.com')

    const view = (await as(staff).get(`/v2/admin/users/${bob.uuid}`)).body
    expect(view.referrals_made.map((r: any) => [r.invitee_email, r.state])).toEqual([
      ['dan@example.com', 'pending'],
      ['carol@example.com', 'qualified'],
    ])
    const res = await as(staff).post(`/v2/admin/referrals/${carol.id}/disqualify`, { reason: 'Same person as Bob' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      slot_taken_back: true,
      referral: { state: 'disqualified', disqualified_reason: 'Same person as Bob', qualified_shop: 'carol.myshopify.com' },
    })
    expect((await row('bob@example.com')).publishPagesCount).toBe(1)
    expect(await lastAudit(bobId)).toMatchObject({
      action: 'referral.disqualify',
      before: { referral_id: carol.id, state: 'qualified', publish_pages_count: 2 },
      after: { referral_id: carol.id, state: 'disqualified', publish_pages_count: 1 },
    })
    expect((await as(staff).post(`/v2/admin/referrals/${carol.id}/disqualify`, { reason: 'Again' })).status).toBe(409)
    expect((await as(staff).post('/v2/admin/referrals/999999/disqualify', { reason: 'Nothing' })).status).toBe(404)
    expect((await as(staff).post(`/v2/admin/referrals/${dan.id}/disqualify`, {})).body.error).toMatch(/^reason: /)

    // Dan qualifies, Bob spends his slots publishing, then Dan is disqualified: the count stays at 0.
    await qualify('dan@example.com', 'dan.myshopify.com')
    expect((await row('bob@example.com')).publishPagesCount).toBe(2)
    await db.update(users).set({ publishPagesCount: 0 }).where(eq(users.id, bobId))
    const spent = await as(staff).post(`/v2/admin/referrals/${dan.id}/disqualify`, { reason: 'Test account' })
    expect(spent.body.slot_taken_back).toBe(false)
    expect((await row('bob@example.com')).publishPagesCount).toBe(0)
    // Dan's own page shows the referral he came through, with its state.
    const danView = (await as(staff).get(`/v2/admin/users/${(await row('dan@example.com')).uuid}`)).body
    expect(danView.referral_received).toMatchObject({
      inviter_email: 'bob@example.com',
      state: 'disqualified',
      disqualified_reason: 'Test account',
    })
  })
})
