import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { users } from '../../db/schema'
import { FREE_PRODUCT_LIMIT, type Account } from '../../domain/entitlements'

type UserRow = typeof users.$inferSelect

/** The fields the allowance rules (server/domain/entitlements.ts) look at, from a user row. */
export function accountOf(row: Pick<UserRow, 'role' | 'remainingCreditCount' | 'publishPagesCount'>): Account {
  return { role: row.role, remaining_credit_count: row.remainingCreditCount, publish_pages_count: row.publishPagesCount }
}

/** The account's row, locked until the transaction ends: decisions on it and the spending they allow are one step. */
export async function lockAccount(tx: DbOrTx, userId: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
  return row
}

/** Keeps `remaining_product_count` true: the free product maximum minus the account's products. */
export async function setProductsKept(db: DbOrTx, userId: number, products: number) {
  await db
    .update(users)
    .set({ remainingProductCount: Math.max(0, FREE_PRODUCT_LIMIT - products) })
    .where(eq(users.id, userId))
}
