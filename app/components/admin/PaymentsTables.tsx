import type { AdminAccount } from '../../../server/contract/admin'
import { formatUsd } from '../../../server/domain/plans'
import { Table, When } from './AccountTables'

/**
 * The account's payments in the support console (reference §2.7): disputes first (an open one freezes nothing: answer
 * the bank in the Stripe Dashboard before its due date), then the subscriptions (a second one paid by mistake names
 * the one it doubled and when it was refunded), and the Stripe customers per mode.
 */
export function PaymentsTables({ billing }: { billing: AdminAccount['billing'] }) {
  const money = (amount: number, currency: string) =>
    currency === 'usd' ? formatUsd(amount) : `${amount.toFixed(2)} ${currency.toUpperCase()}`
  return (
    <>
      <h3>Disputes</h3>
      <div data-testid="disputes">
        <Table head={['Opened', 'Dispute', 'Amount', 'Reason', 'Status', 'Invoice', 'Closed']} empty="No disputes.">
          {billing.disputes.map((d) => (
            <tr key={d.id}>
              <td>
                <When iso={d.created_at} />
              </td>
              <td>
                <code>{d.id}</code>
              </td>
              <td>{money(d.amount, d.currency)}</td>
              <td>{d.reason.replace(/_/g, ' ')}</td>
              <td>{d.status.replace(/_/g, ' ')}</td>
              <td>{d.invoice ? <code>{d.invoice}</code> : '—'}</td>
              <td>
                <When iso={d.closed_at} />
              </td>
            </tr>
          ))}
        </Table>
      </div>
      <h3>Subscriptions</h3>
      <Table head={['Started', 'Subscription', 'Plan', 'Status', 'Period ends', 'Second subscription']} empty="No subscriptions.">
        {billing.subscriptions.map((s) => (
          <tr key={s.id}>
            <td>
              <When iso={s.created_at} />
            </td>
            <td>
              <code>{s.id}</code>
            </td>
            <td>{s.plan ?? '—'}</td>
            <td>{s.cancel_at_period_end && s.status === 'active' ? 'active, cancels at period end' : s.status.replace(/_/g, ' ')}</td>
            <td>
              <When iso={s.current_period_end} />
            </td>
            <td>
              {s.duplicate_of ? (
                <>
                  doubled <code>{s.duplicate_of}</code>:{' '}
                  {s.refunded_at ? (
                    <>
                      cancelled and refunded <When iso={s.refunded_at} />
                    </>
                  ) : (
                    'being refunded'
                  )}
                </>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </Table>
      <p className="muted small">
        Stripe customers:{' '}
        {billing.customers.length
          ? billing.customers.map((c, i) => (
              <span key={c.id}>
                {i ? ', ' : ''}
                <code>{c.id}</code> ({c.mode ?? 'mode not known yet'})
              </span>
            ))
          : 'none'}
      </p>
    </>
  )
}
