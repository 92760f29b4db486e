import { type Billing } from './billing'
import { type CheckoutSession } from './objects'
import { type EventRequest } from './webhooks'
import { ApiError } from './wire'

/** Checkout Sessions ending: paid on the hosted page, expired by the API, or expired by their own `expires_at`. */

/** POST /v1/checkout/sessions/{id}/expire: only an open session can be expired; checkout.session.expired. */
export async function expireCheckout(b: Billing, id: string, req?: EventRequest): Promise<CheckoutSession> {
  const session = b.sessions.get(id)
  if (!session) throw b.missing('checkout.session', id, undefined, (other) => other.sessions.has(id))
  if (session.status !== 'open') {
    throw new ApiError(
      400,
      'invalid_request_error',
      `A Checkout Session can only be expired while its status is open; this one is ${session.status}.`,
      undefined,
      'session',
    )
  }
  Object.assign(session, { status: 'expired', url: null } satisfies Partial<CheckoutSession>)
  await b.emit('checkout.session.expired', session, undefined, req)
  return session
}

/** Open sessions past their `expires_at` expire (Stripe does this on its own, with checkout.session.expired). */
export async function sweep(b: Billing): Promise<void> {
  const now = b.now()
  for (const s of b.sessions.values()) if (s.status === 'open' && s.expires_at <= now) await expireCheckout(b, s.id)
}

/** The buyer paid on the hosted page: customer (if new), an active subscription, its paid first invoice, and the events. */
export async function completeCheckout(b: Billing, id: string, order: 'session-first' | 'invoice-first' = 'session-first'): Promise<void> {
  const session = b.sessions.get(id)
  if (!session) throw new Error(`Stripe double: no checkout session ${id}`)
  await sweep(b)
  if (session.status !== 'open') throw new Error(`Stripe double: checkout session ${id} is ${session.status}`)
  const line = b.sessionLines.get(id)!
  const customer = session.customer
    ? b.customer(session.customer as string)
    : b.createCustomer({ email: session.customer_email, name: null, phone: null, description: null, metadata: {} })
  const { sub, invoice } = b.start(customer, b.price(line.price), line.quantity, line.metadata, 'on_subscription')
  sub.status = 'active'
  b.settle(invoice, b.now())
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    customer: customer.id,
    subscription: sub.id,
    invoice: invoice.id,
    url: null,
    customer_details: {
      address: null,
      business_name: null,
      email: customer.email,
      individual_name: null,
      name: customer.name ?? null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    collected_information: { business_name: null, individual_name: null, shipping_details: null },
  } satisfies Partial<CheckoutSession>)
  const created = () => b.emit('customer.subscription.created', sub)
  const completed = () => b.emit('checkout.session.completed', session)
  const paid = () => b.emit('invoice.paid', invoice)
  for (const send of order === 'invoice-first' ? [created, paid, completed] : [completed, created, paid]) await send()
}
