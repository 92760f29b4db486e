import { Link, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { mayCheckout, notEnoughCreditsText, pagesPerMonth } from '../../../server/domain/entitlements'
import { shouldAutoCloseUpgrade, upgradeDialogTitle } from '../../../server/domain/permissions'
import {
  creditTiers,
  defaultBillingCycle,
  formatCredits,
  formatUsd,
  monthlyAmount,
  selectPlan,
  yearlyAmount,
  yearlyDiscountPercent,
  type BillingCycle,
  type Plan,
} from '../../../server/domain/plans'
import { readUrlState } from '../../../server/domain/url-state'
import type { PublicUser } from '../../../server/domain/user'
import { withParams, withoutDialog } from '../../lib/dialog-url'
import { CheckoutPanel } from './CheckoutPanel'
import { DialogFrame } from './DialogFrame'
import { PayNowForm } from './PayNowForm'

export const PRO_BENEFITS = [
  'Publish unlimited pages',
  'Unlimited Shopify stores',
  'Generate from any Shopify store',
  'Generate from AliExpress and Amazon',
  'Generate from Temu, DHgate and TikTok Shop',
  'Private product pages',
] as const

export const PLANS_FAILED_MESSAGE = 'There are some issues now.  The team is notified.  Thank you.'

/** Upgrade, reference §7.1 (max width 460). All of its state is in the URL: it works without JS. */
export function UpgradeDialog(props: { user: PublicUser | null; plans: Plan[] | null; plansFailed: boolean }) {
  const { pathname, search } = useLocation()
  const state = readUrlState(search)
  const closeTo = withoutDialog(pathname, search)
  const onLandingPage = pathname.startsWith('/lp/')
  const { user, plans } = props
  const title = upgradeDialogTitle(user?.role ?? null, state.reason)
  useAutoClose(user, closeTo)
  // Denied generate: say how many credits a page needs and what comes next, on any plan.
  const creditsShort = user && state.reason === 'generate' ? notEnoughCreditsText(user) : null

  if (user && !mayCheckout(user) && creditsShort) {
    // A Pro user cannot buy their way out here (no plan change in the app): the balance is the news.
    return (
      <DialogFrame title={title} maxWidth={460} closeTo={closeTo} testId="upgrade-dialog">
        <p data-testid="credits-short">{creditsShort}</p>
        <div className="dialog-actions">
          <Link to={closeTo} replace preventScrollReset className="button button--primary button--block">
            OK
          </Link>
        </div>
      </DialogFrame>
    )
  }

  const cycle: BillingCycle = state.cycle ?? defaultBillingCycle(plans ?? [])
  const plan = plans ? selectPlan(plans, cycle, state.credits) : undefined
  const tiers = plans ? creditTiers(plans, cycle) : []
  const discount = plan && cycle === 'year' ? yearlyDiscountPercent(plan, plans ?? []) : null
  const link = (set: Record<string, string | null>) => withParams(pathname, search, set)
  const canPay = !user || mayCheckout(user)

  return (
    <DialogFrame title={title} maxWidth={460} closeTo={closeTo} testId="upgrade-dialog">
      {creditsShort ? <p data-testid="credits-short">{creditsShort}</p> : null}
      {props.plansFailed || !plan ? (
        onLandingPage ? null : (
          <p className="notice notice--error" data-testid="plans-error">
            {PLANS_FAILED_MESSAGE}
          </p>
        )
      ) : (
        <>
          <nav className="segmented" aria-label="Billing period">
            <Link to={link({ cycle: 'year' })} replace preventScrollReset aria-current={cycle === 'year' ? 'true' : undefined}>
              Yearly
            </Link>
            <Link to={link({ cycle: 'month' })} replace preventScrollReset aria-current={cycle === 'month' ? 'true' : undefined}>
              Monthly
            </Link>
          </nav>

          <div className="plan-card" data-testid="plan-card">
            <div className="plan-price">
              <span className="plan-amount">{formatUsd(monthlyAmount(plan))}</span>
              <span className="plan-per">/month</span>
              {cycle === 'year' && discount !== null ? <span className="badge badge--accent">{`Save ${discount}%`}</span> : null}
            </div>
            {cycle === 'year' ? (
              <p className="plan-note">{`Pay yearly at ${formatUsd(yearlyAmount(plan))}. All credits granted upfront.`}</p>
            ) : null}
            <div className="credit-tiers" role="radiogroup" aria-label="Monthly credits">
              {tiers.map((credits) => (
                <Link
                  key={credits}
                  to={link({ cycle, credits: String(credits) })}
                  replace
                  preventScrollReset
                  role="radio"
                  aria-checked={credits === plan.credit_value_month}
                  className="credit-tier"
                >
                  {formatCredits(credits)}
                </Link>
              ))}
            </div>
            <p className="plan-pages">{`Create up to ${pagesPerMonth(plan.credit_value_month)} pages per month`}</p>
          </div>
        </>
      )}

      <ul className="benefits">
        {PRO_BENEFITS.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
      <p className="muted small">Prices are in USD.</p>

      {plan && canPay && state.panel === 'checkout' ? (
        <CheckoutPanel planId={plan.id} returnTo={`${pathname}${search}`} backTo={link({ panel: null })} />
      ) : (
        <>
          <PayNowForm planId={plan?.id ?? null} returnTo={`${pathname}${search}`} disabled={!canPay || !plan} />
          {plan && canPay ? (
            <p className="small center">
              <Link to={link({ panel: 'checkout' })} replace preventScrollReset>
                Pay with a card here instead
              </Link>
            </p>
          ) : null}
        </>
      )}
    </DialogFrame>
  )
}

/** reference §7.1: close when the role turns non-free or credits rise from under 40 to 40 or more. */
function useAutoClose(user: PublicUser | null, closeTo: string) {
  const navigate = useNavigate()
  const previous = useRef(user)
  useEffect(() => {
    const before = previous.current
    previous.current = user
    if (before && user && shouldAutoCloseUpgrade(before, user)) navigate(closeTo, { replace: true, preventScrollReset: true })
  }, [user, closeTo, navigate])
}
