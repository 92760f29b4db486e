import type { CheerioAPI } from 'cheerio'
import { get, scriptJson } from './marketplaces/embedded'
import type { RawFacts } from './normalize/facts'

/** A Zalando article page (`zalando.{ie,fi,de,…}/…-{sku}.html`). */
export function isZalandoArticle(url: URL): boolean {
  return /(^|\.)zalando\.(?:[a-z]{2,3}|co\.uk)$/i.test(url.hostname) && /\.html$/i.test(url.pathname)
}

/**
 * A Zalando article's price from its own page data (`#z-vegas-pdp-props`, the article's
 * `displayPrice`): the price a buyer pays (the lowest over sizes, "from") and, on a reduction, the
 * struck original beside it. The structured data lists each size's offer but not the original price;
 * the carousels' prices are other articles' and are not read.
 */
export function parseZalando($: CheerioAPI): RawFacts {
  const display = get(scriptJson($, 'script#z-vegas-pdp-props'), 'model.articleInfo.displayPrice')
  const price = Number(get(display, 'price.value'))
  const original = Number(get(display, 'originalPrice.value'))
  const currency = get(display, 'price.currency')
  if (!Number.isFinite(price) || price <= 0) return {}
  return {
    price,
    compareAtPrice: get(display, 'isDiscounted') === true && Number.isFinite(original) && original > price ? original : null,
    currency: typeof currency === 'string' ? currency : null,
  }
}
