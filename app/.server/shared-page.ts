import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { pageDescription, productJsonLd } from '../../server/domain/page/seo'
import { SHARED_PAGE_CACHE_CONTROL, shareUrl } from '../../server/domain/share'
import { createApiClient, transportFor } from './api'
import { env } from './env'
import { orHttpError } from './responses'

/** Public share page: an anonymous api call, no session read or written. 404 when not shared. */
export async function loadSharedPage({ params, context }: LoaderFunctionArgs) {
  const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
  const shared = await orHttpError(api.tasks.shared(params.id ?? ''))
  const canonical = shareUrl(env().publicUrl, shared.session_id)
  return json(
    { shared, canonical, description: pageDescription(shared.page), jsonLd: productJsonLd(shared.page, canonical) },
    {
      headers: {
        'Cache-Control': SHARED_PAGE_CACHE_CONTROL,
      },
    },
  )
}
