import { type Billing } from './billing'
import { type CheckoutSession, type Price, type Subscription } from './objects'
import { completeCheckout, sweep } from './sessions'
import { escapeHtml as h, formatAmount } from './wire'

/**
 * The hosted pages, plain HTML that works without JavaScript: Checkout (/checkout/{id}: Pay, Cancel), the customer
 * portal (/billing/{id}: cancel or keep the plan, invoices, Return) and hosted invoices (/invoice/{id}: Pay when open, /pdf).
 */

const day = (ts: number) => new Date(ts * 1000).toISOString().slice(0, 10)

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${h(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}form{display:inline-block;margin:.5rem .5rem 0 0}button{font:inherit;padding:.5rem 1.5rem}</style></head>
<body><main>
${body}
</main></body>
</html>`
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } })
}

const notFound = () => page('Not found', '<h1>Not found</h1>', 404)
const redirect = (location: string) => new Response(null, { status: 303, headers: { location } })
const button = (action: string, label: string, hidden: Record<string, string> = {}) =>
  `<form method="post" action="${h(action)}">${Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${h(k)}" value="${h(v)}">`)
    .join('')}<button type="submit">${h(label)}</button></form>`

function priceLine(price: Price, quantity: number): string {
  const each = formatAmount(price.unit_amount ?? 0, price.currency)
  const per = `per ${price.recurring?.interval ?? 'month'}`
  return quantity === 1 ? `${each} ${per}` : `${quantity} × ${each} ${per}`
}

function successUrl(session: CheckoutSession): string {
  return session.success_url ? session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) : `/checkout/${session.id}`
}

function checkoutPage(billing: Billing, session: CheckoutSession): Response {
  const line = billing.sessionLineItems(session.id) as { data: { price: Price; quantity: number }[] }
  const { price, quantity } = line.data[0]
  const email = session.customer_email ?? (session.customer ? billing.customers.get(session.customer as string)?.email : null)
  const open = session.status === 'open'
  if (session.status === 'expired')
    return page(
      'Checkout',
      '<h1>This Checkout Session has expired</h1><p data-testid="expired">Start again from the site you came from.</p>',
      410,
    )
  return page(
    'Checkout',
    `<h1>Subscribe</h1>
<p data-testid="amount">${h(priceLine(price, quantity))}</p>
<p>Billed every <span data-testid="interval">${h(price.recurring?.interval ?? 'month')}</span>${email ? ` · ${h(email)}` : ''}</p>
<p>Total due today: <strong>${h(formatAmount(session.amount_total ?? 0, 'usd'))}</strong></p>
${open ? button(`/checkout/${session.id}/pay`, 'Pay') + button(`/checkout/${session.id}/cancel`, 'Cancel') : `<p>Payment complete.</p><a href="${h(successUrl(session))}">Continue</a>`}`,
  )
}

function subscriptionBlock(portal: string, sub: Subscription, canCancel: boolean): string {
  const item = sub.items.data[0]
  const live = sub.status !== 'canceled' && sub.status !== 'incomplete_expired'
  const when = !live
    ? `Ended ${day(sub.ended_at ?? item.current_period_end)}`
    : sub.cancel_at_period_end
      ? `Cancels on ${day(item.current_period_end)}`
      : `Renews on ${day(item.current_period_end)}`
  const action =
    !live || !canCancel
      ? ''
      : sub.cancel_at_period_end
        ? button(`${portal}/resume`, 'Keep plan', { subscription: sub.id })
        : button(`${portal}/cancel`, 'Cancel plan', { subscription: sub.id })
  return `<section data-subscription="${h(sub.id)}"><h2>${h(priceLine(item.price as Price, item.quantity ?? 1))}</h2><p>Status: ${h(sub.status)} · ${when}</p>${action}</section>`
}

function portalPage(billing: Billing, id: string): Response {
  const portal = billing.portals.get(id)
  if (!portal) return notFound()
  const customer = billing.customers.get(portal.customer)
  const cancel = billing.catalog.portalConfigs.get(portal.configuration as string)?.features.subscription_cancel
  const subs = [...billing.subscriptions.values()].filter((s) => s.customer === portal.customer)
  const invoices = billing.listInvoices({ customer: portal.customer, limit: 100 }).data
  return page(
    'Billing',
    `<h1>Billing</h1>
<p>${h(customer?.email ?? portal.customer)}</p>
${subs.map((s) => subscriptionBlock(`/billing/${id}`, s, !!cancel?.enabled)).join('\n') || '<p>No subscriptions.</p>'}
<h2>Invoices</h2>
<ul>${invoices.map((i) => `<li><a href="${h(i.hosted_invoice_url ?? '')}">${h(i.number ?? i.id)}</a> ${h(formatAmount(i.total, i.currency))} ${h(i.status ?? '')}</li>`).join('')}</ul>
<a href="${h(portal.return_url ?? '/')}">Return</a>`,
  )
}

function invoicePage(billing: Billing, id: string): Response {
  const invoice = billing.invoices.get(id)
  if (!invoice) return notFound()
  const line = invoice.lines.data[0]
  return page(
    `Invoice ${invoice.number}`,
    `<h1>Invoice ${h(invoice.number ?? invoice.id)}</h1>
<p data-testid="amount">${h(formatAmount(invoice.total, invoice.currency))}</p>
<p>Status: <span data-testid="status">${h(invoice.status ?? '')}</span></p>
<p>Period: ${day(line.period.start)} – ${day(line.period.end)}</p>
${invoice.status === 'open' ? button(`/invoice/${id}/pay`, 'Pay') : ''}
<a href="/invoice/${h(id)}/pdf">Download PDF</a>`,
  )
}

function pdf(text: string): Response {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`
  const body = `%PDF-1.4
1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj
2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj
3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>> endobj
4 0 obj <</Length ${stream.length}>> stream
${stream}
endstream endobj
5 0 obj <</Type/Font/Subtype/Type1/BaseFont/Helvetica>> endobj
trailer <</Root 1 0 R>>
%%EOF`
  return new Response(body, { headers: { 'content-type': 'application/pdf' } })
}

