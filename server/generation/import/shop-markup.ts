import type { CheerioAPI } from 'cheerio'
import { withGallery } from './gallery'
import { inlineScriptTexts } from './marketplaces/embedded'
import { cleanBrand, nameIn } from './normalize/brand'
import type { RawFacts } from './normalize/facts'
import { shopNameOpening } from './normalize/site-name'
import {
  brandAboveNameLine,
  brandBesideName,
  brandFromShopAllLink,
  brandFromSpecRows,
  brandFromCardLabels,
  brandLinkedInHeading,
  brandTaggedAfterHeading,
} from './page-heading'
import {
  currencyShownWith,
  currentBid,
  everyonesPrice,
  priceBeforePaymentDiscount,
  formerPriceBeside,
  isPriceShown,
  priceBesideStruck,
  priceNearHeading,
  roundedShowing,
} from './price-box'
import { writtenAs } from './price-written'
import { decimalRatingBesideHeading, decimalRatingWithCount, ratingBesideHeading } from './rating-widget'
import { statesAnOffer, structuredOfferLost } from './structured-data'

/**
 * What a shop page's own markup adds to its structured data, for shops the importer has no reader
 * for: the brand row of its specification table (or its buy button's brand attribute), its gallery, and its price box (the price a sale
 * shows beside a struck structured price, the struck former price beside it, the currency written
 * with it, and the price itself on a page with no structured product).
 * Marketplaces have readers of their own: their pages carry sponsored tiles this must never read.
 */
export function withShopMarkup(raw: RawFacts, $: CheerioAPI, pageUrl: string): RawFacts {
  const dataBrands = pageDataBrands($)
  const scripted = cleanBrand(brandNamedInPageData(dataBrands, raw.title) ?? '')
  // Before the specification's maker rows ("Hersteller: Intel" under the graphics) only when it is the
  // one brand the page's data names: a case's title starts with the phone's maker a tile's data names too.
  const leading = scripted && dataBrands.size === 1 && (raw.title ?? '').toLowerCase().startsWith(scripted.toLowerCase()) ? scripted : null
  const out: RawFacts = {
    ...raw,
    vendor:
      raw.vendor ||
      leading ||
      brandFromSpecRows($) ||
      brandFromCardLabels($) ||
      brandBesideName($, raw.title) ||
      brandTaggedAfterHeading($) ||
      brandLinkedInHeading($, pageUrl) ||
      brandAboveNameLine($) ||
      brandFromShopAllLink($, raw.title, pageUrl) ||
      scripted ||
      shopNameOpening(raw.title, pageUrl),
    images: raw.ownGalleryRead ? raw.images : withGallery($, raw.images, pageUrl),
    listingRating: raw.listingRating ? withShownDecimal(raw.listingRating, $) : ratingBesideHeading($),
  }
  // The site's own data stated the price and any former price: nothing in the markup overrides them.
  if (raw.ownPriceRead) return out
  // A members' price in the structured data beside the price everyone pays: the latter is the price.
  const everyone = typeof out.price === 'number' ? everyonesPrice($, out.price, out.locale ?? null, pageUrl) : null
  // A structured price the page shows only as a discount for paying one way: the price box's price, and its former price.
  const beforeDiscount = typeof out.price === 'number' ? priceBeforePaymentDiscount($, out.price, out.locale ?? null, pageUrl) : null
  if (beforeDiscount !== null)
    Object.assign(out, { price: beforeDiscount, compareAtPrice: formerPriceBeside($, beforeDiscount, out.locale ?? null, pageUrl) })
  else if (everyone !== null) Object.assign(out, { price: everyone, compareAtPrice: null })
  // (Its "Regular Price" label is no strike: the members' price beside it is no sale.)
  else if (out.compareAtPrice == null && typeof out.price === 'number') {
    const sale = priceBesideStruck($, out.price, out.locale, pageUrl)
    if (sale) Object.assign(out, sale)
    else out.compareAtPrice = formerPriceBeside($, out.price, out.locale ?? null, pageUrl)
  }
  // A sold-out product whose structured price the page no longer shows: no price to sell at.
  if (out.soldOut && typeof out.price === 'number' && !isPriceShown($, out.price, out.locale ?? null))
    Object.assign(out, { price: null, compareAtPrice: null })
  // A structured price the page writes nowhere (Etsy's price before VAT) or only as an approximation
  // where its price box shows another: the shopper pays the one shown. One it writes only per month
  // is an instalment: then the page offers plans (a contract, outright), and no price is better than
  // picking one.
  let plans = false
  if (typeof out.price === 'number' && !out.soldOut && !isPriceShown($, out.price, out.locale ?? null, pageUrl)) {
    // (Not what other products' cards write: Etsy's shop's other listings at the same $25.00.)
    const written = writtenAs($, out.price, pageUrl)
    plans = written === 'per-month'
    if (plans) Object.assign(out, { price: null, compareAtPrice: null })
    else if (written === 'nowhere' || written === 'converted') {
      // The price box's own price, in the currency it is written in: a structured price in another
      // currency is one the shopper never sees (Etsy's CAD offer beside "US$ 36.97"), or the box's
      // price converted ("Approximately US $3,971.45" under "EUR 3,500.00").
      const shown = priceNearHeading($, out.locale ?? null, pageUrl)
      const sameCurrency = shown && (!shown.currency || !out.currency || shown.currency === out.currency)
      const rounded = written === 'nowhere' ? roundedShowing($, out.price, out.locale ?? null) : null
      if (shown && (written === 'nowhere' || !sameCurrency))
        Object.assign(out, { price: shown.price, compareAtPrice: shown.compareAtPrice, currency: shown.currency ?? out.currency })
      else if (rounded !== null) out.price = rounded
    }
  }
  // An auction's lot: the current bid, not the starting price its structured data states.
  const bid = currentBid($, out.locale ?? null, pageUrl)
  if (bid !== null && bid !== out.price) Object.assign(out, { price: bid, compareAtPrice: null })
  if (typeof out.price === 'number' && !out.currency) out.currency = currencyShownWith($, out.price, out.locale ?? null)
  if (out.price == null && !plans && (!statesAnOffer($) || structuredOfferLost($))) {
    const shown = priceNearHeading($, out.locale ?? null, pageUrl)
    if (shown) Object.assign(out, { price: shown.price, compareAtPrice: shown.compareAtPrice, currency: out.currency ?? shown.currency })
  }
  return out
}

