import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { apiFailure } from '~/.server/api-failure'
import { requireUser } from '~/.server/auth'
import { log } from '~/.server/log'
import { redirectWithToast } from '~/.server/responses'
import { PayNowForm } from '~/components/dialogs/PayNowForm'
import { PLANS_FAILED_MESSAGE, PRO_BENEFITS } from '~/components/dialogs/UpgradeDialog'
import { LocalTime } from '~/components/LocalTime'
import { UNEXPECTED_PAYMENT_ERROR } from '../../server/domain/billing'
import { CREDIT_REASON_LABELS } from '../../server/domain/credits'
import { pagesPerMonth, isStaff, mayCheckout } from '../../server/domain/entitlements'
import { DEFAULT_UPGRADE_TITLE_PAID } from '../../server/domain/permissions'
import { creditTiers, formatUsd, monthlyAmount, yearlyAmount, yearlyDiscountPercent, type Plan } from '../../server/domain/plans'

export const meta: MetaFunction = () => [{ title: 'Subscription · Pagewright' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context)
  const overview = await api.payments.overview()
  let plans: Plan[] | null = null
  let plansFailed = false
  if (mayCheckout(user)) {
    try {
      plans = await api.plans.list()
    } catch (error) {
      plansFailed = true
      log.warn('plan loading failed', { error: String(error) })
    }
  }
  return json({ overview, free: mayCheckout(user), staff: isStaff(user), plans, plansFailed })
}

/** "Manage billing": Stripe's customer portal (card, invoices, cancellation). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context)
  try {
    const { url } = await api.payments.portal()
    return redirect(url, 303)
  } catch (error) {
    const failure = apiFailure(error, UNEXPECTED_PAYMENT_ERROR)
    return redirectWithToast(request, '/subscription', {
      type: 'error',
      text: failure.status >= 500 ? UNEXPECTED_PAYMENT_ERROR : failure.message,
    })
  }
}

const money = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount)
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`
  }
}

export default function Subscription() {
  const { overview: o, free, staff, plans, plansFailed } = useLoaderData<typeof loader>()
  return (
    <div className="subscription">
      <div className="page-head">
        <h1>Subscription</h1>
      </div>
      <section className="card" aria-labelledby="plan-title" data-testid="current-plan">
        <h2 id="plan-title" className="h3">
          Your plan
        </h2>
        {o.plan ? (
          <>
            <p className="lead">
              <strong>{o.plan.name}</strong>
              {o.plan.amount !== null && o.plan.billing_cycle ? ` · ${formatUsd(o.plan.amount)} per ${o.plan.billing_cycle}` : ''}
            </p>
            {o.plan.renews_at ? (
              <p>
                Renews <LocalTime iso={o.plan.renews_at} />.
              </p>
            ) : null}
            {o.plan.ends_at ? (
              <p className="notice">
                Cancelled: you keep Pro until <LocalTime iso={o.plan.ends_at} />, then the account goes back to the free plan.
              </p>
            ) : null}
            {o.plan.payment_failed ? (
              <p className="notice notice--error" role="alert">
                Your last payment did not go through. Stripe will try again; update your card under Manage billing to keep Pro.
              </p>
            ) : null}
          </>
        ) : staff ? (
          <p>Staff account: no plan needed.</p>
        ) : (
          <p>The free plan.</p>
        )}
        <p>
          <strong data-testid="credit-balance">{o.credits.toLocaleString('en-US')} credits</strong> left
          {o.last_credit_reset ? (
            <>
              {' '}
              · last granted <LocalTime iso={o.last_credit_reset} />
            </>
          ) : null}
          .
        </p>
        {o.can_manage_billing ? (
          <Form method="post">
            <button type="submit" className="button">
              Manage billing
            </button>
          </Form>
        ) : null}
        {!free && !staff ? <p className="muted small">{DEFAULT_UPGRADE_TITLE_PAID}</p> : null}
      </section>

      {free ? (
        <section className="card" aria-labelledby="plans-title">
          <h2 id="plans-title" className="h3">
            Go Pro
          </h2>
          {!o.payments_configured ? (
            <p className="notice">Payments are not set up on this server yet: support can upgrade your account.</p>
          ) : null}
          {plansFailed || !plans ? <p className="notice notice--error">{PLANS_FAILED_MESSAGE}</p> : <PlanCards plans={plans} />}
          <ul className="benefits">
            {PRO_BENEFITS.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
          <p className="muted small">Prices are in USD.</p>
        </section>
      ) : null}

      <section className="card" aria-labelledby="ledger-title">
        <h2 id="ledger-title" className="h3">
          Credit history
        </h2>
        {o.ledger.length ? (
          <table className="table" data-testid="ledger">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col" className="num">
                  Change
                </th>
                <th scope="col" className="num">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {o.ledger.map((l, i) => (
                <tr key={i}>
                  <td>
                    <LocalTime iso={l.created_at} />
                  </td>
                  <td>
                    {CREDIT_REASON_LABELS[l.reason]}
                    {l.note ? <span className="muted small"> · {l.note}</span> : null}
                  </td>
                  <td className="num">{l.delta > 0 ? `+${l.delta.toLocaleString('en-US')}` : l.delta.toLocaleString('en-US')}</td>
                  <td className="num">{l.balance_after.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="muted">No changes yet.</p>
        )}
      </section>

      {o.invoices.length || o.invoices_failed ? (
        <section className="card" aria-labelledby="invoices-title">
          <h2 id="invoices-title" className="h3">
            Invoices
          </h2>
          {o.invoices_failed ? <p className="notice">Your invoices could not be loaded just now. Try again in a moment.</p> : null}
          <ul className="invoice-list">
            {o.invoices.map((i) => (
              <li key={i.id}>
                <LocalTime iso={i.created_at} /> · {i.number ?? i.id} · {money(i.amount, i.currency)} · {i.status}
                {i.url ? (
                  <>
                    {' '}
                    ·{' '}
                    <a href={i.url} target="_blank" rel="noreferrer">
                      View
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

/** The plans as the upgrade dialog shows them, each with its own Pay Now (a plain form: no JS needed). */
function PlanCards({ plans }: { plans: Plan[] }) {
  return (
    <div className="plan-grid">
      {(['year', 'month'] as const).map((cycle) =>
        creditTiers(plans, cycle).map((credits) => {
          const plan = plans.find((p) => p.billing_cycle === cycle && p.credit_value_month === credits)!
          const discount = cycle === 'year' ? yearlyDiscountPercent(plan, plans) : null
          return (
            <div className="plan-card" key={plan.id} data-testid="plan-card">
              <p className="small muted">{cycle === 'year' ? 'Yearly' : 'Monthly'}</p>
              <div className="plan-price">
                <span className="plan-amount">{formatUsd(monthlyAmount(plan))}</span>
                <span className="plan-per">/month</span>
                {discount !== null ? <span className="badge badge--accent">{`Save ${discount}%`}</span> : null}
              </div>
              {cycle === 'year' ? (
                <p className="plan-note">{`Pay yearly at ${formatUsd(yearlyAmount(plan))}. All credits granted upfront.`}</p>
              ) : null}
              <p>{`${credits.toLocaleString('en-US')} Credits`}</p>
              <p className="plan-pages">{`Create up to ${pagesPerMonth(credits)} pages per month`}</p>
              <PayNowForm planId={plan.id} returnTo="/subscription" disabled={false} />
              <p className="small">
                <Link to={`/subscription?dialog=upgrade&cycle=${cycle}&credits=${credits}`}>Pay with a card here</Link>
              </p>
            </div>
          )
        }),
      )}
    </div>
  )
}
