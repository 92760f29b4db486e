import type { CheerioAPI } from 'cheerio'
import { arr, get, isObj, jsonAfter, num, text } from './marketplaces/embedded'
import type { RawFacts } from './normalize/facts'
import { collapseSpace } from './normalize/text'

/** A Myntra product page: `myntra.com/{category}/{brand}/{slug}/{style id}/buy`. */
export function isMyntraProduct(url: URL): boolean {
  return /(^|\.)myntra\.com$/i.test(url.hostname) && /\/\d{5,}\/buy\/?$/.test(url.pathname)
}

/** Myntra's image addresses leave their size for the page's script to fill in ("h_($height),q_(…),w_($width)"). */
const SIZE_TEMPLATE = /h_\(\$height\),q_\(\$qualityPercentage\),w_\(\$width\)/

/**
 * A Myntra product from its page data (`window.__myx`, the product under `pdpData`): the page is
 * drawn by script, so its markup holds little more than the two headings. The name is the second
 * heading as the page shows it (the brand is the first), the price the discounted one beside the MRP,
 * the photos the style's own album, the rating its buyers' average and count. Myntra sells in rupees.
 */
export function parseMyntra(html: string, $: CheerioAPI): RawFacts {
  const product = get(jsonAfter(html, /window\.__myx\s*=\s*/), 'pdpData')
  if (!isObj(product)) return {}
  const mrp = num(get(product, 'price.mrp') ?? get(product, 'mrp'))
  const discounted = num(get(product, 'price.discounted'))
  const price = discounted !== null && discounted > 0 ? discounted : mrp !== null && mrp > 0 ? mrp : null
  const album = arr(get(product, 'media.albums')).find((a) => get(a, 'name') === 'default')
  const images = arr(get(album, 'images'))
    .map((i) => text(get(i, 'secureSrc')) ?? text(get(i, 'src')))
    .filter((u): u is string => u !== null)
    .map((u) => u.replace(SIZE_TEMPLATE, 'h_1440,q_90,w_1080').replace(/^http:\/\//, 'https://'))
  // Shown to one decimal ("3.5" for 3.5455): the rating a shopper reads.
  const exact = num(get(product, 'ratings.averageRating'))
  const average = exact === null ? null : Math.round(exact * 10) / 10
  const count = num(get(product, 'ratings.totalCount'))
  const shownName = collapseSpace($('h1.pdp-name').first().text())
  return {
    title: shownName || text(get(product, 'name')),
    price,
    compareAtPrice: price !== null && mrp !== null && mrp > price ? mrp : null,
    currency: price !== null ? 'INR' : null,
    images,
    ownGalleryRead: images.length > 0,
    ownPriceRead: price !== null,
    vendor: text(get(product, 'brand.name')),
    listingRating: average !== null && count !== null && count > 0 ? { average, count, scale: 5 } : null,
  }
}
