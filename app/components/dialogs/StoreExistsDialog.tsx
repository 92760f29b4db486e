import { Link, useLocation } from '@remix-run/react'
import { withoutStoreExist } from '../../lib/dialog-url'
import { DialogFrame } from './DialogFrame'

/** Store exists, reference §7.3 (persistent): opened by ?store_exist, "confirm" removes it from the URL. */
export function StoreExistsDialog() {
  const { pathname, search } = useLocation()
  return (
    <DialogFrame title="You store have already added." maxWidth={420} testId="store-exists-dialog">
      <img className="dialog-illustration" src="/illustrations/store-exists.svg" alt="" width={160} height={120} />
      <p>To add a new store, please switch store and click "Add Store" again.</p>
      <div className="dialog-actions">
        <Link to={withoutStoreExist(pathname, search)} replace preventScrollReset className="button button--primary button--block">
          confirm
        </Link>
      </div>
    </DialogFrame>
  )
}
