import { cents, ImageDrop, legacyId, metafieldsDrop } from './drops'
import { currentSettings, isRecord, parseThemeJson } from './theme-json'
import { renderPage } from './theme-render'

/**
 * The demo shop's storefront: Shopify themes rendered with liquidjs (server/demo-shop serves the
 * result). Products, links and the cart form point under `ctx.baseUrl`; variant ids in forms are
 * the numeric part of the variant gid, as on Shopify.
 */
export { extensionFiles } from './files'

export interface StorefrontTheme {
  id: string
  name: string
  /** filename → content, e.g. 'layout/theme.liquid' */
  files: Record<string, string>
}
export interface StorefrontProduct {
  id: string // gid://shopify/Product/…
  handle: string
  title: string
  vendor: string | null
  descriptionHtml: string
  templateSuffix: string | null
  price: number | null
  compareAtPrice: number | null
  currency: string
  images: { url: string; alt: string | null }[]
  variants: { id: string; title: string; price: number | null; available: boolean }[]
  /** As stored by the shop: app-owned namespaces already resolved to `app--{appId}--pagewright`. */
  metafields: { namespace: string; key: string; type: string; value: string }[]
}
export interface StorefrontContext {
  shopName: string
  shopDomain: string
  currency: string
  /** Our app's id in this shop (resolves `$app:` inside app blocks). */
  appId: string
  /** Storefront root, e.g. http://localhost:3000/demo-shop/x.myshopify.com (links: `${baseUrl}/products/{handle}`, cart: `${baseUrl}/cart/add`). */
  baseUrl: string
  /** `filename` is the asset's name as themes write it (`{{ 'theme.css' | asset_url }}`), without `assets/`. */
  assetUrl: (themeId: string, filename: string) => string
  /** Files of installed app extensions, by app handle (e.g. { pagewright: { 'blocks/pagewright-page.liquid': '…', 'snippets/…': '…' } }). */
  appExtensions: Record<string, Record<string, string>>
}

const root = (ctx: StorefrontContext) => ctx.baseUrl.replace(/\/+$/, '')
const pathOf = (url: string) => url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '') || '/'
const productUrl = (ctx: StorefrontContext, handle: string) => `${root(ctx)}/products/${encodeURIComponent(handle)}`

/** Shopify's `product` object; with `appId`, its metafields also answer `$app:` (inside that app's blocks). */
function productDrop(p: StorefrontProduct, ctx: StorefrontContext, appId?: string) {
  const url = productUrl(ctx, p.handle)
  const variants = p.variants.map((v) => {
    const id = legacyId(v.id)
    return {
      id,
      title: v.title,
      name: v.title,
      option1: v.title,
      price: cents(v.price ?? p.price),
      available: v.available,
      url: `${url}?variant=${encodeURIComponent(id)}`,
    }
  })
  const images = p.images.map((i) => new ImageDrop(i.url, i.alt ?? p.title))
  const prices = variants.map((v) => v.price).filter((n): n is number => n !== null)
  const price = cents(p.price) ?? (prices.length ? Math.min(...prices) : 0)
  const compareAt = cents(p.compareAtPrice)
  const available = variants.some((v) => v.available)
  const selected = variants.find((v) => v.available) ?? variants[0] ?? null
  return {
    id: legacyId(p.id),
    handle: p.handle,
    title: p.title,
    vendor: p.vendor ?? '',
    description: p.descriptionHtml,
    content: p.descriptionHtml,
    url,
    template_suffix: p.templateSuffix ?? '',
    price,
    price_min: prices.length ? Math.min(...prices) : price,
    price_max: prices.length ? Math.max(...prices) : price,
    price_varies: new Set(prices).size > 1,
    compare_at_price: compareAt,
    compare_at_price_min: compareAt,
    available,
    images,
    featured_image: images[0] ?? null,
    variants,
    selected_variant: null,
    selected_or_first_available_variant: selected,
    first_available_variant: selected,
    has_only_default_variant: variants.length <= 1,
    options: ['Title'],
    tags: [],
    metafields: metafieldsDrop(p.metafields, appId),
  }
}

