import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import pageCss from '~/styles/page.css?url'
import { loadSharedPage } from '~/.server/shared-page'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { SharedPageView } from '~/components/SharedPageView'
import type { RouteHandle } from '~/lib/shopper-view'

export const handle: RouteHandle = { shopperView: true }
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: pageCss }]
export const headers: HeadersFunction = ({ loaderHeaders }) => ({ 'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'no-store' })

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const page = data?.shared.page
  const hero = page?.sections.find((s) => s.type === 'hero')
  const title = data?.shared.title ?? 'Product'
  return [
    { title },
    { name: 'description', content: hero && hero.type === 'hero' ? hero.subheading : title },
    { property: 'og:title', content: title },
    ...(hero && hero.type === 'hero' && hero.image ? [{ property: 'og:image', content: hero.image.src }] : []),
  ]
}

export const loader = (args: LoaderFunctionArgs) => loadSharedPage(args)

export default function SharePageV2() {
  const { shared } = useLoaderData<typeof loader>()
  return <SharedPageView shared={shared} variant="v2" />
}

export const ErrorBoundary = GeneralErrorBoundary
