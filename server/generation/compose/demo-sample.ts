import { createDemoStore } from '../../demo-store/routes'
import { pageSchema, type Page } from '../../domain/page/schema'
import { defaultGallery, defaultOwnerFacts, publishableFacts, shopperPage } from '../../domain/page/shopper'
import { bestTemplateFor, findTemplate } from '../../domain/templates'

// Any origin: the demo store answers in-process; its addresses become our own paths below.
const ORIGIN = 'http://localhost'
const IMPORTED_AT = new Date('2026-01-15T12:00:00Z')

export interface DemoSample {
  title: string
  template: string
  /** As shoppers see it, with images and links on our own paths. */
  page: Page
}

const samples = new Map<string, Promise<DemoSample>>()

/**
 * A page written from a product of the built-in demo store the way a generation writes it (import →
 * research → outline → offline writer, owner defaults, shopper form), saved nowhere and costing
 * nothing: the landing pages' example and the template previews. The writer is deterministic, so
 * each product and template is written once per process. No template: the best fit, as generation picks.
 */
export function demoSamplePage(handle: string, templateId?: number): Promise<DemoSample> {
  const key = `${handle} ${templateId ?? 'best'}`
  let pending = samples.get(key)
  if (!pending) {
    pending = writeSample(handle, templateId)
    samples.set(key, pending)
    pending.catch(() => samples.delete(key))
  }
  return pending
}

async function writeSample(handle: string, templateId: number | undefined): Promise<DemoSample> {
  // The importer and the writer are loaded with the first sample, not with the api that serves it (server start).
  const [{ importProduct }, { buildOutline, composeOffline, research }] = await Promise.all([import('../import'), import('./offline')])
  const store = createDemoStore()
  const fetcher = async (url: string) => {
    const res = await store.fetch(new Request(url))
    return { url, status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() }
  }
  const facts = await importProduct(`${ORIGIN}/demo-store/products/${handle}`, fetcher, IMPORTED_AT)
  const shown = publishableFacts(facts)
  const template = templateId === undefined ? bestTemplateFor(shown) : findTemplate(templateId)
  const composed = composeOffline(shown, buildOutline(shown, research(shown), template), template)
  const page: Page = {
    ...composed,
    owner: defaultOwnerFacts(facts),
    gallery: defaultGallery(facts, shown.title, { language: composed.language }),
  }
  const ownPaths = JSON.parse(JSON.stringify(shopperPage(page, { fromMarketplace: false })).replaceAll(`${ORIGIN}/`, '/')) as unknown
  return { title: shown.title, template: template.name, page: pageSchema.parse(ownPaths) }
}
