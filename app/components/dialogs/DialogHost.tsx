import { useLocation } from '@remix-run/react'
import { Suspense } from 'react'
import { lazyPart } from '../../lib/lazy-part'
import { useRootData } from '../../lib/root-data'

// The dialogs and the rules that pick one load only when a URL may name one (issue 10: no page
// carries their code otherwise).
const Dialogs = lazyPart(() => import('./Dialogs').then((m) => m.Dialogs))

/** Opens whichever dialog the URL names, on any page. */
export function DialogHost() {
  const { search } = useLocation()
  const params = new URLSearchParams(search)
  const data = useRootData()
  const maybe = params.has('dialog') || params.has('store_exist') || (!!data.paymentCheck && params.has('session_id'))
  return <Suspense fallback={null}>{maybe ? <Dialogs params={params} data={data} /> : null}</Suspense>
}
