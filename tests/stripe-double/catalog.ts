import {
  portalConfigurationObject,
  priceObject,
  productId,
  productObject,
  type Metadata,
  type PortalConfiguration,
  type Price,
  type Product,
} from './objects'
import { ApiError, invalid, missing, newId, type Interval } from './wire'

/** A price given at start-up (test mode unless listed as a live price): recurring, USD unless said otherwise. */
export interface PriceSpec {
  unit_amount: number
  interval: Interval
  interval_count?: number
  currency?: string
  lookup_key?: string
  product?: string
  active?: boolean
}

const clone = <T>(x: T): T => structuredClone(x)

/**
 * Prices, products and customer portal configurations of one mode. Prices are immutable in their amount, currency and
 * interval, like Stripe's; a lookup key belongs to one price at a time and moves only with `transfer_lookup_key`.
 */
export class Catalog {
  readonly prices = new Map<string, Price>()
  readonly products = new Map<string, Product>()
  readonly portalConfigs = new Map<string, PortalConfiguration>()

  constructor(
    seed: Record<string, PriceSpec>,
    private readonly now: () => number,
    /** Whether a portal configuration was saved in the Dashboard (the default one); without it, portal sessions need `configuration`. */
    portalSaved: boolean,
  ) {
    const at = now()
    for (const [id, spec] of Object.entries(seed)) {
      const product = spec.product ?? productId(id)
      if (!this.products.has(product))
        this.products.set(product, productObject({ id: product, created: at, name: product, metadata: {}, active: true }))
      this.prices.set(id, this.build(id, spec, product, at))
    }
    if (portalSaved) {
      const id = newId('bpc')
      this.portalConfigs.set(
        id,
        portalConfigurationObject({
          id,
          created: at,
          isDefault: true,
          defaultReturnUrl: null,
          headline: null,
          metadata: {},
          features: DASHBOARD_DEFAULT,
        }),
      )
    }
  }

  private build(
    id: string,
    spec: PriceSpec,
    product: string,
    created: number,
    extra: { nickname?: string | null; metadata?: Metadata } = {},
  ) {
    return priceObject({
      id,
      created,
      unitAmount: spec.unit_amount,
      currency: spec.currency ?? 'usd',
      interval: spec.interval,
      intervalCount: spec.interval_count ?? 1,
      product,
      lookupKey: spec.lookup_key ?? null,
      nickname: extra.nickname ?? null,
      metadata: extra.metadata ?? {},
      active: spec.active ?? true,
    })
  }

  price(id: string, param?: string): Price {
    const p = this.prices.get(id)
    if (!p) throw missing('price', id, param)
    return clone(p)
  }

  /** GET /v1/prices: newest first, by lookup keys, active, product, currency. */
  listPrices(f: { lookupKeys?: string[]; active?: boolean; product?: string; currency?: string; limit: number }) {
    const all = [...this.prices.values()]
      .reverse()
      .sort((a, b) => b.created - a.created)
      .filter((p) => !f.lookupKeys || (p.lookup_key !== null && f.lookupKeys.includes(p.lookup_key)))
      .filter((p) => f.active === undefined || p.active === f.active)
      .filter((p) => !f.product || p.product === f.product)
      .filter((p) => !f.currency || p.currency === f.currency)
    return { object: 'list' as const, data: all.slice(0, f.limit).map(clone), has_more: all.length > f.limit, url: '/v1/prices' }
  }

  /** The price holding a lookup key; a second price may take it only with transfer_lookup_key (the old one loses it). */
  private claimLookupKey(key: string, transfer: boolean, param: string): void {
    const holder = [...this.prices.values()].find((p) => p.lookup_key === key)
    if (!holder) return
    if (!transfer) throw invalid(param, `A price (\`${holder.id}\`) already uses that lookup key.`)
    holder.lookup_key = null
  }

  createPrice(a: {
    spec: PriceSpec
    product: string | null
    productName: string | null
    transferLookupKey: boolean
    nickname: string | null
    metadata: Metadata
  }): Price {
    let product = a.product
    if (product) this.product(product, 'product')
    else if (a.productName) product = this.createProduct({ name: a.productName, metadata: {} }).id
    else throw invalid('product', 'You must specify either `product` or `product_data` when creating a price.', 'parameter_missing')
    if (a.spec.lookup_key) this.claimLookupKey(a.spec.lookup_key, a.transferLookupKey, 'lookup_key')
    const id = newId('price', 24)
    const price = this.build(id, a.spec, product, this.now(), { nickname: a.nickname, metadata: a.metadata })
    this.prices.set(id, price)
    return clone(price)
  }

