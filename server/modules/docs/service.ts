import type { SamplePage } from '../../contract/docs'
import { DEMO_PRODUCTS } from '../../demo-store/catalog'
import { createDemoStore } from '../../demo-store/routes'
import { defaultGallery, defaultOwnerFacts, publishableFacts, shopperPage } from '../../domain/page/shopper'
import { bestTemplateFor } from '../../domain/templates'
import { buildOutline, composeOffline, research } from '../../generation/compose/offline'
import { importProduct } from '../../generation/import'
import type { Fetcher } from '../../generation/import/types'
import { notFound } from '../../http/http-error'
import { openApiDocument } from '../../http/openapi'

/** The document is built once per server address: the contract does not change while the process runs. */
const documents = new Map<string, ReturnType<typeof openApiDocument>>()
export function apiDocument(publicUrl: string) {
  let doc = documents.get(publicUrl)
  if (!doc) documents.set(publicUrl, (doc = openApiDocument(publicUrl)))
  return doc
}

/** The demo store answering in-process: the sample needs no network and no running web server. */
function demoStoreFetcher(): Fetcher {
  const store = createDemoStore()
  return async (url) => {
    const res = await store.fetch(new Request(url))
    return { url, status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() }
  }
}

/** Our own path of a demo-store image (the web serves public/demo-store), whatever origin it was read at. */
const ownPath = (src: string) => (src.startsWith('/') ? src : new URL(src).pathname)

/**
 * A page written from a demo-store product the way a generation writes it (import → research →
 * outline → offline writer, owner defaults, shopper form), but saved nowhere and costing nothing.
 * Deterministic, so each product's page is made once per process.
 */
const samples = new Map<string, Promise<SamplePage>>()
export function samplePage(publicUrl: string, handle: string | undefined, now: Date): Promise<SamplePage> {
  const product = handle === undefined ? DEMO_PRODUCTS[0] : DEMO_PRODUCTS.find((p) => p.handle === handle)
  if (!product) throw notFound('There is no demo-store product with this handle.')
  const key = `${publicUrl} ${product.handle}`
  let pending = samples.get(key)
  if (!pending) {
    pending = writeSample(publicUrl, product.handle, now)
    samples.set(key, pending)
    pending.catch(() => samples.delete(key))
  }
  return pending
}

async function writeSample(publicUrl: string, handle: string, now: Date): Promise<SamplePage> {
  const url = `${publicUrl}/demo-store/products/${handle}`
  const imported = await importProduct(url, demoStoreFetcher(), now)
  const facts = publishableFacts({ ...imported, images: imported.images.map(ownPath) })
  const template = bestTemplateFor(facts)
  const outline = buildOutline(facts, research(facts), template)
  const page = { ...composeOffline(facts, outline, template), owner: defaultOwnerFacts(facts), gallery: defaultGallery(facts, facts.title) }
  return { product: { handle, title: facts.title, url }, template: template.name, page: shopperPage(page, { fromMarketplace: false }) }
}
