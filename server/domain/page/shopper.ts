import { textToHtml } from '../html-text'
import { PLATFORM_NAMES, type Platform } from '../platforms'
import type { ProductFacts } from '../product-facts'
import { sanitize } from '../sanitize'
import { isSellerTerm, SELLER_TERM_SPEC } from './honesty'
import { reviewDisclosure, visibleReviews } from './reviews'
import type { OwnerFacts, Page, Section } from './schema'
import { fill, shopperWords, type ShopperWords } from './shopper-words'

/**
 * What a shopper may see of a page. The owner's page keeps everything (imported facts with their
 * provenance, hidden sections); shoppers get the owner's price and buy target and no supplier
 * identity: no marketplace name, supplier brand, marketplace ids, supplier price or source URL.
 */

export const EMPTY_OWNER_FACTS: OwnerFacts = {
  price: null,
  compareAt: null,
  currency: null,
  buyUrl: null,
  guarantee: null,
  shipping: null,
  returns: null,
}
export const ownerFactsOf = (page: Pick<Page, 'owner'>): OwnerFacts => page.owner ?? EMPTY_OWNER_FACTS

const MARKETPLACES: Platform[] = ['aliexpress', 'amazon', 'temu', 'dhgate', 'tiktok']
const MARKETPLACE_WORDS = /\b(ali\s?express|amazon|temu|dh\s?gate|tik\s?tok(\s+shop)?|alibaba|1688\.com|taobao)\b/i
/** Spec rows that identify the supplier or its listing rather than describe the product. */
const SUPPLIER_SPEC_NAMES =
  /^(asin|isbn|upc|ean|gtin|mpn|sku|item\s*(id|no\.?|number|model number)|model\s*(no\.?|number)|product\s*id|store\s*(no\.?|name)?|seller|sold by|ships from|brand( name)?|manufacturer|vendor|origin|place of origin|date first available|best sellers? rank|customer reviews|certification|is customized|department)$/i

/** Removes a supplier brand from a text: "warranty from Moonbeam Home" → "warranty". */
function vendorStripper(vendor: string | null) {
  const name = vendor?.trim()
  if (!name || name.length < 3) return (text: string) => text
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  // Spaces only (never line breaks), so paragraphs of a description keep their shape.
  const pattern = new RegExp(`( +(?:from|by) +)?\\b${escaped}(?:'s)?\\b *`, 'gi')
  return (text: string) =>
    text
      .replace(pattern, ' ')
      .replace(/ +([.,;:])/g, '$1')
      // The name was one item of a list: "Gola, Aramis, Masculino" → "Gola, Masculino", not "Gola,, Masculino".
      .replace(/([,;])(?: *[,;])+/g, '$1')
      .replace(/^[ ,;]+|[ ,;]+$/g, '')
      .replace(/ {2,}/g, ' ')
      .trim()
}

const MARKETPLACE_WORDS_ALL = new RegExp(MARKETPLACE_WORDS.source, 'gi')
/** "reviews on AliExpress" → "reviews on another store" (in the page's language). */
const neutral = (text: string, words: ShopperWords) => text.replace(MARKETPLACE_WORDS_ALL, words.anotherStore)

export const isMarketplace = (platform: Platform) => MARKETPLACES.includes(platform)

/** True when a text names a marketplace (shown to the owner, never to a shopper). */
export const namesMarketplace = (text: string) => MARKETPLACE_WORDS.test(text)

/**
 * Whether a listing's terms of sale are the owner's: a product of their own store (the Shopify
 * listing a page publishes into and buys through) or their own words. Any other page is another
 * seller's, and its shipping, returns and refunds are that seller's.
 */
export const statesOwnersTerms = (platform: Platform) => platform === 'shopify' || platform === 'text'

/** Sentences of a text, in its language (Intl's segmenter, not a rule of ours). */
function sentencesOf(text: string, language: string | null | undefined): string[] {
  let segmenter: Intl.Segmenter
  try {
    segmenter = new Intl.Segmenter(language ?? 'en', { granularity: 'sentence' })
  } catch {
    segmenter = new Intl.Segmenter('en', { granularity: 'sentence' })
  }
  return [...segmenter.segment(text)].map((s) => s.segment)
}

