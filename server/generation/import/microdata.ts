import type { CheerioAPI } from 'cheerio'
import { toJson, type MicrodataItem } from 'microdata-node'
import { COUNT_WITH_WORD } from './rating-widget'

type Node = Record<string, unknown>

const SCHEMA = /^https?:\/\/schema\.org\//i

/**
 * The page's schema.org items written as microdata (`itemscope itemtype="…/Product"` with `itemprop`s),
 * in JSON-LD's shape, so that one reading serves both: a product's own offer, brand and rating stay
 * inside its own scope, and a related product's scope is an item of its own. Parsed by microdata-node
 * (the WHATWG algorithm, `itemref` included), only on a page that declares a schema.org product.
 */
export function microdataProducts($: CheerioAPI, html: string, pageUrl: string): Node[] {
  if (!$('[itemscope][itemtype*="schema.org/Product" i], [itemscope][itemtype*="schema.org/Book" i]').length) return []
  let items: MicrodataItem[]
  try {
    items = toJson(html, { base: pageUrl }).items
  } catch {
    return []
  }
  const products = items
    .filter((item) => (item.type ?? []).some((t) => /^Product(Group)?$/.test(t.replace(SCHEMA, ''))) || isBookOnSale(item))
    .map((item) => asJsonLd(item, 0))
  // `<meta itemprop="brand" itemscope itemtype="…/Brand" content="X">` is an item with no properties
  // to the algorithm; its name is its content. Taken when a product's brand came out nameless.
  const brand = brandMetaContent($)
  for (const p of products) if (brand && p.brand && typeof p.brand === 'object' && !('name' in p.brand)) p.brand = brand
  // `<a itemprop="brand" href="/liste.php?hs=MSI">MSI</a>` gives the link's address to the algorithm;
  // the brand is what the link says.
  const linked = brandLinkText($)
  for (const p of products) if (linked && typeof p.brand === 'string' && /^(?:https?:)?\/\//i.test(p.brand)) p.brand = linked
  // A review widget's rating written as an item of its own that names the product it rates
  // (TurnTo's `<div itemscope itemtype="…/AggregateRating"><meta itemprop="itemReviewed" content="{name}">`).
  const ratings = items
    .filter((item) => (item.type ?? []).some((t) => t.replace(SCHEMA, '') === 'AggregateRating'))
    .map((i) => asJsonLd(i, 0))
  for (const p of products) {
    const name = typeof p.name === 'string' ? p.name.trim().toLowerCase() : null
    const own = name ? ratings.find((r) => typeof r.itemReviewed === 'string' && r.itemReviewed.trim().toLowerCase() === name) : undefined
    if (own && !p.aggregateRating) p.aggregateRating = own
  }
  // A rating scope that marks its value but only writes its count ("3.79 (115 ratings by Goodreads)").
  const written = countWrittenInRating($)
  for (const p of products) {
    const r = p.aggregateRating
    if (written && r && typeof r === 'object' && !Array.isArray(r) && !('ratingCount' in r) && !('reviewCount' in r))
      (r as Node).ratingCount = written
  }
  return products
}

/** The one count the product's rating scopes write with its word ("115 ratings"), or null (none, or several). */
function countWrittenInRating($: CheerioAPI): string | null {
  const counts = new Set(
    $('[itemprop="aggregateRating"][itemscope]')
      .toArray()
      .filter((el) => /schema\.org\/(?:Product|Book)/i.test($(el).parent().closest('[itemscope]').attr('itemtype') ?? ''))
      .map((el) => COUNT_WITH_WORD.exec($(el).text().replace(/\s+/g, ' '))?.[1]?.replace(/\D/g, ''))
      .filter((c): c is string => !!c),
  )
  return counts.size === 1 ? [...counts][0] : null
}

/** The one text the page's brand links say (`<a itemprop="brand">MSI</a>`), or null (none, or several). */
function brandLinkText($: CheerioAPI): string | null {
  const texts = new Set(
    $('a[itemprop="brand"]')
      .toArray()
      .map((el) => $(el).text().replace(/\s+/g, ' ').trim())
      .filter((t) => t.length > 0 && t.length <= 60),
  )
  return texts.size === 1 ? [...texts][0] : null
}

/** A book with an offer: a bookshop's product (`itemtype="…/Book"` with `offers`). */
const isBookOnSale = (item: MicrodataItem) =>
  (item.type ?? []).some((t) => t.replace(SCHEMA, '') === 'Book') &&
  Object.keys(item.properties).some((k) => k.replace(SCHEMA, '') === 'offers')

/** The one `content` the page gives its products' brand items, or null (none, or several). */
function brandMetaContent($: CheerioAPI): string | null {
  const values = new Set(
    $('[itemprop="brand"][itemscope][content]')
      .toArray()
      .filter((el) => /schema\.org\/Product/i.test($(el).parent().closest('[itemscope]').attr('itemtype') ?? ''))
      .map((el) => ($(el).attr('content') ?? '').trim())
      .filter(Boolean),
  )
  return values.size === 1 ? [...values][0] : null
}

function asJsonLd(item: MicrodataItem, depth: number): Node {
  const node: Node = { '@type': (item.type ?? []).map((t) => t.replace(SCHEMA, '')) }
  for (const [name, values] of Object.entries(item.properties)) {
    // Only schema.org's own names: a property given as a full address of another vocabulary is not ours to read.
    const key = name.replace(SCHEMA, '')
    if (/[:/]/.test(key)) continue
    const read = values.flatMap((v): (string | Node)[] =>
      typeof v === 'string' ? [v.replace(/\s+/g, ' ').trim()] : depth < 6 ? [asJsonLd(v, depth + 1)] : [],
    )
    const kept = read.filter((v) => v !== '')
    if (kept.length) node[key] = kept.length === 1 ? kept[0] : kept
  }
  return node
}
