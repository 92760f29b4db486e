import type { CheerioAPI } from 'cheerio'
import { toJson, type MicrodataItem } from 'microdata-node'

type Node = Record<string, unknown>

const SCHEMA = /^https?:\/\/schema\.org\//i

/**
 * The page's schema.org items written as microdata (`itemscope itemtype="…/Product"` with `itemprop`s),
 * in JSON-LD's shape, so that one reading serves both: a product's own offer, brand and rating stay
 * inside its own scope, and a related product's scope is an item of its own. Parsed by microdata-node
 * (the WHATWG algorithm, `itemref` included), only on a page that declares a schema.org product.
 */
export function microdataProducts($: CheerioAPI, html: string, pageUrl: string): Node[] {
  if (!$('[itemscope][itemtype*="schema.org/Product" i]').length) return []
  let items: MicrodataItem[]
  try {
    items = toJson(html, { base: pageUrl }).items
  } catch {
    return []
  }
  const products = items
    .filter((item) => (item.type ?? []).some((t) => /^Product(Group)?$/.test(t.replace(SCHEMA, ''))))
    .map((item) => asJsonLd(item, 0))
  // `<meta itemprop="brand" itemscope itemtype="…/Brand" content="X">` is an item with no properties
  // to the algorithm; its name is its content. Taken when a product's brand came out nameless.
  const brand = brandMetaContent($)
  for (const p of products) if (brand && p.brand && typeof p.brand === 'object' && !('name' in p.brand)) p.brand = brand
  return products
}

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