/** Answers a hosted-page request, or null when the path is not one. The id says which mode's page it is. */
export async function hostedPage(request: Request, modes: Billing[]): Promise<Response | null> {
  const path = new URL(request.url).pathname
  const m = /^\/(checkout|billing|invoice)\/([^/]+)(?:\/([a-z]+))?$/.exec(path)
  if (!m) return null
  const [, kind, id, action] = m
  const billing = modes.find((b) => b.sessions.has(id) || b.portals.has(id) || b.invoices.has(id)) ?? modes[0]
  await sweep(billing)
  const post = request.method === 'POST'
  if (kind === 'checkout') {
    const session = billing.sessions.get(id)
    if (!session) return notFound()
    if (!action && !post) return checkoutPage(billing, session)
    if (action === 'pay' && post) {
      if (session.status === 'expired') return checkoutPage(billing, session)
      if (session.status === 'open') await completeCheckout(billing, id)
      return redirect(successUrl(session))
    }
    if (action === 'cancel' && post) return redirect(session.cancel_url ?? `/checkout/${id}`)
  }
  if (kind === 'billing') {
    if (!action && !post) return portalPage(billing, id)
    const portal = billing.portals.get(id)
    if (!portal || !post || (action !== 'cancel' && action !== 'resume')) return notFound()
    const subId = new URLSearchParams(await request.text()).get('subscription') ?? ''
    const sub = billing.subscriptions.get(subId)
    if (!sub || sub.customer !== portal.customer) return notFound()
    // The portal cancels as its configuration says: at the period's end (keep plan undoes it), or at once.
    const cancel = billing.catalog.portalConfigs.get(portal.configuration as string)?.features.subscription_cancel
    if (!cancel?.enabled) return notFound()
    if (action === 'cancel' && cancel.mode === 'immediately') await billing.cancelNow(subId)
    else await billing.updateSubscription(subId, { cancelAtPeriodEnd: action === 'cancel' })
    return redirect(`/billing/${id}`)
  }
  if (kind === 'invoice') {
    const invoice = billing.invoices.get(id)
    if (!invoice) return notFound()
    if (!action && !post) return invoicePage(billing, id)
    if (action === 'pdf' && !post)
      return pdf(`Invoice ${invoice.number} ${formatAmount(invoice.total, invoice.currency)} ${invoice.status}`)
    if (action === 'pay' && post) {
      if (invoice.status === 'open') await billing.payInvoice(id)
      return redirect(`/invoice/${id}`)
    }
  }
  return page('Method not allowed', '<h1>Method not allowed</h1>', 405)
}
