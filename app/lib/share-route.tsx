import type { HeadersFunction, LinksFunction, MetaFunction } from '@remix-run/node'
import type { SharedPage } from '~/.server/api'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import pageCss from '~/styles/page.css?url'
import type { RouteHandle } from './shopper-view'

/** What /share/{id} and /sharev2/{id} have in common: shopper view, page CSS only, social meta. */
export const handle: RouteHandle = { shopperView: true }
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: pageCss }]
export const headers: HeadersFunction = ({ loaderHeaders }) => ({ 'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'no-store' })

export const meta: MetaFunction<() => Promise<{ shared: SharedPage }>> = ({ data }) => {
  const page = data?.shared.page
  const hero = page?.sections.find((s) => s.type === 'hero')
  const title = data?.shared.title ?? 'Product'
  return [
    { title },
    { name: 'description', content: hero?.type === 'hero' ? hero.subheading : title },
    { property: 'og:title', content: title },
    ...(hero?.type === 'hero' && hero.image ? [{ property: 'og:image', content: hero.image.src }] : []),
  ]
}

export const ErrorBoundary = GeneralErrorBoundary
