import type { CheerioAPI } from 'cheerio'
import type { AnyNode, Element } from 'domhandler'
import { isCardLink } from './gallery'
import { currencyWritten, parsePrice } from './normalize/price'
import { PRICE_CLASS, productHeading } from './page-heading'
import {
  classWords,
  type ShownPrice,
  FORMER_PRICE_PREFIX,
  INSTALMENT_LABEL,
  PRICE_BOX_LEVELS,
  PRICE_ONLY,
  asWritten,
  currencyOf,
  drawnStruck,
  inTile,
  isBeforeTax,
  isInside,
  isStruck,
  labelBefore,
  labelTextBefore,
  namesCurrency,
  pricesIn,
  smallText,
  soleChild,
  spacedText,
  startsWithNow,
  wrappedBy,
} from './price-shown'
import { APPROXIMATELY } from './price-written'
import { hiddenFromShopper } from './shown-text'

/**
 * A structured price the page shows only struck through. Some shops keep the regular price in their
 * structured data during a sale while the page shows it struck, with the price a shopper pays beside
 * it. Taking the structured price then asks more than the shop does; the page's own price box says
 * which is which.
 */

/**
 * The price a shopper pays when the page shows `price` (the structured one) only struck through, with
 * a lower price unstruck in the same price box; null when the page shows it as the price, does not
 * show it, or shows nothing beside it.
 */
export function priceBesideStruck(
  $: CheerioAPI,
  price: number,
  locale: string | null = null,
  pageUrl: string | null = null,
): { price: number; compareAtPrice: number } | null {
  const shown = pricesIn($, null, locale).filter((p) => Math.abs(p.amount - price) < 0.005)
  if (!shown.length || !shown.every((p) => isStruck(p.el))) return null
  const struckCurrency = currencyWritten($(shown[0].el).text(), locale)
  let box: AnyNode | null = shown[0].el.parent
  for (let level = 0; box && box.type === 'tag' && level < PRICE_BOX_LEVELS; level++, box = box.parent) {
    const within = box
    // In the struck price's own currency (or as bare as it is): "1 gal" beside "$2.55" is a size.
    const sale = pricesIn($, box as Element, locale).find(
      (p) =>
        isFormerPrice(price, p.amount) &&
        currencyWritten($(p.el).text(), locale) === struckCurrency &&
        !isStruck(p.el) &&
        !inTile($, p.el, within, pageUrl),
    )
    if (sale) return { price: sale.amount, compareAtPrice: price }
  }
  return null
}

/**
 * Whether `former` can be the price `price` was reduced from: higher, and by at most 95 % (a number
 * twenty times the price is another number in the box: an item code, a year, a phone number).
 */
const isFormerPrice = (former: number, price: number) => former > price && former <= price * 20

/** Levels above the heading that still hold the product's own price box. */
const HEADING_BOX_LEVELS = 5

/** Whether an element, or one of its parents below `box`, is hidden from the shopper. */
function isHidden(el: Element, box: AnyNode): boolean {
  for (let node: AnyNode | null = el; node && node !== box && node.type === 'tag'; node = node.parent) {
    const e = node as Element
    if (hiddenFromShopper(e)) return true
  }
  // A wrapper whose whole text is a hidden element's ("<div><span class=d-none>€3.25</span></div>").
  return wrappedBy(el).some(hiddenFromShopper)
}

/**
 * Whether a price inside the heading stands in a price box of its own there (H&M's "Bomber Jacket
 * <span class=price>…$24.99</span>"), not in the name's words ("Apple iPhone 15 128GB").
 */
function inPriceBoxOf(el: Element, heading: Element): boolean {
  for (let node: AnyNode | null = el; node && node !== heading && node.type === 'tag'; node = node.parent)
    if (PRICE_CLASS.test((node as Element).attribs.class ?? '')) return true
  return false
}

/** Whether `b` comes after `a` in the page. */
function follows($: CheerioAPI, a: Element, b: Element): boolean {
  const all = $('body *').toArray()
  return all.indexOf(b) > all.indexOf(a)
}

