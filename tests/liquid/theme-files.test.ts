import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { extensionFiles } from '../../server/liquid/storefront'
import { demoThemes, starterThemeZip, themeFilesToPublish } from '../../server/liquid/theme-files'
import { parseThemeJson, readJsonTemplate } from '../../server/liquid/theme-json'
import { APP_ID, theme } from './helpers'

const publish = (productTemplateJson: string | null, appId = APP_ID) => themeFilesToPublish({ appId, productTemplateJson })
const alternate = (productTemplateJson: string | null) =>
  readJsonTemplate(publish(productTemplateJson).find((f) => f.filename === 'templates/product.pagewright.json')!.content)!

describe('themeFilesToPublish', () => {
  const harbor = theme('Harbor').files['templates/product.json']!

  it('writes our section, every snippet, the stylesheet and one alternate template, never product.json', () => {
    const names = publish(harbor).map((f) => f.filename)
    expect(names).not.toContain('templates/product.json')
    expect(names.filter((n) => n.startsWith('templates/'))).toEqual(['templates/product.pagewright.json'])
    expect(names).toContain('sections/pagewright-page.liquid')
    expect(names).toContain('assets/pagewright.css')
    const snippets = Object.keys(extensionFiles()).filter((n) => n.startsWith('snippets/'))
    expect(names.filter((n) => n.startsWith('snippets/')).sort()).toEqual(snippets.sort())
    expect(
      names.every(
        (n) =>
          /^(sections|snippets|assets|templates)\/pagewright[\w.-]*\.(liquid|css|json)$/.test(n) ||
          n === 'templates/product.pagewright.json',
      ),
    ).toBe(true)
  })

  it('spells the app-owned namespace with the app id in the section', () => {
    const section = publish(harbor, '98765').find((f) => f.filename === 'sections/pagewright-page.liquid')!.content
    expect(section).toContain("product.metafields['app--98765--pagewright'].page.value")
    expect(section).not.toContain('__PAGEWRIGHT_APP_ID__')
    expect(() => publish(harbor, "1'] %}{% evil")).toThrow(/app id/)
  })

  it('keeps the theme’s sections in order with ours right after the main product section', () => {
    const theirs = readJsonTemplate(harbor)!
    const ours = alternate(harbor)
    expect(ours.order).toEqual(['main', 'pagewright', 'story'])
    for (const key of theirs.order) expect(ours.sections[key]).toEqual(theirs.sections[key])
    expect(ours.sections.pagewright).toEqual({ type: 'pagewright-page', settings: { title_level: 'h2' } })
  })

  it('finds the main section by type and keeps other template keys', () => {
    const json = JSON.stringify({
      layout: 'alternate',
      wrapper: 'div#product',
      sections: {
        banner: { type: 'image-banner' },
        buy: { type: 'main-product-v2', settings: { x: 1 } },
        pagewright: { type: 'rich-text' },
        related: { type: 'related-products' },
      },
      order: ['banner', 'buy', 'pagewright', 'related'],
    })
    const ours = alternate(`/* generated */\n${json}`)
    expect(ours.order).toEqual(['banner', 'buy', 'pagewright-2', 'pagewright', 'related'])
    expect(ours.layout).toBe('alternate')
    expect(ours.wrapper).toBe('div#product')
    expect(alternate(JSON.stringify({ sections: { a: { type: 'main' }, b: { type: 'x' } }, order: ['b', 'a'] })).order).toEqual([
      'b',
      'a',
      'pagewright',
    ])
  })

  it('without a readable template: our own buy box, then our page', () => {
    for (const broken of [null, '', 'not json', '{"sections": {}, "order": ["missing"]}', '[]']) {
      const files = publish(broken)
      const ours = alternate(broken)
      expect(ours.order).toEqual(['main', 'pagewright'])
      expect(ours.sections.main!.type).toBe('pagewright-product')
      expect(files.map((f) => f.filename)).toContain('sections/pagewright-product.liquid')
    }
    expect(publish(harbor).map((f) => f.filename)).not.toContain('sections/pagewright-product.liquid')
  })
})

describe('starterThemeZip', () => {
  const files = unzipSync(starterThemeZip({ appId: APP_ID }))
  const text = (name: string) => strFromU8(files[name]!)

  it('is an Online Store 2.0 theme with the required files', () => {
    const required = [
      'layout/theme.liquid',
      'layout/password.liquid',
      'config/settings_schema.json',
      'config/settings_data.json',
      'locales/en.default.json',
      'sections/header.liquid',
      'sections/footer.liquid',
      'sections/main-product.liquid',
      'sections/main-collection.liquid',
      'sections/main-page.liquid',
      'sections/main-cart.liquid',
      'sections/pagewright-page.liquid',
      'snippets/pagewright-page.liquid',
      'assets/pagewright.css',
      'templates/gift_card.liquid',
      ...[
        'index',
        'product',
        'product.pagewright',
        'collection',
        'list-collections',
        'page',
        'cart',
        'search',
        '404',
        'blog',
        'article',
        'password',
      ].map((t) => `templates/${t}.json`),
    ]
    for (const name of required) expect(files[name], name).toBeDefined()
    expect(text('layout/theme.liquid')).toContain('{{ content_for_header }}')
    expect(text('layout/theme.liquid')).toContain('{{ content_for_layout }}')
    expect(text('sections/pagewright-page.liquid')).toContain(`app--${APP_ID}--pagewright`)
  })

  it('unzips to valid JSON whose templates name existing sections', () => {
    for (const name of Object.keys(files).filter((n) => n.endsWith('.json'))) {
      expect(parseThemeJson(text(name)), name).toBeDefined()
      if (!name.startsWith('templates/')) continue
      const template = readJsonTemplate(text(name))
      expect(template, name).not.toBeNull()
      for (const s of Object.values(template!.sections)) expect(files[`sections/${s.type}.liquid`], `${name}: ${s.type}`).toBeDefined()
    }
  })

  it('has its main product section first in product.pagewright, then our page', () => {
    expect(
      readJsonTemplate(text('templates/product.pagewright.json'))!.order.map(
        (k) => readJsonTemplate(text('templates/product.pagewright.json'))!.sections[k]!.type,
      ),
    ).toEqual(['main-product', 'pagewright-page'])
  })
})

describe('demoThemes', () => {
  it('are two merchant themes, Harbor published, with no Pagewright files', () => {
    const themes = demoThemes()
    expect(themes.map((t) => [t.name, t.role])).toEqual([
      ['Harbor', 'MAIN'],
      ['Meadow', 'UNPUBLISHED'],
    ])
    for (const t of themes) {
      expect(Object.keys(t.files).filter((n) => /pagewright/i.test(n))).toEqual([])
      expect(Object.values(t.files).some((c) => /pagewright/i.test(c))).toBe(false)
      const template = readJsonTemplate(t.files['templates/product.json'])!
      const main = template.sections[template.order[0]!]!
      expect(main.type).toBe('main-product')
      expect(t.files['sections/main-product.liquid']).toMatch(/"type":\s*"@app"/)
      for (const name of ['layout/theme.liquid', 'templates/index.json', 'locales/en.default.json', 'config/settings_schema.json']) {
        expect(t.files[name], `${t.name}: ${name}`).toBeDefined()
      }
    }
    expect(themes[0]!.files['assets/harbor.css']).not.toEqual(themes[1]!.files['assets/meadow.css'])
  })
})
