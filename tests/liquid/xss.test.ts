import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import type { Page } from '../../server/domain/page/schema'
import { sanitize } from '../../server/domain/sanitize'
import { renderProductPage } from '../../server/liquid/storefront'
import { descriptionHtml, themeFilesToPublish } from '../../server/liquid/theme-files'
import { XSS_PAYLOADS } from '../fixtures/xss-payloads'
import { productWith, storefrontContext, theme, themeWithAppBlock, visibleText } from './helpers'

// A page whose every field is hostile, as the metafield could hold it (the Liquid never trusts the
// JSON): texts must come out as text, addresses must be dropped, only the sanitised body is markup.

let n = 0
const bad = () => XSS_PAYLOADS[n++ % XSS_PAYLOADS.length]!
const badUrl = () =>
  ['javascript:alert(1)', ' jAvAsCrIpT:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x', 'vbscript:x'][n++ % 5]!

function hostilePage(): Page {
  const page = {
    theme: {
      primary: 'red;background:url(javascript:alert(1))',
      accent: '#fff" onmouseover="alert(1)',
      background: bad(),
      text: '#000',
      font: bad(),
      radius: bad(),
    },
    owner: { price: 10, compareAt: 20, currency: '<b>', buyUrl: badUrl(), guarantee: bad(), shipping: bad(), returns: bad() },
    gallery: [
      { src: badUrl(), alt: bad() },
      { src: 'https://cdn.example.com/ok.jpg', alt: bad() },
      { src: 'https://cdn.example.com/ok2.jpg" onerror="alert(1)', alt: bad() },
    ],
    sections: [
      {
        id: bad(),
        type: 'hero',
        heading: bad(),
        subheading: bad(),
        image: { src: badUrl(), alt: bad() },
        price: { amount: 10, compareAt: 20, currency: bad() },
        ctaLabel: bad(),
      },
      { id: 'b', type: 'benefits', heading: bad(), items: [{ title: bad(), text: bad() }] },
      {
        id: 'i',
        type: 'image-with-text',
        heading: bad(),
        body: sanitize(XSS_PAYLOADS.join('')),
        image: { src: badUrl(), alt: bad() },
        imagePosition: bad(),
      },
      {
        id: 's',
        type: 'stats',
        heading: bad(),
        items: [
          { value: bad(), label: bad(), source: bad() },
          { value: `12 ${bad()} kg`, label: bad(), source: '' },
        ],
      },
      {
        id: 'c',
        type: 'comparison',
        heading: bad(),
        columns: [bad(), bad(), bad()],
        rows: [{ label: bad(), cells: [bad(), `3 ${bad()}`] }],
      },
      {
        id: 'r',
        type: 'reviews',
        heading: bad(),
        provenance: bad(),
        summary: { average: 4.5, count: 2 },
        listingRating: null,
        items: [{ author: bad(), rating: 4, date: bad(), title: bad(), body: bad() }],
      },
      { id: 'f', type: 'faq', heading: bad(), items: [{ question: bad(), answer: bad() }] },
      { id: 'g', type: 'guarantee', heading: bad(), text: bad() },
      { id: 'buy', type: 'cta', heading: bad(), text: bad(), buttonLabel: bad(), price: null },
      { id: 'sp', type: 'specs', heading: bad(), items: [{ name: bad(), value: bad() }] },
    ],
  }
  return page as unknown as Page
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'poster', 'data', 'background', 'xlink:href'])

/** Checked on the parsed document, as a browser reads it (escaped text may spell "onerror=" harmlessly). */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i)
  const $ = load(html)
  $('*').each((_, el) => {
    if (!('attribs' in el)) return
    for (const [name, value] of Object.entries(el.attribs)) {
      expect(name, `<${el.tagName} ${name}>`).not.toMatch(/^on/i)
      if (!URL_ATTRIBUTES.has(name) && name !== 'style') continue
      expect(value, `<${el.tagName} ${name}="${value}">`).not.toMatch(/javascript:|vbscript:|data:|url\(/i)
      if (name === 'href' || name === 'src' || name === 'action') expect(value).toMatch(/^(https?:\/\/|\/[^/\\]|#)/)
    }
  })
  expect($('iframe, object, embed, base, meta[http-equiv], svg script').length).toBe(0)
}

describe('hostile page JSON', () => {
  it('comes out inert in the description rendering', async () => {
    const html = await descriptionHtml(hostilePage())
    expectInert(html)
    // The texts are still there, as text.
    expect(visibleText(html)).toContain('<script>alert(1)</script>')
    expect(load(html)('.pw-page').attr('style')).toBe('--pw-text:#000;--pw-on-primary:#ffffff;--pw-on-accent:#ffffff')
  })

  it('comes out inert through the app block and the theme section', async () => {
    const product = productWith(hostilePage(), { title: bad(), descriptionHtml: '<p>ok</p>' })
    expectInert(
      (await renderProductPage(themeWithAppBlock('Harbor', 'main'), product, storefrontContext())).replace(/<style>[\s\S]*?<\/style>/, ''),
    )
    const t = theme('Meadow')
    for (const f of themeFilesToPublish({ appId: '4242', productTemplateJson: t.files['templates/product.json']! }))
      t.files[f.filename] = f.content
    const html = await renderProductPage(t, { ...product, templateSuffix: 'pagewright' }, storefrontContext())
    expect(html).toContain('pw-page')
    expectInert(html)
  })
})
