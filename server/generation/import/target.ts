import { arr, get, isObj, num, text } from './marketplaces/embedded'
import type { RawFacts } from './normalize/facts'

/** A Target product page (`target.com/p/{slug}/-/A-{tcin}`, or `/p/A-{tcin}`); its item number is the tcin. */
export function isTargetProduct(url: URL): boolean {
  return /(^|\.)target\.com$/i.test(url.hostname) && targetItemNumber(url) !== null
}

function targetItemNumber(url: URL): string | null {
  return url.pathname.match(/^\/p\/(?:.*\/)?A-(\d+)/)?.[1] ?? null
}

/**
 * Target's page data: `__TGT_DATA__`, a JSON string handed to `JSON.parse` in a script, whose
 * preloaded queries hold the product detail answer. Only the answer asked for this page's own item
 * (its tcin) is read; the same data holds recommendations and the site's menus.
 */
function productData(html: string, tcin: string): unknown {
  const literal = html.match(/__TGT_DATA__['"]?\s*:\s*\{[^{}]*?JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)?.[1]
  if (!literal) return null
  let data: unknown
  try {
    data = JSON.parse(JSON.parse(literal) as string)
  } catch {
    return null
  }
  for (const query of arr(get(data, '__PRELOADED_QUERIES__.queries'))) {
    const [key, answer] = Array.isArray(query) ? query : []
    const [name, params] = Array.isArray(key) ? key : []
    if (typeof name !== 'string' || !/\/get-pdp-v\d+$/.test(name) || get(params, 'tcin') !== tcin) continue
    const product = get(answer, 'data.product')
    if (isObj(product) && get(product, 'tcin') === tcin) return product
  }
  return null
}

/**
 * A Target product from its page data: the price is drawn by script, so the markup's price slot is
 * empty. The store's current price (and the regular price it is shown beside on a sale), the
 * product's photos, its brand and its guests' rating. Target sells in US dollars only.
 */
export function parseTarget(html: string, url: URL): RawFacts {
  const tcin = targetItemNumber(url)
  const product = tcin ? productData(html, tcin) : null
  if (!product) return {}
  const current = num(get(product, 'price.current_retail'))
  const regular = num(get(product, 'price.reg_retail'))
  const price = current !== null && current > 0 ? current : null
  const images = [
    get(product, 'item.enrichment.images.primary_image_url'),
    ...arr(get(product, 'item.enrichment.images.alternate_image_urls')),
  ]
    .map((u) => text(u))
    .filter((u): u is string => u !== null && /^https:\/\//.test(u))
    // Target's image server answers a bare address with a small picture; the page asks for 1200 px.
    .map((u) => (u.includes('?') ? u : `${u}?wid=1200&hei=1200&qlt=80&fmt=pjpeg`))
  const average = num(get(product, 'ratings_and_reviews.statistics.rating.average'))
  const count = num(get(product, 'ratings_and_reviews.statistics.rating.count'))
  return {
    price,
    compareAtPrice: price !== null && regular !== null && regular > price ? regular : null,
    currency: price !== null ? 'USD' : null,
    images,
    ownGalleryRead: images.length > 0,
    ownPriceRead: price !== null,
    vendor: text(get(product, 'item.primary_brand.name')),
    listingRating: average !== null && count !== null && count > 0 ? { average, count, scale: 5 } : null,
  }
}
