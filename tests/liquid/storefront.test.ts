import { load } from 'cheerio'
import { strFromU8, unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../server/domain/page/schema'
import { renderHomePage, renderProductPage } from '../../server/liquid/storefront'
import { demoThemes, starterThemeZip, themeFilesToPublish } from '../../server/liquid/theme-files'
import { samplePage } from '../fixtures/pages/sample-page'
import { publishedFixturePages, type PublishedFixture } from '../fixtures/published-pages'
import { absoluteImages, BASE_URL, productWith, storefrontContext, theme, themeWithAppBlock, visibleText } from './helpers'

// The demo shop's storefront renders the page the three ways it can reach shoppers: the app block
// (extension), our section in the alternate template (`template`), and, elsewhere, the description.

let fixtures: PublishedFixture[] = []
beforeAll(async () => {
  fixtures = await publishedFixturePages()
})

/** The texts a shopper must find: every heading and item text of every section. */
function pageTexts(page: Page): string[] {
  const out: string[] = []
  for (const s of page.sections) {
    if (s.hidden) continue
    out.push(s.heading)
    if (s.type === 'hero') out.push(s.subheading)
    if (s.type === 'benefits') out.push(...s.items.flatMap((i) => [i.title, i.text]))
    if (s.type === 'faq') out.push(...s.items.flatMap((i) => [i.question, i.answer]))
    if (s.type === 'reviews') out.push(s.provenance, ...s.items.filter((r) => !r.hidden).map((r) => r.body))
    if (s.type === 'specs') out.push(...s.items.map((i) => i.name))
    if (s.type === 'stats') out.push(...s.items.map((i) => i.label))
    if (s.type === 'guarantee' || s.type === 'cta') out.push(s.text)
  }
  return out.filter((t) => t.trim()).map((t) => t.replace(/\s+/g, ' ').trim())
}

function expectPage(html: string, page: Page, name: string) {
  expect(html, name).not.toContain('Liquid error')
  const text = visibleText(html)
  for (const t of pageTexts(page)) expect(text, `${name}: ${t}`).toContain(t)
  const $ = load(html)
  const forms = $('.pw-page form')
  expect(forms.length, name).toBeGreaterThan(0)
  forms.each((_, f) => {
    expect($(f).attr('action')).toBe(`${BASE_URL}/cart/add`)
    expect($(f).attr('method')).toBe('post')
    expect($(f).find('[name=id]').val()).toBe('9101')
    // Several variants: the shopper chooses one (the first available is preselected).
    if ($(f).find('select[name=id]').length) expect($(f).find('option').length).toBeGreaterThan(1)
    expect($(f).find('input[name=quantity]').val()).toBe('1')
  })
  expect($('.pw-page a.pw-button').length, `${name}: no owner links inside the store`).toBe(0)
  expect($('.pw-page').length).toBe(1)
}

/** Every fixture page through a Liquid engine: seconds on a quiet machine, more under load. */
const ALL_FIXTURES_MS = 120_000

describe('the app block (theme app extension)', { timeout: ALL_FIXTURES_MS }, () => {
  it.each([
    ['Harbor', 'main'],
    ['Harbor', 'section'],
    ['Harbor', 'apps'],
    ['Meadow', 'main'],
    ['Meadow', 'apps'],
    ['Meadow', 'section'],
  ] as const)('renders every fixture page in %s (block in %s)', async (name, where) => {
    const t = themeWithAppBlock(name, where)
    for (const f of fixtures) {
      const page = absoluteImages(f.page)
      const html = await renderProductPage(t, productWith(page), storefrontContext())
      expectPage(html, page, f.name)
      // The theme's own page is still there around it.
      expect(html).toContain(name === 'Harbor' ? 'harbor-product-form' : 'meadow-form')
      expect(html).toContain('.pw-page {') // the block's stylesheet, inlined once
      expect(html.match(/<style>/g)?.length).toBe(1)
    }
  })

  it('renders the sample page with prices from the store', async () => {
    const html = await renderProductPage(themeWithAppBlock('Harbor', 'main'), productWith(samplePage), storefrontContext())
    expectPage(html, samplePage, 'sample')
    const $ = load(html)
    expect($('.pw-hero .pw-price__now').text()).toBe('$34.50')
    expect($('.pw-hero .pw-price__was').text()).toContain('$44.00')
    expect($('#buy form button').text()).toBe('Buy now')
  })

  it('shows a disabled "Sold out" button when nothing is available', async () => {
    const product = productWith(samplePage, {
      variants: [{ id: 'gid://shopify/ProductVariant/9101', title: 'Sage', price: 34.5, available: false }],
    })
    const $ = load(await renderProductPage(themeWithAppBlock('Meadow', 'main'), product, storefrontContext()))
    const buttons = $('.pw-page form button')
    expect(buttons.length).toBeGreaterThan(0)
    buttons.each((_, b) => {
      expect($(b).text()).toBe('Sold out')
      expect($(b).attr('disabled')).toBeDefined()
    })
  })

  it('renders nothing without the metafield: the theme’s normal page', async () => {
    const t = themeWithAppBlock('Harbor', 'main')
    const withPage = await renderProductPage(t, productWith(samplePage), storefrontContext())
    const without = await renderProductPage(t, productWith(null), storefrontContext())
    expect(without).not.toContain('pw-page')
    expect(without).not.toContain('shopify-app-block')
    expect(without).toContain('Trailhead Bottle')
    expect(without).toContain('The theme shows this description.')
    expect(withPage.replace(/<style>[\s\S]*?<\/style>/, '').length).toBeGreaterThan(without.length)
  })

  it('renders nothing for an app that is not installed', async () => {
    const html = await renderProductPage(
      themeWithAppBlock('Harbor', 'main'),
      productWith(samplePage),
      storefrontContext({ appExtensions: {} }),
    )
    expect(html).not.toContain('pw-page')
  })

  it('reads only its own app’s namespace', async () => {
    const other = productWith(null, {
      metafields: [{ namespace: 'app--999--pagewright', key: 'page', type: 'json', value: JSON.stringify(samplePage) }],
    })
    expect(await renderProductPage(themeWithAppBlock('Harbor', 'main'), other, storefrontContext())).not.toContain('pw-page')
  })
})

describe('the template method (our section in product.pagewright.json)', { timeout: ALL_FIXTURES_MS }, () => {
  const published = (name: 'Harbor' | 'Meadow') => {
    const t = theme(name)
    const files = themeFilesToPublish({ appId: '4242', productTemplateJson: t.files['templates/product.json'] ?? null })
    return { ...t, id: `${t.id}-published`, files: { ...t.files, ...Object.fromEntries(files.map((f) => [f.filename, f.content])) } }
  }

  it.each(['Harbor', 'Meadow'] as const)('renders every fixture page in %s', async (name) => {
    const t = published(name)
    for (const f of fixtures) {
      const page = absoluteImages(f.page)
      const html = await renderProductPage(t, productWith(page, { templateSuffix: 'pagewright' }), storefrontContext())
      expectPage(html, page, f.name)
      const $ = load(html)
      // The theme's buy box first (its h1), then our page with an h2 title.
      const sections = $('main > .shopify-section, main > section.shopify-section').toArray()
      expect($(sections[0]).find('form').first().attr('action')).toBe(`${BASE_URL}/cart/add`)
      expect($(sections[1]).find('.pw-page').length).toBe(1)
      expect($('h1').length).toBe(1)
      expect(html).toContain(`${BASE_URL}/theme-assets/${t.id}/pagewright.css`)
    }
  })

  it('a product without the suffix, or without the metafield, gets the theme’s own page', async () => {
    const t = published('Harbor')
    expect(await renderProductPage(t, productWith(samplePage), storefrontContext())).not.toContain('pw-page')
    const bare = await renderProductPage(t, productWith(null, { templateSuffix: 'pagewright' }), storefrontContext())
    expect(bare).not.toContain('pw-page')
    expect(bare).toContain('harbor-product-form')
  })

  it('falls back to product.json when the theme lacks the suffix’s template', async () => {
    const html = await renderProductPage(theme('Meadow'), productWith(samplePage, { templateSuffix: 'pagewright' }), storefrontContext())
    expect(html).toContain('meadow-form')
    expect(html).not.toContain('pw-page')
  })

  it('sees files the job adds to a theme it already rendered (no stale engine)', async () => {
    const t = theme('Harbor')
    const product = productWith(samplePage, { templateSuffix: 'pagewright' })
    expect(await renderProductPage(t, product, storefrontContext())).not.toContain('pw-page')
    for (const f of themeFilesToPublish({ appId: '4242', productTemplateJson: t.files['templates/product.json']! }))
      t.files[f.filename] = f.content
    expect(await renderProductPage(t, product, storefrontContext())).toContain('pw-page')
  })
})

describe('the storefront', () => {
  it('renders each demo theme’s home page with product links', async () => {
    for (const d of demoThemes()) {
      const t = { id: d.name, name: d.name, files: d.files }
      const html = await renderHomePage(
        t,
        [productWith(null), productWith(null, { handle: 'second', title: 'Second & <Best>' })],
        storefrontContext(),
      )
      expect(html).toContain(`href="${BASE_URL}/products/trailhead-bottle"`)
      expect(html).toContain('Second &amp; &lt;Best&gt;')
      expect(html).toContain(`${BASE_URL}/theme-assets/${d.name}/`)
      expect(html).toMatch(/^<!doctype html>/)
      expect(html).not.toContain('Liquid error')
    }
  })

  it('renders our starter theme as uploaded: home page, product page and the page template', async () => {
    const unzipped = unzipSync(starterThemeZip({ appId: '4242' }))
    const starter = {
      id: 'starter',
      name: 'Pagewright Starter',
      files: Object.fromEntries(Object.entries(unzipped).map(([n, d]) => [n, strFromU8(d)])),
    }
    const home = await renderHomePage(starter, [productWith(null)], storefrontContext())
    expect(home).toContain(`href="${BASE_URL}/products/trailhead-bottle"`)
    const plain = load(await renderProductPage(starter, productWith(samplePage), storefrontContext()))
    expect(plain('.pw-page').length).toBe(0)
    expect(plain('select[name=id] option').length).toBe(2)
    const html = await renderProductPage(starter, productWith(samplePage, { templateSuffix: 'pagewright' }), storefrontContext())
    expectPage(html, samplePage, 'starter')
    expect(load(html)('h1').text()).toBe('Trailhead Bottle')
  })

  it('renders the theme’s product page with variants, money and translations', async () => {
    const $ = load(await renderProductPage(theme('Meadow'), productWith(null), storefrontContext()))
    expect($('h1').text()).toBe('Trailhead Bottle')
    expect($('.meadow-price').text()).toBe('$34.50 USD')
    expect(
      $('select[name=id] option')
        .map((_, o) => $(o).attr('value'))
        .get(),
    ).toEqual(['9101', '9102'])
    expect($('.meadow-add').text()).toBe('Add to basket')
    expect($('form input[name=form_type]').val()).toBe('product')
  })
})
