import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { fakeFetcher, transientError } from '../../../tests/fixtures/import/fake-fetcher'
import { FIXTURE_IMPORTS as IMPORTS } from '../../../tests/fixtures/import/pages'
import { ImportError } from './types'
import { factsFromText, importProduct, parseProductUrl } from './index'

const now = new Date('2026-03-10T12:00:00Z')
const SHOP = 'https://acme-outdoors.com/products/trail-backpack-28l'

describe('importProduct', () => {
  it('covers every fixture file', () => {
    const dir = fileURLToPath(new URL('../../../tests/fixtures/import/', import.meta.url))
    const files = readdirSync(dir).filter((f) => !f.endsWith('.ts'))
    const used = new Set(IMPORTS.flatMap(([, routes]) => Object.values(routes)).concat(['no-images.html', 'amazon-captcha.html']))
    expect(files.filter((f) => !used.has(f))).toEqual([])
  })

  it.each(IMPORTS)('leaves no script, handler, javascript: URL or style in %s', async (url, routes) => {
    const facts = await importProduct(url, fakeFetcher(routes), now)
    expect(facts.title).not.toBe('')
    expect(facts.images.length).toBeGreaterThanOrEqual(2)
    expect(facts.price).not.toBeNull()
    for (const bad of ['<script', 'onerror', 'onload', 'onclick', 'onmouseover', 'javascript:', 'style=', '<svg', '<iframe', '<object']) {
      expect(facts.descriptionHtml.toLowerCase()).not.toContain(bad)
    }
    expect(facts.descriptionText).not.toMatch(/alert\(|document\.cookie/)
    expect(facts.images.every((i) => i.startsWith('https://'))).toBe(true)
  })

  it('proves the XSS fixtures carried payloads to remove', async () => {
    const { fixture } = await import('../../../tests/fixtures/import/fake-fetcher')
    for (const f of ['aliexpress-description.html', 'shopify-product.js.json']) {
      const text = fixture(f)
      for (const bad of ['onerror=alert(1)', '<script', 'javascript:', '<svg onload', 'style=']) expect(text).toContain(bad)
    }
  })

  it('reads a generic JSON-LD page', async () => {
    const facts = await importProduct(
      'northwindgoods.com/shop/linen-apron',
      fakeFetcher({ 'https://northwindgoods.com/shop/linen-apron': 'generic-jsonld.html' }),
      now,
    )
    expect(facts.source).toEqual({ url: 'https://northwindgoods.com/shop/linen-apron', platform: 'generic', name: 'Northwind Goods' })
    expect(facts.title).toBe('Stonewashed Linen Apron & Towel Loop')
    expect(facts.ratingSummary).toEqual({ average: 4, count: 3 })
  })

  it('imports a product the page sells at a price without any photo (the page draws placeholders)', async () => {
    const url = 'https://pineandpebble.com/gift-card'
    const facts = await importProduct(url, fakeFetcher({ [url]: 'no-images.html' }), now)
    expect(facts).toMatchObject({ title: 'Pine & Pebble Gift Card', price: 25, currency: 'USD', images: [] })
  })

  it('refuses a page with neither photos nor a price with the person-facing message', async () => {
    const url = 'https://pineandpebble.com/gift-card'
    const body =
      '<html><head><title>Gift Card – Pine &amp; Pebble</title></head><body><main><h1>Pine &amp; Pebble Gift Card</h1><p>Give the gift of choice.</p></main></body></html>'
    const err = await importProduct(url, fakeFetcher({ [url]: { body } }), now).catch((e) => e)
    expect(err).toBeInstanceOf(ImportError)
    expect(err.message).toBe("We couldn't find product images on this page")
    expect(err.transient).toBe(false)
  })

  it('refuses a page without a product name', async () => {
    const url = 'https://pineandpebble.com/x'
    const err = await importProduct(
      url,
      fakeFetcher({ [url]: { body: '<meta property="og:image" content="https://c.example/a.jpg">' } }),
      now,
    ).catch((e) => e)
    expect(err).toBeInstanceOf(ImportError)
    expect(err.message).toBe("We couldn't find the product's name on this page")
  })

  it('follows a short link to the marketplace it lands on', async () => {
    const fetcher = fakeFetcher({ 'https://amzn.to/3xYzAbC': { file: 'amazon.html', finalUrl: 'https://www.amazon.com/dp/B0C7X4K2QZ' } })
    const facts = await importProduct('https://amzn.to/3xYzAbC', fetcher, now)
    expect(facts.source).toMatchObject({ platform: 'amazon', url: 'https://www.amazon.com/dp/B0C7X4K2QZ' })
    expect(facts.reviews[0].source).toBe('Amazon')
  })

  it('re-reads through the Shopify endpoints when a link lands on a Shopify product', async () => {
    const fetcher = fakeFetcher({
      'https://bit.ly/pack': { body: '<html></html>', finalUrl: SHOP },
      [`${SHOP}.js`]: 'shopify-product.js.json',
    })
    const facts = await importProduct('https://bit.ly/pack', fetcher, now)
    expect(facts.source.platform).toBe('shopify')
    expect(fetcher.calls.map((c) => c.url)).toEqual(['https://bit.ly/pack', `${SHOP}.js`, SHOP])
  })

  it('turns HTTP failures into ImportErrors: 404 permanent, 503 transient; a thrown transient error propagates', async () => {
    const url = 'https://northwindgoods.com/gone'
    await expect(importProduct(url, fakeFetcher({}), now)).rejects.toMatchObject({
      transient: false,
      message: "We couldn't find that page (404). Check the link.",
    })
    await expect(importProduct(url, fakeFetcher({ [url]: { status: 503, body: '' } }), now)).rejects.toMatchObject({ transient: true })
    await expect(importProduct(url, fakeFetcher({ [url]: { throws: transientError() } }), now)).rejects.toMatchObject({ transient: true })
  })

  it('accepts links without a scheme and refuses anything but http(s)', () => {
    expect(parseProductUrl('  acme-outdoors.com/products/x ').href).toBe('https://acme-outdoors.com/products/x')
    expect(() => parseProductUrl('ftp://acme-outdoors.com/x')).toThrow(ImportError)
    expect(() => parseProductUrl('javascript:alert(1)')).toThrow(ImportError)
    expect(() => parseProductUrl('')).toThrow(ImportError)
  })
})

describe('factsFromText', () => {
  const text = `Cedar & Sage Soy Candle — hand-poured in small batches <b>today</b>

A 220 g soy wax candle with a cotton wick.
Burns for about 45 hours.

- Cedarwood, sage and a little smoke
* Reusable amber glass jar
• Phthalate-free fragrance
1. Trim the wick to 5 mm before lighting

Only $24.99 while stocks last. <script>alert(1)</script>`

  it('takes the first line as the title, list lines as bullets and the rest as escaped paragraphs', () => {
    const facts = factsFromText(text, now)
    expect(facts.title).toBe('Cedar & Sage Soy Candle — hand-poured in small batches <b>today</b>')
    expect(facts.bullets).toEqual([
      'Cedarwood, sage and a little smoke',
      'Reusable amber glass jar',
      'Phthalate-free fragrance',
      'Trim the wick to 5 mm before lighting',
    ])
    expect(facts.descriptionHtml).toBe(
      '<p>A 220 g soy wax candle with a cotton wick.<br />Burns for about 45 hours.</p>\n<p>Only $24.99 while stocks last. &lt;script&gt;alert(1)&lt;/script&gt;</p>',
    )
    expect(facts.price).toBe(24.99)
    expect(facts.currency).toBe('USD')
    expect(facts).toMatchObject({ images: [], reviews: [], ratingSummary: null, fetchedAt: '2026-03-10T12:00:00.000Z' })
    expect(facts.source).toEqual({ url: '', platform: 'text', name: 'your description' })
  })

  it('keeps the title to 120 characters and no price unless exactly one clear price appears', () => {
    const long = `${'Very long product name '.repeat(8)}end`
    const facts = factsFromText(`${long}\nWas $30, now $20.\nPack of 3`, now)
    expect(facts.title.length).toBeLessThanOrEqual(120)
    expect(long.startsWith(facts.title)).toBe(true)
    expect(facts.price).toBeNull()
    expect(factsFromText('Mug\n350 ml, 12 pieces', now).price).toBeNull()
    expect(factsFromText('Mug\nNur 12,99 €', now)).toMatchObject({ price: 12.99, currency: 'EUR' })
  })

  it('refuses empty text', () => {
    expect(() => factsFromText('  \n ', now)).toThrow(ImportError)
  })
})

describe('the built-in demo store (Shopify format, served in-process)', async () => {
  const { createDemoStore } = await import('../../demo-store/routes')
  const { DEMO_PRODUCTS } = await import('../../demo-store/catalog')
  const app = createDemoStore()
  const fetcher = async (url: string) => {
    const res = await app.fetch(new Request(url))
    return { url, status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() }
  }

  it.each(DEMO_PRODUCTS.map((p) => [p.handle, p] as const))(
    'imports %s through its .js endpoint with the page reviews',
    async (handle, p) => {
      const facts = await importProduct(`http://localhost:3000/demo-store/collections/all/products/${handle}`, fetcher, now)
      expect(facts.source).toMatchObject({ platform: 'shopify', url: `http://localhost:3000/demo-store/products/${handle}` })
      expect(facts.title).toBe(p.title)
      expect(facts.price).toBe(p.price)
      expect(facts.currency).toBe('USD')
      expect(facts.images).toEqual(p.images.map((f) => `http://localhost:3000/demo-store/${f}`))
      expect(facts.reviews.map((r) => [r.author, r.rating, r.date, r.source])).toEqual(
        p.reviews.map((r) => [r.author, r.rating, r.date, 'Pagewright Demo Store']),
      )
    },
  )
})
