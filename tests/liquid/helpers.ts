import { load } from 'cheerio'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { PageView } from '../../app/components/sections/PageView'
import type { Page } from '../../server/domain/page/schema'
import { createEngine, withState } from '../../server/liquid/engine'
import { extensionFiles, type StorefrontContext, type StorefrontProduct, type StorefrontTheme } from '../../server/liquid/storefront'
import { demoThemes } from '../../server/liquid/theme-files'

export const APP_ID = '4242'
export const BASE_URL = 'http://localhost:3000/demo-shop/pw-demo.myshopify.com'
export const APP_BLOCK_TYPE = 'shopify://apps/pagewright/blocks/pagewright-page/0b6f2c54-8a1e-4d0c-9d6a-6f1f6f0a1b2c'

export const storefrontContext = (over: Partial<StorefrontContext> = {}): StorefrontContext => ({
  shopName: 'Pagewright Demo',
  shopDomain: 'pw-demo.myshopify.com',
  currency: 'USD',
  appId: APP_ID,
  baseUrl: BASE_URL,
  assetUrl: (themeId, filename) => `${BASE_URL}/theme-assets/${themeId}/${filename}`,
  appExtensions: { pagewright: extensionFiles() },
  ...over,
})

/** As the publishing job stores it: image addresses absolute (our own paths get our origin). */
export function absoluteImages(page: Page, origin = 'https://pagewright.example'): Page {
  const abs = (src: string) => (src.startsWith('/') ? `${origin}${src}` : src)
  return JSON.parse(JSON.stringify(page), (key, value) => (key === 'src' && typeof value === 'string' ? abs(value) : value)) as Page
}

export function productWith(page: Page | null, over: Partial<StorefrontProduct> = {}): StorefrontProduct {
  return {
    id: 'gid://shopify/Product/7001',
    handle: 'trailhead-bottle',
    title: 'Trailhead Bottle',
    vendor: 'Trailhead Co',
    descriptionHtml: '<p>The theme shows this description.</p>',
    templateSuffix: null,
    price: 34.5,
    compareAtPrice: 44,
    currency: 'USD',
    images: [{ url: 'https://cdn.example.com/trailhead.jpg', alt: 'Trailhead bottle' }],
    variants: [
      { id: 'gid://shopify/ProductVariant/9101', title: 'Sage', price: 34.5, available: true },
      { id: 'gid://shopify/ProductVariant/9102', title: 'Black', price: 34.5, available: true },
    ],
    metafields: page ? [{ namespace: `app--${APP_ID}--pagewright`, key: 'page', type: 'json', value: JSON.stringify(page) }] : [],
    ...over,
  }
}

export const theme = (name: 'Harbor' | 'Meadow', extra: Record<string, string> = {}): StorefrontTheme => {
  const t = demoThemes().find((d) => d.name === name)!
  return { id: `theme-${name.toLowerCase()}`, name, files: { ...t.files, ...extra } }
}

/**
 * A theme whose product template carries the app block: inside the main product section, in the
 * theme's "Apps" section (how the theme editor adds one as a section), or as a section of its own.
 */
export function themeWithAppBlock(name: 'Harbor' | 'Meadow', where: 'main' | 'apps' | 'section'): StorefrontTheme {
  const t = theme(name)
  const json = JSON.parse(t.files['templates/product.json']!.replace(/^\s*\/\*[\s\S]*?\*\//, ''))
  const mainKey = json.order[0]
  if (where === 'main') {
    const main = json.sections[mainKey]
    main.blocks = { ...main.blocks, pagewright: { type: APP_BLOCK_TYPE, settings: {} } }
    main.block_order = [...(main.block_order ?? []), 'pagewright']
  } else if (where === 'apps') {
    json.sections.apps = { type: 'apps', blocks: { pw: { type: APP_BLOCK_TYPE, settings: {} } }, block_order: ['pw'] }
    json.order.splice(1, 0, 'apps')
  } else {
    json.sections.pagewright_app = { type: APP_BLOCK_TYPE, settings: { title_level: 'h2' } }
    json.order.splice(1, 0, 'pagewright_app')
  }
  return { ...t, id: `${t.id}-app-${where}`, files: { ...t.files, 'templates/product.json': JSON.stringify(json) } }
}

/** Renders a snippet of the extension with the given parameters (no product, no store). */
export async function renderSnippet(name: string, params: Record<string, unknown>): Promise<string> {
  const args = Object.keys(params)
    .map((k) => `${k}: ${k}`)
    .join(', ')
  return renderTemplate(`{% render '${name}'${args ? `, ${args}` : ''} %}`, params)
}

/** A template rendered with the extension's snippets, no product and no store (one engine for every test). */
function renderTemplate(template: string, scope: Record<string, unknown>): Promise<string> {
  const engine = (renderSnippet.engine ??= createEngine(extensionFiles()))
  const globals = withState({}, { currency: 'USD', translations: {}, assetUrl: (f) => f, cartAddUrl: '/cart/add' })
  return engine.parseAndRender(template, scope, { globals })
}
renderSnippet.engine = undefined as ReturnType<typeof createEngine> | undefined

/** The snippet rendered once per entry of `each`, in one template: thousands of cases stay quick on a busy machine. */
export async function renderSnippetEach(name: string, each: Record<string, unknown>[]): Promise<string[]> {
  const keys = [...new Set(each.flatMap((params) => Object.keys(params)))]
  const args = keys.map((k) => `, ${k}: p.${k}`).join('')
  const separator = '\u0000'
  const html = await renderTemplate(`{% for p in each %}{% render '${name}'${args} %}${separator}{% endfor %}`, { each })
  return html.split(separator).slice(0, each.length)
}

export const reactPage = (page: Page) => renderToStaticMarkup(createElement(PageView, { page, mode: 'share' }))

/** Visible text: every text node (entities decoded, scripts and styles left out), whitespace collapsed but no-break spaces kept. */
export function visibleText(html: string): string {
  const $ = load(html)
  $('script, style, template').remove()
  const parts: string[] = []
  const walk = (nodes: ReturnType<typeof $>) =>
    nodes.contents().each((_, node) => {
      if (node.type === 'text') parts.push(node.data)
      else if (node.type === 'tag') walk($(node))
    })
  walk($.root())
  return parts
    .join(' ')
    .replace(/[ \t\n\r\f]+/g, ' ')
    .trim()
}

/** Each `.pw-page > section`'s id and visible text, without prices and buy buttons (they differ by design). */
export function sectionTexts(html: string): [string, string][] {
  const $ = load(html)
  $('.pw-price, .pw-button, form, .pw-buybar').remove()
  return $('.pw-page > section')
    .toArray()
    .map((el) => [$(el).attr('id') ?? '', visibleText($.html(el))])
}
