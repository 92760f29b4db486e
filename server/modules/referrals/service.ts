import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { referrals, users } from '../../db/schema'

/**
 * Records that `inviteeId` signed up through the link of the user whose invitation code is `code`.
 * Unknown codes are ignored: a stale or mistyped link must not block a sign-up.
 */
export async function recordReferral(tx: DbOrTx, code: string, inviteeId: number, now: Date): Promise<void> {
  const [inviter] = await tx.select({ id: users.id }).from(users).where(eq(users.invitationCode, code.toUpperCase()))
  if (!inviter || inviter.id === inviteeId) return
  await tx.insert(referrals).values({ inviterId: inviter.id, inviteeId, createdAt: now }).onConflictDoNothing()
}