/** A condition a lower price is given on: a card, wallet, membership or subscription ("с WB Кошельком", "with Prime"). */
const CONDITION =
  /(?:^|\s)(?:with|w\/|mit|con|avec|com|с|z)\s+(?:\S+\s+){0,2}(?:card|wallet|prime|membership|subscription|club|karte|mitgliedschaft|tarjeta|carte|cartão|картой|кошельком|подпиской|kartą)(?!\p{L})/iu

/** Class words of a price that holds on a condition, where the box draws the condition as an icon ("productLinePriceWallet"). */
const CONDITION_CLASS_WORDS = new Set(['wallet', 'member', 'members', 'membership', 'club', 'loyalty'])

/**
 * The price anyone pays beside a first price the box draws as a condition's only by its classes
 * (Wildberries' "productLinePriceWallet" 4 584 ₽ beside "productLinePriceNow" 4 678 ₽): the higher
 * open price in the smallest box that holds both, or null where no such box is classed so.
 */
function priceBesideClassedCondition($: CheerioAPI, first: ShownPrice, open: ShownPrice[]): ShownPrice | null {
  let box: AnyNode | null = first.el.parent
  for (let level = 0; box && box.type === 'tag' && level < PRICE_BOX_LEVELS; level++, box = box.parent) {
    const within = box as Element
    const beside = open.filter((p) => p !== first && p.amount !== first.amount && isInside(p.el, within))
    if (!beside.length) continue
    const classed = $(within)
      .find('[class]')
      .toArray()
      .slice(0, 50)
      .some((el) => classWords(el).some((w) => CONDITION_CLASS_WORDS.has(w)))
    return classed ? beside.reduce((a, b) => (b.amount > a.amount ? b : a), first) : null
  }
  return null
}

/** Words that give a price to members only: "Ace Rewards Exclusive", "Member price", "Club price" (not "Sign in to check out"). */
const MEMBERS_ONLY = /(?<!\p{L})(?:members?|membership|rewards|loyalty|club)(?!\p{L})/iu

/** Levels above a price where a members' box around it says so. */
const MEMBERS_BOX_LEVELS = 3

/**
 * Whether a price sits in a box whose words give it on a condition (`words`: to members only, as a
 * discount for paying one way), below any box holding another price.
 */
function givenOnCondition($: CheerioAPI, el: Element, amount: number, locale: string | null, words: RegExp): boolean {
  let box: AnyNode | null = el.parent
  for (let level = 0; box && box.type === 'tag' && level < MEMBERS_BOX_LEVELS; level++, box = box.parent) {
    if (pricesIn($, box as Element, locale).some((p) => Math.abs(p.amount - amount) >= 0.005)) return false
    if (words.test(spacedText(box as Element).replace(/\s+/g, ' '))) return true
  }
  return false
}

const membersOnly = ($: CheerioAPI, el: Element, amount: number, locale: string | null) =>
  givenOnCondition($, el, amount, locale, MEMBERS_ONLY)

/**
 * The price everyone pays where the structured price is a members' price: shown only in a box that
 * names a membership ("Sign In / Join · $30.00 off Ace Rewards Exclusive · $129.00") while the
 * price box around it shows a higher price to everyone ("Regular Price $159.00", not drawn struck).
 * Null otherwise.
 */
export function everyonesPrice($: CheerioAPI, price: number, locale: string | null, pageUrl: string): number | null {
  const root = $.root()[0]
  const shown = pricesIn($, null, locale).filter((p) => Math.abs(p.amount - price) < 0.005 && !isHidden(p.el, root))
  if (!shown.length || !shown.every((p) => membersOnly($, p.el, p.amount, locale))) return null
  let box: AnyNode | null = shown[0].el.parent
  for (let level = 0; box && box.type === 'tag' && level < PRICE_BOX_LEVELS + MEMBERS_BOX_LEVELS; level++, box = box.parent) {
    const within = box
    const regular = pricesIn($, box as Element, locale).find(
      (p) =>
        isFormerPrice(p.amount, price) &&
        namesCurrency($, p, locale) &&
        !isHidden(p.el, within) &&
        !inTile($, p.el, within, pageUrl) &&
        !drawnStruck(p.el, 'none', true) &&
        !membersOnly($, p.el, p.amount, locale),
    )
    if (regular) return regular.amount
  }
  return null
}

