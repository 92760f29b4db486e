import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { createApiClient, transportFor } from '~/.server/api'
import { apiFailure } from '~/.server/api-failure'
import { optionalUser } from '~/.server/auth'
import { commitSession, flashToast, getSession } from '~/.server/session'
import { AFTER_CONNECT, clearOAuthCookies, connectDenial, savedReturn } from '~/.server/shopify-connect'
import { connectShopifyPath } from '~/lib/paths'

export const meta: MetaFunction = () => [{ title: 'Connecting your store · Pagewright' }]

/**
 * Where Shopify sends the owner back after they approve Pagewright. Signed in: the store joins the
 * account. Not signed in (an install that started in Shopify): the shop owner's e-mail gets a code,
 * and verifying it signs them in or up and connects the store (`shopifyLoginSessionId`, reference §2.5).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const query = url.search.replace(/^\?/, '')
  const cookie = request.headers.get('Cookie') ?? ''
  const signedIn = await optionalUser(request, context)
  const headers = new Headers()
  // Where connecting started (a guide step, a page): back there once connected, or on a failure.
  const returnTo = await savedReturn(request)
  await clearOAuthCookies(headers)
  try {
    if (signedIn) {
      const { store } = await signedIn.api.stores.callback(query, cookie)
      headers.append(
        'Set-Cookie',
        await flashToast(request, { type: 'success', text: `Connected ${store.name ?? store.shop_domain}. Its products are syncing.` }),
      )
      // Back where connecting started (a guide step, a page), else the synced catalogue.
      return redirect(returnTo ?? AFTER_CONNECT, { headers })
    }
    const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
    const install = await api.stores.installCallback(query, cookie)
    const session = await getSession(request)
    session.set('email', install.email)
    session.set('shopifyLoginSessionId', install.install_id)
    session.set('fromShopifySignUp', true)
    if (install.shop_name) session.set('name', install.shop_name)
    session.set('lastRequestCode', Date.now())
    // A new account goes through guide v1 (its store step already done); an existing one to its products.
    session.set('guide', 'v1')
    headers.append('Set-Cookie', await commitSession(session))
    return redirect('/account/verify', { headers })
  } catch (error) {
    const dialog = connectDenial(request, error)
    if (dialog) {
      for (const c of headers.getSetCookie()) dialog.headers.append('Set-Cookie', c)
      return dialog
    }
    const failure = apiFailure(error, "We couldn't reach Pagewright's store service. Please try again in a moment.")
    return json({ message: failure.message, returnTo }, { status: failure.status, headers })
  }
}

export default function ConnectCallback() {
  const { message, returnTo } = useLoaderData<typeof loader>()
  return (
    <section className="card connect-card" role="alert">
      <h1>Your store was not connected</h1>
      <p>{message}</p>
      <p className="actions-row">
        <Link to={connectShopifyPath(returnTo)} className="button button--primary">
          Try again
        </Link>
        {returnTo ? (
          <Link to={returnTo} className="button">
            Go back without a store
          </Link>
        ) : null}
      </p>
    </section>
  )
}
