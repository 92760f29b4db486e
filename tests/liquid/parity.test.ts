import { load } from 'cheerio'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../server/domain/page/schema'
import { shopperPage } from '../../server/domain/page/shopper'
import { SHOPPER_WORDS } from '../../server/domain/page/shopper-words'
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

// A page in Spanish or German: the renderers' own words (ratings, counts, dates, screen-reader
// labels, the gallery's names, the price's spoken words) come from one table, so the store says
// what the share page says, in the page's language.
describe('Liquid and React say the same words in the page language', () => {
  const withListing = (page: Page): Page => ({
    ...page,
    sections: page.sections.map((s) => (s.type === 'reviews' ? { ...s, listingRating: { average: 4.1, count: 5182 } } : s)),
  })
  // As published: the owner's price in every section, the review disclosure in the page's language.
  const es = shopperPage({ ...withListing(samplePage), gallery, language: 'es' })
  const de = shopperPage({ ...samplePage, gallery, language: 'de' })

  /** Everything a shopper reads or hears of the page: section texts, labels, descriptions, hidden words, prices. */
  const said = (html: string) => {
    const $ = load(html)
    const all = (selector: string, read: (el: ReturnType<typeof $>) => string) =>
      $(selector)
        .toArray()
        .map((el) => read($(el)))
    return {
      lang: $('.pw-page').attr('lang'),
      texts: sectionTexts(html),
      labels: all('.pw-page [aria-label]', (el) => el.attr('aria-label') ?? ''),
      // The share page draws a placeholder where a section has no image; the store leaves it out.
      alts: all('.pw-page img[alt]:not([alt=""])', (el) => el.attr('alt') ?? ''),
      hidden: all('.pw-page .pw-sr', (el) => el.text()),
      prices: all('.pw-page > section .pw-price', (el) => el.text()),
      buyBar: all('.pw-buybar .pw-price__now', (el) => el.text()),
    }
  }

  it.each([
    ['es', es],
    ['de', de],
  ] as const)('for a page in %s (description rendering)', async (language, page) => {
    const react = said(reactPage(page))
    const liquid = said(await descriptionHtml(page))
    expect(liquid).toEqual(react)
    expect(react.lang).toBe(language)
    // Every label the renderers write is in the page's language, none in English.
    const english = SHOPPER_WORDS.en
    const heard = [...react.labels, ...react.hidden, ...react.texts.map(([, t]) => t)].join('\n')
    for (const word of [english.productImages, 'Rated ', ' out of 5', 'Image 1 of', english.feature, 'Price ', 'was ', 'Mar 5, 2024'])
      expect(heard, word).not.toContain(word)
  })

  // The owner's price as the page's language writes it (Intl's currency format), in both renderers.
  it.each([
    ['es', 'USD', ['29,99\u00a0US$', '39,99\u00a0US$', '1234,50\u00a0US$', '12.345,00\u00a0US$']],
    ['de', 'USD', ['29,99\u00a0$', '39,99\u00a0$', '1.234,50\u00a0$', '12.345,00\u00a0$']],
    ['fr', 'USD', ['29,99\u00a0$US', '39,99\u00a0$US', '1\u202f234,50\u00a0$US', '12\u202f345,00\u00a0$US']],
    ['it', 'EUR', ['29,99\u00a0€', '39,99\u00a0€', '1234,50\u00a0€', '12.345,00\u00a0€']],
    ['pt', 'EUR', ['€\u00a029,99', '€\u00a039,99', '€\u00a01.234,50', '€\u00a012.345,00']],
    ['es', 'CHF', ['29,99\u00a0CHF', '39,99\u00a0CHF', '1234,50\u00a0CHF', '12.345,00\u00a0CHF']],
    ['de', 'JPY', ['30\u00a0¥', '40\u00a0¥', '1.235\u00a0¥', '12.345\u00a0¥']],
    ['nl', 'EUR', ['€\u00a029,99', '€\u00a039,99', '€\u00a01.234,50', '€\u00a012.345,00']],
    ['pl', 'PLN', ['29,99\u00a0zł', '39,99\u00a0zł', '1234,50\u00a0zł', '12\u00a0345,00\u00a0zł']],
    ['tr', 'TRY', ['₺29,99', '₺39,99', '₺1.234,50', '₺12.345,00']],
    ['ru', 'RUB', ['29,99\u00a0₽', '39,99\u00a0₽', '1\u00a0234,50\u00a0₽', '12\u00a0345,00\u00a0₽']],
    ['uk', 'UAH', ['29,99\u00a0₴', '39,99\u00a0₴', '1\u00a0234,50\u00a0₴', '12\u00a0345,00\u00a0₴']],
    ['uk', 'USD', ['29,99\u00a0USD', '39,99\u00a0USD', '1\u00a0234,50\u00a0USD', '12\u00a0345,00\u00a0USD']],
    ['sk', 'EUR', ['29,99\u00a0€', '39,99\u00a0€', '1\u00a0234,50\u00a0€', '12\u00a0345,00\u00a0€']],
    ['fi', 'EUR', ['29,99\u00a0€', '39,99\u00a0€', '1\u00a0234,50\u00a0€', '12\u00a0345,00\u00a0€']],
    ['et', 'USD', ['29,99\u00a0$', '39,99\u00a0$', '1234,50\u00a0$', '12\u00a0345,00\u00a0$']],
    ['sl', 'EUR', ['29,99\u00a0€', '39,99\u00a0€', '1234,50\u00a0€', '12.345,00\u00a0€']],
    ['bg', 'BGN', ['29,99\u00a0лв.', '39,99\u00a0лв.', '1234,50\u00a0лв.', '12\u00a0345,00\u00a0лв.']],
    ['vi', 'VND', ['30\u00a0₫', '40\u00a0₫', '1.235\u00a0₫', '12.345\u00a0₫']],
    ['id', 'IDR', ['Rp\u00a030', 'Rp\u00a040', 'Rp\u00a01.235', 'Rp\u00a012.345']],
  ] as const)(
    'writes prices in %s (%s) as Intl does, the same in React and Liquid',
    async (language, currency, [now, was, big, bigger]) => {
      const priced = (amount: number, compareAt: number | null): Page =>
        shopperPage({ ...samplePage, language, owner: { ...samplePage.owner!, price: amount, compareAt, currency } })
      for (const [page, shown] of [
        [priced(29.99, 39.99), [now, was]],
        [priced(1234.5, 12345), [big, bigger]],
      ] as const) {
        const react = said(reactPage(page))
        const liquid = said(await descriptionHtml(page))
        expect(liquid.prices, language).toEqual(react.prices)
        expect(liquid.buyBar, language).toEqual(react.buyBar)
        const words = SHOPPER_WORDS[language]
        expect(react.prices[0], language).toBe(`${words.price} ${shown[0]} ${words.was} ${shown[1]}`)
        expect(react.buyBar, language).toEqual([shown[0]])
      }
    },
  )

  it('keeps English prices as en-US writes them', async () => {
    const page = shopperPage({ ...samplePage, owner: { ...samplePage.owner!, price: 1249.99, compareAt: 12345, currency: 'CHF' } })
    const react = said(reactPage(page))
    expect(said(await descriptionHtml(page)).prices).toEqual(react.prices)
    expect(react.prices[0]).toBe('Price CHF\u00a01,249.99 was CHF\u00a012,345.00')
  })

  it('writes Spanish figures and words as a Spanish store shows them', async () => {
    const liquid = said(await descriptionHtml(es))
    const reviews = liquid.texts.find(([id]) => id === 'reviews')![1]
    expect(reviews).toContain('4,1 de 5 · 5.182 valoraciones en la ficha del producto')
    expect(reviews).toContain('5 mar 2024')
    expect(liquid.labels).toContain('Valoración: 4,1 de 5')
    expect(liquid.labels).toContain('Imágenes del producto')
    expect(liquid.hidden).toContain('Imagen 1 de 3: Sage bottle')
    expect(liquid.hidden).toContain('Característica')
    expect(liquid.hidden).toEqual(expect.arrayContaining(['Precio ', 'antes ']))
    expect(reviews).toContain('Opiniones de compradores de este producto en otra tienda.')
  })

  it('writes German figures and words as a German store shows them', async () => {
    const liquid = said(await descriptionHtml(de))
    const reviews = liquid.texts.find(([id]) => id === 'reviews')![1]
    expect(reviews).toContain('4,7 von 5 · 3 Rezensionen')
    expect(reviews).toContain('5. März 2024')
    expect(liquid.labels).toContain('Bewertung: 4,7 von 5')
    expect(liquid.labels).toContain('Produktbilder')
    expect(liquid.hidden).toContain('Bild 2 von 3: Lid')
  })

  it('on a product page: the same texts, and the store’s cart form in the page language', async () => {
    const theme = themeWithAppBlock('Harbor', 'section')
    for (const page of [es, de]) {
      const product = productWith(page, {
        variants: [
          { id: 'gid://shopify/ProductVariant/9101', title: 'Sage', price: 34.5, available: true },
          { id: 'gid://shopify/ProductVariant/9102', title: 'Black', price: 34.5, available: false },
        ],
      })
      const html = await renderProductPage(theme, product, storefrontContext())
      expect(sectionTexts(html), page.language).toEqual(sectionTexts(reactPage(page)))
      const $ = load(html)
      const words = SHOPPER_WORDS[page.language as 'es' | 'de']
      expect($('.pw-buy__variant .pw-sr').first().text()).toBe(words.chooseVariant)
      expect($('.pw-buy option').last().text()).toBe(`Black ${words.soldOutNote}`)
      expect($('.pw-page').attr('lang')).toBe(page.language)
    }
  })
})