/** Words that give a price as a further discount for a way of paying ("Mais 5% de desconto em 1x no Cartão ou Boleto"). */
const PAYMENT_DISCOUNT =
  /(?:desconto|descuento|discount|rabatt|remise|sconto)(?!\p{L}).{0,40}?(?<!\p{L})(?:boleto|pix|cart[ãa]o|tarjeta|card|paypal|1x|à vista|al contado|en efectivo)(?!\p{L})/iu

const paymentDiscountOnly = ($: CheerioAPI, el: Element, amount: number, locale: string | null) =>
  givenOnCondition($, el, amount, locale, PAYMENT_DISCOUNT)

/**
 * The price box's own price where the structured price is one the page shows only as a further
 * discount for paying a certain way (Pontofrio's microdata 664.05, shown as "R$ 664,05 Mais 5% de
 * desconto em 1x no Cartão ou Boleto" under "Por: R$ 699,00"): the box's price is the product's
 * price, the discount one way to pay it. Null otherwise.
 */
export function priceBeforePaymentDiscount($: CheerioAPI, price: number, locale: string | null, pageUrl: string): number | null {
  const root = $.root()[0]
  // (A table of instalments' "1x sem juros R$ 664,05" is a way to pay too, no showing of the price.)
  const shown = pricesIn($, null, locale).filter(
    (p) => Math.abs(p.amount - price) < 0.005 && !isHidden(p.el, root) && !INSTALMENT_LABEL.test(labelTextBefore(p.el)),
  )
  if (!shown.length || !shown.every((p) => paymentDiscountOnly($, p.el, p.amount, locale))) return null
  let box: AnyNode | null = shown[0].el.parent
  for (let level = 0; box && box.type === 'tag' && level < PRICE_BOX_LEVELS + MEMBERS_BOX_LEVELS; level++, box = box.parent) {
    const within = box
    const before = pricesIn($, box as Element, locale).find(
      (p) =>
        // A discount of a few percent: the box's price is at most a quarter above it.
        p.amount > price &&
        p.amount <= price * 1.25 &&
        namesCurrency($, p, locale) &&
        !isHidden(p.el, within) &&
        !inTile($, p.el, within, pageUrl) &&
        !isStruck(p.el) &&
        !INSTALMENT_LABEL.test(labelTextBefore(p.el)) &&
        !paymentDiscountOnly($, p.el, p.amount, locale),
    )
    if (before) return before.amount
  }
  return null
}

/**
 * The price a page with no structured price shows in its product's price box: the first price after
 * the heading in the heading's own block (widened a level at a time), never a tile's, a hidden one or
 * words with a number ("from €6 / month", "+448 bonus"). A struck price beside it is the former price;
 * a price classed "old" with nothing beside it is the price (a former price is never shown alone).
 */
