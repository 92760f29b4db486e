import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { useEffect, useState, type FormEvent } from 'react'
import { UNEXPECTED_PAYMENT_ERROR } from '../../../server/domain/billing'

interface Started {
  client_secret: string
  subscription_id: string
  publishable_key: string
  email: string
}

/** What the dialog's checkout panel reports when the card form cannot be shown. */
export type CardPaymentFailure = { kind: 'provider-unavailable' | 'error'; message: string }

/**
 * The embedded card form (reference §7.1, the Checkout panel): a subscription is started for the plan,
 * Stripe's Payment Element takes the card, and Stripe sends the buyer back to /subscription for
 * the payment check. Loaded only when the panel opens.
 */
export default function CardPayment(props: { planId: number; returnTo: string; onFailure: (f: CardPaymentFailure) => void }) {
  const [started, setStarted] = useState<Started | null>(null)
  const [stripe, setStripe] = useState<Stripe | null>(null)
  const { planId, returnTo, onFailure } = props

  useEffect(() => {
    let cancelled = false
    ;(async () => {
      const body = new FormData()
      body.set('plan_id', String(planId))
      body.set('return_to', returnTo)
      body.set('intent', 'embedded')
      const res = await fetch('/resources/checkout', { method: 'POST', body, headers: { accept: 'application/json' } })
      const answer = (await res.json().catch(() => ({}))) as Partial<Started> & { error?: string }
      if (!answer.client_secret || !answer.publishable_key) throw new Error(answer.error || UNEXPECTED_PAYMENT_ERROR)
      // loadStripe resolves to null or rejects when Stripe's script cannot be loaded.
      const loaded = await loadStripe(answer.publishable_key).catch(() => null)
      if (cancelled) return
      if (!loaded) {
        onFailure({ kind: 'provider-unavailable', message: 'The payment provider’s script could not be loaded.' })
        return
      }
      setStripe(loaded)
      setStarted(answer as Started)
    })().catch((error: unknown) => {
      if (!cancelled) onFailure({ kind: 'error', message: error instanceof Error ? error.message : UNEXPECTED_PAYMENT_ERROR })
    })
    return () => {
      cancelled = true
    }
  }, [planId, returnTo, onFailure])

  if (!started || !stripe) return <p className="muted small">Loading the card form…</p>
  return (
    <Elements stripe={stripe} options={{ clientSecret: started.client_secret }}>
      <CardForm started={started} />
    </Elements>
  )
}

function CardForm({ started }: { started: Started }) {
  const stripe = useStripe()
  const elements = useElements()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!stripe || !elements) return
    setBusy(true)
    setError(null)
    const returnUrl = new URL('/subscription', window.location.origin)
    returnUrl.searchParams.set('session_id', started.subscription_id)
    const { error: failed } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: returnUrl.toString(), receipt_email: started.email },
    })
    // reference §8.1: card and validation errors in Stripe's words; anything else is "unexpected".
    if (failed)
      setError(
        failed.type === 'card_error' || failed.type === 'validation_error'
          ? (failed.message ?? UNEXPECTED_PAYMENT_ERROR)
          : UNEXPECTED_PAYMENT_ERROR,
      )
    setBusy(false)
  }

  return (
    <form onSubmit={onSubmit} className="checkout-panel">
      <PaymentElement />
      {error ? (
        <p className="notice notice--error" role="alert" data-testid="card-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={!stripe || busy}>
        Pay Now
      </button>
    </form>
  )
}
