import type { CheerioAPI } from 'cheerio'
import type { RawFacts } from './normalize/facts'
import { parsePrice } from './normalize/price'
import { collapseSpace } from './normalize/text'

/** A PChome 商店街 item page (`pcstore.com.tw/{store}/M{id}.htm`). */
export function isPcstoreItem(url: URL): boolean {
  return /(^|\.)pcstore\.com\.tw$/i.test(url.hostname) && /\/M\d+\.htm$/i.test(url.pathname)
}

/**
 * A PChome 商店街 item's price box, which has no structured data: the special price (一次付清特價 /
 * 特價 / 直購價: "7 折 294 元" is 30 % off, 294 yuan) and the struck suggested retail price beside it
 * (建議售價, in `<del>`), in New Taiwan dollars. The maker is the name's bracketed prefix
 * ("【下營農會】鵝肉鬆…"), as Taiwanese shops write it. Instalments, points and add-ons are not read.
 */
export function parsePcstore($: CheerioAPI): RawFacts {
  const row = (label: RegExp) =>
    $('td')
      .toArray()
      .find((td) => label.test(collapseSpace($(td).children('strong').first().text())))
  const special = row(/^(一次付清特價|特價|直購價)$/)
  // The first amount in yuan: a coupon link may follow it in the same cell.
  const amount = special ? /([\d,]+)\s*元/.exec(collapseSpace($(special).text()))?.[1] : undefined
  const price = parsePrice(amount, 'TWD')
  const suggested = row(/^建議售價$/)
  const compare = suggested ? parsePrice(collapseSpace($(suggested).find('del').first().text()), 'TWD') : null
  const maker = /^【([^】]{1,30})】/.exec(collapseSpace($('h1').first().text()))?.[1]
  return {
    price: price?.amount ?? null,
    compareAtPrice: compare && price && compare.amount > price.amount ? compare.amount : null,
    currency: price ? 'TWD' : null,
    vendor: maker ?? null,
  }
}
