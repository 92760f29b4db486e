import { load } from 'cheerio'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PageView } from '../../app/components/sections/PageView'
import type { Page } from '../../server/domain/page/schema'
import { defaultGallery, isMarketplace, publishableFacts, shopperPage, withOwnerDefaults } from '../../server/domain/page/shopper'
import { SHOPPER_WORDS, shopperWords, type ShopperWords } from '../../server/domain/page/shopper-words'
import { bestTemplateFor } from '../../server/domain/templates'
import { createOfflineComposer } from '../../server/generation/compose'
import { descriptionHtml } from '../../server/liquid/theme-files'
import { corpusProducts, demoProducts, importCorpusPage } from './writer-corpus'

/**
 * One language per sentence on a shopper page (issue 21): the dev pages of the corpus written in
 * Spanish, German, Polish, Russian, Romanian, Slovak or Turkish, as a generation writes and
 * publishes them, render with none of the renderers' English words — in the share page (React) and
 * in the store (Liquid) alike.
 */

async function published(id: string, price = 199.9, compareAt = 249.9): Promise<Page> {
  const entry = corpusProducts(false).find((e) => e.id === id)
  if (!entry) throw new Error(`No dev corpus page ${id}`)
  const imported = await importCorpusPage(entry)
  if ('skipped' in imported) throw new Error(`${id} was not imported: ${imported.skipped}`)
  const composer = createOfflineComposer()
  const facts = publishableFacts(imported.facts)
  const template = bestTemplateFor(facts)
  const outline = await composer.outline(facts, await composer.research(facts), template)
  const { page } = await composer.compose(facts, outline, template)
  const owned = withOwnerDefaults(page, imported.facts)
  const priced: Page = {
    ...owned,
    gallery: defaultGallery(imported.facts, facts.title, { language: page.language }),
    owner: { ...owned.owner!, price, compareAt, currency: 'EUR', buyUrl: 'https://shop.example/buy' },
  }
  return shopperPage(priced, { fromMarketplace: isMarketplace(imported.facts.source.platform) })
}

/** The parts of a page the renderers write themselves: labels, hidden words, summaries, dates, buttons, descriptions. */
function rendererWords(html: string): string[] {
  const $ = load(html)
  return [
    ...$('.pw-page [aria-label]')
      .toArray()
      .map((el) => $(el).attr('aria-label') ?? ''),
    ...$('.pw-page img')
      .toArray()
      .map((el) => $(el).attr('alt') ?? ''),
    ...$('.pw-sr, .pw-summary, .pw-provenance, .pw-review__meta time, .pw-button')
      .toArray()
      .map((el) => $(el).text()),
  ].filter(Boolean)
}

/** The English table's words (placeholders cut out), less those the page's language writes the same. */
function englishWords(own: ShopperWords): string[] {
  const ownTexts = new Set(Object.values(own).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v as object).map(String))))
  return Object.entries(SHOPPER_WORDS.en)
    .filter(([key]) => !['language', 'decimal', 'group', 'date', 'months', 'singular'].includes(key))
    .flatMap(([, v]) => (typeof v === 'string' ? [v] : Object.values(v as object).map(String)))
    .filter((text) => !ownTexts.has(text))
    .flatMap((text) => text.split(/\{\w+\}/))
    .map((part) => part.replace(/^[\s,.:]+|[\s,.:]+$/g, ''))
    .filter((part) => part.length >= 3)
}

const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u')

const react = (page: Page) => renderToStaticMarkup(createElement(PageView, { page, mode: 'share' }))