export function priceNearHeading(
  $: CheerioAPI,
  locale: string | null,
  pageUrl: string,
): { price: number; compareAtPrice: number | null; currency: string | null } | null {
  const heading = productHeading($)
  if (!heading) return null
  let box: AnyNode | null = heading.parent
  for (let level = 0; box && box.type === 'tag' && level < HEADING_BOX_LEVELS; level++, box = box.parent) {
    const within = box
    let prices = pricesIn($, box as Element, locale).filter(
      (p) =>
        namesCurrency($, p, locale) &&
        (!isInside(p.el, heading) || inPriceBoxOf(p.el, heading)) &&
        follows($, heading, p.el) &&
        !inTile($, p.el, within, pageUrl) &&
        !isHidden(p.el, within) &&
        !INSTALMENT_LABEL.test(labelTextBefore(p.el)),
    )
    if (!prices.length) continue
    // The price with tax where the box shows it beside the one without.
    const withTax = prices.filter((p) => !isBeforeTax(p.el))
    if (withTax.length) prices = withTax
    // A box that gives a lower price on a condition ("441 ₽ 450 ₽ с WB Кошельком", "with Prime"):
    // the price without it is the one every shopper pays.
    const open = prices.filter((p) => !isStruck(p.el))
    const conditional = new Set(open.map((p) => p.amount)).size >= 2 && CONDITION.test(spacedText(box as Element))
    const first = conditional
      ? open.reduce((a, b) => (b.amount > a.amount ? b : a))
      : (open[0] ?? (new Set(prices.map((p) => p.amount)).size === 1 ? prices[0] : null))
    if (!first) return null
    // A struck price alone among the elements, the price written loose beside it in their element
    // ("<p><span class=old-price>₹ 399.00</span>&nbsp; ₹ 249.00 Incl. GST</p>"): that one is the price.
    const loose = !open.length && isStruck(first.el) ? looseBeside(first, locale) : null
    if (loose !== null)
      return isFormerPrice(first.amount, loose)
        ? { price: loose, compareAtPrice: first.amount, currency: currencyOf($, first, locale) }
        : null
    // "$64.95" then "Now $52.00" (Gap: a stylesheet draws the line through the first): the former price and the price.
    const now = conditional || isStruck(first.el) ? null : nowPriceAfter($, first, locale)
    if (now !== null) return { price: now, compareAtPrice: first.amount, currency: currencyOf($, first, locale) }
    const current = conditional ? first : (priceBesideClassedCondition($, first, open) ?? first)
    const former = prices.find((p) => p !== current && isStruck(p.el) && isFormerPrice(p.amount, current.amount))
    return {
      price: current.amount,
      compareAtPrice: former?.amount ?? null,
      currency: currencyOf($, current, locale),
    }
  }
  return null
}

/**
 * The former price a page shows struck beside its structured price (the price shown unstruck): the
 * first struck, higher price in that price's own box, never a tile's or a hidden one. Null when the
 * price is not shown, or nothing struck stands beside it.
 */
export function formerPriceBeside($: CheerioAPI, price: number, locale: string | null, pageUrl: string): number | null {
  const root = $.root()[0]
  const shown = pricesIn($, null, locale)
    .filter((p) => Math.abs(p.amount - price) < 0.005 && !isStruck(p.el) && !isHidden(p.el, root) && !inLinkedCard($, p.el, pageUrl))
    // Past the first, never the same amount in another product's card (mixxmix's related skirt at
    // $43.80). The first may sit beside a picture link of the product's own (its brand's logo).
    .filter((p, i) => i === 0 || !inPictureCard($, p.el, pageUrl))
    .slice(0, MAX_SHOWINGS)
  // Or written loose beside the struck one in their own element ("<p><span class=old-price>₹ 149.00</span> ₹ 99.00</p>").
  if (!shown.length) return formerPriceWithLoose($, price, locale, pageUrl)
  // The price may be written first in a bar of its own (a sticky header's "R$ 1.849,00"), its box later.
  for (const showing of shown) {
    const former = formerPriceInBoxOf($, showing, price, locale, pageUrl)
    if (former !== null) return former
    // Only past a showing that stands alone, with no other price near it: a box with prices of its
    // own (a bundle's, an add-on's) is the price's box, and no later showing's is.
    if (!standsAlone($, showing, locale)) return null
  }
  return null
}

/** Levels above a struck price where the price it was reduced to stands ("<strike>$949</strike> <span>$839</span>"). */
const STRUCK_PAIR_LEVELS = 2

/**
 * Whether a struck price stands beside another, lower price than `price`, unstruck: it is that one's
 * former price (a related product's "$949.00 $839.00" below the product's own $729.95), not this one's.
 */
