import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ProductFacts } from '../../server/domain/product-facts'
import { decodeBody } from '../../server/generation/import/decode'
import { type ImportError } from '../../server/generation/import/types'
import { fakeFetcher, type FakeFetcher } from '../fixtures/import/fake-fetcher'

/**
 * The corpus of real saved pages (tests/fixtures/corpus, issue 21) as the importer meets them: each
 * page served at its original address by a fetcher that knows nothing else (every other address is a
 * 404), its facts compared with what a person read on the page.
 */

const DIR = fileURLToPath(new URL('../fixtures/corpus/', import.meta.url))

export interface ProductTruth {
  title: string | null
  price: number | null
  currency: string | null
  compare_at: number | null
  images: number | null
  /** When the page hides part of its gallery ("+12"), the photos it does show: at least that many is right. */
  images_at_least?: number
  rating: number | null
  /** The scale the page states its rating on when it is not five stars ("9.1 / 10"); the importer keeps ratings on five. */
  rating_scale?: number
  review_count: number | null
  brand: string | null
  language?: string | null
  notes?: string
}

export interface BlockTruth {
  block: string
  what_it_says: string
  notes?: string
}

export interface CorpusEntry {
  id: string
  file: string
  kind: 'product' | 'block'
  platform: string
  url: string | null
  url_source?: string
  set: 'dev' | 'heldout'
  facts: ProductTruth | BlockTruth
}

/** Manifest entries of one set. Held-out entries are never read unless asked for by name of the set. */
export function corpusEntries(set: 'dev' | 'heldout'): CorpusEntry[] {
  const all = JSON.parse(readFileSync(`${DIR}manifest.json`, 'utf8')) as CorpusEntry[]
  return all.filter((e) => e.set === set)
}

// ---------------------------------------------------------------------------------------------
// Where a page is served

/** Hosts that stand in when the manifest has no URL (the page's site, as its url_source names it, else the platform's). */
const PLATFORM_STAND_IN: Record<string, string> = {
  amazon: 'https://www.amazon.com/dp/B000000000',
  aliexpress: 'https://www.aliexpress.com/item/1000000000000000.html',
  tiktok: 'https://shop.tiktok.com/view/product/1000000000000000',
  temu: 'https://www.temu.com/item-g-100000000000000.html',
  dhgate: 'https://www.dhgate.com/product/item/100000000.html',
}

function siteNamedIn(urlSource: string | undefined): string | null {
  const m = /\b((?:[a-z0-9-]+\.)+(?:com|in|de|es|fr|co\.uk|sa|net|org|co\.jp|us))\b/i.exec(urlSource ?? '')
  return m ? m[1].toLowerCase() : null
}

/**
 * The address a page is imported from and the addresses that answer: the saved file at its original
 * URL. A Shopify `.js`/`.json` answer is served at its endpoint beside the product's address (the
 * shape tells which: `.json` wraps the product in `product`). Without a recorded URL, a stand-in on
 * the site the manifest names (else the platform's main site) takes its place.
 */
