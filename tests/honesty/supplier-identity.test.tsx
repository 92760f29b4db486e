import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PageView } from '../../app/components/sections'
import { formatPrice } from '../../app/components/sections/format'
import { isMarketplace, publishableFacts, shopperPage, supplierNames, withOwnerDefaults } from '../../server/domain/page/shopper'
import type { ProductFacts } from '../../server/domain/product-facts'
import { PAGE_TEMPLATES } from '../../server/domain/templates'
import { createOfflineComposer } from '../../server/generation/compose'
import { importProduct } from '../../server/generation/import'
import { allFacts } from '../fixtures/facts'
import { fakeFetcher } from '../fixtures/import/fake-fetcher'
import { MARKETPLACE_IMPORTS } from '../fixtures/import/pages'

const imported = async (): Promise<[string, ProductFacts][]> =>
  Promise.all(
    MARKETPLACE_IMPORTS.map(async ([url, routes]) => [
      routes[url] as string,
      await importProduct(url, fakeFetcher(routes), new Date('2026-01-01')),
    ]),
  )

/**
 * No supplier identity reaches a shopper: for every fixture product and template, the published
 * page (markup and the JSON the share api answers) names no marketplace, no supplier brand, no
 * marketplace id, no supplier price and no source URL.
 */
describe('shopper pages carry no supplier identity', () => {
  const composer = createOfflineComposer()
  const cases: [string, () => Promise<ProductFacts>][] = [
    ...allFacts()
      .filter(([, f]) => isMarketplace(f.source.platform))
      .map(([n, f]): [string, () => Promise<ProductFacts>] => [n, async () => f]),
    ...MARKETPLACE_IMPORTS.map(([url, routes]): [string, () => Promise<ProductFacts>] => [
      routes[url] as string,
      async () => (await imported()).find(([f]) => f === routes[url])![1],
    ]),
  ]
  for (const [name, load] of cases) {
    for (const template of PAGE_TEMPLATES) {
      it(`${name}, ${template.name} template`, async () => {
        const facts = await load()
        const copyFacts = publishableFacts(facts)
        const research = await composer.research(copyFacts)
        const outline = await composer.outline(copyFacts, research, template)
        const { page } = await composer.compose(copyFacts, outline, template)
        const published = shopperPage(withOwnerDefaults(page, facts))
        // Image addresses are left out here: generation stores images under our own /media URLs.
        const html = renderToStaticMarkup(<PageView page={published} mode="share" />).replace(/ src="[^"]*"/g, '')
        const json = JSON.stringify(published, (k, v) => (k === 'src' ? undefined : v))
        for (const text of [html, json]) {
          for (const word of supplierNames(facts.source.platform)) expect(text.toLowerCase()).not.toContain(word.toLowerCase())
          expect(text).not.toContain(facts.source.url)
          expect(text).not.toMatch(/\bASIN\b|Date First Available/i)
          if (facts.vendor && facts.vendor.length > 2) expect(text).not.toContain(facts.vendor)
          if (facts.price !== null && facts.currency) expect(text).not.toContain(formatPrice(facts.price, facts.currency))
        }
        expect(html).toContain('Reviews from buyers of this product on another store')
      })
    }
  }
})