function shopGlobals(theme: StorefrontTheme, ctx: StorefrontContext, products: StorefrontProduct[], pageType: string, path: string) {
  const base = root(ctx)
  const all = { handle: 'all', title: 'All products', url: `${base}/collections/all`, products: products.map((p) => productDrop(p, ctx)) }
  return {
    shop: {
      name: ctx.shopName,
      domain: ctx.shopDomain,
      permanent_domain: ctx.shopDomain,
      url: base,
      secure_url: base,
      currency: ctx.currency,
      money_format: '${{amount}}',
    },
    settings: themeSettings(theme.files),
    routes: {
      root_url: `${base}/`,
      cart_url: `${base}/cart`,
      cart_add_url: `${base}/cart/add`,
      search_url: `${base}/search`,
      collections_url: `${base}/collections`,
      all_products_collection_url: `${base}/collections/all`,
    },
    request: { host: ctx.shopDomain, path, page_type: pageType, origin: base, locale: { iso_code: 'en' }, design_mode: false },
    collections: { all },
    cart: { item_count: 0, items: [], total_price: 0 },
    localization: null,
    customer: null,
    powered_by_link: '',
  }
}

/** `settings`: the schema's defaults under config/settings_data.json's `current` (or the preset it names). */
function themeSettings(files: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const schema = parseThemeJson(files['config/settings_schema.json'])
  for (const group of Array.isArray(schema) ? schema : []) {
    for (const s of isRecord(group) && Array.isArray(group.settings) ? group.settings : []) {
      if (isRecord(s) && typeof s.id === 'string' && s.default !== undefined) out[s.id] = s.default
    }
  }
  const { sections: _sections, content_for_index: _index, blocks: _blocks, ...values } = currentSettings(files['config/settings_data.json'])
  return { ...out, ...values }
}

function page(
  theme: StorefrontTheme,
  ctx: StorefrontContext,
  templates: string[],
  globals: Record<string, unknown>,
  product?: StorefrontProduct,
) {
  return renderPage({
    theme,
    templates,
    globals,
    state: {
      currency: ctx.currency,
      cartAddUrl: `${root(ctx)}/cart/add`,
      assetUrl: (filename) => ctx.assetUrl(theme.id, filename),
    },
    appExtensions: ctx.appExtensions,
    // Inside our app's blocks `$app:` names our namespaces (another app's id is not known here).
    appGlobals: (handle) => (product ? { product: productDrop(product, ctx, handle === 'pagewright' ? ctx.appId : undefined) } : {}),
  })
}

/**
 * A product page: `templates/product.{suffix}.json` when the product has a suffix the theme knows,
 * else `templates/product.json`, in `layout/theme.liquid`.
 */
export function renderProductPage(theme: StorefrontTheme, product: StorefrontProduct, ctx: StorefrontContext): Promise<string> {
  const suffix = product.templateSuffix?.trim()
  const templates = suffix && /^[\w-]+$/.test(suffix) ? [`product.${suffix}`, 'product'] : ['product']
  const url = productUrl(ctx, product.handle)
  const globals = {
    ...shopGlobals(theme, ctx, [], 'product', pathOf(url)),
    product: productDrop(product, ctx),
    template: { name: 'product', suffix: suffix || null, directory: null },
    page_title: product.title,
    page_description: '',
    canonical_url: url,
  }
  return page(theme, ctx, templates, globals, product)
}

/** The home page (`templates/index.json`); `collections.all.products` lists `products`. */
export function renderHomePage(theme: StorefrontTheme, products: StorefrontProduct[], ctx: StorefrontContext): Promise<string> {
  const globals = {
    ...shopGlobals(theme, ctx, products, 'index', pathOf(`${root(ctx)}/`)),
    template: { name: 'index', suffix: null, directory: null },
    page_title: ctx.shopName,
    page_description: '',
    canonical_url: `${root(ctx)}/`,
  }
  return page(theme, ctx, ['index'], globals)
}