function formerOfAnother($: CheerioAPI, struck: ShownPrice, price: number, locale: string | null): boolean {
  let box: AnyNode | null = struck.el.parent
  for (let level = 0; box && box.type === 'tag' && level < STRUCK_PAIR_LEVELS; level++, box = box.parent) {
    const beside = pricesIn($, box as Element, locale).filter((p) => p.el !== struck.el && !isStruck(p.el))
    if (beside.some((p) => Math.abs(p.amount - price) < 0.005)) return false
    if (beside.some((p) => isFormerPrice(struck.amount, p.amount))) return true
  }
  return false
}

/** Whether a showing of a price has no other amount within its price box's levels. */
function standsAlone($: CheerioAPI, shown: ShownPrice, locale: string | null): boolean {
  let box: AnyNode | null = shown.el
  for (let level = 0; box.parent && box.parent.type === 'tag' && level < PRICE_BOX_LEVELS; level++) box = box.parent
  return pricesIn($, box as Element, locale).every((p) => Math.abs(p.amount - shown.amount) < 0.005)
}

/** Showings of the price looked at for a former price beside one: a page writes its price a few times. */
const MAX_SHOWINGS = 5

/** The former price in the box of one showing of the price (see formerPriceBeside), or null. */
function formerPriceInBoxOf($: CheerioAPI, shown: ShownPrice, price: number, locale: string | null, pageUrl: string): number | null {
  let box: AnyNode | null = shown.el.parent
  for (let level = 0; box && box.type === 'tag' && level < PRICE_BOX_LEVELS; level++, box = box.parent) {
    const within = box
    const inBox = pricesIn($, box as Element, locale)
    // Made only when a price in the box is a candidate: a high box's text is long.
    let text: string | undefined
    const boxText = () => (text ??= spacedText(within as Element))
    const amounts = inBox.map((p) => p.amount)
    // A price the box splits into instalments is one paid today, whatever its class says.
    const former = inBox.find(
      (p) =>
        isFormerPrice(p.amount, price) &&
        isStruck(p.el) &&
        !inTile($, p.el, within, pageUrl) &&
        !inAnothersCard($, p.el, shown.el, pageUrl, locale) &&
        !formerOfAnother($, p, price, locale) &&
        !isHidden(p.el, within) &&
        !paidInInstalments(boxText(), p.amount, amounts),
    )
    if (former) return former.amount
    // Not marked as struck in the markup (a stylesheet draws the line), but the box writes the
    // discount that takes that price to this one: "₹31,000 58% off" beside ₹12,999. Only in a box
    // of the price's own (the price, the former price, a saving), where no tile's discount is near.
    // Amounts, not showings: a price written again for screen readers ("€664,00" beside "€ 664,–") is one.
    if (new Set(amounts).size > 3) continue
    const discounted = inBox.find(
      (p) =>
        isFormerPrice(p.amount, price) &&
        !inTile($, p.el, within, pageUrl) &&
        !isHidden(p.el, within) &&
        discountLeadsTo(boxText(), p.amount, price) &&
        !paidInInstalments(boxText(), p.amount, amounts),
    )
    if (discounted) return discounted.amount
  }
  return null
}

/**
 * The struck, higher price beside the price where the product's price box writes the price loose
 * ("<p><span class=old-price>₹ 149.00</span> ₹ 99.00</p>"). Only the first element in the page whose
 * own words write the amount, in any form, decides: it must be in the product heading's block, write
 * nothing but the price, and hold the struck price in the same currency as its one other content (no
 * label, no "/ month"), never as a tile. Anything else leaves no former price.
 */
