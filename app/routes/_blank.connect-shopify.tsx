import { parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { apiFailure, replyErrors } from '~/.server/api-failure'
import { requireUser } from '~/.server/auth'
import { AFTER_CONNECT, connectDenial, connectReturnOf, flashAndRedirect, toShopify } from '~/.server/shopify-connect'
import { FieldErrors, FormErrors } from '~/components/ui/Field'
import { CONNECT_INTENT, CONNECT_RULES, SHOP_MAX } from '~/forms/shopify'
import { connectSchema } from '~/forms/shopify.server'
import { useForm } from '~/lib/form'
import { storeDecision } from '../../server/domain/entitlements'
import { shopifyHost } from '../../server/domain/shopify'

export const meta: MetaFunction = () => [{ title: 'Connect Shopify · Pagewright' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context)
  const stores = await api.stores.list()
  return json({
    configured: stores.shopify_configured,
    // The api says whether it makes demo shops (DEMO_SHOP): off in a deployment unless turned on.
    demoShop: stores.demo_shop_available,
    storeCount: stores.items.length,
    atLimit: !storeDecision(user, stores.items.length).allowed,
    shop: new URL(request.url).searchParams.get('shop') ?? '',
    // Where to come back to once connected (a guide step, a page); only a same-site path.
    returnTo: connectReturnOf(new URL(request.url).searchParams.get('return_to')),
    // Opened from the Shopify admin: its `host` goes with the attempt and comes back on the address.
    host: shopifyHost(new URL(request.url).searchParams.get('host')),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context)
  const form = await request.formData()
  const submission = parseWithZod(form, { schema: connectSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const v = submission.value
  const returnTo = connectReturnOf(form.get('return_to'))
  const host = shopifyHost(form.get('host'))
  try {
    if (v.intent === CONNECT_INTENT.connect) return await toShopify(await api.stores.begin(v.shop), returnTo, host)
    if (v.intent === CONNECT_INTENT.demo) {
      const { shop } = await api.stores.createDemo()
      return await toShopify(await api.stores.begin(shop), returnTo, host)
    }
    const { store } = await api.stores.connectCustom({ shop: v.shop, access_token: v.access_token, api_secret: v.api_secret })
    return flashAndRedirect(request, returnTo ?? AFTER_CONNECT, `Connected ${store.name ?? store.shop_domain}. Its products are syncing.`)
  } catch (error) {
    const dialog = connectDenial(request, error, '/connect-shopify')
    if (dialog) return dialog
    const failure = apiFailure(error, "We couldn't reach Pagewright's store service. Please try again in a moment.")
    return json({ result: submission.reply(replyErrors(failure)) }, { status: failure.status })
  }
}

export default function ConnectShopify() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const { form, field } = useForm({
    lastResult: actionData?.result,
    rules: CONNECT_RULES,
    defaultValue: { shop: data.shop },
    validateOn: 'submit',
  })
  const shop = field('shop')
  return (
    <section className="card connect-card">
      <p>
        <Link to="/stores">← Your stores</Link>
      </p>
      <h1>Connect your Shopify store</h1>
      <p className="muted">
        Pagewright reads your products (so you can make pages from them without pasting links) and publishes pages into your store. It never
        changes your prices, orders or customers, and never deletes a product.
      </p>
      {data.atLimit ? (
        <p className="notice" role="status">
          The free plan connects one store. <Link to="?dialog=upgrade&reason=stores">Upgrade to Pro</Link> to add more.
        </p>
      ) : null}
      <Form method="post" {...form.props}>
        <ReturnTo to={data.returnTo} />
        {data.host ? <input type="hidden" name="host" value={data.host} /> : null}
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="field">
          <label htmlFor={shop.id}>Your store’s address</label>
          <input
            className="input"
            type="text"
            {...shop.props}
            placeholder="my-store.myshopify.com"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
          />
          <p className="hint">Its myshopify.com address, or the address shoppers use (we look it up).</p>
          <FieldErrors meta={shop} />
        </div>
        <button type="submit" name="intent" value={CONNECT_INTENT.connect} className="button button--primary" disabled={busy}>
          Connect with Shopify
        </button>
      </Form>
      <p className="hint">Shopify asks you to approve Pagewright, then brings you back here.</p>
      {!data.configured ? (
        <p className="notice">
          This Pagewright server is not registered as a Shopify app yet, so real stores connect with a custom-app token (below).
          {data.demoShop ? ' The demo shop works anyway.' : null}
        </p>
      ) : null}
      <hr />
      {data.demoShop ? (
        <>
          <h2 className="h3">No store at hand?</h2>
          <p className="muted">A demo shop with seven products and two themes, made for you here. Everything works as with a real store.</p>
          <Form method="post">
            <ReturnTo to={data.returnTo} />
            <button type="submit" name="intent" value={CONNECT_INTENT.demo} className="button" disabled={busy}>
              Connect a demo shop
            </button>
          </Form>
        </>
      ) : null}
      <details className="custom-token">
        <summary>Use a custom app token instead</summary>
        <p className="hint">
          In Shopify: Settings → Apps and sales channels → Develop apps → Create an app, give it the Admin API scopes read_products,
          write_products, read_themes, write_themes, read_files and write_files, install it, and copy its Admin API access token.
        </p>
        <Form method="post">
          <ReturnTo to={data.returnTo} />
          <div className="field">
            <label htmlFor="custom-shop">Store address</label>
            <input id="custom-shop" className="input" name="shop" required maxLength={SHOP_MAX} placeholder="my-store.myshopify.com" />
          </div>
          <div className="field">
            <label htmlFor="custom-token">Admin API access token</label>
            <input
              id="custom-token"
              className="input"
              name="access_token"
              required
              maxLength={SHOP_MAX}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div className="field">
            <label htmlFor="custom-secret">API secret key (optional)</label>
            <input id="custom-secret" className="input" name="api_secret" maxLength={SHOP_MAX} autoComplete="off" spellCheck={false} />
            <p className="hint">
              With it, Pagewright hears about product changes at once; without it, press “Sync now” on the Stores page.
            </p>
          </div>
          <button type="submit" name="intent" value={CONNECT_INTENT.custom} className="button" disabled={busy}>
            Connect with this token
          </button>
        </Form>
      </details>
    </section>
  )
}

/** Each way of connecting carries where to come back to. */
const ReturnTo = ({ to }: { to: string | null }) => (to ? <input type="hidden" name="return_to" value={to} /> : null)
