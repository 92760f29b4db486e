import { describe, expect, it } from 'vitest'
import { allFacts } from '../../../../tests/fixtures/facts'
import { fakeFetcher } from '../../../../tests/fixtures/import/fake-fetcher'
import { FIXTURE_IMPORTS } from '../../../../tests/fixtures/import/pages'
import type { Page } from '../../../domain/page/schema'
import type { ProductFacts } from '../../../domain/product-facts'
import { findTemplate, PAGE_TEMPLATES } from '../../../domain/templates'
import { importProduct } from '../../import'
import { checkPageHonesty } from '../honesty'
import { pageTexts } from '../trace'
import { factsLanguage } from './language'
import { repeats } from './nlp'
import { specValue } from './specs'
import { buildOutline, composeOffline, research } from '.'

/**
 * Copy a store owner would publish, on every product the repository knows: the facts fixtures, every
 * imported marketplace and store fixture, and every demo-store product.
 */
const now = new Date('2026-03-10T12:00:00Z')
const IMPORTED = FIXTURE_IMPORTS

async function everyProduct(): Promise<[string, ProductFacts][]> {
  const out: [string, ProductFacts][] = allFacts().map(([n, f]) => [`fixture ${n}`, f])
  for (const [url, routes] of IMPORTED) out.push([`import ${Object.values(routes)[0]}`, await importProduct(url, fakeFetcher(routes), now)])
  const { createDemoStore } = await import('../../../demo-store/routes')
  const { DEMO_PRODUCTS } = await import('../../../demo-store/catalog')
  const app = createDemoStore()
  const fetcher = async (url: string) => {
    const res = await app.fetch(new Request(url))
    return { url, status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() }
  }
  for (const p of DEMO_PRODUCTS)
    out.push([`demo ${p.handle}`, await importProduct(`http://localhost:3000/demo-store/products/${p.handle}`, fetcher, now)])
  return out
}

const sectionsOf = (page: Page, type: string) => page.sections.filter((s) => s.type === type)
/** The shopper-facing texts a section writes itself (quoted reviews and variant names left out). */
const ownTexts = (section: Page['sections'][number]) =>
  pageTexts(section)
    .filter((t) => !t.quoted && !/\.rows\[\d+\]\.label$/.test(t.path) && !t.path.endsWith('.source'))
    .map((t) => t.text)
    .join('\n')