function formerPriceWithLoose($: CheerioAPI, price: number, locale: string | null, pageUrl: string): number | null {
  const heading = productHeading($)
  const body = $('body')[0]
  if (!heading || !body) return null
  const el = firstWriting(body, price, locale)
  if (!el || !nearHeading(el, heading)) return null
  const loose = ownWords(el)
  const own = asWritten(loose)
  const root = $.root()[0]
  if (own.length > 24 || !PRICE_ONLY.test(own) || currencyWritten(own, locale) === null || FORMER_PRICE_PREFIX.test(loose)) return null
  if (isInside(el, heading) || isStruck(el) || isHidden(el, root) || inTile($, el, root, pageUrl)) return null
  const said = el.children.filter((c): c is Element => c.type === 'tag' && !!smallText(c as Element)?.trim())
  if (said.length !== 1 || !isStruck(said[0])) return null
  // Read as any price in the box is (pricesIn), in the loose price's currency.
  const former = pricesIn($, el, locale).find((p) => p.el === said[0] || isInside(p.el, said[0]))
  if (!former || currencyWritten($(former.el).text(), locale) !== currencyWritten(own, locale)) return null
  return isFormerPrice(former.amount, price) ? former.amount : null
}

/** An element's own words: its text nodes, without its elements'. */
const ownWords = (el: Element) =>
  el.children
    .filter((c) => c.type === 'text')
    .map((c) => (c as unknown as { data: string }).data)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * The amount the element right after a price writes as "now" ("Now $52.00"), in the same currency and
 * lower than it (the price it was reduced to), looked for beside the price and its wrappers up to two
 * levels while they hold no other price; null when there is none.
 */
function nowPriceAfter($: CheerioAPI, shown: ShownPrice, locale: string | null): number | null {
  let node: Element = shown.el
  for (let level = 0; level <= 2; level++) {
    const next = $(node).next()[0]
    if (next) {
      // (A "now" row the template hides, with no sale to show, says nothing.)
      if (isHidden(next, $.root()[0])) return null
      // Its own words ("Now $52.00" before a reviews widget inside it), else all its text ("Now <span>$52.00</span>").
      const own = ownWords(next)
      const text = (/\d/.test(own) ? own : (smallText(next) ?? '')).replace(/\s+/g, ' ').trim()
      const written = asWritten(text)
      if (!startsWithNow(text) || written.length > 24 || !PRICE_ONLY.test(written) || !/\d/.test(written)) return null
      if (currencyWritten(written, locale) !== currencyWritten(asWritten($(shown.el).text()), locale)) return null
      const amount = parsePrice(written, null, locale)?.amount
      return amount !== undefined && isFormerPrice(shown.amount, amount) ? amount : null
    }
    const parent = node.parent
    if (!parent || parent.type !== 'tag' || pricesIn($, parent as Element, locale).length > 1) return null
    node = parent as Element
  }
  return null
}

/** The amount written loose beside a price in its parent's own words, in its currency, or null. */
function looseBeside(shown: ShownPrice, locale: string | null): number | null {
  const parent = shown.el.parent
  if (!parent || parent.type !== 'tag') return null
  const own = asWritten(ownWords(parent as Element))
  if (!own || own.length > 24 || !PRICE_ONLY.test(own) || !/\d/.test(own)) return null
  return parsePrice(own, null, locale)?.amount ?? null
}

/** The first element, in the page's order, whose own words write `price` (walked by hand: one pass, however wide the page). */
function firstWriting(body: Element, price: number, locale: string | null): Element | null {
  const stack: AnyNode[] = [...body.children].reverse()
  while (stack.length) {
    const node = stack.pop()!
    if (node.type !== 'tag') continue
    const el = node as Element
    if (el.tagName === 'script' || el.tagName === 'style' || el.tagName === 'template') continue
    const words = ownWords(el)
    if (/\d/.test(words) && Math.abs((parsePrice(asWritten(words), null, locale)?.amount ?? NaN) - price) < 0.005) return el
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i])
  }
  return null
}

/** Whether `el` sits in the heading's block: a common ancestor within HEADING_BOX_LEVELS of the heading. */
function nearHeading(el: Element, heading: Element): boolean {
  let box: AnyNode | null = heading.parent
  for (let level = 0; box && box.type === 'tag' && level < HEADING_BOX_LEVELS; level++, box = box.parent)
    if (isInside(el, box as Element)) return true
  return false
}

/** A percentage as a price box writes a discount ("58% off", "-55 %", "(35% OFF)"). */
const PERCENT = /(?<![\d.,])(\d{1,2}(?:[.,]\d+)?)\s?%/g