export function servedAt(entry: CorpusEntry): { url: string; routes: Record<string, { body: string; contentType: string }> } {
  const isJson = entry.file.endsWith('.json')
  // The saved bytes read as a fetch reads them (a BOM, a <meta charset>): the site's header is not known.
  const contentType = isJson ? 'application/json' : 'text/html'
  const body = decodeBody(readFileSync(`${DIR}${entry.file}`), contentType)
  let url = entry.url
  if (!url) {
    if (isJson) {
      const own = (JSON.parse(body) as { url?: unknown; product?: { handle?: unknown } }) ?? {}
      const path = typeof own.url === 'string' ? own.url : `/products/${String(own.product?.handle ?? 'product')}`
      url = `https://${siteNamedIn(entry.url_source) ?? 'store.example'}${path}`
    } else {
      const site = siteNamedIn(entry.url_source)
      const standIn = PLATFORM_STAND_IN[entry.platform]
      url =
        standIn && site
          ? standIn.replace(/\/\/[^/]+/, `//www.${site.replace(/^www\./, '')}`)
          : (standIn ?? `https://${site ?? 'site.example'}/product`)
    }
  }
  // As a browser writes the address ("https://www.fiverr.com" → "https://www.fiverr.com/").
  if (!isJson) url = new URL(url).href
  // A site answers its page whatever the query ("?variant=…" picks a variant): so does the double.
  if (!isJson) return { url, routes: { [url]: { body, contentType }, [url.replace(/[?#].*$/, '')]: { body, contentType } } }
  const page = url.replace(/[?#].*$/, '').replace(/\.(js|json)$/, '')
  const parsed = JSON.parse(body) as Record<string, unknown>
  const endpoint = `${page}${parsed && typeof parsed === 'object' && 'product' in parsed ? '.json' : '.js'}`
  return { url: page, routes: { [endpoint]: { body, contentType } } }
}

export function corpusFetcher(entry: CorpusEntry): { url: string; fetcher: FakeFetcher } {
  const { url, routes } = servedAt(entry)
  return { url, fetcher: fakeFetcher(routes) }
}

// ---------------------------------------------------------------------------------------------
// Grading

export const FIELDS = ['title', 'price', 'currency', 'compare_at', 'images', 'rating', 'review_count', 'brand'] as const
export type Field = (typeof FIELDS)[number]
export type Grade = 'ok' | 'wrong' | 'missing'
const NUMBERS: Field[] = ['price', 'compare_at', 'rating', 'review_count']

/** The same text: Unicode-normalised, case-folded, quotes, dashes and spaces made one. */
export function sameText(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\u2018\u2019\u201a\u201b\u2032`´]/g, "'")
      .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
      .replace(/[\u2010-\u2015\u2212]/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
  return norm(a) === norm(b)
}

/** What the importer made of a page, in the manifest's terms (all null when it refused). */
export function observed(facts: ProductFacts | null): Record<Field, string | number | null> {
  return {
    title: facts?.title ?? null,
    price: facts?.price ?? null,
    currency: facts?.currency ?? null,
    compare_at: facts?.compareAtPrice ?? null,
    images: facts ? facts.images.length : null,
    rating: facts?.listingRating?.average ?? null,
    review_count: facts?.listingRating?.count ?? null,
    brand: facts?.vendor ?? null,
  }
}

export function grade(field: Field, expected: unknown, got: unknown): Grade {
  // No photos, and "No customer reviews" (a count of 0), are the same fact as none.
  const none = (v: unknown) => v === null || v === undefined || ((field === 'images' || field === 'review_count') && v === 0)
  if (none(expected)) return none(got) ? 'ok' : 'wrong'
  if (none(got)) return 'missing'
  // A rating is shown to one decimal: "4.588" in the data is the page's "4,6" (and our page's).
  const within = field === 'rating' ? 0.05 : 0.005
  if (typeof expected === 'number') return typeof got === 'number' && Math.abs(got - expected) <= within ? 'ok' : 'wrong'
  return typeof got === 'string' && sameText(String(expected), got) ? 'ok' : 'wrong'
}

/** A number the page does not state for the product: one where the truth is null, or a different one. */
export function isInvented(field: Field, expected: unknown, got: unknown): boolean {
  return NUMBERS.includes(field) && got !== null && got !== undefined && grade(field, expected, got) === 'wrong'
}

export interface ProductResult {
  id: string
  facts: ProductFacts | null
  error: ImportError | Error | null
  grades: Record<Field, Grade>
  got: Record<Field, string | number | null>
  invented: Field[]
}

export function gradeProduct(entry: CorpusEntry, facts: ProductFacts | null, error: Error | null): ProductResult {
  const stated = entry.facts as ProductTruth
  // "9.1 / 10" is 4.55 on five stars: the same fact on the scale the importer keeps.
  const truth = stated.rating !== null && stated.rating_scale ? { ...stated, rating: (stated.rating * 5) / stated.rating_scale } : stated
  const got = observed(facts)
  const grades = {} as Record<Field, Grade>
  const invented: Field[] = []
  for (const f of FIELDS) {
    grades[f] =
      f === 'images' && truth.images === null && truth.images_at_least
        ? typeof got.images === 'number' && got.images >= truth.images_at_least
          ? 'ok'
          : 'missing'
        : grade(f, truth[f], got[f])
    if (isInvented(f, truth[f], got[f])) invented.push(f)
  }
  return { id: entry.id, facts, error, grades, got, invented }
}

export function figures(results: ProductResult[]): { right: number; total: number; percent: number; invented: number } {
  const total = results.length * FIELDS.length
  const right = results.reduce((n, r) => n + FIELDS.filter((f) => r.grades[f] === 'ok').length, 0)
  const invented = results.reduce((n, r) => n + r.invented.length, 0)
  return { right, total, percent: total ? Math.round((right / total) * 1000) / 10 : 100, invented }
}

/** Page × field table (ok / wrong / missing; a wrong number is marked "wrong!" — invented). */
export function table(results: ProductResult[]): string {
  const width = Math.max(4, ...results.map((r) => r.id.length))
  const head = ['page'.padEnd(width), ...FIELDS.map((f) => f.padEnd(12))].join(' ')
  const rows = results.map((r) =>
    [r.id.padEnd(width), ...FIELDS.map((f) => `${r.grades[f]}${r.invented.includes(f) ? '!' : ''}`.padEnd(12))].join(' '),
  )
  return [head, ...rows].join('\n')
}
