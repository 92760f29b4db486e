import { Drop } from 'liquidjs'

/**
 * Shopify's Liquid objects for the demo storefront, built from plain data. Prices are integers in
 * cents (as Shopify's `product.price`); ids are the numeric part of a GraphQL gid (as Shopify's
 * `variant.id`, which the cart form posts).
 */

/** Output like Shopify's image: `{{ image }}` is its address; `.src`, `.alt` as Shopify names them. */
export class ImageDrop extends Drop {
  readonly src: string
  readonly url: string
  readonly alt: string
  readonly width: number | null = null
  readonly height: number | null = null
  readonly aspect_ratio = 1
  constructor(url: string, alt: string) {
    super()
    this.src = url
    this.url = url
    this.alt = alt
  }
  valueOf() {
    return this.src
  }
}

/** What `image_url` returns: prints as the address and remembers the image's alt for `image_tag`. */
export class ImageUrlDrop extends ImageDrop {}

export const legacyId = (gid: string) => /\/(\d+)(?:\?.*)?$/.exec(gid)?.[1] ?? gid

export const cents = (amount: number | null | undefined) => (amount == null || !Number.isFinite(amount) ? null : Math.round(amount * 100))

/** en-US currency format of an amount in cents ("$1,249.99"); an unknown code is shown after the figure. */
export function formatMoney(amountCents: number, currency: string, withCurrency = false): string {
  const amount = amountCents / 100
  let text: string
  try {
    text = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount)
  } catch {
    return `${amount.toFixed(2)} ${currency}`
  }
  return withCurrency && !text.includes(currency) ? `${text} ${currency}` : text
}

export interface Metafield {
  namespace: string
  key: string
  type: string
  value: string
}

function metafieldValue(m: Metafield): unknown {
  if (m.type === 'json' || m.type.startsWith('list.')) {
    try {
      return JSON.parse(m.value)
    } catch {
      return null
    }
  }
  if (m.type === 'number_integer' || m.type === 'number_decimal') return Number(m.value)
  if (m.type === 'boolean') return m.value === 'true'
  return m.value
}

/**
 * `product.metafields.namespace.key` → `{ value, type }` (JSON values parsed). With `appId` (inside an
 * app block), `$app:name` also reaches this app's `app--{appId}--name` namespace, as Shopify resolves it.
 */
export function metafieldsDrop(metafields: Metafield[], appId?: string): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {}
  const own = appId ? `app--${appId}--` : null
  for (const m of metafields) {
    const field = { value: metafieldValue(m), type: m.type }
    ;(out[m.namespace] ??= {})[m.key] = field
    if (own && m.namespace.startsWith(own)) (out[`$app:${m.namespace.slice(own.length)}`] ??= {})[m.key] = field
  }
  return out
}
