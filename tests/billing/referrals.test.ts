import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PUBLISH_SLOTS } from '../../server/domain/accounts'
import { mailboxOf } from '../../server/domain/referrals'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { adminPost, approveInShop, connectDemoShop } from '../shopify/connect'

/**
 * Spec §5/§9: a referral qualifies when the referred account adds a unique store (not the
 * referrer's, not one connected before, not a second account of the referrer); each gives the
 * referrer one publish slot, never more than 10 in all.
 */
describe.each(DB_KINDS)('referrals on %s', (kind) => {
  let t: TestApi

  beforeAll(async () => {
    t = await createTestApi(kind)
  })
  afterAll(() => t.close())

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
    await connectDemoShop(t, invitee.token, { sync: false })
    expect(await slots(inviter.token)).toBe(2)
  })

  it('no slot for a store connected before, the referrer’s own store, or a second account of the referrer', async () => {
    const inviter = await t.signIn('jane.doe@gmail.com', 'Jane Doe')
    // The referrer's own store, uninstalled, then connected by the referred account (a demo shop's
    // consent answers only the account that made it, so its owner approves the friend's connection).
    const own = await connectDemoShop(t, inviter.token, { sync: false })
    await adminPost(t, inviter.token, own.shop, 'apps/pagewright/uninstall')
    const friend = await signUpInvited('friend@example.com', inviter.user.invitation_code)
    const approval = await approveInShop(t, friend.token, own.shop, { shopOwner: inviter.token })
    const connected = await t.call('POST', '/v2/shopify/oauth/callback', approval, friend.token)
    expect(connected.status).toBe(200)
    expect(await slots(inviter.token)).toBe(1)

    // The same person under another address (Gmail ignores dots and +tags).
    expect(mailboxOf('J.a.n.e.Doe+pw@googlemail.com')).toBe(mailboxOf('jane.doe@gmail.com'))
    const twin = await signUpInvited('j.a.n.e.doe+pw@gmail.com', inviter.user.invitation_code)
    await connectDemoShop(t, twin.token, { sync: false })
    expect(await slots(inviter.token)).toBe(1)
  })

  it('never more than 10 publish slots from referrals', async () => {
    const inviter = await t.signIn('popular@example.com', 'Pop Popular')
    for (let i = 0; i < MAX_PUBLISH_SLOTS + 1; i++) {
      const invitee = await signUpInvited(`fan${i}@example.com`, inviter.user.invitation_code)
      await connectDemoShop(t, invitee.token, { sync: false })
    }
    expect(await slots(inviter.token)).toBe(MAX_PUBLISH_SLOTS)
    const qualified = await t.db.database.sql.executeSql(
      'SELECT count(*) AS n FROM referrals r JOIN users u ON u.id = r.inviter_id WHERE u.email = $1 AND r.qualified_at IS NOT NULL',
      ['popular@example.com'],
    )
    expect(Number(qualified.rows[0].n)).toBe(MAX_PUBLISH_SLOTS + 1)
  })
})
