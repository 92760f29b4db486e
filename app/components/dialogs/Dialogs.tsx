import { readUrlState } from '../../../server/domain/url-state'
import type { RootData } from '../../lib/root-data'
import { PaymentInfoDialog } from './PaymentInfoDialog'
import { ReferDialog } from './ReferDialog'
import { StoreExistsDialog } from './StoreExistsDialog'
import { UpgradeDialog } from './UpgradeDialog'

/** The dialog the URL names, if any (loaded by DialogHost when the URL may name one). */
export function Dialogs({ params, data }: { params: URLSearchParams; data: RootData }) {
  const { user, plans, plansFailed, publicUrl, paymentCheck } = data
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
