import type { CheerioAPI } from 'cheerio'
import type { AnyNode, Element } from 'domhandler'
import { linksToAnotherPage, smallSubtree } from './gallery'
import { absoluteUrl } from './normalize/images'
import { separatorsOf } from './normalize/numbers'
import { currencyWritten, parsePrice } from './normalize/price'
import { escapeRegExp } from './normalize/text'
import { hiddenOutright } from './shown-text'
import { struckByStyleSheet } from './stylesheet-strike'

/**
 * How a page shows a price: the elements whose text is a price (`pricesIn`), the currency written with
 * one, whether it is struck, a saving, before tax, hidden or in another product's tile. The decisions
 * over a product's price box (which is the price, which the former one) are in price-box.ts.
 */

/** Class words that mark a price as the former one ("old-price", "originalPrice", "price--was", "rrp"). */
const STRUCK_WORDS = new Set([
  'old',
  'original',
  'was',
  'regular',
  'compare',
  'crossed',
  'strike',
  'striked',
  'strikethrough',
  'through',
  'before',
  'rrp',
  'uvp',
  'msrp',
  // "SuggestedRetailPrice": the maker's recommended price, shown as the one the sale is under
  'suggested',
  'prev',
  'previous',
  'former',
  // "struck" in the languages of shops' own class names
  'barred',
  'barre',
  'barrato',
  'tachado',
  'riscado',
  'durchgestrichen',
  'streichpreis',
  'doorgestreept',
  // "old" likewise
  'vechi',
  'taiat',
  'ancien',
  'vecchio',
  'antigo',
  'antiguo',
])

/**
 * A price and nothing else: an amount with at most a short currency word or sign on either side, or
 * a dollar's country before its sign ("US $249.99"; not "/mo.", not "XXL $25").
 */