  /** POST /v1/prices/{id}: active, nickname, metadata, lookup key (amount, currency and interval never change). */
  updatePrice(
    id: string,
    a: { active?: boolean; lookupKey?: string; transferLookupKey: boolean; nickname?: string; metadata?: Metadata },
  ): Price {
    const price = this.prices.get(id)
    if (!price) throw missing('price', id)
    if (a.lookupKey !== undefined && a.lookupKey !== price.lookup_key) {
      if (a.lookupKey) this.claimLookupKey(a.lookupKey, a.transferLookupKey, 'lookup_key')
      price.lookup_key = a.lookupKey || null
    }
    if (a.active !== undefined) price.active = a.active
    if (a.nickname !== undefined) price.nickname = a.nickname || null
    if (a.metadata) price.metadata = a.metadata
    return clone(price)
  }

  product(id: string, param?: string): Product {
    const p = this.products.get(id)
    if (!p) throw missing('product', id, param)
    return clone(p)
  }

  createProduct(a: { id?: string; name: string; metadata: Metadata }): Product {
    if (a.id && this.products.has(a.id))
      throw new ApiError(400, 'invalid_request_error', `Product already exists.`, 'resource_already_exists', 'id')
    const id = a.id ?? newId('prod')
    const p = productObject({ id, created: this.now(), name: a.name, metadata: a.metadata, active: true })
    this.products.set(id, p)
    return clone(p)
  }

  createPortalConfig(a: {
    features: PortalConfiguration['features']
    defaultReturnUrl: string | null
    headline: string | null
    metadata: Metadata
  }): PortalConfiguration {
    for (const [i, p] of (a.features.subscription_update.products ?? []).entries()) {
      this.product(p.product, `features[subscription_update][products][${i}][product]`)
      for (const priceId of p.prices) {
        const price = this.price(priceId, `features[subscription_update][products][${i}][prices]`)
        if (price.product !== p.product)
          throw invalid(
            `features[subscription_update][products][${i}][prices]`,
            `The price ${priceId} does not belong to the product ${p.product}.`,
          )
      }
    }
    const id = newId('bpc', 24)
    const config = portalConfigurationObject({ id, created: this.now(), isDefault: false, ...a })
    this.portalConfigs.set(id, config)
    return clone(config)
  }

  portalConfig(id: string, param?: string): PortalConfiguration {
    const c = this.portalConfigs.get(id)
    if (!c) throw missing('billing_portal.configuration', id, param)
    return clone(c)
  }

  /** The configuration a portal session without `configuration` uses: the one saved in the Dashboard, if any. */
  defaultPortalConfig(mode: 'test' | 'live'): PortalConfiguration {
    const found = [...this.portalConfigs.values()].find((c) => c.is_default)
    if (found) return clone(found)
    const where = mode === 'test' ? 'test/' : ''
    throw new ApiError(
      400,
      'invalid_request_error',
      `You can’t create a portal session in ${mode} mode until you save your customer portal settings in ${mode} mode at https://dashboard.stripe.com/${where}settings/billing/portal.`,
    )
  }
}

/** What a portal saved in the Dashboard with its defaults allows: invoices, card, cancellation at once. */
const DASHBOARD_DEFAULT: PortalConfiguration['features'] = {
  customer_update: { allowed_updates: ['email', 'address'], enabled: true },
  invoice_history: { enabled: true },
  payment_method_update: { enabled: true, payment_method_configuration: null },
  subscription_cancel: {
    cancellation_reason: { enabled: false, feedback_options: null, options: [] },
    enabled: true,
    mode: 'immediately',
    proration_behavior: 'none',
  },
  subscription_pause: { duration: { interval_options: [], type: 'indefinite' }, enabled: false },
  subscription_update: {
    billing_cycle_anchor: null,
    default_allowed_updates: [],
    enabled: false,
    products: [],
    proration_behavior: 'none',
    schedule_at_period_end: { conditions: [] },
    trial_update_behavior: 'end_trial',
  },
}
