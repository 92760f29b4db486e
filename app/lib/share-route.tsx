import type { HeadersFunction, LinksFunction, MetaFunction } from '@remix-run/node'
import type { SharedPage } from '~/.server/api'
import { errorStatus, GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import pageCss from '~/styles/page.css?url'
import { keptErrorHeaders } from './error-headers'
import { errorPageFor } from './error-page'
import type { RouteHandle } from './shopper-view'

/** What /share/{id} and /sharev2/{id} have in common: shopper view in the page's language, page CSS only, social meta. */
export const handle: RouteHandle = {
  shopperView: true,
  language: (data) => (data as ShareData | undefined)?.shared?.page?.language,
}
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: pageCss }]
export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'no-store',
  ...keptErrorHeaders(errorHeaders),
})

type ShareData = { shared: SharedPage; canonical: string; description: string; jsonLd: Record<string, unknown> }

/** Title, a real sentence as description, canonical URL, Open Graph and schema.org Product (data, not script). */
export const meta: MetaFunction<() => Promise<ShareData>> = ({ data, error }) => {
  // The error page's own heading (a 503 is not "not found").
  if (!data) return [{ title: errorPageFor(errorStatus(error)).heading }]
  const title = data.shared.title ?? 'Product'
  const images = data.jsonLd.image as string[] | undefined
  return [
    { title },
    { name: 'description', content: data.description || title },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: data.description || title },
    { property: 'og:url', content: data.canonical },
    ...(images?.length ? [{ property: 'og:image', content: images[0] }] : []),
    { 'script:ld+json': data.jsonLd },
  ]
}

export const ErrorBoundary = GeneralErrorBoundary
