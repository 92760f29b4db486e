import { describe, expect, it } from 'vitest'
import { DEMO_PRODUCTS } from '../../demo-store/catalog'
import { createDemoStore } from '../../demo-store/routes'
import { SAMPLE_CURRENCY, SAMPLE_PRODUCTS, samplePage, SECTION_SAMPLES, type SampleProduct } from '../../domain/page/section-samples'
import type { ProductFacts } from '../../domain/product-facts'
import { importProduct } from '../import'
import { checkPageHonesty } from './honesty'

/**
 * The sections library's examples are sample content from the demo store: each must pass the same
 * honesty checker as a generated page, against the facts imported from its demo product.
 */
const ORIGIN = 'http://localhost:3000'

async function demoFacts(handle: string): Promise<ProductFacts> {
  const app = createDemoStore()
  const fetcher = async (url: string) => {
    const res = await app.fetch(new Request(url))
    return { url, status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() }
  }
  const facts = await importProduct(`${ORIGIN}/demo-store/products/${handle}`, fetcher, new Date('2026-11-20T12:00:00Z'))
  // The examples show the demo store's images from our own origin, as paths.
  return { ...facts, images: facts.images.map((src) => src.replace(ORIGIN, '')) }
}

const samples = Object.values(SECTION_SAMPLES).flatMap((byVariant) => Object.values(byVariant))

describe('sections library examples', () => {
  it('name demo products with their demo store price', () => {
    for (const [handle, p] of Object.entries(SAMPLE_PRODUCTS)) {
      const demo = DEMO_PRODUCTS.find((d) => d.handle === handle)
      expect(demo, handle).toBeDefined()
      expect({ title: demo?.title, price: demo?.price, compareAt: demo?.compareAtPrice }).toEqual(p)
    }
    expect(SAMPLE_CURRENCY).toBe('USD')
  })

  it('pass the page honesty checker against their demo product’s facts', async () => {
    for (const handle of Object.keys(SAMPLE_PRODUCTS) as SampleProduct[]) {
      const mine = samples.filter((s) => s.product === handle)
      if (mine.length === 0) continue
      const facts = await demoFacts(handle)
      for (const sample of mine) expect(checkPageHonesty(samplePage(sample), facts), sample.section.id).toEqual([])
    }
  })

  it('would be caught if they invented something', async () => {
    const facts = await demoFacts('aurora-pour-over-set')
    const reviews = SECTION_SAMPLES.reviews.standard
    if (reviews.section.type !== 'reviews') throw new Error('reviews sample')
    const invented = {
      ...reviews,
      section: {
        ...reviews.section,
        items: [...reviews.section.items, { ...reviews.section.items[0], author: 'Made Up', body: 'Best ever.' }],
      },
    }
    expect(checkPageHonesty(samplePage(invented), facts)).not.toEqual([])
  })
})