/**
 * A structured rating in whole or half stars that the product's own stars say with its decimal (4
 * where they say 3.9, eBay's 4.5 where they say 4.6): the stars' rating.
 */
function withShownDecimal(rating: NonNullable<RawFacts['listingRating']>, $: CheerioAPI): RawFacts['listingRating'] {
  const average = Number(rating.average)
  if (!Number.isInteger(average * 2) || (rating.scale != null && Number(rating.scale) !== 5)) return rating
  const count = Number(rating.count)
  const said = decimalRatingBesideHeading($) ?? (Number.isInteger(count) && count > 0 ? decimalRatingWithCount($, count) : null)
  if (said === null) return rating
  const roundsTo = Number.isInteger(average) ? Math.round(said) === average : Math.round(said * 2) / 2 === average
  return roundsTo ? { ...rating, average: said } : rating
}

/** Distinct brands a page's data can hold: enough for a product and its tiles, bounded on a page of thousands. */
const MAX_DATA_BRANDS = 50

/**
 * The brands the page's own data names: an analytics data layer's `'brand': 'Dyson'`, a state's
 * `"brand":{"name":…}` in its scripts, a tag's `data-brand`. Scripts and attributes only, never the
 * whole page re-serialised; at most MAX_DATA_BRANDS distinct values.
 */
export function pageDataBrands($: CheerioAPI): Set<string> {
  const KEY = /["']?\b(?:product_?brand|brand(?:_?name)?)["']?\s*[:=]\s*(?:\{[^{}]{0,80}?["']name["']\s*:\s*)?["']([^"'<>{}\\]{2,40})["']/gi
  const out = new Set<string>()
  for (const el of $('[data-brand]').toArray()) {
    if (out.size >= MAX_DATA_BRANDS) return out
    const v = (el.attribs['data-brand'] ?? '').trim()
    if (v.length >= 2 && v.length <= 40) out.add(v)
  }
  for (const text of inlineScriptTexts($)) {
    for (const m of text.matchAll(KEY)) {
      if (out.size >= MAX_DATA_BRANDS) return out
      out.add(m[1].trim())
    }
  }
  return out
}

/**
 * Of the brands the page's data names (pageDataBrands), the one the product's name also says, written
 * as the name writes it ("TP-Link" where the data says "TP Link"), whole words only; of several, the
 * earliest in the name. A brand the name does not say may be a related product's: never taken.
 */
export function brandNamedInPageData(brands: Set<string>, title: string | null | undefined): string | null {
  if (!title?.trim()) return null
  let best: { said: string; at: number } | null = null
  for (const brand of brands) {
    const said = nameIn(title, brand)
    if (said && (!best || said.index < best.at)) best = { said: said[0], at: said.index }
  }
  return best?.said ?? null
}
