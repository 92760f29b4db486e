import { load } from 'cheerio'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../server/domain/page/schema'
import { renderProductPage } from '../../server/liquid/storefront'
import { descriptionHtml } from '../../server/liquid/theme-files'
import { samplePage } from '../fixtures/pages/sample-page'
import { publishedFixturePages, type PublishedFixture } from '../fixtures/published-pages'
import { absoluteImages, productWith, reactPage, sectionTexts, storefrontContext, themeWithAppBlock } from './helpers'

// The Liquid snippets and the React share page must say the same thing, section by section: same
// sections in the same order, same words, same no-break spaces in figures. Prices and buy buttons
// differ by design (the store's price and cart form), so they are left out of the comparison.

const gallery = [
  { src: 'https://cdn.example.com/a.jpg', alt: 'Sage bottle' },
  { src: 'https://cdn.example.com/b.jpg', alt: 'Lid' },
  { src: 'https://cdn.example.com/c.jpg', alt: '' },
]

let fixtures: PublishedFixture[] = []
beforeAll(async () => {
  fixtures = await publishedFixturePages()
})

const cases = (): [string, Page][] => [
  ['sample page', samplePage],
  ['sample page with a gallery', { ...samplePage, gallery }],
  ...fixtures.map((f): [string, Page] => [f.name, absoluteImages(f.page)]),
]

describe('Liquid and React show the same text', () => {
  it('for the description rendering (no product)', async () => {
    expect(cases().length).toBeGreaterThan(10)
    for (const [name, page] of cases()) {
      const react = sectionTexts(reactPage(page))
      const liquid = sectionTexts(await descriptionHtml(page))
      expect(liquid, name).toEqual(react)
    }
  })

  it('for the app block on a product page', async () => {
    const theme = themeWithAppBlock('Harbor', 'section')
    for (const [name, page] of cases().slice(0, 6)) {
      const html = await renderProductPage(theme, productWith(page), storefrontContext())
      expect(sectionTexts(html), name).toEqual(sectionTexts(reactPage(page)))
    }
  })

  it('keeps the page structure: the same sections, classes and gallery inputs', async () => {
    const page = { ...samplePage, gallery }
    const $r = load(reactPage(page))
    const $l = load(await descriptionHtml(page, { titleLevel: 'h1' }))
    const shape = ($: typeof $r) =>
      $('.pw-page > section')
        .toArray()
        .map((el) => [
          $(el).attr('id'),
          $(el).attr('class'),
          $(el)
            .find('h1, h2, h3')
            .toArray()
            .map((h) => h.tagName),
        ])
    expect(shape($l)).toEqual(shape($r))
    const inputs = ($: typeof $r) =>
      $('.pw-gallery__radio')
        .toArray()
        .map((el) => [$(el).attr('id'), $(el).attr('name'), $(el).attr('checked') !== undefined])
    expect(inputs($l)).toEqual(inputs($r))
    expect($l('.pw-page').attr('style')).toBe($r('.pw-page').attr('style'))
    expect($l('.pw-page').attr('data-font')).toBe($r('.pw-page').attr('data-font'))
    expect($l('.pw-page').attr('data-radius')).toBe($r('.pw-page').attr('data-radius'))
  })
})