/**
 * Another seller's listing without its terms of sale: sentences, bullets, specification rows and
 * options about its shipping, returns, refunds or payment on delivery are left out, so no page can promise
 * them for the owner (who states their own in the page's owner facts).
 */
export function withoutSellerTerms(facts: ProductFacts): ProductFacts {
  // A text that states a term keeps its other sentences.
  const withoutTerms = (text: string) =>
    isSellerTerm(text)
      ? sentencesOf(text, facts.pageLanguage)
          .filter((s) => !isSellerTerm(s))
          .join('')
          .trim()
      : text
  // A line left empty by the filter goes; a blank line between paragraphs stays.
  const descriptionText = facts.descriptionText
    .split('\n')
    .flatMap((line) => {
      const kept = withoutTerms(line)
      return kept || !line.trim() ? [kept] : []
    })
    .join('\n')
  const changed = descriptionText !== facts.descriptionText
  return {
    ...facts,
    descriptionText,
    // The HTML says what the text says: rebuilt from the kept text when a term was left out.
    descriptionHtml: changed ? sanitize(textToHtml(descriptionText)) : facts.descriptionHtml,
    bullets: facts.bullets.map(withoutTerms).filter(Boolean),
    specs: facts.specs.filter((s) => !SELLER_TERM_SPEC.test(s.name.trim()) && !isSellerTerm(s.value)),
    // The warehouse a marketplace ships from is its choice, not a choice of the product.
    options: facts.options.filter((o) => !SELLER_TERM_SPEC.test(o.name.trim())),
  }
}

/**
 * The facts the writer may use for a page shoppers will see. Another seller's terms of sale never
 * (withoutSellerTerms). A marketplace listing is the owner's supplier: its prices, brand, listing
 * ids and name stay with the owner, so no copy can repeat them (the owner's own price is added from
 * their facts when the page is shown).
 */
export function publishableFacts(listing: ProductFacts): ProductFacts {
  const facts = statesOwnersTerms(listing.source.platform) ? listing : withoutSellerTerms(listing)
  if (!isMarketplace(facts.source.platform)) return facts
  const strip = vendorStripper(facts.vendor)
  return {
    ...facts,
    title: strip(facts.title) || facts.title,
    // Removing words from sanitised HTML keeps it sanitised (nothing is added).
    descriptionHtml: strip(facts.descriptionHtml) as ProductFacts['descriptionHtml'],
    descriptionText: strip(facts.descriptionText),
    bullets: facts.bullets.map(strip).filter(Boolean),
    price: null,
    compareAtPrice: null,
    vendor: null,
    variants: facts.variants.map((v) => ({ ...v, price: null, sku: null })),
    specs: facts.specs
      .filter((s) => !SUPPLIER_SPEC_NAMES.test(s.name.trim()) && !namesMarketplace(`${s.name} ${s.value}`))
      .map((s) => ({ ...s, value: strip(s.value) }))
      .filter((s) => s.value),
  }
}

/**
 * The gallery a new page starts with: every stored image of the product, in the source's order,
 * described in the page's language.
 */
export function defaultGallery(
  facts: ProductFacts,
  name: string,
  opts: { max?: number; language?: string } = {},
): { src: string; alt: string }[] {
  const words = shopperWords(opts.language)
  return facts.images
    .slice(0, opts.max ?? 12)
    .map((src, i) => ({ src, alt: i === 0 ? fill(words.photoOf, { name }) : fill(words.photoNumberOf, { n: i + 1, name }) }))
}

/** What of the imported facts the owner's defaults are made of (all a shared page reads of them). */
export type OwnerDefaultsFacts = Pick<ProductFacts, 'source' | 'price' | 'compareAtPrice' | 'currency'>

/** A page made before owner facts existed gets the defaults its facts imply. */
export function withOwnerDefaults(page: Page, facts: OwnerDefaultsFacts | null): Page {
  return page.owner || !facts ? page : { ...page, owner: defaultOwnerFacts(facts) }
}

