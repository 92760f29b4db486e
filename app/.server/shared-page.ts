import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { createApiClient, transportFor } from './api'
import { orHttpError } from './responses'

/** Public share page: an anonymous api call, no session read or written. 404 when not shared. */
export async function loadSharedPage({ params, context }: LoaderFunctionArgs) {
  const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
  const shared = await orHttpError(api.tasks.shared(params.id ?? ''))
  return json(
    { shared },
    {
      headers: {
        // Revalidated on every view: a page made private must disappear at once.
        'Cache-Control': 'public, no-cache',
      },
    },
  )
}
