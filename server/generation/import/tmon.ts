import type { CheerioAPI } from 'cheerio'
import type { RawFacts } from './normalize/facts'
import { parsePrice } from './normalize/price'
import { collapseSpace } from './normalize/text'

/** A TMON (티몬) deal page (`tmon.co.kr/deal/{id}`). */
export function isTmonDeal(url: URL): boolean {
  return /(^|\.)tmon\.co\.kr$/i.test(url.hostname) && /^\/deal\/\d+/.test(url.pathname)
}

/**
 * A TMON deal: its name in the deal's own title block (the page's `<h1>`s name other deals, in the
 * recommendation strips), the selling price (판매가; "30,000원~" is the lowest over its options), and
 * the buyers' rating the review button states ("구매후기 5점 만점 중 5점 3명 참여": 5 of 5 from 3).
 * The seller's satisfaction index, coupons, points and instalments are not the product's and are not read.
 */
export function parseTmon($: CheerioAPI): RawFacts {
  const title = collapseSpace($('.deal_title_main').first().text())
  const price = parsePrice(collapseSpace($('.deal_price_sell [aria-label="판매가"]').first().text()).replace(/[원~]/g, ''), 'KRW')
  const stated = $('.grade_average[aria-label]').first().attr('aria-label') ?? ''
  const [, scale, average, count] = /(\d+)점 만점 중 ([\d.]+)점 ([\d,]+)명/.exec(stated) ?? []
  return {
    title: title || null,
    price: price?.amount ?? null,
    currency: price ? 'KRW' : null,
    listingRating: count ? { average, count: count.replace(/,/g, ''), scale } : null,
  }
}
