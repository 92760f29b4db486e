import { and, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { referrals, shopifyStores, storeDomains, users } from '../../db/schema'
import { mailboxOf, referralRefusal } from '../../domain/referrals'
import { DEFAULT_FIRST_NAME } from '../../domain/user'
import { log } from '../../log'
import { earnReferralSlot, lockAccount } from '../accounts'

/**
 * Records that `inviteeId` signed up through the link of the user whose invitation code is `code`.
 * Unknown codes are ignored: a stale or mistyped link must not block a sign-up.
 */
export async function recordReferral(tx: DbOrTx, code: string, inviteeId: number, now: Date): Promise<void> {
  const [inviter] = await tx.select({ id: users.id }).from(users).where(eq(users.invitationCode, code.toUpperCase()))
  if (!inviter || inviter.id === inviteeId) return
  await tx.insert(referrals).values({ inviterId: inviter.id, inviteeId, createdAt: now }).onConflictDoNothing()
}

/**
 * A referral qualifies when the referred account adds a unique store — a real Shopify store (not a
 * demo shop), not the referrer's, not one anybody connected before, not by a second account of the
 * referrer. A qualified referral earns the referrer one publish slot while the cap allows
 * (accounts' earnReferralSlot). Runs in the transaction that connects the store, with the referrer's
 * row locked, so parallel connections cannot overshoot. A refusal is kept on the referral with its
 * reason, for support; a later unique store may still qualify it.
 */
export async function qualifyReferral(tx: DbOrTx, inviteeId: number, store: { shop: string; isDemo: boolean }, now: Date): Promise<void> {
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.inviteeId, inviteeId), isNull(referrals.qualifiedAt), isNull(referrals.disqualifiedAt)))
  if (!referral) return
  const inviter = await lockAccount(tx, referral.inviterId)
  const [invitee] = await tx.select().from(users).where(eq(users.id, inviteeId))
  const [domain] = await tx.select().from(storeDomains).where(eq(storeDomains.shopDomain, store.shop))
  const [inviterStore] = await tx
    .select({ id: shopifyStores.id })
    .from(shopifyStores)
    .where(and(eq(shopifyStores.userId, inviter.id), eq(shopifyStores.shopDomain, store.shop)))
  const refusal = referralRefusal({
    inviterMailbox: mailboxOf(inviter.email),
    inviteeMailbox: mailboxOf(invitee.email),
    storeFirstUserId: domain?.firstUserId ?? null,
    inviteeId,
    inviterHadStore: !!inviterStore,
    isDemo: store.isDemo,
  })
  if (refusal) {
    await tx.update(referrals).set({ refusalReason: refusal, refusedAt: now }).where(eq(referrals.id, referral.id))
    log.info('referral not qualified', { referral: referral.id, reason: refusal })
    return
  }
  await tx
    .update(referrals)
    .set({ qualifiedAt: now, qualifiedShop: store.shop, refusalReason: null, refusedAt: null })
    .where(eq(referrals.id, referral.id))
  await earnReferralSlot(tx, inviter.id, referral.id, now)
}

/** The inviter behind a referral code, as the /r/{code} page names them: the first name only. */
export async function inviterOf(db: DbOrTx, code: string) {
  if (!/^[A-Za-z0-9]{4,16}$/.test(code)) return null
  const [row] = await db
    .select({ code: users.invitationCode, first: users.firstName })
    .from(users)
    .where(eq(users.invitationCode, code.toUpperCase()))
  if (!row) return null
  return { code: row.code, first_name: row.first === DEFAULT_FIRST_NAME ? null : row.first }
}
