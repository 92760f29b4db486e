import { html } from 'hono/html'
import { templateHasAppBlock } from '../liquid/app-block'
import { allProducts, byId, money, type ShopContext } from './context'
import { foreignPost, page } from './html'
import { hostParam, signedQuery } from './oauth'
import { settingsOf, type DemoShopSettings, type ShopData } from './state'
import {
  COMPLIANCE_TOPICS,
  complianceUri,
  compliancePayload,
  notify,
  productPayload,
  sendWebhook,
  shopPayload,
  themePayload,
  type Delivery,
} from './webhooks'

const PRIVACY_LABELS: Record<(typeof COMPLIANCE_TOPICS)[number], string> = {
  'customers/data_request': 'A customer asks for their data',
  'customers/redact': 'A customer asks to be erased',
  'shop/redact': 'Erase the shop’s data (48 hours after uninstalling)',
}

/** The app's address as Shopify opens it from the admin: signed like an app load. */
export function appLoadUrl(ctx: ShopContext): string {
  const params = { host: hostParam(ctx.shop.domain), shop: ctx.shop.domain, timestamp: String(Math.floor(ctx.now().getTime() / 1000)) }
  return `${ctx.deps.app.appUrl.replace(/\/$/, '')}/connect-shopify/install?${signedQuery(params, ctx.deps.app.apiSecret)}`
}

/** `GET admin`: products, themes, the app and privacy requests; every button is a form posting back. */
export async function adminPage(request: Request, ctx: ShopContext): Promise<Response> {
  const notice = new URL(request.url).searchParams.get('notice')
  const [products, themes, subscriptions] = await Promise.all([allProducts(ctx), ctx.store.list('theme'), ctx.store.list('webhook')])
  const base = `${ctx.origin}/admin`
  const installation = ctx.shop.installation
  const settings = settingsOf(ctx.shop)
  return page(
    `${ctx.shop.name} · Admin`,
    html`<p class="banner">
        ${ctx.shop.name} (${ctx.shop.domain}) is a demo shop built into Pagewright: it plays Shopify for the connect, sync and publish flow.
        <a href="${ctx.origin}/">View the storefront</a>
      </p>
      ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
      <h1>${ctx.shop.name} admin</h1>
      <h2>Products</h2>
      <table>
        <tr>
          <th>Title and price</th>
          <th>Template</th>
          <th>Status</th>
          <th></th>
        </tr>
        ${products.map(
          (p) =>
            html`<tr>
              <td>
                <form method="post" action="${base}/products/${p.id}" class="inline">
                  <input type="text" name="title" value="${p.title}" aria-label="Title" required />
                  <input type="number" name="price" value="${p.variants[0]?.price ?? '0.00'}" step="0.01" min="0" aria-label="Price" />
                  <button type="submit">Edit</button>
                </form>
              </td>
              <td>${p.templateSuffix ? `product.${p.templateSuffix}` : 'Default product'}</td>
              <td>${p.status.toLowerCase()}</td>
              <td>
                <a href="${ctx.origin}/products/${p.handle}">View</a>
                <form method="post" action="${base}/products/${p.id}/delete" class="inline">
                  <button type="submit">Delete</button>
                </form>
              </td>
            </tr>`,
        )}
      </table>
      <h2>Themes</h2>
      <table>
        ${byId(themes).map(
          (t) =>
            html`<tr>
              <td>${t.name}</td>
              <td>${t.role === 'MAIN' ? 'Live theme' : t.role.toLowerCase()}</td>
              <td>
                ${
                  templateHasAppBlock(t.files['templates/product.json'])
                    ? 'Pagewright page block on the product page'
                    : 'No Pagewright block on the product page'
                }
              </td>
              <td>
                ${
                  t.role === 'MAIN'
                    ? ''
                    : html`<form method="post" action="${base}/themes/${t.id}/publish" class="inline">
                        <button type="submit">Publish</button>
                      </form>`
                }
              </td>
            </tr>`,
        )}
      </table>
      <h2>Apps</h2>
      ${
        installation
          ? html`<p>Pagewright is installed. Granted access: ${installation.scopes.join(', ') || 'none'}.</p>
              <p>Webhook subscriptions: ${subscriptions.length ? subscriptions.map((s) => s.topic).join(', ') : 'none'}.</p>
              <p>Web pixel: ${installation.webPixel ? `on, settings ${installation.webPixel.settings}` : 'none'}.</p>
              <div>
                <a href="${base}/apps/pagewright">Open Pagewright</a>
                <form method="post" action="${base}/apps/pagewright/uninstall" class="inline">
                  <button type="submit">Uninstall Pagewright</button>
                </form>
              </div>`
          : html`<p>Pagewright is not installed. Connect this shop from Pagewright (its domain is ${ctx.shop.domain}).</p>`
      }
      <h2>How this shop answers Pagewright</h2>
      <p>Real shops differ in what they let an app do. Set this shop like the one you want to try.</p>
      <form method="post" action="${base}/settings">
        <p>
          <label
            ><input type="checkbox" name="no_exemption" value="1" ${settings.themeWrites === 'no_exemption' ? 'checked' : ''} /> Refuse
            theme file writes, as Shopify does for an app without its theme-modification exemption (most apps)</label
          >
        </p>
        <p>
          <label
            ><input type="checkbox" name="write_jobs" value="1" ${settings.themeWriteJobs ? 'checked' : ''} /> Write theme files in a
            background job (done after Pagewright polls it, as on Shopify)</label
          >
        </p>
        <p>
          <label
            ><input type="checkbox" name="no_pixel_extension" value="1" ${settings.pixelExtension === 'missing' ? 'checked' : ''} /> Refuse
            Pagewright’s web pixel, as Shopify does while the app’s pixel extension is not deployed</label
          >
        </p>
        <button type="submit">Save settings</button>
      </form>
      <h2>Privacy requests</h2>
      <p>Send Pagewright the privacy webhooks Shopify sends (to ${complianceUri(ctx)}).</p>
      ${COMPLIANCE_TOPICS.map(
        (topic) =>
          html`<form method="post" action="${base}/privacy" class="inline">
            <input type="hidden" name="topic" value="${topic}" /><button type="submit">${PRIVACY_LABELS[topic]}</button>
          </form> `,
      )}`,
  )
}

