import { Link, useLocation } from '@remix-run/react'
import { withParams } from '../../lib/dialog-url'
import { DialogFrame } from './DialogFrame'

export interface PaymentCheck {
  ok: boolean
  message: string
}

/** Payment info, reference §7.4 (persistent): the payment check's outcome; "Done" takes `session_id` out of the URL. */
export function PaymentInfoDialog({ check }: { check: PaymentCheck }) {
  const { pathname, search } = useLocation()
  const done = withParams(pathname, search, { session_id: null })
  return (
    <DialogFrame title={check.ok ? 'Payment received' : 'Payment not completed'} maxWidth={420} testId="payment-dialog">
      <p className={`payment-icon payment-icon--${check.ok ? 'success' : 'warning'}`} aria-hidden="true">
        {check.ok ? '✓' : '!'}
      </p>
      <p data-testid="payment-message" role={check.ok ? 'status' : 'alert'}>
        {check.message}
      </p>
      <div className="dialog-actions">
        {pathname !== '/subscription' ? (
          <p>
            <Link to="/subscription">View Details</Link>
          </p>
        ) : null}
        <Link to={done} replace preventScrollReset className="button button--primary button--block">
          Done
        </Link>
      </div>
    </DialogFrame>
  )
}
