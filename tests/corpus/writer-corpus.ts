import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ProductFacts } from '../../server/domain/product-facts'
import { importProduct } from '../../server/generation/import'
import { decodeBody } from '../../server/generation/import/decode'
import type { FetchedDocument, Fetcher } from '../../server/generation/import/types'

/**
 * The corpus of real saved product pages (tests/fixtures/corpus, issue 21) as the writer's test
 * imports them: each saved file served at its original address by a fetcher that never touches the
 * network (every other address is a 404), and the demo store's products.
 */
const DIR = fileURLToPath(new URL('../fixtures/corpus/', import.meta.url))
const IMPORTED_AT = new Date('2026-03-10T12:00:00Z')

export interface CorpusProduct {
  id: string
  file: string
  kind: 'product' | 'block'
  platform: string
  url: string | null
  set: 'dev' | 'heldout'
  facts: { title: string | null; language: string | null; product_language?: string }
}

/**
 * The product pages, dev first. CORPUS_HELDOUT=0 leaves the held-out pages out (while tuning the
 * writer: README's held-out rule); a full run reads both.
 */
export function corpusProducts(withHeldOut = process.env.CORPUS_HELDOUT !== '0'): CorpusProduct[] {
  const all = JSON.parse(readFileSync(`${DIR}manifest.json`, 'utf8')) as CorpusProduct[]
  return [
    ...all.filter((e) => e.kind === 'product' && e.set === 'dev'),
    ...(withHeldOut ? all.filter((e) => e.kind === 'product' && e.set === 'heldout') : []),
  ]
}

/** Where the saved file is served, and the link a person would paste for it. */
export function corpusAddress(entry: CorpusProduct): { serveAt: string; link: string } {
  if (entry.url) return { serveAt: entry.url, link: entry.url.replace(/\.(json|js)$/, '') }
  // A Shopify `/products/{handle}.js` object whose store was not recorded: a stand-in store serves it.
  const data = JSON.parse(readFileSync(`${DIR}${entry.file}`, 'utf8')) as { url?: unknown; handle?: unknown }
  const path = typeof data.url === 'string' ? data.url : `/products/${String(data.handle ?? entry.id)}`
  const link = `https://corpus-store.example${path}`
  return { serveAt: `${link}.js`, link }
}

export function corpusFetcher(entry: CorpusProduct): Fetcher {
  const { serveAt } = corpusAddress(entry)
  // The saved bytes read as a fetch reads them (a BOM, a <meta charset>): the site's header is not known.
  const contentType = entry.file.endsWith('.json') ? 'application/json' : 'text/html'
  const body = decodeBody(readFileSync(`${DIR}${entry.file}`), contentType)
  return async (url: string): Promise<FetchedDocument> =>
    url === serveAt ? { url, status: 200, contentType, body } : { url, status: 404, contentType: 'text/html', body: '<h1>Not found</h1>' }
}

export type CorpusImport = { entry: CorpusProduct; facts: ProductFacts } | { entry: CorpusProduct; skipped: string }

/** Imports one corpus page; a page the importer cannot read yet is skipped, with its reason. */
export async function importCorpusPage(entry: CorpusProduct): Promise<CorpusImport> {
  try {
    return { entry, facts: await importProduct(corpusAddress(entry).link, corpusFetcher(entry), IMPORTED_AT) }
  } catch (err) {
    return { entry, skipped: err instanceof Error ? err.message : String(err) }
  }
}

/** The built-in demo store's products, imported the way a generation imports them. */
export async function demoProducts(): Promise<[string, ProductFacts][]> {
  const { createDemoStore } = await import('../../server/demo-store/routes')
  const { DEMO_PRODUCTS } = await import('../../server/demo-store/catalog')
  const app = createDemoStore()
  const fetcher: Fetcher = async (url) => {
    const res = await app.fetch(new Request(url))
    return { url, status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() }
  }
  const out: [string, ProductFacts][] = []
  for (const p of DEMO_PRODUCTS)
    out.push([`demo-${p.handle}`, await importProduct(`http://localhost:3000/demo-store/products/${p.handle}`, fetcher, IMPORTED_AT)])
  return out
}
