import { createDemoStore } from '../../demo-store/routes'
import { pageSchema, type Page } from '../../domain/page/schema'
import { defaultGallery, defaultOwnerFacts, publishableFacts, shopperPage } from '../../domain/page/shopper'
import { findTemplate } from '../../domain/templates'
import { composeOffline, research, buildOutline } from '../../generation/compose/offline'
import { importProduct } from '../../generation/import'

/** The demo-store product every template preview shows (it supports every section type). */
const SAMPLE_HANDLE = 'aurora-pour-over-set'
// Any origin: the demo store answers in-process; its addresses become our own paths below.
const ORIGIN = 'http://localhost'
const IMPORTED_AT = new Date('2026-01-15T12:00:00Z')

let sample: Promise<Page> | undefined

/**
 * The sample page of the template previews: the demo store's product imported and written by the
 * offline composer (in the Classic order, which lists every section type; each preview reorders it), as shoppers see it, with
 * images and links on our own paths. Built once per process (the composer is deterministic).
 */
export function samplePage(): Promise<Page> {
  sample ??= buildSamplePage().catch((error: unknown) => {
    sample = undefined
    throw error
  })
  return sample
}

async function buildSamplePage(): Promise<Page> {
  const store = createDemoStore()
  const fetcher = async (url: string) => {
    const res = await store.fetch(new Request(url))
    return { url, status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() }
  }
  const facts = await importProduct(`${ORIGIN}/demo-store/products/${SAMPLE_HANDLE}`, fetcher, IMPORTED_AT)
  const template = findTemplate(1)
  const shown = publishableFacts(facts)
  const composed = composeOffline(shown, buildOutline(shown, research(shown), template), template)
  const page: Page = { ...composed, owner: defaultOwnerFacts(facts), gallery: defaultGallery(facts, shown.title) }
  const ownPaths = JSON.parse(JSON.stringify(shopperPage(page, { fromMarketplace: false })).replaceAll(`${ORIGIN}/`, '/')) as unknown
  return pageSchema.parse(ownPaths)
}
