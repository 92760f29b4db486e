import { Link } from '@remix-run/react'
import { withParams } from '~/lib/dialog-url'
import {
  FREE_PUBLISH_SLOTS,
  FREE_SIGNUP_CREDITS,
  MAX_PUBLISH_SLOTS,
  pagesPerMonth,
  pagesFromCredits,
} from '../../../server/domain/entitlements'
import {
  creditTiers,
  formatCredits,
  formatUsd,
  monthlyAmount,
  yearlyAmount,
  yearlyDiscountPercent,
  type Plan,
} from '../../../server/domain/plans'
import { PRO_BENEFITS } from '../dialogs/UpgradeDialog'

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`

/**
 * The plans of GET /v2/subscription/plans?version=2: one card per credit tier with its monthly
 * price, the yearly price and its saving, and pages per month; the free plan first. "Choose"
 * opens the upgrade dialog on that plan (URL state: works without JS).
 */
export function PlansBlock({ plans, pathname, search }: { plans: Plan[]; pathname: string; search: string }) {
  const freePages = pagesFromCredits(FREE_SIGNUP_CREDITS)
  const tiers = creditTiers(plans, 'month')
  return (
    <section className="lp-section" id="plans" aria-labelledby="plans-title" data-testid="plans">
      <h2 id="plans-title">Plans</h2>
      <p className="lp-section__lead">Start free. Upgrade when your catalogue needs more pages. Prices in USD; cancel any time.</p>
      <div className="lp-plans">
        <article className="lp-plan" data-testid="plan-free">
          <h3>Free</h3>
          <p className="lp-plan__price">
            <span className="lp-plan__amount">$0</span>
          </p>
          <p className="lp-plan__note">{`${formatCredits(FREE_SIGNUP_CREDITS)} once, at sign-up`}</p>
          <ul className="lp-ticks">
            <li>{`${plural(freePages, 'page')} to start`}</li>
            <li>{`Publish ${plural(FREE_PUBLISH_SLOTS, 'page')} to Shopify, one more per friend you refer (up to ${MAX_PUBLISH_SLOTS})`}</li>
            <li>Pages from any Shopify store's product link</li>
            <li>Shopper pages with 0 KB of JavaScript</li>
          </ul>
          <Link to="/account/sign-up" className="button lp-plan__cta">
            Start free
          </Link>
        </article>
        {tiers.map((credits) => {
          const monthly = plans.find((p) => p.billing_cycle === 'month' && p.credit_value_month === credits && p.active)
          const yearly = plans.find((p) => p.billing_cycle === 'year' && p.credit_value_month === credits && p.active)
          if (!monthly) return null
          const saving = yearly ? yearlyDiscountPercent(yearly, plans) : null
          const featured = plans.some((p) => p.is_default && p.credit_value_month === credits)
          return (
            <article key={credits} className={featured ? 'lp-plan lp-plan--featured' : 'lp-plan'} data-testid="plan-pro">
              {featured ? <p className="lp-badge">Recommended</p> : null}
              <h3>{monthly.name}</h3>
              <p className="lp-plan__price">
                <span className="lp-plan__amount">{formatUsd(monthlyAmount(monthly))}</span>
                <span className="lp-plan__per">/month</span>
              </p>
              {yearly ? (
                <p className="lp-plan__note">
                  {`or ${formatUsd(monthlyAmount(yearly))}/month billed yearly (${formatUsd(yearlyAmount(yearly))})`}{' '}
                  {saving !== null && saving > 0 ? <span className="lp-save">{`Save ${saving}%`}</span> : null}
                </p>
              ) : null}
              <ul className="lp-ticks">
                <li>
                  <strong>{`${plural(pagesPerMonth(credits), 'page')} per month`}</strong>
                  {` (${formatCredits(credits)})`}
                </li>
                <li>Everything in Pro, below</li>
              </ul>
              <Link
                to={withParams(pathname, search, { dialog: 'upgrade', cycle: yearly ? 'year' : 'month', credits: String(credits) })}
                preventScrollReset
                className={featured ? 'button button--primary lp-plan__cta' : 'button lp-plan__cta'}
                aria-label={`Choose ${monthly.name}`}
              >
                Choose
              </Link>
            </article>
          )
        })}
      </div>
      <div className="lp-pro">
        <h3>Every Pro plan</h3>
        <ul className="lp-ticks lp-ticks--columns">
          {PRO_BENEFITS.map((b) => (
            <li key={b}>{b}</li>
          ))}
          <li>New pages open at once (free pages after a short wait)</li>
        </ul>
      </div>
    </section>
  )
}
