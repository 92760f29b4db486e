import { and, eq, isNull, or } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import type { DbOrTx } from '../../db/client'
import { stripeCustomers, users } from '../../db/schema'
import type { StripeMode } from '../../domain/billing'
import { log } from '../../log'
import type { UserRow } from '../users'
import { calling, idempotencyKey, isMissing, modeOf, stripeCall } from './stripe-calls'

/**
 * The account's Stripe customer, one per mode: test keys and live keys see different customers, so a customer made
 * while testing is never used with live keys. A customer Stripe no longer knows is made again.
 */

/** The account's customer in this mode, if it has one (no call to Stripe). */
export async function currentCustomer(db: DbOrTx, userId: number, mode: StripeMode): Promise<string | null> {
  const [row] = await db
    .select({ id: stripeCustomers.customerId })
    .from(stripeCustomers)
    .where(and(eq(stripeCustomers.userId, userId), eq(stripeCustomers.mode, mode)))
  return row?.id ?? null
}

/** Every customer id the account has had, in any mode (who may read a payment). */
export async function customerIdsOf(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db.select({ id: stripeCustomers.customerId }).from(stripeCustomers).where(eq(stripeCustomers.userId, userId))
  return rows.map((r) => r.id)
}

async function makeCustomer(deps: ApiDeps, stripe: Stripe, user: UserRow, replaces: string | null): Promise<string> {
  const mode = modeOf(deps)
  // One customer per account and mode, whatever the clicks; a customer made again (the old one gone) gets a new key.
  const customer = await calling(() =>
    stripe.customers.create(
      { email: user.email, name: user.name ?? undefined, metadata: { user_uuid: user.uuid } },
      { idempotencyKey: idempotencyKey('customer', [mode, user.uuid, replaces ?? 'first']) },
    ),
  )
  const { db } = deps.database
  await db.insert(stripeCustomers).values({ userId: user.id, mode, customerId: customer.id, createdAt: deps.clock() }).onConflictDoNothing()
  return (await currentCustomer(db, user.id, mode)) ?? customer.id
}

/**
 * The account's customer in this mode, made on first use. A customer kept from before modes were recorded is asked
 * of Stripe once: found, it is this mode's; unknown (made with the other mode's keys, or deleted), a new one is made.
 */
export async function customerFor(deps: ApiDeps, stripe: Stripe, user: UserRow): Promise<string> {
  const mode = modeOf(deps)
  const { db } = deps.database
  const rows = await db
    .select()
    .from(stripeCustomers)
    .where(and(eq(stripeCustomers.userId, user.id), or(eq(stripeCustomers.mode, mode), isNull(stripeCustomers.mode))))
  const mine = rows.find((r) => r.mode === mode)
  if (mine) return mine.customerId
  const legacy = rows.find((r) => r.mode === null)
  if (legacy) {
    const found = await stripeCall(() => stripe.customers.retrieve(legacy.customerId)).catch((error: unknown) => {
      if (isMissing(error)) return null
      throw error
    })
    if (found && !('deleted' in found && found.deleted)) {
      await db
        .update(stripeCustomers)
        .set({ mode })
        .where(and(eq(stripeCustomers.id, legacy.id), isNull(stripeCustomers.mode)))
        .catch(() => undefined)
      return (await currentCustomer(db, user.id, mode)) ?? legacy.customerId
    }
  }
  return makeCustomer(deps, stripe, user, legacy?.customerId ?? null)
}

/**
 * Runs a Stripe call that names the account's customer. When Stripe answers "No such customer" (deleted in the
 * Dashboard), the customer is forgotten and made again, and the call runs once more with the new one.
 */
export async function withCustomer<T>(deps: ApiDeps, stripe: Stripe, user: UserRow, fn: (customer: string) => Promise<T>): Promise<T> {
  const customer = await customerFor(deps, stripe, user)
  try {
    return await fn(customer)
  } catch (error) {
    if (!isMissing(error, 'customer')) throw error
    log.warn('stripe customer missing: making a new one', { user: user.uuid, mode: modeOf(deps) })
    await deps.database.db.delete(stripeCustomers).where(eq(stripeCustomers.customerId, customer))
    return fn(await makeCustomer(deps, stripe, user, customer))
  }
}

/**
 * Which account a Stripe object belongs to: its customer, else the account named in its metadata (whose customer it
 * then becomes in the object's mode).
 */
export async function ownerOf(
  db: DbOrTx,
  customerId: string | null,
  metadata: Record<string, string> | null | undefined,
  livemode: boolean,
): Promise<UserRow | null> {
  if (customerId) {
    const [byCustomer] = await db
      .select({ user: users })
      .from(stripeCustomers)
      .innerJoin(users, eq(users.id, stripeCustomers.userId))
      .where(eq(stripeCustomers.customerId, customerId))
    if (byCustomer) return byCustomer.user
  }
  const uuid = metadata?.user_uuid
  if (!uuid || !/^[0-9a-f-]{36}$/i.test(uuid)) return null
  const [byUuid] = await db.select().from(users).where(eq(users.uuid, uuid))
  if (byUuid && customerId) {
    await db
      .insert(stripeCustomers)
      .values({ userId: byUuid.id, mode: livemode ? 'live' : 'test', customerId })
      .onConflictDoNothing()
  }
  return byUuid ?? null
}