export const PRICE_ONLY = /^(?:(?:US|CA|AU|NZ|HK|SG|NT|MX)\s(?=\p{Sc}))?[^\d\s%]{0,4}\s?\d[\d\s.,'’]*(?:\s?[^\d\s%/]{1,4}\.?)?$/u

/** "$30.00 off": an amount taken off a price, written in its own element. */
const OFF_SUFFIX = /\d\s?off\.?$/i

/** Levels above a price that still belong to its price box. */
export const PRICE_BOX_LEVELS = 4

/** A typeface utility class ("font-regular", "weight-regular", "text-xs", "fw-normal"): says how a price is drawn, never which price it is. */
const TYPE_UTILITY = /^(?:font|text|fw|weight|leading|tracking)-/

/**
 * Short forms of "original" that say so only beside a word for price in the same class ("prc-org",
 * "org_price", "originPrice"): alone, "org" is anything ("schema-org" around a page's microdata).
 */
const SHORT_STRUCK_WORDS = new Set(['org', 'origin'])
const PRICE_WORDS = new Set(['price', 'prc', 'pr', 'preis', 'prix', 'prezzo', 'precio', 'preco', 'prijs', 'cena', 'pris'])

/** Whether one class's words say "original price" in short. */
const shortStruck = (words: string[]) => words.some((w) => SHORT_STRUCK_WORDS.has(w)) && words.some((w) => PRICE_WORDS.has(w))

export function classWords(el: Element): string[] {
  return classWordGroups(el).flat()
}

/** Each class's words ("salePrice old_price" is [sale, price], [old, price]). */
function classWordGroups(el: Element): string[][] {
  return (
    (el.attribs.class ?? '')
      .split(/\s+/)
      .filter((c) => !TYPE_UTILITY.test(c))
      .map((c) =>
        c
          .replace(/([a-z])([A-Z])/g, '$1 $2')
          .toLowerCase()
          .split(/[\s_-]+/),
      )
      // A class that says what the box lacks ("fpNoStrikedPrice", "without-old-price") marks nothing struck.
      .filter((words) => !words.some((w) => NEGATION_WORDS.has(w)))
  )
}

const NEGATION_WORDS = new Set(['no', 'not', 'non', 'without', 'sans', 'ohne', 'sin', 'senza', 'sem', 'zonder'])

/**
 * A label that names the price after it the former or recommended one ("MRP ₹7,999", "UVP 149 €", "Was £20", Brazil's
 * "de R$ 120 por R$ 99", "Bisheriger Preis: 799,00 Euro"), in the languages of our shoppers' sites.
 */
const FORMER_PRICE_LABEL =
  /^(?:mrp|m\.r\.p\.|rrp|uvp|prp|plp|was|list price|regular price|statt|früher|antes|avant|prix conseillé|prima|prezzo di listino|voorheen|было|de|før|förr|tidligere|tidigare|ord\.? ?pris|ordinær pris|normalpris|veil\.? ?pris|vejl\.? ?pris|previous price|original price|old price|bisheriger preis|alter preis|ursprünglicher preis|ancien prix|prix initial|precio anterior|precio original|prezzo precedente|prezzo originale|oude prijs|originele prijs|preço anterior|preço original)\s*:?$/i

/**
 * A label that names the price after it the price before tax ("bez DPH 4386,00 €" beside "s DPH
 * 5263,20 €", "excl. VAT", "HT", "netto"): a shop selling to businesses shows both; a shopper pays the other.
 */
const BEFORE_TAX_LABEL =
  /^(?:bez dph|bez vat|bez pdv|brez ddv|without (?:vat|tax)|bez áfa|nettó|netto|net|excl\.? ?(?:vat|btw|tax|gst|moms|mwst\.?|iva)|ex\.? ?(?:vat|tax|gst|moms)|excluding (?:vat|tax|gst)|ht|hors taxes?|ohne mwst\.?|exkl\.? ?(?:mwst\.?|moms)|zzgl\.? mwst\.?|sin iva|senza iva|iva esclusa|sem iva|ekskl\.? moms|alv 0 ?%|fără tva)\s*:?$/i

/** Words just before a price that make it one instalment ("每期 $806", "12 x", "por mes"), not the price. */
export const INSTALMENT_LABEL =
  /^(?:每期|每月|月付|分期|per (?:month|instal?ment)|a month|monthly|\d+ ?(?:x|×|期)(?: (?:sem|com|sin|con) (?:juros|intereses))?|por mes|al mes|mensual(?:es)?|pro monat|monatlich|par mois|al mese|taksit|cuotas? de|parcelas? de)\s*:?$/i

/** Class words of a price before tax ("notax", "price-excl-vat", "pretax"). */
const BEFORE_TAX_WORDS = new Set(['notax', 'pretax', 'excl', 'exvat', 'exclvat', 'nett', 'netto'])

/** The label element just before a price (its previous sibling, past a space), or null. */
export function labelBefore(el: Element): Element | null {
  return el.prev?.type === 'tag' ? (el.prev as Element) : el.prev?.prev?.type === 'tag' ? (el.prev.prev as Element) : null
}

/** The words just before a price: its label element's, or the text beside it in its parent ("Brez DDV: <span>81.97€</span>"). */
export function labelTextBefore(el: Element): string {
  const text = el.prev?.type === 'text' ? (el.prev as unknown as { data: string }).data.trim() : ''
  if (text) return text.replace(/\s+/g, ' ')
  const label = labelBefore(el)
  return label ? collapseLabel(label) : ''
}

/** Whether a price is labelled or classed as the price before tax. */
export function isBeforeTax(el: Element): boolean {
  let node: AnyNode | null = el
  for (let level = 0; node && node.type === 'tag' && level < 3; level++, node = node.parent) {
    const e = node as Element
    if (BEFORE_TAX_LABEL.test(labelTextBefore(e))) return true
    if (classWords(e).some((w) => BEFORE_TAX_WORDS.has(w))) return true
  }
  return false
}

/**
 * Magento's price boxes name each price's part (`data-price-type`): "finalPrice" is the price paid,
 * "oldPrice" the struck former one, "msrpPrice" the maker's list price, "…SavePrice" a saving.
 */
function magentoPriceType(el: Element): string | null {
  let node: AnyNode | null = el
  for (let level = 0; node && node.type === 'tag' && level < 3; level++, node = node.parent) {
    const type = (node as Element).attribs['data-price-type']
    if (type) return type
  }
  return null
}

/** A saving ("Save: $3.50", "Sie sparen 5 €"): an amount off the price, never a price. */
const SAVING_LABEL =
  /^(?:save|you save|saving|savings|ahorra|ahorras|ahorro|économisez|économie|vous économisez|risparmi|risparmio|sparen sie|sie sparen|du sparst|ersparnis|economize|economia|você economiza|bespaar|je bespaart|oszczędzasz|oszczędność|экономия|tasarruf)\s*:?$/i

/**
 * Whether an amount is a saving: so named by Magento, or labelled so beside it or beside a wrapper of
 * it with no other amount in it but a percentage ("You save: <strong><span>$3.50</span> (19%)</strong>").
 * A control before it ("Save" to a wish list, as a button, a link or a block holding one) is no label.
 */
function isSaving(el: Element): boolean {
  if (/save/i.test(magentoPriceType(el) ?? '')) return true
  const own = smallText(el) ?? ''
  for (let node: Element = el, level = 0; level < 3; level++) {
    const label = labelBefore(node)
    if (!(label && holdsControl(label)) && SAVING_LABEL.test(labelTextBefore(node))) return true
    const parent: AnyNode | null = node.parent
    if (parent?.type !== 'tag') break
    // A wrapper of more than a few elements, or with another number in it, is a box of its own.
    const rest = (smallText(parent as Element) ?? '0').replace(own, '').replace(/\d+(?:[.,]\d+)?\s?%/g, '')
    if (/\d/.test(rest)) break
    node = parent as Element
  }
  return false
}

const CONTROL_TAGS = new Set(['a', 'button', 'form', 'input', 'select'])

/** Whether an element is or holds a control (a link, a button, a form): an action, never a label. */
function holdsControl(el: Element): boolean {
  const sub = smallSubtree(el, MAX_PRICE_ELEMENTS + 1)
  if (!sub) return true
  return [el, ...sub.elements].some((e) => CONTROL_TAGS.has(e.tagName) || e.attribs.role === 'button')
}

/** Whether a price is shown struck: in <s>/<del>/<strike>, drawn with a line through, classed or labelled as the former price. */
export function isStruck(el: Element): boolean {
  const type = magentoPriceType(el)
  if (type === 'oldPrice' || type === 'msrpPrice') return true
  const label = labelBefore(el)
  // (Not a row the page hides outright: BigCommerce keeps an empty "RRP:" row before every price. A
  // label hidden by a class may still be read to screen readers, so it still counts.)
  const shownLabel = label && !hiddenOutright(label) ? label : null
  if (shownLabel && FORMER_PRICE_LABEL.test(collapseLabel(shownLabel))) return true
  // Or written loose before it in its parent ("Was <span>£329.00</span>").
  if ((shownLabel || !label) && FORMER_PRICE_LABEL.test(labelTextBefore(el))) return true
  // Named the price ("<span>Our Price</span> <span>$14.50</span>") or Magento's final price: a
  // wrapper's class ("regular-price", which Magento gives its only price) does not strike it; its
  // own class still does ("Price: <span class=old-price>$20</span> <span>$15</span>").
  // So is a price in Magento's "special-price" wrapper, the sale price, whatever its own class
  // ("<span class=special-price><span class='price regular-price'>$59.95</span></span>").
  const named = type === 'finalPrice' || (!!label && PRICE_NAME_LABEL.test(collapseLabel(label))) || inSpecialPrice(el)
  // The label inside the price's own element ("<span><span>statt</span> 4.50</span>"), or inside the
  // one element it wraps ("<span><div><div>PLP:</div><div>1.099,99</div></div></span>").
  for (let own: Element | null = el; own; own = soleChild(own)) {
    const inner = own.children.find((c) => c.type === 'tag' || (c.type === 'text' && (c as unknown as { data: string }).data.trim()))
    if (inner?.type === 'tag' && inner !== own.children.at(-1) && FORMER_PRICE_LABEL.test(collapseLabel(inner as Element))) return true
    // Or its own text's first word ("was&nbsp;$160.00").
    if (inner?.type === 'text' && FORMER_PRICE_PREFIX.test((inner as unknown as { data: string }).data.trim())) return true
  }
  let node: AnyNode | null = el
  for (let level = 0; node && node.type === 'tag' && level < 3; level++, node = node.parent)
    if (drawnStruck(node as Element, !named ? 'all' : level === 0 ? 'not-regular' : 'none', level === 0)) return true
  // A wrapper whose whole text is a struck element's ("<div><s>€ 1.899,00</s></div>").
  return wrappedBy(el).some((inner) => drawnStruck(inner, named ? 'not-regular' : 'all', true))
}

const STRUCK_TAGS = new Set(['s', 'del', 'strike'])

/** Whether a price is, or stands within two levels of, an element classed as the special (sale) price. */
function inSpecialPrice(el: Element): boolean {
  let node: AnyNode | null = el
  for (let level = 0; node && node.type === 'tag' && level < 3; level++, node = node.parent)
    if (/(?:^|\s)special[-_]?price(?:\s|$)/i.test((node as Element).attribs.class ?? '')) return true
  return false
}

/**
 * Struck by its tag or a line through it, or by its class: every class word (`all`), every one but
 * "regular" (`not-regular`: a price the box names "Price:" whose class is Magento 1's "regular-price"
 * or Shopify's "price-item--regular" is the price), or none.
 */
export function drawnStruck(e: Element, classes: 'all' | 'not-regular' | 'none' = 'all', own = false): boolean {
  if (STRUCK_TAGS.has(e.tagName)) return true
  if (/line-through/i.test(e.attribs.style ?? '') || struckByStyleSheet(e)) return true
  if (classes === 'none') return false
  const groups = classWordGroups(e)
  const words = groups.flat().filter((w) => classes === 'all' || w !== 'regular')
  const names = (e.attribs.class ?? '').split(/\s+/)
  return (
    words.some((w) => STRUCK_WORDS.has(w)) ||
    groups.some(shortStruck) ||
    // A class that names the list price ("src__ListPrice-sc-1jnodg3-2", "list-price"): "price-list" is a list of prices.
    groups.some((g) => g.some((w, i) => w === 'list' && g[i + 1] === 'price')) ||
    names.some((c) => STRUCK_CLASSES.has(c) || (own && LIST_PRICE_CLASS.test(c)))
  )
}

/**
 * A list price's class, whole and only on the price's own element ("<li class=list>$79.99</li>",
 * "listPrice"): "list" is otherwise any list ("price-list" around the price, Bootstrap's
 * "list-inline-item" on the price itself).
 */
const LIST_PRICE_CLASS = /^list(?:[-_]?price)?$/i

/**
 * Whole class names of a former price whose words alone say nothing: Salesforce Commerce Cloud's list
 * price beside its sale price ("price-standard", older "standardprice"), where Wayfair's
 * "StandardPriceBlock" holds the price itself.
 */
const STRUCK_CLASSES = new Set(['price-standard', 'standardprice'])

/** The elements an element wraps alone, up to three levels down ("<div><s><span>€ 1.899,00</span></s></div>"). */
export function wrappedBy(el: Element): Element[] {
  const inner: Element[] = []
  for (let e = soleChild(el); e && inner.length < 3; e = soleChild(e)) inner.push(e)
  return inner
}

/** An element's one child element when nothing else in it has text, else null. */
export function soleChild(el: Element): Element | null {
  const kept = el.children.filter(
    (c) => (c.type === 'tag' && !neverDrawn(c as Element)) || (c.type === 'text' && (c as unknown as { data: string }).data.trim()),
  )
  return kept.length === 1 && kept[0].type === 'tag' ? (kept[0] as Element) : null
}

/** Elements a browser never draws beside a price (a form's hidden field holding it, Zappos' "priceData"). */
function neverDrawn(el: Element): boolean {
  return (el.name === 'input' && (el.attribs.type ?? '').toLowerCase() === 'hidden') || NEVER_DRAWN_TAGS.has(el.name)
}
const NEVER_DRAWN_TAGS = new Set(['script', 'style', 'template', 'meta', 'link'])

function collapseLabel(el: Element): string {
  return (smallText(el) ?? '').replace(/\s+/g, ' ').trim()
}

export interface ShownPrice {
  el: Element
  amount: number
}

/**
 * A price's element holds at most a few others (a currency sign's span, a <bdi>; VTEX writes code,
 * space, units, mark and cents apart in a container): never a tile or a list.
 */
const MAX_PRICE_ELEMENTS = 6

/** An element's text when it holds at most MAX_PRICE_ELEMENTS others (itself counted apart), else null. */
export const smallText = (el: Element): string | null => smallSubtree(el, MAX_PRICE_ELEMENTS + 1)?.text ?? null

/**
 * A word label (no digits, five letters or more) written for screen readers inside a struck price
 * ("<del><span>harga sebelum diskon</span>Rp15.999.000</del>").
 */
const isWordLabel = (e: Element) => {
  const text = smallText(e) ?? ''
  return !/\d/.test(text) && (text.match(/\p{L}/gu)?.length ?? 0) >= 5
}

/** A price's text as read: cents written raised ("83<sup>30</sup> Lei") after the decimal mark; a struck price without the label inside it. */
function priceText(el: Element, locale: string | null): string | null {
  const sub = smallSubtree(el, MAX_PRICE_ELEMENTS + 1)
  if (!sub) return null
  const labels = STRUCK_TAGS.has(el.tagName) ? leadingWordLabels(el) : []
  // Without those labels' words (they come first, so their text starts the element's).
  let text = sub.text
  for (const label of labels) text = text.replace(smallText(label) ?? '', '')
  // A footnote's mark raised after a word ("statt<sup>4</sup> € 134,90"): no digit of the price.
  const marks = sub.elements.filter(isFootnoteMark)
  for (const mark of marks) text = text.replace(new RegExp(`(\\p{L})${escapeRegExp(smallText(mark)!.trim())}`, 'u'), '$1 ')
  const sup = sub.elements.find((e) => e.tagName === 'sup' && !marks.includes(e) && RAISED_CENTS.test(smallText(e)?.trim() ?? ''))
  if (!sup)
    return centsInTheirOwnElement(
      sub.elements,
      markInItsOwnElement(sub.elements, labels.length || marks.length ? spacedText(el, new Set([...labels, ...marks])) : spacedText(el)),
      locale,
    )
  const raised = smallText(sup)!.trim().replace(/\*+$/, '')
  const [, sign = '', cents] = RAISED_CENTS.exec(raised)!
  // The mark may be written before the raised cents already ("1.099,<sup>99</sup> lei").
  if (!sign && new RegExp(`\\d[.,]${cents}(?!\\d)`).test(text)) return text
  // The sign raised with the cents ("299<sup>€99</sup>") is written after the amount.
  return text.replace(
    new RegExp(`(\\d)${escapeRegExp(raised)}(?!\\d)`, 'u'),
    (_, digit: string) => `${digit}${separatorsOf(locale)?.decimal ?? '.'}${cents}${sign && ` ${sign}`}`,
  )
}

/**
 * "319 . 00": the amount, the decimal mark and the cents each in an element of its own
 * (`pricelabel__integer`, `__separator`, `__decimal`), read as one number.
 */
function markInItsOwnElement(elements: Element[], text: string): string {
  const mark = elements.find((e) => /^[.,]$/.test(smallText(e)?.trim() ?? '') && e.children.every((c) => c.type === 'text'))
  if (!mark) return text
  const m = smallText(mark)!.trim()
  return text.replace(new RegExp(`(\\d)\\s*\\${m}\\s*(\\d{2})(?!\\d)`), `$1${m}$2`)
}

/** Class words of an element that holds a price's cents ("productPriceDecimal", "a-price-fraction", "price__cents"). */
const CENTS_WORDS = new Set(['decimal', 'decimals', 'cents', 'cent', 'fraction', 'fractional', 'pence', 'kopecks'])

/**
 * "£<span class=productPriceInteger>37</span><span class=productPriceDecimal>99</span>": the cents in
 * an element of their own that says so by its class, drawn raised with no mark, read as 37.99 (two
 * digits after the amount otherwise are two prices side by side; see spacedText).
 */
function centsInTheirOwnElement(elements: Element[], text: string, locale: string | null): string {
  const cents = elements.find((e) => /^\d{2}$/.test(smallText(e)?.trim() ?? '') && classWords(e).some((w) => CENTS_WORDS.has(w)))
  if (!cents) return text
  const digits = smallText(cents)!.trim()
  // The units' last digit (and the mark the units' element ends with: "208,"), the space between the
  // two elements, the cents: never inside the units ("1999 99").
  return text.replace(new RegExp(`(\\d)[.,]?\\s+${digits}(?!\\d)`), `$1${separatorsOf(locale)?.decimal ?? '.'}${digits}`)
}

/**
 * The word labels a struck price starts with, for screen readers ("<del><span>harga sebelum
 * diskon</span>Rp15.999.000</del>"); only before its amount: words after it ("per month") say what
 * the amount is, and then the element is no plain price.
 */
function leadingWordLabels(el: Element): Element[] {
  const labels: Element[] = []
  for (const child of el.children) {
    if (child.type === 'text' && !(child as unknown as { data: string }).data.trim()) continue
    if (child.type !== 'tag' || !isWordLabel(child as Element)) break
    labels.push(child as Element)
  }
  return labels.length < el.children.length ? labels : []
}

/** Cents written raised, with the currency sign before them or not ("30", "€99"). */
const RAISED_CENTS = /^(\p{Sc})?\s?(\d{2})\**$/u

/** A footnote's mark raised right after a word: a digit or two, or asterisks ("statt<sup>4</sup>"). */
function isFootnoteMark(el: Element): boolean {
  if (el.tagName !== 'sup' || !/^(?:\d{1,2}|\*{1,3})$/.test(smallText(el)?.trim() ?? '')) return false
  const before = el.prev?.type === 'text' ? (el.prev as unknown as { data: string }).data : ''
  return /\p{L}$/u.test(before)
}

/**
 * An element's text with a space where one element's digits end and the next text's digits begin:
 * "<span>119</span>99 ₽" is two prices side by side (the first struck by a style sheet), never 11999.
 * Called on small elements (a price's few, a price box).
 */
export function spacedText(el: Element, skip?: Set<Element>): string {
  let out = ''
  let lastParent: AnyNode | null = null
  const walk = (node: AnyNode) => {
    if (skip?.has(node as Element)) return
    if (node.type === 'text') {
      const data = (node as unknown as { data: string }).data
      if (node.parent !== lastParent && /\d$/.test(out) && /^\d/.test(data)) out += ' '
      out += data
      lastParent = node.parent
    } else if (node.type === 'tag') for (const child of (node as Element).children) walk(child)
  }
  walk(el)
  return out
}

/** "statt 4.50", "MRP ₹7,999": a former price's label written inside its own element (a whole word: not "washer"). */
export const FORMER_PRICE_PREFIX = new RegExp(FORMER_PRICE_LABEL.source.replace(/\$$/, '(?!\\p{L})\\s*'), 'iu')

/**
 * "(Inclusive of all taxes)", "inkl. MwSt.", "(税込)": a tax note written after a price inside its own
 * element, and the shipping that comes on top ("inkl. MwSt. zzgl. Versandkosten", "plus shipping").
 */
const TAX_NOTE_SUFFIX =
  /\s*[(（]?(?:inclusive of all taxes|incl(?:\.|uding|usive of)? (?:all )?(?:taxes|tax|vat|gst)|inkl\.? (?:mwst|ust)\.?|tva (?:incluse|comprise)|iva incl(?:uido|usa|\.)|税込み?|含税)(?:,?\s*(?:zzgl\.?|plus|\+)\s*(?:versand(?:kosten)?|shipping))?[)）]?$/i

/** "now $80.00": the current price's label written inside its own element ("was $160.00" beside it). */
const NOW_PRICE_PREFIX = /^(?:now|jetzt|nur|ahora|maintenant|ora|nu|agora|por|teraz|сейчас)(?=[\s:])\s*:?\s*/i

/** Whether a text starts with the current price's label ("Now $52.00"). */
export const startsWithNow = (text: string) => NOW_PRICE_PREFIX.test(text.replace(/\s+/g, ' ').trim())

/** "R$ 1.849,00 no boleto", "à vista": the price paid at once (a bank slip, Pix, cash), as Brazil's shops write their headline price. */
const PAID_AT_ONCE_SUFFIX = /\s(?:no boleto|à vista|a vista|no pix|via pix)$/iu

/** The current price's label closing a former price's line ("De R$ 2.169,00 por", the price next). */
const NOW_PRICE_SUFFIX = /\s(?:now|jetzt|nur|ahora|maintenant|ora|nu|agora|por|teraz|сейчас)\s*:?$/iu

/** "US $249.99/ea", "£1.50/unit": a price for each one sold is the price (one per kilo or per month is not). */
const EACH_SUFFIX = /\s?\/\s?(?:ea|each|unit)\.?$/i

/** "Price: $165.95": the price's own name written before it inside its element (with its colon: "Price drop $5" is a sentence). */
const PRICE_NAMES = '(?:price|our price|your price|sale price|preis|precio|prix|preço|prezzo|prijs|cena|цена|pris|fiyat)'
const PRICE_NAME_PREFIX = new RegExp(`^${PRICE_NAMES}\\s*:\\s*`, 'i')

/** The price's own name as the label before it ("Our Price", "Sale price:"). */
const PRICE_NAME_LABEL = new RegExp(`^${PRICE_NAMES}\\s*:?$`, 'i')

/** A price's text without the words a price box writes inside its element: "was", "now", "Price:", a tax note, "/ea". */
export const asWritten = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    // "De R$ 2.169,00 por": a former price's line may end with the word that leads to the price.
    .replace(new RegExp(`${FORMER_PRICE_PREFIX.source}(.*?)${NOW_PRICE_SUFFIX.source}`, 'iu'), '$1')
    .replace(FORMER_PRICE_PREFIX, '')
    .replace(NOW_PRICE_PREFIX, '')
    .replace(PRICE_NAME_PREFIX, '')
    .replace(TAX_NOTE_SUFFIX, '')
    .replace(PAID_AT_ONCE_SUFFIX, '')
    .replace(EACH_SUFFIX, '')
    // A footnote's mark after the amount ("79.99* €": "* eco-tax included" below) is not part of it.
    .replace(/(\d)\s?[*†‡]+/gu, '$1')
    // A sign written twice, once for each layout ("2 379 ₴ <span class=currency>₴</span>"), is one.
    .replace(/(\p{Sc})(?:\s*\1)+/gu, '$1')

/**
 * The elements of `root` whose whole text is a price (no words: "from", "/ month", "-50%" are not
 * prices), the outermost of a price written in several (`<bdi><span>€</span>219.99</bdi>`).
 */
export function pricesIn($: CheerioAPI, root: Element | null, locale: string | null): ShownPrice[] {
  const els = root ? $(root).find('*').toArray() : $('body *').toArray()
  const out: ShownPrice[] = []
  for (const el of els) {
    if (el.tagName === 'script' || el.tagName === 'style') continue
    // Inside a price already taken: a part of it ("€" or "219.99" alone).
    if (out.length && isInside(el, out[out.length - 1].el)) continue
    const shown = priceText(el, locale)
    const text = shown === null ? null : asWritten(shown)
    if (!text || text.length > 24 || !PRICE_ONLY.test(text) || !/\d/.test(text)) continue
    // A struck amount beside another in one element ("<del>41 399</del><div>35 999 грн</div>") is two
    // prices, each read in its own element, never one number.
    if (struckBesideMore(el)) continue
    // A price for each one beside a price per another unit ("£3.50/unit", "£0.70/ea" for a pack of
    // five): the price of one of the pack's pieces, not the price paid.
    if (shown !== null && EACH_SUFFIX.test(shown.replace(/\s+/g, ' ').trim()) && perOtherUnitBeside(el)) continue
    // Units whose element ends with the decimal mark, the cents in the next element ("<span>79.</span>
    // <span>99</span>", Mango): one amount, read here; the cents' element alone is none.
    if (centsOfUnitsBefore(el) !== null) continue
    const cents = /\d[.,]$/.test(text) ? centsAfter(el) : null
    const amount = parsePrice(cents === null ? text : `${text}${cents}`, null, locale)?.amount
    // A saving is an amount off a price, never one ("Save: $3.50", "$30.00 off").
    if (amount !== undefined && amount > 0 && !OFF_SUFFIX.test(text) && !isSaving(el)) out.push({ el, amount })
  }
  return out
}

/** The next element after `el` (past blank text). */
function nextElement(el: Element): Element | null {
  let n = el.next
  while (n && n.type === 'text' && !(n as unknown as { data: string }).data.trim()) n = n.next
  return n?.type === 'tag' ? (n as Element) : null
}

/** The two digits of cents written in the element right after `el`, or null. */
function centsAfter(el: Element): string | null {
  const next = nextElement(el)
  const digits = next ? (smallText(next) ?? '').trim() : ''
  return /^\d{2}$/.test(digits) ? digits : null
}

/** The cents an element holds when the element before it is units ending with the decimal mark ("79."), else null. */
function centsOfUnitsBefore(el: Element): string | null {
  let p = el.prev
  while (p && p.type === 'text' && !(p as unknown as { data: string }).data.trim()) p = p.prev
  if (p?.type !== 'tag' || !/\d[.,]$/.test((smallText(p as Element) ?? '').trim())) return null
  const digits = (smallText(el) ?? '').trim()
  return /^\d{2}$/.test(digits) ? digits : null
}

/** Whether an element holds a struck amount (`<del>`, `<s>`, `<strike>`) and digits outside it. */
function struckBesideMore(el: Element): boolean {
  const sub = smallSubtree(el, MAX_PRICE_ELEMENTS + 1)
  const struck = sub?.elements.find((e) => e !== el && STRUCK_TAGS.has(e.tagName) && /\d/.test(smallText(e) ?? ''))
  return !!struck && /\d/.test(sub!.text.replace(smallText(struck) ?? '', ''))
}

/** Whether an element beside this one writes an amount per some other unit ("£3.50/unit", "€2.99 / kg"). */
function perOtherUnitBeside(el: Element): boolean {
  return (el.parent?.children ?? []).some((sibling) => {
    if (sibling === el || sibling.type !== 'tag') return false
    const text = (smallText(sibling as Element) ?? '').replace(/\s+/g, ' ').trim()
    return /\d\s?(?:\/\s?|\s?per\s+)\p{L}+\.?$/iu.test(text) && !EACH_SUFFIX.test(text)
  })
}

/**
 * The currency a price names ("44 890 тг.", "100.00€"), or the sign written in an element of its own
 * just before or after a bare amount ("<span>R$</span> <span>3.421,47</span>"); null for a bare
 * number (an item code, a count or a size: "1 gal").
 */
export function currencyOf($: CheerioAPI, p: ShownPrice, locale: string | null): string | null {
  // A code the price's element states for its script ("data-price-currencymnemonic="MDL"" beside "140,99 lei",
  // the leu of Moldova, not Romania's) names it better than a sign the page's language shares.
  const stated = statedCurrency(p.el)
  const own = currencyWritten($(p.el).text(), locale)
  if (stated && own) return stated
  if (own !== null || !/^[\d\s.,'’]+$/.test($(p.el).text().trim())) return own
  // Not a part of an amount written in several elements ("<span>208,</span> <span>60</span> <span>€</span>"):
  // its cents alone are no price.
  const before = labelBefore(p.el)
  const beforeText = before ? $(before).text().trim() : ''
  const cents = /^\d{2}$/.test($(p.el).text().trim()) && /^\d+$/.test(beforeText)
  if (classWords(p.el).some((w) => CENTS_WORDS.has(w)) || /\d[.,]$/.test(beforeText) || cents) return null
  for (const side of [before, elementAfter(p.el)]) {
    const mark = side && side.children.every((c) => c.type === 'text') ? $(side).text().trim() : ''
    if (mark && mark.length <= 4 && !/\d/.test(mark)) {
      const currency = currencyWritten(`${mark} 1`, locale)
      if (currency) return currency
    }
  }
  // Or first on the line under it, before the words of its note ("445,00<br><font>€ inkl. 20% USt./Stück</font>").
  const under = p.el.next?.type === 'tag' && (p.el.next as Element).tagName === 'br' ? elementAfter(p.el.next as Element) : null
  const first = under ? /^\s*(\S{1,4})\s+\p{L}/u.exec($(under).text()) : null
  if (first && !/\d/.test(first[1])) {
    const currency = currencyWritten(`${first[1]} 1`, locale)
    if (currency) return currency
  }
  // Or loose beside it in their element ("<span>38108</span> Р <span class=old>54440</span>": both in roubles).
  for (const side of [p.el.next, p.el.prev]) {
    const loose = side?.type === 'text' ? (side as unknown as { data: string }).data.trim() : ''
    const currency = loose && loose.length <= 4 && !/\d/.test(loose) ? currencyWritten(`1 ${loose}`, locale) : null
    if (currency) return currency
  }
  return null
}
export const namesCurrency = ($: CheerioAPI, p: ShownPrice, locale: string | null) => currencyOf($, p, locale) !== null

/** A currency code an element states in an attribute named for it (`data-currency="MDL"`), or null. */
function statedCurrency(el: Element): string | null {
  for (const [name, value] of Object.entries(el.attribs)) if (/currency/i.test(name) && /^[A-Z]{3}$/.test(value.trim())) return value.trim()
  return null
}

/** The element just after another (its next sibling, past a space), or null. */
function elementAfter(el: Element): Element | null {
  return el.next?.type === 'tag' ? (el.next as Element) : el.next?.next?.type === 'tag' ? (el.next.next as Element) : null
}

export function isInside(el: Element, ancestor: Element): boolean {
  for (let node: AnyNode | null = el.parent; node; node = node.parent) if (node === ancestor) return true
  return false
}

/** Levels above a price where a tile's link to its product sits (li > a > span.price; li > span.price + a). */
const TILE_LEVELS = 2

/** Whether a price sits in a small block that links to another page (a product tile) below `box`. */
export function inTile($: CheerioAPI, el: Element, box: AnyNode, pageUrl: string | null): boolean {
  // Inside a link to another page, however deep (a tile wrapped whole in its link).
  for (let up: AnyNode | null = el.parent; up && up !== box && up.type === 'tag'; up = up.parent) {
    const a = up as Element
    if (a.tagName === 'a' && linksToAnotherPage(a.attribs.href, pageUrl) && !carriesThisProduct(a, pageUrl)) return true
  }
  // Levels are counted from the price's own text ("<div><p>Price: $9</p></div>" from the <p>).
  let node: AnyNode | null = el
  for (let inner = soleChild(el); inner; inner = soleChild(inner)) node = inner
  for (let level = 0; node && node !== box && level < TILE_LEVELS; level++, node = node.parent) {
    if (
      $(node as Element)
        .find('a[href]')
        .addBack('a[href]')
        .toArray()
        // (A link inside the price's own element is in the words beside its amount, a note's
        // "Versandkosten": whatever else a price element writes makes it no price.)
        .some(
          (a) =>
            !isInside(a as Element, el) &&
            linksToAnotherPage((a as Element).attribs.href, pageUrl) &&
            !shopNote(a as Element, pageUrl) &&
            !carriesThisProduct(a as Element, pageUrl),
        )
    )
      return true
  }
  return false
}

/**
 * A link to one of the shop's own pages that it asks search engines not to follow ("Versand ab: 6,90"
 * to its shipping costs, beside the price): a note, never another product's tile (a shop wants its
 * products found; another site's tile or an advert's is not the shop's own page).
 */
function shopNote(a: Element, pageUrl: string | null): boolean {
  const rel = (a.attribs.rel ?? '').toLowerCase().split(/\s+/)
  if (!pageUrl || !rel.includes('nofollow') || rel.includes('sponsored')) return false
  const there = absoluteUrl(a.attribs.href ?? '', pageUrl)
  return there !== null && new URL(there).origin === new URL(pageUrl).origin
}

/**
 * The page's own product's ids in its address: a whole query value or path part with a digit, six
 * characters or more ("i343436303631" in "detail.php?art=i343436303631"), or a run of six digits.
 */
function productIds(url: URL): Set<string> {
  const parts = [...url.pathname.split('/').map((p) => p.replace(/\.[a-z]{2,5}$/i, '')), ...url.searchParams.values()]
  const ids = parts.filter((p) => p.length >= 6 && /\d/.test(p) && /^[\w-]+$/.test(p))
  for (const p of parts) for (const m of p.matchAll(/\d{6,}/g)) ids.push(m[0])
  return new Set(ids)
}

/**
 * A link that carries the page's own product's id ("/add.php?ItemID=i343436303631" on
 * "/detail.php?art=i343436303631"): its basket button, its reviews, never another product's tile.
 */
function carriesThisProduct(a: Element, pageUrl: string | null): boolean {
  const there = pageUrl ? absoluteUrl(a.attribs.href ?? '', pageUrl) : null
  if (!pageUrl || !there) return false
  const here = new URL(pageUrl)
  const link = new URL(there)
  if (link.origin !== here.origin) return false
  const ids = productIds(here)
  return [...productIds(link)].some((id) => ids.has(id))
}
