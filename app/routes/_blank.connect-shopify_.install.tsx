import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { createApiClient, transportFor } from '~/.server/api'
import { apiFailure } from '~/.server/api-failure'
import { toShopify } from '~/.server/shopify-connect'
import { shopifyHost } from '../../server/domain/shopify'

export const meta: MetaFunction = () => [{ title: 'Install Pagewright · Pagewright' }]

/** The app URL Shopify opens when a merchant installs or opens Pagewright from their admin (HMAC-signed). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).search.replace(/^\?/, '')
  const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
  try {
    // The admin's `host` rides with the attempt, so the owner lands with it after the approval.
    return await toShopify(await api.stores.install(query), null, shopifyHost(new URL(request.url).searchParams.get('host')))
  } catch (error) {
    const failure = apiFailure(error, "We couldn't reach Pagewright's store service. Please try again in a moment.")
    return json({ message: failure.message }, { status: failure.status })
  }
}

export default function Install() {
  const { message } = useLoaderData<typeof loader>()
  return (
    <section className="card connect-card" role="alert">
      <h1>Pagewright could not be installed</h1>
      <p>{message}</p>
      <p>
        <Link to="/connect-shopify">Connect your store from Pagewright instead</Link>
      </p>
    </section>
  )
}
