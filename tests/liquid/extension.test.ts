import { readFileSync } from 'node:fs'
import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { SECTION_TYPES } from '../../server/domain/page/section-types'
import { extensionFiles } from '../../server/liquid/storefront'
import { pagewrightCss } from '../../server/liquid/stylesheet'
import { descriptionHtml } from '../../server/liquid/theme-files'
import { sectionSchema } from '../../server/liquid/theme-json'
import { EXTENSION_CSS } from '../../server/liquid/write-extension-css'
import { samplePage } from '../fixtures/pages/sample-page'

const files = extensionFiles()

describe('the theme app extension', () => {
  it('is a Shopify CLI theme extension with the "Pagewright page" product block', () => {
    const toml = files['shopify.extension.toml']!
    expect(toml).toMatch(/^name = "Pagewright theme"$/m)
    expect(toml).toMatch(/^type = "theme"$/m)
    const schema = sectionSchema(files['blocks/pagewright-page.liquid']) as Record<string, unknown>
    expect(schema).toMatchObject({ name: 'Pagewright page', target: 'section', templates: ['product'], stylesheet: 'pagewright.css' })
    expect(files['blocks/pagewright-page.liquid']).toContain("product.metafields['$app:pagewright'].page.value")
    expect(files['locales/en.default.json']).toBeDefined()
    for (const name of Object.keys(files))
      expect(name).toMatch(/^(shopify\.extension\.toml|(blocks|snippets)\/[\w-]+\.liquid|assets\/[\w-]+\.css|locales\/[\w.-]+\.json)$/)
  })

  it('has one snippet per section type and an entry snippet', () => {
    expect(files['snippets/pagewright-page.liquid']).toBeDefined()
    expect(files['snippets/pagewright-gallery.liquid']).toBeDefined()
    for (const type of SECTION_TYPES) expect(files[`snippets/pagewright-${type}.liquid`], type).toBeDefined()
  })

  it('stays within Shopify’s 100 KB of Liquid', () => {
    const bytes = Object.entries(files)
      .filter(([name]) => name.endsWith('.liquid'))
      .reduce((sum, [, text]) => sum + Buffer.byteLength(text), 0)
    expect(bytes).toBeLessThanOrEqual(100 * 1024)
  })

  it('ships the shopper stylesheet generated from app/styles (refresh: npx tsx server/liquid/write-extension-css.ts)', () => {
    const committed = readFileSync(EXTENSION_CSS, 'utf8')
    expect(committed === pagewrightCss(), 'assets/pagewright.css is stale: run `npx tsx server/liquid/write-extension-css.ts`').toBe(true)
    expect(committed).toContain('.pw-gallery__radio:checked + .pw-gallery__slide') // gallery.css inlined
    expect(committed).not.toMatch(/@import|url\(|https?:\/\//)
  })

  it('skips hidden sections and hidden reviews', async () => {
    const page = {
      ...samplePage,
      sections: samplePage.sections.map((s) =>
        s.type === 'faq'
          ? { ...s, hidden: true }
          : s.type === 'reviews'
            ? { ...s, items: s.items.map((r, i) => ({ ...r, hidden: i === 0 })) }
            : s,
      ),
    }
    const $ = load(await descriptionHtml(page))
    expect($('#faq').length).toBe(0)
    expect($('.pw-review').length).toBe(samplePage.sections.find((s) => s.type === 'reviews')!.items.length - 1)
  })
})

describe('descriptionHtml', () => {
  it('links buttons to the owner’s buy target and has no forms', async () => {
    const $ = load(await descriptionHtml(samplePage))
    expect($('form').length).toBe(0)
    expect(
      $('a.pw-button')
        .map((_, a) => $(a).attr('href'))
        .get(),
    ).toEqual(Array(3).fill(samplePage.owner!.buyUrl))
    expect($('.pw-hero .pw-price__now').text()).toBe('$29.99')
  })

  it('has no button without a safe buy target', async () => {
    for (const buyUrl of [null, 'javascript:alert(1)', 'ftp://x']) {
      const $ = load(await descriptionHtml({ ...samplePage, owner: { ...samplePage.owner!, buyUrl } }))
      expect($('.pw-button').length).toBe(0)
      expect($('.pw-buybar').length).toBe(0)
    }
  })

  it('titles the page with an h2 under the theme’s product title, or an h1 when asked', async () => {
    expect(load(await descriptionHtml(samplePage))('h1').length).toBe(0)
    const $ = load(await descriptionHtml(samplePage, { titleLevel: 'h1' }))
    expect($('h1').text()).toBe(samplePage.sections[0]!.heading)
  })
})
