import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { loadSharedPage } from '~/.server/shared-page'
import { SharedPageView } from '~/components/SharedPageView'

export { handle, links, headers, meta, ErrorBoundary } from '~/lib/share-route'

export const loader = (args: LoaderFunctionArgs) => loadSharedPage(args)

export default function SharePageV2() {
  const { shared } = useLoaderData<typeof loader>()
  return <SharedPageView shared={shared} variant="v2" />
}
