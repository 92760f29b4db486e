import { useLocation } from '@remix-run/react'
import { Suspense } from 'react'
import { lazyPart } from '../../lib/lazy-part'
import { useRootData } from '../../lib/root-data'

// The dialogs and the rules that pick one load only when a URL may name one (issue 10: no page
// carries their code otherwise).
const Dialogs = lazyPart(() => import('./Dialogs').then((m) => m.Dialogs))

/** Whether the URL may name a dialog (the payment check only with its answer). */
const mayNameDialog = (params: URLSearchParams, paymentCheck: boolean) =>
  params.has('dialog') || params.has('store_exist') || (paymentCheck && params.has('session_id'))

// A page that opens on a dialog fetches it before hydrating, so its buttons work as soon as possible
// (until then the server's HTML and its forms and links work as they do without JS).
if (typeof window !== 'undefined' && mayNameDialog(new URLSearchParams(window.location.search), true)) Dialogs.preload()

/** Opens whichever dialog the URL names, on any page. */
export function DialogHost() {
  const { search } = useLocation()
  const params = new URLSearchParams(search)
  const data = useRootData()
  const maybe = mayNameDialog(params, !!data.paymentCheck)
  return <Suspense fallback={null}>{maybe ? <Dialogs params={params} data={data} /> : null}</Suspense>
}
