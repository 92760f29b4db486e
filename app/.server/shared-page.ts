import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { goPath, SHARE_VARIANT_HEADER } from '../../server/domain/experiments/shopper'
import { pageDescription, productJsonLd } from '../../server/domain/page/seo'
import { SHARED_PAGE_CACHE_CONTROL, shareUrl } from '../../server/domain/share'
import { createApiClient, transportFor } from './api'
import { env } from './env'
import { orHttpError } from './responses'

/** Public share page: an anonymous api call, no session read or written. 404 when not shared. */
export async function loadSharedPage({ params, context, request }: LoaderFunctionArgs) {
  const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
  // The share front picks the variant of a running experiment (server/http/share-front.ts).
  const variant = request.headers.get(SHARE_VARIANT_HEADER) === 'challenger' ? 'challenger' : undefined
  const shared = await orHttpError(api.tasks.shared(params.id ?? '', variant))
  const canonical = shareUrl(env().publicUrl, shared.session_id)
  const description = pageDescription(shared.page)
  const jsonLd = productJsonLd(shared.page, canonical, description)
  // The buy button goes through /go, which counts the press and redirects to this page's own buy target.
  const owner = shared.page.owner
  const page = owner?.buyUrl ? { ...shared.page, owner: { ...owner, buyUrl: goPath(shared.session_id) } } : shared.page
  return json(
    { shared: { ...shared, page }, canonical, description, jsonLd },
    {
      headers: {
        'Cache-Control': SHARED_PAGE_CACHE_CONTROL,
      },
    },
  )
}
