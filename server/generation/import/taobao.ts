import type { CheerioAPI } from 'cheerio'
import { cleanBrand, isBrandLabel } from './normalize/brand'
import type { RawFacts } from './normalize/facts'
import { parsePrice } from './normalize/price'
import { collapseSpace } from './normalize/text'

/** Taobao's and Tmall's item pages (item.taobao.com, detail.tmall.com). */
export function isTaobaoItem(url: URL): boolean {
  return /(^|\.)(taobao|tmall)\.com$/i.test(url.hostname)
}

/**
 * Taobao's and Tmall's server-rendered item page, which has no structured data: the name in the
 * title block, the price box's price (a range by variant gives its low end; the promotion row, filled
 * by script, is not read), one thumbnail per photo in the gallery strip, and the brand among the
 * item's attributes.
 * Prices are in yuan. Everything else on the page (shop recommendations, other items) is not read.
 */
export function parseTaobao($: CheerioAPI): RawFacts {
  const title =
    collapseSpace($('.tb-main-title').attr('data-title')) ||
    collapseSpace($('.tb-main-title').text()) ||
    collapseSpace($('.tb-detail-hd h1').text())
  const priceText =
    collapseSpace($('#J_StrPrice .tb-rmb-num').first().text()) || collapseSpace($('#J_StrPriceModBox .tm-price').first().text())
  const price = parsePrice(priceText, 'CNY')
  const images = $('#J_UlThumb img')
    .toArray()
    .map((img) => $(img).attr('data-src') ?? $(img).attr('src') ?? '')
    .filter(Boolean)
  return {
    title: title || null,
    price: price?.amount ?? null,
    currency: price ? 'CNY' : null,
    images,
    vendor: taobaoBrand($),
  }
}

/** "品牌: KBDfans", "品牌名称：Apple/苹果" (Tmall names a brand in Latin letters and in Chinese: the first is kept). */
function taobaoBrand($: CheerioAPI): string | null {
  for (const el of $('#J_BrandAttr .name, .attributes-list li, #J_AttrUL li').toArray()) {
    const [, name, value] = /^([^:：]+)[:：]\s*(.+)$/.exec(collapseSpace($(el).text()).replace(/\u00a0/g, ' ')) ?? []
    if (value && isBrandLabel(name)) return cleanBrand(value.replace(/^([\x20-\x7e]+)\/[^\x20-\x7e].*$/, '$1'))
  }
  return null
}
