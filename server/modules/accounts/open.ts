import type { DbOrTx } from '../../db/client'
import { users, creditLedger, slotLedger } from '../../db/schema'
import { FREE_PRODUCT_LIMIT, FREE_PUBLISH_SLOTS, FREE_SIGNUP_CREDITS } from '../../domain/entitlements'

type NewUserRow = typeof users.$inferInsert
type UserRow = typeof users.$inferSelect

/** The profile a new account is made with; its balances and plan are this module's to set. */
export type AccountProfile = Omit<
  NewUserRow,
  'role' | 'plan' | 'stripePlan' | 'remainingCreditCount' | 'remainingProductCount' | 'publishPagesCount' | 'lastCreditReset'
> & { createdAt: Date }

/**
 * Inserts a new account on the free plan (staff when `admin`): the sign-up credits and the free
 * publish slot, each with its first ledger row. Returns null when the row was not inserted (its
 * invitation code clashed: the caller draws another). Call inside a transaction.
 */
export async function openAccount(tx: DbOrTx, profile: AccountProfile, opts: { admin: boolean }): Promise<UserRow | null> {
  const now = profile.createdAt
  const [row] = await tx
    .insert(users)
    .values({
      ...profile,
      role: opts.admin ? 'admin' : 'free',
      remainingCreditCount: FREE_SIGNUP_CREDITS,
      remainingProductCount: FREE_PRODUCT_LIMIT,
      publishPagesCount: FREE_PUBLISH_SLOTS,
      lastCreditReset: now,
    })
    .onConflictDoNothing({ target: users.invitationCode })
    .returning()
  if (!row) return null
  await tx
    .insert(creditLedger)
    .values({ userId: row.id, delta: FREE_SIGNUP_CREDITS, balanceAfter: FREE_SIGNUP_CREDITS, reason: 'signup', createdAt: now })
  await tx
    .insert(slotLedger)
    .values({ userId: row.id, delta: FREE_PUBLISH_SLOTS, balanceAfter: FREE_PUBLISH_SLOTS, reason: 'signup', createdAt: now })
  return row
}
