import { Link, useLocation } from '@remix-run/react'
import { MAX_PUBLISH_SLOTS, publishSlotsShown } from '../../../server/domain/entitlements'
import type { PublicUser } from '../../../server/domain/user'
import { withParams, withoutDialog } from '../../lib/dialog-url'
import { CopyButton } from '../ui/CopyButton'
import { DialogFrame } from './DialogFrame'

export const QUALIFIED_REFERRAL_TEXT =
  'A qualified referral is a new user who signs up through your link and adds a unique Shopify store: not their own store, not a duplicate account and not a store already added.'

/** Refer, reference §7.2: "Publish more pages" (max width 480). */
export function ReferDialog({ user, publicUrl }: { user: PublicUser; publicUrl: string }) {
  const { pathname, search } = useLocation()
  const link = `${publicUrl}/r/${user.invitation_code}`
  const slots = publishSlotsShown(user)
  return (
    <DialogFrame title="Publish more pages" maxWidth={480} closeTo={withoutDialog(pathname, search)} testId="refer-dialog">
      <p className="lead" data-testid="publish-count">
        {slots === null ? 'You can publish unlimited pages.' : `You can publish ${slots} more ${slots === 1 ? 'page' : 'pages'} right now.`}
      </p>

      <div className="option-row">
        <div>
          <strong>Publish unlimited Pages</strong>
          <p className="muted small">Pro removes the limit on published pages.</p>
        </div>
        <Link
          to={withParams(pathname, search, { dialog: 'upgrade', reason: 'publish' })}
          replace
          preventScrollReset
          className="button button--primary"
        >
          Upgrade
        </Link>
      </div>

      <details className="refer" open>
        <summary>
          <span className="refer-kicker">Refer a friend</span>
          <span className="refer-title">{`Get Up to ${MAX_PUBLISH_SLOTS} Publish Slots for Referrals`}</span>
        </summary>
        <p className="small">
          Each{' '}
          <span className="tooltip" tabIndex={0} aria-describedby="qualified-tip">
            qualified referral
            <span role="tooltip" id="qualified-tip" className="tooltip-text">
              {QUALIFIED_REFERRAL_TEXT}
            </span>
          </span>{' '}
          gives you one more publish slot, up to {MAX_PUBLISH_SLOTS}.
        </p>
        <div className="copy-row">
          <label className="sr-only" htmlFor="referral-link">
            Your referral link
          </label>
          <input id="referral-link" className="input" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton text={link} />
        </div>
        <p className="small">
          <Link to="/docs#referral-terms">Referral terms</Link>
        </p>
      </details>
    </DialogFrame>
  )
}
