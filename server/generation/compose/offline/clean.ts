import { CLAIMS, ownText } from '../../../domain/page/honesty'
import type { ProductFacts } from '../../../domain/product-facts'
import { siteOf } from '../../import/normalize/images'
import { squash } from './text'

/**
 * The writer's own guard against what no page should show, whatever the importer sends: script,
 * JSON, markup or template residue ("(function(f) {var _np=…"), placeholder values ("/", "N/A")
 * and the marketplace's own slogans ("Smarter Shopping, Better Living!"). Such a spec, bullet,
 * option value or description line is left out; nothing is rewritten, so every text still traces
 * to the facts.
 */

const CODE: RegExp[] = [
  /\bfunction\s*\(|=>|\bvar\s+[\w$]+\s*=|\b(?:let|const)\s+[\w$]+\s*=/,
  /\b(?:window|document|console)\.\w|\.(?:execute|when|push|addEventListener|getElementById)\(/,
  /\{\s*"[^"]*"\s*:|"\s*:\s*(?:"|\d|true|false|null|\{|\[)/,
  /<\/?[a-z][\w-]*(?:\s[^>]*)?>|&(?:nbsp|amp|lt|gt|quot|#\d+);/i,
  /\{\{|\}\}|\$\{|\{%|%\}|\[object \w+\]/,
  /\b(?:undefined|NaN)\b/,
  /\\u[0-9a-f]{4}|\\[nrt"]/i,
  /\{[^}]*[\w-]+\s*:\s*[^;{}]+;/,
]

/** Text that is code, data or markup rather than words for a shopper. */
export function looksLikeCode(text: string): boolean {
  if (CODE.some((re) => re.test(text))) return true
  const symbols = (text.match(/[{}[\]<>;=|\\]/g) ?? []).length
  return text.length >= 12 && symbols / text.length > 0.08
}

/** A value that says nothing: punctuation only, or a placeholder word. */
export function isPlaceholder(value: string): boolean {
  const v = squash(value)
  return !/[\p{L}\p{N}]/u.test(v) || /^(?:n\/?a|none|null|nil|undefined|nan|tbd|tba|unknown|not applicable\b.*|-+)$/i.test(v)
}

/** The marketplace's own words, not the product's: slogans, sales banners and links. */
const BOILERPLATE: RegExp[] = [
  /smarter shopping,?\s*better living/i,
  /^\s*aliexpress(?:\.com)?\s*$/i,
  /✓\s*(?:free shipping|limited time|easy return)/i,
  /\bfree shipping worldwide\b/i,
  /^shop .{1,120} with fast delivery and free shipping\.?$/i,
  /^(?:see more product details|read more|leer más|mehr lesen|voir plus|alle produktbeschreibungen|ver más)\.?$/i,
  /^visit the .{1,80} store$/i,
]

export function isBoilerplate(text: string): boolean {
  return BOILERPLATE.some((re) => re.test(squash(text)))
}

const bad = (text: string) => looksLikeCode(text) || isBoilerplate(text)

/** A marketplace's bookkeeping, not a fact about the product for a shopper. */
const HOUSEKEEPING =
  /^(?:is discontinued by manufacturer|date first available|asin|importer|packer|generic name|item model number|model number|part number|best sellers rank|customer reviews)$/i

/** The specifications a page may list: no bookkeeping, and no value said twice ("Dimensions" and "Dimensions LxWxH"). */
function usableSpecs(specs: ProductFacts['specs'], unusable: (s: string) => boolean): ProductFacts['specs'] {
  const seen = new Set<string>()
  return specs.filter((s) => {
    if (unusable(s.name) || unusable(s.value) || isPlaceholder(s.value) || isPlaceholder(s.name) || HOUSEKEEPING.test(s.name.trim()))
      return false
    const value = squash(s.value).toLowerCase()
    if (value.length >= 3 && !/^(?:yes|no|ja|nein|sí|oui|non)$/.test(value)) {
      if (seen.has(value)) return false
      seen.add(value)
    }
    return true
  })
}

/**
 * The shop's name as its pages write it in running text ("Hepsiburada" of hepsiburada.com), when it
 * is not also the product's maker (IKEA's own descriptions name IKEA).
 */
function shopWord(facts: ProductFacts): RegExp | null {
  const word = siteOf(facts.source.url)?.split('.')[0] ?? ''
  // Six letters at least: a short label ("shop", "store", "otto") is also a word of the text.
  if (
    !/^[a-z][a-z0-9-]{5,}$/.test(word) ||
    (facts.vendor ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .includes(word.replace(/-/g, ''))
  )
    return null
  return new RegExp(`(?<![\\p{L}\\p{N}])${word}`, 'iu')
}

/**
 * Description text without its residue or boilerplate sentences (line by line, then sentence by
 * sentence). A line that names the shop ("… en iyi fiyatla Hepsiburada'dan satın alın! Şimdi
 * indirimli fiyatla sipariş verin…") is the shop's own template around the name, every sentence of it.
 */
function cleanDescription(text: string, bad: (s: string) => boolean, shop: RegExp | null = null): string {
  return text
    .split(/\n/)
    .map((line) => {
      if (shop?.test(line)) return ''
      if (looksLikeCode(line) && !/[.!?]\s/.test(line)) return ''
      // Keep the sentences of a line that are words, not code or slogans.
      const parts = line.split(/(?<=[.!?])\s+/)
      return parts.some(bad) ? parts.filter((p) => !bad(p)).join(' ') : line
    })
    .filter((line) => line.trim())
    .join('\n')
}

/** A marketplace suffix on a title ("… - AliExpress 509", "… : Amazon.de: Bücher"). */
const TITLE_SUFFIX = /\s+[-|:–]\s+(?:aliexpress|amazon(?:\.[a-z.]+)?)\b.*$/i

const memo = new WeakMap<object, ProductFacts>()

/** The facts the writer may use: the same facts without residue, placeholders or boilerplate. */
export function cleanFacts(facts: ProductFacts): ProductFacts {
  const known = memo.get(facts)
  if (known) return known
  const title = facts.title.replace(TITLE_SUFFIX, '').trim() || facts.title
  // A sentence making a claim the honesty rules refuse ("a sold-out show" reads as a sales count) is not repeated.
  const own = ownText(facts)
  const refused = CLAIMS.filter((c) => !c.allowedWhen(own, facts))
  const unusable = (s: string) => bad(s) || refused.some((c) => c.match.test(s))
  const vendor = facts.vendor && !bad(facts.vendor) && facts.vendor.length <= 80 ? facts.vendor : null
  const clean: ProductFacts = {
    ...facts,
    title,
    vendor,
    bullets: facts.bullets.filter((b) => !unusable(b) && !isPlaceholder(b)),
    descriptionText: cleanDescription(facts.descriptionText, unusable, shopWord(facts)),
    specs: usableSpecs(facts.specs, bad),
    options: facts.options
      .filter((o) => !bad(o.name))
      .map((o) => ({ ...o, values: o.values.filter((v) => !bad(v) && !isPlaceholder(v)) }))
      .filter((o) => o.values.length > 0),
    tags: facts.tags.filter((t) => !bad(t)),
    productType: facts.productType && !bad(facts.productType) ? facts.productType : null,
  }
  memo.set(facts, clean)
  memo.set(clean, clean)
  return clean
}
