import type { CheerioAPI } from 'cheerio'
import { cleanBrand, isBrandLabel } from '../normalize/brand'
import { type RawFacts, type RawVariant } from '../normalize/facts'
import { parsePrice } from '../normalize/price'
import { type RawReview } from '../normalize/reviews'
import type { Fetcher } from '../types'
import { arr, deepFind, first, get, isObj, jsonAfter, num, text, type Obj } from './embedded'

/**
 * AliExpress keeps the product in `window.runParams = { data: {...} }` (older `*Module` names) or, on
 * newer and mobile pages, `_init_data_ = { data: { data: {...} } }` with `*Component` names. The
 * description is a separate document (`descriptionUrl`), read best-effort through the same fetcher.
 */
export function aliExpressData(html: string): Obj | null {
  const found =
    jsonAfter(html, /window\.runParams\s*=\s*\{[^{]{0,300}?\bdata\s*:\s*/) ??
    jsonAfter(html, /_init_data_\s*=\s*\{\s*data\s*:\s*/) ??
    jsonAfter(html, /window\.__INIT_DATA__\s*=\s*/)
  return isObj(found) ? found : null
}

function mod(root: Obj, ...names: string[]): Obj {
  const v = deepFind(root, names)
  return isObj(v) ? v : {}
}

function amount(v: unknown): number | null {
  if (isObj(v)) return num(v.value) ?? parsePrice(v.formatedAmount)?.amount ?? null
  return parsePrice(v)?.amount ?? null
}

export function parseAliExpressData(root: Obj, html: string): RawFacts & { descriptionUrl: string | null } {
  const title = mod(root, 'titleModule', 'productInfoComponent', 'PRODUCT_TITLE')
  const image = mod(root, 'imageModule', 'imageComponent', 'HEADER_IMAGE_PC')
  const price = mod(root, 'priceModule', 'priceComponent', 'PRICE')
  const specs = mod(root, 'specsModule', 'productPropComponent', 'PRODUCT_PROP_PC')
  const sku = mod(root, 'skuModule', 'skuComponent', 'SKU')
  const feedback = mod(root, 'feedbackModule', 'feedbackComponent', 'FEEDBACK')
  const store = mod(root, 'storeModule', 'sellerComponent', 'storeComponent')
  const desc = mod(root, 'descriptionModule', 'productDescComponent', 'DESC')
  const currencyMod = mod(root, 'currencyComponent', 'webEnv')

  const sale =
    amount(first(price, 'minActivityAmount', 'discountPrice.minActivityAmount', 'activityAmount')) ??
    parsePrice(price.formatedActivityPrice)?.amount ??
    null
  const list = amount(first(price, 'minAmount', 'origPrice.minAmount', 'amount')) ?? parsePrice(price.formatedPrice)?.amount ?? null
  const currency =
    text(
      first(
        price,
        'minActivityAmount.currency',
        'minAmount.currency',
        'discountPrice.minActivityAmount.currency',
        'origPrice.minAmount.currency',
      ),
    ) ??
    text(first(currencyMod, 'currencyCode', 'currency')) ??
    parsePrice(first(price, 'formatedActivityPrice', 'formatedPrice'))?.currency ??
    null

  // Options and variants: property values by id, then each SKU's price and stock.
  const valueNames = new Map<string, { option: string; value: string; image: string | null }>()
  const options = arr(sku.productSKUPropertyList)
    .filter(isObj)
    .map((p) => {
      const name = text(p.skuPropertyName) ?? 'Option'
      const values = arr(p.skuPropertyValues)
        .filter(isObj)
        .map((v) => {
          const value = text(v.propertyValueDisplayName) ?? text(v.propertyValueName) ?? ''
          valueNames.set(String(v.propertyValueId ?? v.propertyValueIdLong), { option: name, value, image: text(v.skuPropertyImagePath) })
          return value
        })
      return { name, values: values.filter(Boolean) }
    })
  const skuPrices = arr(sku.skuPriceList ?? price.skuPriceList ?? deepFind(root, ['skuPriceList'], Array.isArray)).filter(isObj)
  const variants: RawVariant[] = skuPrices.map((s) => {
    const parts = String(s.skuPropIds ?? '')
      .split(',')
      .map((id) => valueNames.get(id))
      .filter((x) => x !== undefined)
    const val = isObj(s.skuVal) ? s.skuVal : {}
    return {
      title: parts.map((p) => p.value).join(' / ') || text(s.skuAttr),
      price: amount(val.skuActivityAmount) ?? amount(val.skuAmount) ?? parsePrice(val.actSkuCalPrice ?? val.skuCalPrice)?.amount ?? null,
      available: num(val.availQuantity) === null ? null : num(val.availQuantity)! > 0,
      sku: text(s.skuIdStr) ?? text(s.skuId),
      image: parts.find((p) => p.image)?.image ?? null,
    }
  })

  const reviews: RawReview[] = arr(feedback.feedbackList ?? feedback.reviews)
    .filter(isObj)
    .map((r) => ({
      author: text(r.buyerName) ?? text(r.anonymousName),
      rating: num(r.buyerEval) ?? num(r.star) ?? null,
      ratingScale: num(r.buyerEval) !== null ? 100 : 5,
      date: text(r.evalDate) ?? num(r.evalDateTimestamp),
      body: text(r.buyerTranslationFeedback) ?? text(r.buyerFeedback),
    }))

  const dcImages = shellImages(html)
  const props = arr(specs.props).filter(isObj)
  const specList = props.map((p) => ({ name: text(p.attrName) ?? '', value: text(p.attrValue) ?? '' }))
  // AliExpress' attribute 2 is the brand, whatever the page's language calls it.
  const brand = props.find((p) => num(p.attrNameId) === 2 || isBrandLabel(text(p.attrName)))
  return {
    title: text(first(title, 'subject', 'text', 'title')),
    images: arr(image.imagePathList ?? dcImages).filter((u): u is string => typeof u === 'string'),
    price: sale ?? list,
    compareAtPrice: sale !== null && list !== null && list > sale ? list : null,
    currency,
    specs: specList,
    options,
    variants,
    // The maker, as the listing's specifications name it ("Brand Name"); the store is the seller, not the brand.
    vendor: cleanBrand(text(brand?.attrValue)) ?? cleanBrand(text(first(store, 'brandName'))),
    productType: text(title.categoryName),
    reviews,
    // The listing's stated average ("averageStar", sometimes spelt "evarageStar") and rating count.
    listingRating: {
      average: first(feedback, 'averageStar', 'evarageStar', 'averageStarRate') ?? first(title, 'feedbackRating.averageStar'),
      count: first(feedback, 'totalValidNum') ?? first(title, 'feedbackRating.totalValidNum'),
    },
    descriptionUrl: text(desc.descriptionUrl ?? desc.pcDescUrl),
  }
}

/** Reads the description document when it lives on AliExpress' own hosts; silently skipped on any failure. */
async function readDescription(url: string | null, pageUrl: string, fetcher: Fetcher): Promise<string | null> {
  if (!url) return null
  try {
    const u = new URL(url.startsWith('//') ? `https:${url}` : url, pageUrl)
    if (u.protocol !== 'https:' || !/(^|\.)(alicdn\.com|aliexpress\.com|aliexpress\.us|aliexpress-media\.com)$/.test(u.hostname))
      return null
    const doc = await fetcher(u.href, { accept: 'html' })
    return doc.status >= 200 && doc.status < 300 ? doc.body : null
  } catch {
    return null
  }
}

/** The gallery a script-loaded page lists in `window._d_c_.DCData.imagePathList` (full size, one per photo). */
function shellImages(html: string): string[] {
  return arr(get(jsonAfter(html, /window\._d_c_\.DCData\s*=\s*/), 'imagePathList')).filter((u): u is string => typeof u === 'string')
}

/**
 * The price box of a page saved after its script drew it, without the data block ("Save page as"):
 * the product's one current price and the struck price beside it. The box's classes are the
 * product module's own (`price-default--current--…`, older `product-price-current`); the
 * recommendations below draw their prices with other classes.
 */
function renderedPriceBox($: CheerioAPI): RawFacts {
  // The amount alone: the older box writes its discount beside the struck price ("US $150.00 -69%").
  const shown = (selector: string) => {
    const box = $(selector).first().clone()
    const value = box.find('.product-price-value')
    box.find('[class*="mark"], [class*="discount"], [class*="percent"]').remove()
    return parsePrice((value.length ? value.first() : box).text().replace(/\s+/g, ' ').trim())
  }
  const current = shown('[class*="price-default--current--"], .product-price-current')
  if (!current) return {}
  const struck = shown('[class*="price-default--original--"], .product-price-original')
  const sameCurrency = struck !== null && (struck.currency === current.currency || struck.currency === null)
  return {
    price: current.amount,
    currency: current.currency,
    compareAtPrice: sameCurrency && struck.amount > current.amount ? struck.amount : null,
  }
}

/**
 * AliExpress: the product's data block, else — on the nearly empty page a client without a browser
 * gets (the product loads by script) — what that page still carries: its gallery list (the page's
 * meta tags give the name, see importMarketplace). A shell without the product's name is refused for
 * what it is.
 */
export async function parseAliExpress(html: string, pageUrl: string, fetcher: Fetcher, $?: CheerioAPI): Promise<RawFacts> {
  const root = aliExpressData(html)
  if (!root) return { images: shellImages(html), ...($ ? renderedPriceBox($) : {}) }
  const { descriptionUrl, ...raw } = parseAliExpressData(root, html)
  return { ...raw, descriptionHtml: await readDescription(descriptionUrl, pageUrl, fetcher) }
}