/** The owner's facts a new page starts with: a store's own listing is the owner's; a supplier's price is not. */
export function defaultOwnerFacts(facts: OwnerDefaultsFacts): OwnerFacts {
  const own = !isMarketplace(facts.source.platform)
  return {
    price: own ? facts.price : null,
    compareAt: own ? facts.compareAtPrice : null,
    currency: facts.currency,
    buyUrl: facts.source.platform === 'shopify' ? facts.source.url : null,
    guarantee: null,
    shipping: null,
    returns: null,
  }
}

function ownerPrice(owner: OwnerFacts) {
  if (owner.price === null || !owner.currency) return null
  return {
    amount: owner.price,
    compareAt: owner.compareAt !== null && owner.compareAt > owner.price ? owner.compareAt : null,
    currency: owner.currency,
  }
}

const filled = (item: object) => Object.entries(item).some(([k, v]) => k !== 'source' && typeof v === 'string' && v.trim() !== '')

/** Empty rows the owner has not filled in yet are left out; a section with nothing left is too. */
function withoutBlanks(section: Section): Section | null {
  if ('items' in section) {
    const items = (section.items as object[]).filter(filled)
    return items.length ? ({ ...section, items } as Section) : null
  }
  if (section.type === 'image-with-text' && !section.body.trim() && !section.image) return null
  if (section.type === 'comparison' && !section.rows.some(filled)) return null
  if (section.type === 'hero' && !section.heading.trim()) return null
  return section
}

function shopperSection(
  section: Section,
  owner: OwnerFacts,
  keepProvenance: boolean,
  fromMarketplace: boolean,
  words: ShopperWords,
): Section | null {
  switch (section.type) {
    case 'hero':
      return { ...section, price: ownerPrice(owner) }
    case 'cta':
      return { ...section, price: ownerPrice(owner) }
    case 'guarantee': {
      const text = owner.guarantee?.trim() || section.text.trim()
      return text ? { ...section, text } : null
    }
    case 'reviews': {
      const items = visibleReviews(section.items)
      if (items.length === 0) return null
      return {
        ...section,
        items,
        provenance: keepProvenance ? section.provenance : reviewDisclosure(items, fromMarketplace, words.language),
      }
    }
    case 'stats':
      if (keepProvenance) return section
      return { ...section, items: section.items.map((item) => ({ ...item, label: neutral(item.label, words), source: '' })) }
    case 'specs': {
      if (keepProvenance) return section
      const items = section.items.filter((s) => !SUPPLIER_SPEC_NAMES.test(s.name.trim()) && !namesMarketplace(`${s.name} ${s.value}`))
      return items.length ? { ...section, items } : null
    }
    default:
      return section
  }
}

/**
 * The page as it is published. `keepProvenance` is the owner's preview: the same page, with the
 * "Source: …" notes and the exact review source left in. `fromMarketplace` (the safe default)
 * says reviews came from another store; a store's own listing says only "from buyers". The texts
 * it adds are in the page's language.
 */
export function shopperPage(page: Page, opts: { keepProvenance?: boolean; fromMarketplace?: boolean } = {}): Page {
  const owner = ownerFactsOf(page)
  const keep = opts.keepProvenance ?? false
  const words = shopperWords(page.language)
  const sections = page.sections
    .filter((s) => !s.hidden)
    .map((s) => withoutBlanks(s))
    .map((s) => s && shopperSection(s, owner, keep, opts.fromMarketplace ?? true, words))
    .filter((s): s is Section => s !== null)
  const extra = [owner.shipping?.trim(), owner.returns?.trim()].filter(Boolean).join('\n\n')
  if (extra && !sections.some((s) => s.id === 'shipping-returns')) {
    const at = sections.findIndex((s) => s.type === 'faq' || s.type === 'cta')
    const block: Section = { id: 'shipping-returns', type: 'guarantee', heading: words.shippingAndReturns, text: extra }
    sections.splice(at === -1 ? sections.length : at, 0, block)
  }
  return { ...page, sections: sections.length ? sections : page.sections.slice(0, 1) }
}

/** Words a shopper page must never contain for a product from this platform (tests and checks). */
export const supplierNames = (platform: Platform) => (isMarketplace(platform) ? [PLATFORM_NAMES[platform]] : [])