/** Whether `text` writes a discount that takes `former` to `price` (to the rounding of a whole percent). */
function discountLeadsTo(text: string, former: number, price: number): boolean {
  for (const m of text.matchAll(PERCENT)) {
    const percent = Number(m[1].replace(',', '.'))
    if (percent > 0 && Math.abs(former * (1 - percent / 100) - price) <= former * 0.006) return true
  }
  return false
}

/**
 * Whether the box splits `total` into instalments ("Em até 10x de R$ 311,11" beside R$ 3.111,10):
 * then `total` is the price paid another way (by card, over time), a price of today, and the discount
 * beside it is for paying at once ("À vista no PIX com até 10% OFF"), never a sale from a former price.
 */
function paidInInstalments(text: string, total: number, amounts: number[]): boolean {
  return amounts.some((part) => {
    const n = Math.round(total / part)
    return n >= 2 && n <= 48 && Math.abs(n * part - total) <= n * 0.01 && new RegExp(String.raw`(?<!\d)${n}\s?[x×]`, 'i').test(text)
  })
}

/** The currency the page writes beside its structured price where it shows it ("€ 17,10"), or null. */
export function currencyShownWith($: CheerioAPI, price: number, locale: string | null): string | null {
  for (const p of pricesIn($, null, locale)) {
    if (Math.abs(p.amount - price) >= 0.005 || isHidden(p.el, $.root()[0])) continue
    const currency = currencyWritten($(p.el).text(), locale)
    if (currency) return currency
  }
  return null
}

/** A count of bids ("2 bids", "3 Gebote", "1 enchère"): the price beside it is an auction's current bid. */
const BID_COUNT = /^[1-9]\d*\s*(?:bids?|gebote?|enchères?|pujas?|offerte|lances?|ofert|biedingen|bud|ставк\p{L}*)$/iu

/**
 * An auction's current bid: the price shown beside the count of bids in the lot's own bidding box,
 * never a tile's (other lots link to their pages) or a hidden one. Its structured price is often the
 * starting price, which no bidder can pay any more.
 */
export function currentBid($: CheerioAPI, locale: string | null, pageUrl: string): number | null {
  const root = $.root()[0]
  for (const el of $('body span, body div, body p, body strong, body b').toArray()) {
    if (!el.children.every((c) => c.type === 'text' || c.type === 'comment')) continue
    if (!BID_COUNT.test($(el).text().replace(/\s+/g, ' ').trim())) continue
    // The price sits just before the count, or just before the element that holds it.
    for (let node: Element | null = el, level = 0; node && level < 3; node = node.parent as Element | null, level++) {
      const before = labelBefore(node)
      const price = before
        ? pricesIn($, before.parent as Element, locale).find((p) => p.el === before || isInside(p.el, before))
        : undefined
      if (!price) continue
      if (inTile($, price.el, root, pageUrl) || isHidden(price.el, root)) break
      return price.amount
    }
  }
  return null
}

/**
 * Whether the page shows `price` anywhere a shopper sees it: a price of its own, not hidden, not an
 * approximation of another; given the page's address, not inside another product's card wrapped
 * whole in its link with its picture.
 */
export function isPriceShown($: CheerioAPI, price: number, locale: string | null, pageUrl: string | null = null): boolean {
  return pricesIn($, null, locale).some((p) => showsAsPrice($, p, price) && !(pageUrl && inLinkedCard($, p.el, pageUrl)))
}

/** A showing of `price` a shopper reads as a price: that amount, not hidden, not an approximation of another. */
const showsAsPrice = ($: CheerioAPI, p: ShownPrice, price: number) =>
  Math.abs(p.amount - price) < 0.005 && !isHidden(p.el, $.root()[0]) && !approximated(p.el)

/** Whether an element is inside a link to another page that also wraps a picture (a product card). */
function inLinkedCard($: CheerioAPI, el: Element, pageUrl: string): boolean {
  return $(el)
    .closest('a[href]')
    .toArray()
    .some((a) => isCardLink($, a as Element, pageUrl))
}

