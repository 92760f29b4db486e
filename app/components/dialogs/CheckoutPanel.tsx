import { Link } from '@remix-run/react'
import { lazy, Suspense, useCallback, useState } from 'react'
import { useHydrated } from '../../lib/use-hydrated'
import type { CardPaymentFailure } from './CardPayment'
import { PayNowForm } from './PayNowForm'

// Stripe's libraries load only when the panel opens (they are not on any other page).
const CardPayment = lazy(() => import('./CardPayment'))

/** The upgrade dialog's second panel "Checkout" (reference §7.1): the card form, or the hosted checkout when it cannot be shown. */
export function CheckoutPanel(props: { planId: number; returnTo: string; backTo: string }) {
  const hydrated = useHydrated()
  const [failure, setFailure] = useState<CardPaymentFailure | null>(null)
  const onFailure = useCallback((f: CardPaymentFailure) => setFailure(f), [])
  return (
    <section className="checkout-panel" aria-labelledby="checkout-title" data-testid="checkout-panel">
      <h3 id="checkout-title">Checkout</h3>
      <p>Please enter your billing info</p>
      {!hydrated ? (
        <>
          <p className="notice">The card form needs JavaScript. You can pay on Stripe’s secure page instead:</p>
          <PayNowForm planId={props.planId} returnTo={props.returnTo} disabled={false} />
        </>
      ) : failure ? (
        <>
          <p className="notice notice--error" role="alert" data-testid="provider-unavailable">
            {failure.kind === 'provider-unavailable'
              ? 'The payment provider is unavailable right now, so the card form cannot be shown. You can pay on Stripe’s secure page instead.'
              : failure.message}
          </p>
          <PayNowForm planId={props.planId} returnTo={props.returnTo} disabled={false} label="Pay on Stripe’s page" />
        </>
      ) : (
        <Suspense fallback={<p className="muted small">Loading the card form…</p>}>
          <CardPayment planId={props.planId} returnTo={props.returnTo} onFailure={onFailure} />
        </Suspense>
      )}
      <p className="small center">
        <Link to={props.backTo} replace preventScrollReset>
          Back to the plans
        </Link>
      </p>
    </section>
  )
}