describe('a page in a language with a table of words says everything in its language', () => {
  it.each([
    ['amazon-es-cecotec-windroid-no-buybox', 'es'],
    ['shopify-anyeluz-kit-html', 'es'],
    ['amazon-de-winomo-hooks-2019', 'de'],
    ['leroymerlin-pl-grohe-wc-set-promo-2020', 'pl'],
    ['yandex-market-ru-luminarc-glasses-2020', 'ru'],
    ['emag-ro-jack-daniels-single-barrel-2020', 'ro'],
    ['nay-sk-garni-570-weather-station-reserve-2020', 'sk'],
    ['hepsiburada-tr-casper-nirvana-aio-2025', 'tr'],
  ])('%s', async (id, language) => {
    const page = await published(id)
    expect(page.language).toBe(language)
    const words = shopperWords(language)
    const english = englishWords(words)
    for (const html of [react(page), await descriptionHtml(page)]) {
      expect(load(html)('.pw-page').attr('lang')).toBe(language)
      const said = rendererWords(html)
      expect(said.length).toBeGreaterThan(5)
      for (const text of said) for (const word of english) expect(wholeWord(word).test(text), `"${word}" in "${text}"`).toBe(false)
      // The months of the year are written in the language too.
      for (const month of ['Jan ', 'Feb ', 'Mar ', 'Apr ', 'Jun ', 'Jul ', 'Aug ', 'Sep ', 'Oct ', 'Dec '])
        expect(said.join('\n')).not.toContain(month)
    }
  })

  it('leaves an English page without a language: it stays as it was', async () => {
    const [, facts] = (await demoProducts())[0]
    const composer = createOfflineComposer()
    const template = bestTemplateFor(facts)
    const { page } = await composer.compose(facts, await composer.outline(facts, await composer.research(facts), template), template)
    expect('language' in page).toBe(false)
    expect(load(react(page))('.pw-page').attr('lang')).toBeUndefined()
  })

  it('shows the listing’s rating as a Spanish store writes it', async () => {
    const $ = load(react(await published('amazon-es-cecotec-windroid-no-buybox')))
    expect($('.pw-summary > span').last().text()).toBe('4,1 de 5 · 5.182 valoraciones en la ficha del producto')
    expect($('.pw-summary [role="img"]').attr('aria-label')).toBe('Valoración: 4,1 de 5')
    expect($('.pw-provenance').text()).toBe('Opiniones de compradores de este producto en otra tienda.')
  })

  // A count in Polish or Russian takes one of three forms, so it follows a colon; a price is grouped as Intl groups it
  // (with no-break spaces, which the whitespace of the markup never becomes).
  it('shows prices, counts and dates as a Polish, Russian or Slovak store writes them, in both renderers', async () => {
    const text = (html: string, selector: string) => {
      const $ = load(html)
      return $(selector)
        .toArray()
        .map((el) =>
          $(el)
            .text()
            .replace(/[ \t\n]+/g, ' ')
            .trim(),
        )
    }
    const pl = await published('leroymerlin-pl-grohe-wc-set-promo-2020', 12345.5, 14999)
    const ru = await published('yandex-market-ru-luminarc-glasses-2020', 5263.2, 5999)
    const sk = await published('nay-sk-garni-570-weather-station-reserve-2020', 5263.2, 5999)
    for (const html of [react(pl), await descriptionHtml(pl)]) {
      expect(text(html, '.pw-page > section .pw-price')[0]).toBe('Cena 12\u00a0345,50\u00a0€ wcześniej 14\u00a0999,00\u00a0€')
      expect(text(html, '.pw-summary').at(-1)).toContain('4,4 na 5 · Liczba ocen na stronie produktu: 10')
      expect(text(html, '.pw-review__meta time')).toContain('7 paź 2020')
      expect(load(html)('.pw-summary [role="img"]').attr('aria-label')).toBe('Ocena: 4,4 na 5')
    }
    for (const html of [react(ru), await descriptionHtml(ru)]) {
      expect(text(html, '.pw-page > section .pw-price')[0]).toBe('Цена 5\u00a0263,20\u00a0€ вместо 5\u00a0999,00\u00a0€')
      expect(load(html)('.pw-page img').first().attr('alt')).toBe('Фото товара Luminarc Набор стаканов Octime 330 мл 6 шт H9811')
    }
    for (const html of [react(sk), await descriptionHtml(sk)])
      expect(text(html, '.pw-page > section .pw-price')[0]).toBe('Cena 5\u00a0263,20\u00a0€ pôvodne 5\u00a0999,00\u00a0€')
  })
})