describe('copy rules, on every fixture and demo product', async () => {
  const products = await everyProduct()
  const pages = products.flatMap(([name, facts]) =>
    PAGE_TEMPLATES.map((template) => {
      const r = research(facts)
      return { name: `${name} (${template.name})`, facts, r, page: composeOffline(facts, buildOutline(facts, r, template), template) }
    }),
  )

  it('covers the fixtures, every imported fixture and the demo store', () => {
    expect(products.length).toBeGreaterThanOrEqual(7 + IMPORTED.length + 5)
  })

  it('stays honest', () => {
    for (const { name, facts, page } of pages) expect(checkPageHonesty(page, facts), name).toEqual([])
  })

  it('calls the product by a noun, never a unit, a number or an adjective', () => {
    // A source in another language gets no English noun: the page keeps the source's words (language.ts).
    for (const { name, r } of pages.filter((p) => factsLanguage(p.facts).code === 'en')) {
      expect(r.noun, name).not.toMatch(/\d|^(oz|ml|l|g|kg|lb|cm|mm|in|pcs|pack|rechargeable|portable|wireless|new|mini)$/i)
      expect(r.noun, name).not.toBe('product')
    }
  })

  it('has no tautological benefit: the title adds something its text does not say', () => {
    // A title that is the start of the source's own line ("MULTIPOINT PAIRING. Connect…") is the source's heading, kept as written.
    const key = (x: string) =>
      x
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim()
    for (const { name, page, facts } of pages)
      for (const s of sectionsOf(page, 'benefits'))
        if (s.type === 'benefits')
          for (const item of s.items) {
            const own = facts.bullets.some((b) => key(b).startsWith(key(item.title)))
            if (item.text && item.title && !own) expect(repeats(item.title, item.text), `${name}: ${item.title} / ${item.text}`).toBe(false)
          }
  })

  it('shows no filler figure and no price among the key figures', () => {
    for (const { name, page } of pages)
      for (const s of sectionsOf(page, 'stats'))
        if (s.type === 'stats')
          for (const item of s.items) {
            expect(item.label, name).not.toMatch(/colou?rs?|sizes?|combinations?|variants?|options?|to choose from|price/i)
            expect(item.value, name).not.toMatch(/[$€£¥%]/)
            expect(item.source, name).not.toMatch(/^(Product variants|Product options|Listed price|Specification:)/)
          }
  })

  it('shows no fact in two sections', () => {
    for (const { name, facts, page } of pages) {
      const showing = (needle: string) =>
        page.sections.filter((s) => ownTexts(s).toLowerCase().includes(needle.toLowerCase())).map((s) => s.type)
      for (const spec of facts.specs) {
        const value = specValue(spec.value)
        if (!/\d/.test(value) || value.length < 4) continue
        expect(showing(value).length, `${name}: ${spec.name} ${value} in ${showing(value).join(', ')}`).toBeLessThanOrEqual(1)
      }
      // The ratings belong to the reviews section when there is one.
      const reviews = page.sections.find((s) => s.type === 'reviews')
      if (reviews?.type === 'reviews' && reviews.summary)
        for (const s of sectionsOf(page, 'stats')) expect(ownTexts(s), name).not.toContain(`${reviews.summary.average} / 5`)
      // An option's values are listed once (a comparison table, a question or the closing line; a spec row naming
      // the same values, "Compatible models", is the listing's own separate fact).
      for (const o of facts.options.filter((x) => x.values.length >= 2 && x.values.length <= 6)) {
        const listing = page.sections.filter((s) => {
          if (s.type === 'specs') return false
          const text =
            s.type === 'comparison'
              ? pageTexts(s)
                  .map((t) => t.text)
                  .join('\n')
              : ownTexts(s)
          return o.values.every((v) => text.includes(v))
        })
        expect(listing.length, `${name}: ${o.name} listed in ${listing.map((s) => s.type).join(', ')}`).toBeLessThanOrEqual(1)
      }
    }
  })

  it('uses one spelling (en-US) in what it writes', () => {
    for (const { name, page } of pages) for (const s of page.sections) expect(ownTexts(s), name).not.toMatch(/\bcolour/i)
  })

  it('puts a review quote under at most one theme', () => {
    for (const { name, r } of pages) {
      const seen = new Map<string, string>()
      for (const t of r.reviewThemes)
        for (const q of t.quotes) {
          const key = `${q.author}|${q.text}`
          expect(seen.get(key), `${name}: “${q.text}” under ${seen.get(key)} and ${t.theme}`).toBeUndefined()
          seen.set(key, t.theme)
        }
    }
  })

  it('writes a hero subheading about the product, never the price', () => {
    for (const { name, page, r } of pages) {
      const hero = page.sections[0]
      expect(hero.type).toBe('hero')
      if (hero.type !== 'hero') continue
      expect(hero.subheading.length, name).toBeGreaterThan(15)
      expect(hero.subheading, name).not.toMatch(/priced at|[$€£¥]\s?\d|\d\s?(USD|EUR|GBP)|% less/i)
      if (r.pricing) expect(hero.subheading, name).not.toContain(r.pricing.summary)
    }
  })

  it('keeps a guarantee section the outline asks for, empty when the facts state none', () => {
    for (const [name, facts] of products) {
      const template = findTemplate(1)
      const r = research(facts)
      const outline = buildOutline(facts, r, template)
      const asked = {
        sections: [
          ...outline.sections.filter((s) => s.type !== 'guarantee'),
          { id: 'guarantee', type: 'guarantee' as const, title: 'Our promise', points: [] },
        ],
      }
      const page = composeOffline(facts, asked, template)
      const g = page.sections.find((s) => s.type === 'guarantee')
      expect(g, name).toBeDefined()
      if (g?.type === 'guarantee' && !r.guarantee) expect(g.text, name).toBe('')
      expect(checkPageHonesty(page, facts), name).toEqual([])
    }
  })
})
