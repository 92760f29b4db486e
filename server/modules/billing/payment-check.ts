import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import { subscriptions } from '../../db/schema'
import { PAYMENT_FAILED_MESSAGE, PAYMENT_SUCCESS_MESSAGE } from '../../domain/billing'
import { HttpError, badRequest, notFound } from '../../http/http-error'
import type { UserRow } from '../users'
import { customerIdsOf } from './customers'
import { settleDuplicates } from './duplicates'
import { calling, idOf, stripeOf } from './stripe-calls'
import { applySubscription, fetchSubscription } from './subscriptions'

type Summary = { id: string; status: string; currency: string; amount: number; plan: string | null }
function summary(sub: Stripe.Subscription, planName: string | null): Summary {
  const price = sub.items.data[0]?.price
  return { id: sub.id, status: sub.status, currency: sub.currency, amount: (price?.unit_amount ?? 0) / 100, plan: planName }
}

const NO_PAYMENT = 'There is no payment with this id.'

/**
 * The payment check (reference §6.9) after Checkout (`cs_…`) or the embedded form (`sub_…`): asks Stripe (never
 * trusts the return URL), applies what Stripe says (idempotent: the webhook may have done it already), and answers
 * success only for an active subscription. A second subscription paid by mistake is refunded here too; the answer is
 * then about the subscription the account keeps.
 */
export async function paymentCheck(deps: ApiDeps, user: UserRow, sessionId: string) {
  const stripe = stripeOf(deps)
  const mine = new Set(await customerIdsOf(deps.database.db, user.id))
  let sub: Stripe.Subscription | null = null
  if (sessionId.startsWith('cs_')) {
    const session = await calling(() => stripe.checkout.sessions.retrieve(sessionId)).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 400) throw notFound(NO_PAYMENT)
      throw error
    })
    const customer = idOf(session.customer)
    if (session.client_reference_id !== user.uuid && !(customer && mine.has(customer))) throw notFound(NO_PAYMENT)
    const subId = idOf(session.subscription)
    if (subId) sub = await calling(() => fetchSubscription(stripe, subId))
  } else if (sessionId.startsWith('sub_')) {
    const fetched = await calling(() => fetchSubscription(stripe, sessionId)).catch(() => null)
    const customer = fetched ? idOf(fetched.customer) : null
    if (!fetched || !customer || !mine.has(customer)) throw notFound(NO_PAYMENT)
    sub = fetched
  } else {
    throw badRequest('session_id: Invalid format', { field: 'session_id' })
  }
  if (!sub) return { status: 'pending' as const, message: PAYMENT_FAILED_MESSAGE, subscription: null }
  const checked = sub
  let synced = await deps.database.db.transaction((tx) => applySubscription(deps, tx, checked))
  if (synced?.duplicate) {
    await settleDuplicates(deps)
    // The account paid twice: the second payment is refunded, and the plan comes from the first subscription.
    const [row] = await deps.database.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, sub.id))
    const [kept] = row?.duplicateOf ? await deps.database.db.select().from(subscriptions).where(eq(subscriptions.id, row.duplicateOf)) : []
    if (kept) {
      sub = await calling(() => fetchSubscription(stripe, kept.stripeSubscriptionId))
      const keptSub = sub
      synced = await deps.database.db.transaction((tx) => applySubscription(deps, tx, keptSub))
    }
  }
  const active = sub.status === 'active'
  return {
    status: active ? ('success' as const) : sub.status === 'incomplete' ? ('pending' as const) : ('failed' as const),
    message: active ? PAYMENT_SUCCESS_MESSAGE : PAYMENT_FAILED_MESSAGE,
    subscription: summary(sub, synced?.plan.name ?? null),
  }
}
