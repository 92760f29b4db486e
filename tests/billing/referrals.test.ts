import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PUBLISH_SLOTS } from '../../server/domain/entitlements'
import { mailboxOf } from '../../server/domain/referrals'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { connectDemoShop } from '../shopify/connect'
import { createOutsideShops, type OutsideShops } from '../shopify/outside-shop'

/**
 * A referral qualifies when the referred account adds a unique real store (not a demo shop, not the
 * referrer's, not one connected before, not from a second account of the referrer); each gives the
 * referrer one publish slot, never more than 10 in all. The real stores here are outside shops
 * (tests/shopify/outside-shop.ts): Pagewright does not know them as its own demo shops.
 */
describe.each(DB_KINDS)('referrals on %s', (kind) => {
  let t: TestApi
  let outside: OutsideShops

  beforeAll(async () => {
    t = await createTestApi(kind)
    outside = await createOutsideShops(t, kind)
  })
  afterAll(async () => {
    await outside?.close()
    await t?.close()
  })
  const connectOutside = async (token: string, shop?: string) => {
    const connected = await outside.connect(token, shop ?? (await outside.create()))
    expect(connected.status).toBe(200)
    expect(connected.body.store.is_demo).toBe(false)
    return connected.body.store
  }
  const refusal = async (email: string) =>
    (
      await t.db.database.sql.executeSql(
        'SELECT r.refusal_reason FROM referrals r JOIN users u ON u.id = r.invitee_id WHERE u.email = $1',
        [email],
      )
    ).rows[0]?.refusal_reason

  /** Signs up through a referral link (the web passes the remembered code as invited_by). */
  async function signUpInvited(email: string, code: string) {
    const sent = await t.call('POST', '/v2/auth/send-code', { email, name: 'Invitee', invited_by: code })
    expect(sent.status).toBe(200)
    const verified = await t.call('POST', '/v2/auth/verify', { email, code: t.mails.at(-1)!.code })
    expect(verified.status).toBe(200)
    t.clock.advance(31_000)
    return { token: verified.body.access_token as string }
  }
  const slots = async (token: string) => (await t.call('POST', '/v2/auth/me', {}, token)).body.publish_pages_count as number

  it('a referred account connecting a unique store gives the referrer one slot', async () => {
    const inviter = await t.signIn('ivo@example.com', 'Ivo Inviter')
    expect(await slots(inviter.token)).toBe(1)
    const lookup = await t.call('GET', `/v2/referrals/${inviter.user.invitation_code}`)
    expect(lookup.body).toEqual({ code: inviter.user.invitation_code, first_name: 'Ivo' })
    const invitee = await signUpInvited('newbie@example.com', inviter.user.invitation_code)
    // A demo shop first: it never qualifies, and support can read why.
    await connectDemoShop(t, invitee.token, { sync: false })
    expect(await slots(inviter.token)).toBe(1)
    expect(await refusal('newbie@example.com')).toMatch(/demo shop/i)
    // Then the invitee's real store (as a Pro account, with room for a second store).
    await t.setUser('newbie@example.com', { role: 'paid' })
    await connectOutside(invitee.token)
    expect(await slots(inviter.token)).toBe(2)
    expect(await refusal('newbie@example.com')).toBeNull()
    const ledger = await t.db.database.sql.executeSql(
      `SELECT l.reason, l.delta FROM slot_ledger l JOIN users u ON u.id = l.user_id WHERE u.email = 'ivo@example.com' ORDER BY l.id`,
      [],
    )
    expect(ledger.rows).toEqual([
      { reason: 'signup', delta: 1 },
      { reason: 'referral', delta: 1 },
    ])
  })

  it('no slot for a store connected before, the referrer’s own store, or a second account of the referrer', async () => {
    const inviter = await t.signIn('jane.doe@gmail.com', 'Jane Doe')
    // The referrer's own store, uninstalled (its uninstall webhook), then connected by the referred account.
    const own = await connectOutside(inviter.token)
    await t.db.database.sql.executeSql("UPDATE shopify_stores SET status = 'uninstalled' WHERE id = $1", [own.id])
    const friend = await signUpInvited('friend@example.com', inviter.user.invitation_code)
    await connectOutside(friend.token, own.shop_domain)
    expect(await slots(inviter.token)).toBe(1)
    expect(await refusal('friend@example.com')).toMatch(/connected to Pagewright before/)

    // The same person under another address (Gmail ignores dots and +tags).
    expect(mailboxOf('J.a.n.e.Doe+pw@googlemail.com')).toBe(mailboxOf('jane.doe@gmail.com'))
    const twin = await signUpInvited('j.a.n.e.doe+pw@gmail.com', inviter.user.invitation_code)
    await connectOutside(twin.token)
    expect(await slots(inviter.token)).toBe(1)
    expect(await refusal('j.a.n.e.doe+pw@gmail.com')).toMatch(/same person/i)
  })

  it('never more than 10 publish slots from referrals', async () => {
    const inviter = await t.signIn('popular@example.com', 'Pop Popular')
    for (let i = 0; i < MAX_PUBLISH_SLOTS + 1; i++) {
      const invitee = await signUpInvited(`fan${i}@example.com`, inviter.user.invitation_code)
      await connectOutside(invitee.token)
    }
    expect(await slots(inviter.token)).toBe(MAX_PUBLISH_SLOTS)
    const qualified = await t.db.database.sql.executeSql(
      'SELECT count(*) AS n FROM referrals r JOIN users u ON u.id = r.inviter_id WHERE u.email = $1 AND r.qualified_at IS NOT NULL',
      ['popular@example.com'],
    )
    expect(Number(qualified.rows[0].n)).toBe(MAX_PUBLISH_SLOTS + 1)
  })
})