/** Levels above a price that still hold its card's picture link. */
const CARD_LEVELS = 3

/**
 * Whether a price sits in another product's card: inside its link (inLinkedCard), or within a few
 * levels of a link to another page that wraps a picture (Ann Taylor's "you may also like" cards:
 * photo and name in the link, "$169.00 $189.00" beside it). A buy box's own links (buy now, add to
 * cart) wrap no picture.
 */
function inPictureCard($: CheerioAPI, el: Element, pageUrl: string): boolean {
  return inLinkedCard($, el, pageUrl) || pictureCardOf($, el, pageUrl) !== null
}

/** The card around a price: the first element up to CARD_LEVELS with one picture link to another page that writes no price of its own. */
function pictureCardOf($: CheerioAPI, el: Element, pageUrl: string): Element | null {
  let node: AnyNode | null = el
  for (let level = 0; node && node.type === 'tag' && level < CARD_LEVELS; level++, node = node.parent) {
    const links = $(node as Element)
      .find('a[href]')
      .toArray()
      .filter((a) => isCardLink($, a, pageUrl))
    // One card: its one picture link, writing no price of its own (a tile that does is a card of its own beside this price).
    if (links.length === 1 && !AMOUNT_WITH_SIGN.test($(links[0]).text())) return node as Element
    if (links.length) return null
  }
  return null
}

/** Whether a price sits in a product card (pictureCardOf) with a price of its own, and not the price it would be the former of. */
function inAnothersCard($: CheerioAPI, el: Element, price: Element, pageUrl: string, locale: string | null): boolean {
  const card = pictureCardOf($, el, pageUrl)
  // (With a price of its own beside it, unstruck: the card's product's, whatever it costs.)
  return card !== null && !isInside(price, card) && pricesIn($, card, locale).some((p) => p.el !== el && !isStruck(p.el))
}

/** An amount written with a currency sign, before or after it. */
const AMOUNT_WITH_SIGN = /\p{Sc}\s?\d|\d\s?\p{Sc}/u

/**
 * Whether the page writes `price` with its currency as this product's: shown (isPriceShown), a
 * sign or code beside it, and not in another product's tile.
 */
export function isPriceShownWithCurrency($: CheerioAPI, price: number, locale: string | null, pageUrl: string): boolean {
  return pricesIn($, null, locale).some((p) => showsAsPrice($, p, price) && namesCurrency($, p, locale) && !inPictureCard($, p.el, pageUrl))
}

/**
 * The price the page shows for a structured price with cents it writes nowhere, rounded to whole units
 * (6129.55 in the data, "6 130 грн" on the page): the amount the shopper reads and pays. Null unless
 * every such showing agrees.
 */
export function roundedShowing($: CheerioAPI, price: number, locale: string | null): number | null {
  const whole = Math.round(price)
  if (whole === price) return null
  // Not the units of an amount whose cents stand in an element of their own ("<span>162,</span> <span>16</span>").
  const writtenWhole = (el: Element) => {
    const next = el.next?.type === 'tag' ? el.next : el.next?.next
    return !/[.,]\s*$/.test($(el).text()) && !(next?.type === 'tag' && /^\s*\d{2}\s*$/.test($(next).text()))
  }
  const shown = pricesIn($, null, locale).filter(
    (p) => p.amount === whole && writtenWhole(p.el) && !isHidden(p.el, $.root()[0]) && !approximated(p.el),
  )
  return shown.length ? whole : null
}

/** A price labelled as an approximation ("Approximately" before it, or before the element it alone fills): a conversion. */
function approximated(el: Element): boolean {
  let node: AnyNode | null = el
  for (let level = 0; node && node.type === 'tag' && level < 3; level++, node = node.parent) {
    if (APPROXIMATELY.test(labelTextBefore(node as Element))) return true
    if (node.parent?.type === 'tag' && soleChild(node.parent as Element) !== node) break
  }
  return false
}
