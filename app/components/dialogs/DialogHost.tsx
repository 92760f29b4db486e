import { useLocation } from '@remix-run/react'
import { readUrlState } from '../../../server/domain/url-state'
import { useRootData } from '../../lib/root-data'
import { PaymentInfoDialog } from './PaymentInfoDialog'
import { ReferDialog } from './ReferDialog'
import { StoreExistsDialog } from './StoreExistsDialog'
import { UpgradeDialog } from './UpgradeDialog'

/** Opens whichever dialog the URL names, on any page. */
export function DialogHost() {
  const { search } = useLocation()
  const params = new URLSearchParams(search)
  const { user, plans, plansFailed, publicUrl, paymentCheck } = useRootData()
  // Persistent dialogs first: they close only through their own button.
  if (paymentCheck && params.has('session_id')) return <PaymentInfoDialog check={paymentCheck} />
  if (params.has('store_exist')) return <StoreExistsDialog />
  switch (readUrlState(params).dialog) {
    case 'upgrade':
      return <UpgradeDialog user={user} plans={plans} plansFailed={plansFailed} />
    case 'refer':
      return user ? <ReferDialog user={user} publicUrl={publicUrl} /> : null
    default:
      return null
  }
}
