import { intervalOf, type Billing } from './billing'
import { type LineSpec } from './invoice'
import { planObject, type Price, type Subscription } from './objects'
import { type EventRequest } from './webhooks'
import { clone, diff, invalid, newId, periodBoundary } from './wire'

export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none'

/**
 * A subscription moved to another price (POST /v1/subscriptions/{id} with `items[0][price]`, what the customer portal
 * does on a plan change), as Stripe bills it:
 * - same interval: the unused time of the old price is credited and the rest of the period charged at the new price
 *   (two proration lines) — invoiced now with `always_invoice` (billing_reason subscription_update), added to the next
 *   renewal with `create_prorations` (the default), not at all with `none`;
 * - another interval (monthly ↔ yearly): the billing cycle restarts now and an invoice is made and paid at once: the
 *   unused time credited (unless `none`) and the new price for the new period (billing_reason subscription_update).
 * A total below zero (a downgrade) is due as 0 and credited to the customer's balance.
 * Events: customer.subscription.updated, then invoice.paid when an invoice was made.
 */
export async function changePrice(
  billing: Billing,
  sub: Subscription,
  a: { itemId: string; price: Price; behavior: ProrationBehavior },
  req?: EventRequest,
): Promise<Subscription> {
  const item = sub.items.data[0]
  if (a.itemId !== item.id) throw invalid('items[0][id]', `No such subscription item: '${a.itemId}'`, 'resource_missing')
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
    throw invalid('items', 'A canceled subscription can only update its cancellation_details and metadata.')
  const old = item.price as Price
  if (old.id === a.price.id) return sub
  if (old.currency !== a.price.currency)
    throw invalid('items[0][price]', `The price ${a.price.id} is in ${a.price.currency}, the subscription in ${sub.currency}.`)
  const before = clone(sub)
  const now = billing.now()
  const quantity = item.quantity ?? 1
  const start = item.current_period_start
  const end = item.current_period_end
  const left = end > start ? Math.max(0, Math.min(1, (end - now) / (end - start))) : 0
  const unused: LineSpec = {
    id: newId('il', 24),
    price: old,
    quantity,
    amount: -Math.round((old.unit_amount ?? 0) * quantity * left),
    proration: true,
    period: { start: now, end },
    description: `Unused time on ${old.nickname ?? (old.product as string)}`,
  }
  const was = intervalOf(old)
  const next = intervalOf(a.price)
  const cycleChanges = was.interval !== next.interval || was.count !== next.count
  item.price = a.price
  item.plan = planObject(a.price)
  let lines: LineSpec[] | null = null
  if (cycleChanges) {
    item.current_period_start = now
    item.current_period_end = periodBoundary(now, next.interval, 1, next.count)
    sub.billing_cycle_anchor = now
    billing.cycles.set(sub.id, 0)
    lines = [...(a.behavior === 'none' ? [] : [unused]), billing.itemLine(sub)]
  } else if (a.behavior !== 'none') {
    const rest: LineSpec = {
      id: newId('il', 24),
      price: a.price,
      quantity,
      amount: Math.round((a.price.unit_amount ?? 0) * quantity * left),
      proration: true,
      period: { start: now, end },
      description: `Remaining time on ${a.price.nickname ?? (a.price.product as string)}`,
    }
    if (a.behavior === 'always_invoice') lines = [unused, rest]
    else billing.pendingLines.set(sub.id, [...(billing.pendingLines.get(sub.id) ?? []), unused, rest])
  }
  const invoice = lines && billing.newInvoice(sub, 'subscription_update', { start: now, end: now }, now, lines)
  if (invoice) billing.settle(invoice, now)
  const prev = diff(before, sub)
  if (prev) await billing.emit('customer.subscription.updated', sub, prev, req)
  if (invoice) await billing.emit('invoice.paid', invoice, undefined, req)
  return sub
}