const described = (deliveries: Delivery[]) =>
  deliveries.length
    ? deliveries.map((d) => `sent ${d.topic} to ${d.uri} (${d.status === null ? 'no answer' : `HTTP ${d.status}`})`).join('; ')
    : 'no webhook subscription to notify'

const back = (ctx: ShopContext, notice: string) =>
  new Response(null, {
    status: 303,
    headers: { Location: `${ctx.origin}/admin?notice=${encodeURIComponent(notice)}`, 'Cache-Control': 'no-store' },
  })

const notFound = () => page('Not found', html`<h1>Not found</h1>`, 404)

/** `POST admin/…`: the admin's buttons. Each sends the webhook Shopify would and reports how it went. */
export async function adminAction(request: Request, ctx: ShopContext, action: string[]): Promise<Response> {
  if (foreignPost(request, ctx.deps.publicUrl))
    return page('Refused', html`<p>This form was sent from another site, so it was refused.</p>`, 403)
  const form = new URLSearchParams(await request.text())
  const now = ctx.now().toISOString()
  const [area, id, verb] = action
  if (area === 'products' && id) {
    const product = await ctx.store.get('product', id)
    if (!product) return notFound()
    if (verb === 'delete') {
      await ctx.store.take('product', id)
      return back(ctx, `Deleted “${product.title}”: ${described(await notify(ctx, 'products/delete', { id: product.id }))}.`)
    }
    const title = form.get('title')?.trim()
    const price = Number(form.get('price'))
    if (title) product.title = title
    if (form.get('price') && Number.isFinite(price) && price >= 0) for (const v of product.variants) v.price = money(price)
    product.updatedAt = now
    await ctx.store.put('product', product.id, product)
    return back(ctx, `Saved “${product.title}”: ${described(await notify(ctx, 'products/update', productPayload(ctx, product)))}.`)
  }
  if (area === 'themes' && id && verb === 'publish') {
    const themes = await ctx.store.list('theme')
    const theme = themes.find((t) => String(t.id) === id)
    if (!theme) return notFound()
    for (const t of themes) {
      const role = t.id === theme.id ? 'MAIN' : t.role === 'MAIN' ? 'UNPUBLISHED' : t.role
      if (role !== t.role) await ctx.store.put('theme', t.id, { ...t, role, updatedAt: now })
    }
    const published = { ...theme, role: 'MAIN' as const, updatedAt: now }
    return back(ctx, `Published “${theme.name}”: ${described(await notify(ctx, 'themes/publish', themePayload(published)))}.`)
  }
  if (area === 'apps' && id === 'pagewright' && verb === 'uninstall') {
    if (!ctx.shop.installation) return back(ctx, 'Pagewright is not installed.')
    const deliveries = await notify(ctx, 'app/uninstalled', shopPayload(ctx))
    await ctx.store.removeAll('token')
    await ctx.store.removeAll('code')
    await ctx.store.removeAll('webhook')
    const shop: ShopData = { ...ctx.shop, installation: null }
    await ctx.store.put('shop', 'shop', shop)
    return back(ctx, `Uninstalled Pagewright: ${described(deliveries)}.`)
  }
  if (area === 'settings' && !id) {
    const settings: DemoShopSettings = {
      ...settingsOf(ctx.shop),
      themeWrites: form.get('no_exemption') === '1' ? 'no_exemption' : 'allowed',
      themeWriteJobs: form.get('write_jobs') === '1',
      pixelExtension: form.get('no_pixel_extension') === '1' ? 'missing' : 'deployed',
    }
    await ctx.store.put('shop', 'shop', { ...ctx.shop, settings })
    return back(
      ctx,
      `Saved: theme file writes are ${settings.themeWrites === 'allowed' ? 'allowed' : 'refused (no exemption)'}${settings.themeWriteJobs ? ', run as jobs' : ''}${settings.pixelExtension === 'missing' ? '; the web pixel is refused (no extension)' : ''}.`,
    )
  }
  if (area === 'privacy') {
    const topic = COMPLIANCE_TOPICS.find((t) => t === form.get('topic'))
    if (!topic) return notFound()
    const delivery = await sendWebhook(ctx, complianceUri(ctx), topic, compliancePayload(ctx, topic, await ctx.newId()))
    return back(ctx, `Privacy request: ${described([delivery])}.`)
  }
  return notFound()
}
