import { Link, useLoaderData, useLocation } from '@remix-run/react'
import type { loadGuidePricing } from '~/.server/guide-pricing'
import { PLANS_FAILED_MESSAGE, PRO_BENEFITS } from '~/components/dialogs/UpgradeDialog'
import { withParams } from '~/lib/dialog-url'
import { FREE_PUBLISH_SLOTS, CREDITS_PER_PAGE, pagesPerMonth } from '../../../server/domain/entitlements'
import { formatUsd } from '../../../server/domain/plans'
import { GuideSteps } from './GuideSteps'

/** The plan step of guides v2 and v3, shown while the page is being written. */
export function GuidePricing() {
  const data = useLoaderData<typeof loadGuidePricing>()
  const { pathname, search } = useLocation()
  return (
    <section className="guide">
      <GuideSteps progress={data.progress} />
      <div className="card">
        <h1>Choose how to continue</h1>
        <p className="muted">Your page is being written now. Keep the free plan, or see what Pro adds — you can upgrade any time.</p>
        <div className="guide-plans">
          <div className="guide-plan" data-testid="guide-plan-free">
            <h2>Free</h2>
            <p className="muted">What you have now</p>
            <ul>
              <li>{`${data.credits.toLocaleString('en-US')} credits left (a page costs ${CREDITS_PER_PAGE})`}</li>
              <li>Pages from Shopify product links</li>
              <li>{`${FREE_PUBLISH_SLOTS} publish slot, more for referrals`}</li>
              <li>New pages show after a short wait</li>
            </ul>
            <Link to={data.next} className="button button--primary" data-testid="guide-continue-free">
              Continue with Free
            </Link>
          </div>
          <div className="guide-plan guide-plan--pro" data-testid="guide-plan-pro">
            <h2>Pro</h2>
            {data.cheapest ? (
              <p>
                <strong>{`From ${formatUsd(data.cheapest.perMonth)} a month`}</strong>{' '}
                <span className="muted">{`· up to ${pagesPerMonth(data.cheapest.credits)} pages a month`}</span>
              </p>
            ) : data.plansFailed ? (
              <p className="notice notice--error">{PLANS_FAILED_MESSAGE}</p>
            ) : null}
            <ul>
              {PRO_BENEFITS.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
            <Link to={withParams(pathname, search, { dialog: 'upgrade' })} preventScrollReset className="button">
              See Pro plans
            </Link>
          </div>
        </div>
      </div>
    </section>
  )
}
