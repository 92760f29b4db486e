import { insufficientFacts, type ProductFacts } from '../../domain/product-facts'
import type { ShopifyVariantRow } from '../../domain/shopify'
import { buildFacts } from './normalize/facts'
import { ImportError } from './types'

/** A product of a connected store's synced catalogue, as the catalogue keeps it. */
export interface CatalogProductFacts {
  title: string
  descriptionHtml: string
  vendor: string | null
  productType: string | null
  tags: string[]
  price: number | null
  compareAtPrice: number | null
  currency: string | null
  images: { url: string; alt: string | null }[]
  options: { name: string; values: string[] }[]
  variants: ShopifyVariantRow[]
  /** The product's storefront page: the source the page names to its owner. */
  storefrontUrl: string
  shopName: string | null
}

/**
 * Facts from the synced catalogue (nothing is fetched): the same normalisation as an import, so
 * pages made from a store's own catalogue read like pages made from its product link.
 */
export function factsFromCatalog(product: CatalogProductFacts, now: Date): ProductFacts {
  const facts = buildFacts(
    {
      title: product.title,
      descriptionHtml: product.descriptionHtml,
      images: product.images.map((i) => i.url),
      price: product.price,
      compareAtPrice: product.compareAtPrice,
      currency: product.currency,
      options: product.options.filter((o) => !(o.values.length === 1 && o.values[0] === 'Default Title')),
      variants: product.variants.map((v) => ({ title: v.title, price: v.price, available: v.available, sku: v.sku })),
      vendor: product.vendor,
      productType: product.productType,
      tags: product.tags,
      siteName: product.shopName,
    },
    { url: product.storefrontUrl, platform: 'shopify' },
    now,
  )
  const problem = insufficientFacts(facts)
  if (problem) throw new ImportError(problem.replace('on this page', 'in this product'))
  return facts
}
