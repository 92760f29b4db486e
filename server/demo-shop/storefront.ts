import { createHash } from 'node:crypto'
import { html } from 'hono/html'
import {
  extensionFiles,
  renderHomePage,
  renderProductPage,
  type StorefrontContext,
  type StorefrontProduct,
  type StorefrontTheme,
} from '../liquid/storefront'
import { log } from '../log'
import { allProducts, isPublished, type ShopContext } from './context'
import { page } from './html'
import { contentTypeOf } from './resolvers'
import { gid, gidNumber } from './schema'
import type { ProductData, ThemeData } from './state'

const htmlResponse = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } })

/** A theme's version in asset URLs, so a long cache never serves an old file. */
const themeVersion = (t: ThemeData) => createHash('sha256').update(t.updatedAt).digest('hex').slice(0, 10)

export function storefrontProduct(ctx: ShopContext, p: ProductData): StorefrontProduct {
  const prices = p.variants.map((v) => Number(v.price))
  const compareAts = p.variants.filter((v) => v.compareAtPrice !== null).map((v) => Number(v.compareAtPrice))
  return {
    id: gid('Product', p.id),
    handle: p.handle,
    title: p.title,
    vendor: p.vendor || null,
    descriptionHtml: p.descriptionHtml,
    templateSuffix: p.templateSuffix,
    price: prices.length ? Math.min(...prices) : null,
    compareAtPrice: compareAts.length ? Math.max(...compareAts) : null,
    currency: ctx.shop.currency,
    images: p.images.map((i) => ({ url: i.url, alt: i.alt })),
    variants: p.variants.map((v) => ({
      id: gid('ProductVariant', v.id),
      title: v.title,
      price: Number(v.price),
      available: !v.tracked || v.inventory > 0,
    })),
    metafields: p.metafields.map((m) => ({ namespace: m.namespace, key: m.key, type: m.type, value: m.value })),
  }
}

async function mainTheme(ctx: ShopContext): Promise<{ record: ThemeData; theme: StorefrontTheme } | null> {
  const record = (await ctx.store.list('theme')).find((t) => t.role === 'MAIN')
  return record ? { record, theme: { id: String(record.id), name: record.name, files: record.files } } : null
}

function storefrontContext(ctx: ShopContext, record: ThemeData): StorefrontContext {
  return {
    shopName: ctx.shop.name,
    shopDomain: ctx.shop.domain,
    currency: ctx.shop.currency,
    appId: String(ctx.shop.appId),
    baseUrl: ctx.origin,
    assetUrl: (themeId, filename) => `${ctx.origin}/themes/${themeId}/assets/${encodeURIComponent(filename)}?v=${themeVersion(record)}`,
    // The app's theme extension renders only while the app is installed, as on Shopify.
    appExtensions: ctx.shop.installation ? { pagewright: extensionFiles() } : {},
  }
}

const noTheme = () => page('No theme', html`<h1>This shop has no published theme</h1>`, 503)

async function render(ctx: ShopContext, fn: (theme: StorefrontTheme, sc: StorefrontContext) => Promise<string>): Promise<Response> {
  const main = await mainTheme(ctx)
  if (!main) return noTheme()
  try {
    return htmlResponse(await fn(main.theme, storefrontContext(ctx, main.record)))
  } catch (error) {
    log.warn('demo shop storefront render failed', { shop: ctx.shop.domain, error: error instanceof Error ? error.message : String(error) })
    return page(
      'Theme error',
      html`<h1>The theme could not render this page</h1>
        <p>${error instanceof Error ? error.message : ''}</p>`,
      500,
    )
  }
}

/** `GET /`: the product grid of the published theme. */
export async function homePage(ctx: ShopContext): Promise<Response> {
  const products = (await allProducts(ctx)).filter(isPublished).map((p) => storefrontProduct(ctx, p))
  return render(ctx, (theme, sc) => renderHomePage(theme, products, sc))
}

/** `GET /products/:handle`: the product in its template (`product.{templateSuffix}` when set). */
export async function productPage(ctx: ShopContext, handle: string): Promise<Response> {
  const product = (await allProducts(ctx)).find((p) => p.handle === handle && isPublished(p))
  if (!product)
    return page(
      'Not found',
      html`<h1>Product not found</h1>
        <p><a href="${ctx.origin}/">Back to the shop</a></p>`,
      404,
    )
  return render(ctx, (theme, sc) => renderProductPage(theme, storefrontProduct(ctx, product), sc))
}

/** `GET /themes/:id/assets/:file`: a theme's asset, cached for a year (its URL changes with the theme). */
export async function themeAsset(ctx: ShopContext, themeId: string, file: string): Promise<Response> {
  const theme = /^\d{1,16}$/.test(themeId) ? await ctx.store.get('theme', themeId) : null
  const name = `assets/${file}`
  const text = theme?.files[name]
  const binary = theme?.binary[name]
  if (text === undefined && binary === undefined)
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  const type = contentTypeOf(name)
  const body = text !== undefined ? text : new Uint8Array(Buffer.from(binary!, 'base64'))
  return new Response(body, {
    headers: {
      'Content-Type': type.startsWith('text/') || type.includes('javascript') ? `${type}; charset=utf-8` : type,
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  })
}

/** `POST /cart/add`: the theme's buy form. There is no checkout; the page says so. */
export async function cartAdd(request: Request, ctx: ShopContext): Promise<Response> {
  const form = new URLSearchParams(await request.text())
  const raw = form.get('id') ?? ''
  const variantId = /^\d+$/.test(raw) ? Number(raw) : gidNumber(raw, 'ProductVariant')
  const products = await allProducts(ctx)
  const product = products.find((p) => p.variants.some((v) => v.id === variantId)) ?? products.find((p) => p.handle === form.get('product'))
  const variant = product?.variants.find((v) => v.id === variantId) ?? product?.variants[0]
  if (!product || !variant)
    return page(
      'Not found',
      html`<h1>That product is not sold here</h1>
        <p><a href="${ctx.origin}/">Back to the shop</a></p>`,
      404,
    )
  const label = variant.title === 'Default Title' ? product.title : `${product.title} (${variant.title})`
  return page(
    `Added to the cart · ${ctx.shop.name}`,
    html`<h1>Added to the cart</h1>
      <p>Added ${label} to the cart. This is a demo shop: there is no checkout.</p>
      <p>
        <a href="${ctx.origin}/products/${product.handle}">Back to ${product.title}</a> · <a href="${ctx.origin}/">Continue shopping</a>
      </p>`,
  )
}
