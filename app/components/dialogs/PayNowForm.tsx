import { Form } from '@remix-run/react'
import { useState, type FormEvent } from 'react'
import { UNEXPECTED_PAYMENT_ERROR } from '../../../server/domain/billing'
import { useHydrated } from '../../lib/use-hydrated'

/**
 * "Pay Now" for Stripe's hosted checkout. Without JavaScript: a plain POST, answered with a redirect
 * to Stripe. With it (reference §7.1): the checkout opens in a new tab; the tab is opened on the click
 * itself, so popup blockers let it through, and pointed at Stripe once the address is known.
 */
export function PayNowForm(props: { planId: number | null; returnTo: string; disabled: boolean; label?: string }) {
  const hydrated = useHydrated()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (!hydrated) return
    e.preventDefault()
    setError(null)
    setBusy(true)
    const tab = window.open('', '_blank')
    if (tab) tab.opener = null
    try {
      const res = await fetch('/resources/checkout', {
        method: 'POST',
        body: new FormData(e.currentTarget),
        headers: { accept: 'application/json' },
      })
      const body = (await res.json().catch(() => ({}))) as { url?: string; error?: string; redirect?: string }
      if (body.redirect) {
        // Not signed in: sign up first, then come back to the plans.
        tab?.close()
        window.location.assign(body.redirect)
        return
      }
      if (!body.url) throw new Error(body.error || UNEXPECTED_PAYMENT_ERROR)
      if (tab) tab.location.href = body.url
      else window.location.assign(body.url)
    } catch (err) {
      tab?.close()
      setError(err instanceof Error && err.message ? err.message : UNEXPECTED_PAYMENT_ERROR)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Form method="post" action="/resources/checkout" className="dialog-actions" onSubmit={onSubmit}>
      <input type="hidden" name="plan_id" value={props.planId ?? ''} />
      <input type="hidden" name="return_to" value={props.returnTo} />
      {error ? (
        <p className="notice notice--error" role="alert" data-testid="checkout-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={props.disabled || busy}>
        {props.label ?? 'Pay Now'}
      </button>
    </Form>
  )
}
