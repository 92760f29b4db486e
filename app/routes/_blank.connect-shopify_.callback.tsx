import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { ApiError, createApiClient, transportFor } from '~/.server/api'
import { apiFailure } from '~/.server/api-failure'
import { optionalUser } from '~/.server/auth'
import { commitSession, flashToast, getSession } from '~/.server/session'
import { AFTER_CONNECT, clearOAuthCookies, connectDenial, savedReturn, withHost } from '~/.server/shopify-connect'
import { CONNECT_INTENT } from '~/forms/shopify'
import { connectShopifyPath } from '~/lib/paths'
import { isMyshopifyDomain, shopifyHost } from '../../server/domain/shopify'

export const meta: MetaFunction = () => [{ title: 'Connecting your store · Pagewright' }]

/**
 * Where Shopify sends the owner back after they approve Pagewright. Signed in: the store joins the
 * account. Not signed in (an install that started in Shopify): the shop owner's e-mail gets a code,
 * and verifying it signs them in or up and connects the store (`shopifyLoginSessionId`, reference §2.5).
 * An attempt from the Shopify admin keeps its `host` on the address wherever the owner lands. One that expired
 * (or came back to another browser) offers to start again at once.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const query = url.search.replace(/^\?/, '')
  const cookie = request.headers.get('Cookie') ?? ''
  const signedIn = await optionalUser(request, context)
  const headers = new Headers()
  // Where connecting started (a guide step, a page): back there once connected, or on a failure.
  const saved = await savedReturn(request)
  const returnTo = saved.to
  // An attempt that came from the Shopify admin carries its `host` (bound to the state): the owner
  // lands with it. Shopify's own, on the callback, wins; a connect started in Pagewright has none.
  const host = saved.host ? (shopifyHost(url.searchParams.get('host')) ?? saved.host) : null
  const shop = url.searchParams.get('shop')?.toLowerCase() ?? ''
  await clearOAuthCookies(headers)
  try {
    if (signedIn) {
      const { store } = await signedIn.api.stores.callback(query, cookie)
      headers.append(
        'Set-Cookie',
        await flashToast(request, { type: 'success', text: `Connected ${store.name ?? store.shop_domain}. Its products are syncing.` }),
      )
      // Back where connecting started (a guide step, a page), else the synced catalogue.
      return redirect(withHost(returnTo ?? AFTER_CONNECT, host), { headers })
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
    return redirect(withHost('/account/verify', host), { headers })
  } catch (error) {
    const dialog = connectDenial(request, error)
    if (dialog) {
      for (const c of headers.getSetCookie()) dialog.headers.append('Set-Cookie', c)
      return dialog
    }
    const failure = apiFailure(error, "We couldn't reach Pagewright's store service. Please try again in a moment.")
    const restart = error instanceof ApiError && error.body.restart === true
    return json(
      {
        message: failure.message,
        returnTo,
        host,
        restart,
        // Starting again needs the shop's address: the one Shopify named, when it is one.
        shop: isMyshopifyDomain(shop) ? shop : '',
        signedIn: !!signedIn,
        again: withHost(
          isMyshopifyDomain(shop)
            ? `${connectShopifyPath(returnTo)}${returnTo ? '&' : '?'}shop=${encodeURIComponent(shop)}`
            : connectShopifyPath(returnTo),
          host,
        ),
      },
      { status: failure.status, headers },
    )
  }
}

export default function ConnectCallback() {
  const { message, returnTo, host, restart, shop, signedIn, again } = useLoaderData<typeof loader>()
  return (
    <section className="card connect-card" role="alert">
      <h1>{restart ? 'Start connecting again' : 'Your store was not connected'}</h1>
      <p>{message}</p>
      <div className="actions-row">
        {restart && signedIn && shop ? (
          // One press and the owner is back at Shopify's approval for the same store (works without JavaScript).
          <Form method="post" action="/connect-shopify" reloadDocument>
            <input type="hidden" name="shop" value={shop} />
            {returnTo ? <input type="hidden" name="return_to" value={returnTo} /> : null}
            {host ? <input type="hidden" name="host" value={host} /> : null}
            <button type="submit" name="intent" value={CONNECT_INTENT.connect} className="button button--primary">
              Start again
            </button>
          </Form>
        ) : (
          <Link to={again} className="button button--primary">
            {restart ? 'Start again' : 'Try again'}
          </Link>
        )}
        {returnTo ? (
          <Link to={returnTo} className="button">
            Go back without a store
          </Link>
        ) : null}
      </div>
    </section>
  )
}
