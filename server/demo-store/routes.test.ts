import { describe, expect, it } from 'vitest'
import { DEMO_PRODUCTS } from './catalog'
import { createDemoStore } from './routes'

const ORIGIN = 'http://demo.test'

/** The `img { … }` rules of a page's stylesheet. */
const imgRules = (html: string) => [...html.matchAll(/(?:^|[\s}])img\s*{([^}]*)}/g)].map((m) => m[1])

describe('demo store pages', () => {
  const store = createDemoStore()
  const page = async (path: string) => (await store.fetch(new Request(`${ORIGIN}${path}`))).text()

  it.each(['/demo-store', `/demo-store/products/${DEMO_PRODUCTS[0].handle}`])(
    '%s keeps images in proportion (width and height attributes, height: auto in CSS)',
    async (path) => {
      const html = await page(path)
      expect(html).toMatch(/<img [^>]*height="800"/)
      const rules = imgRules(html)
      expect(rules.length).toBeGreaterThan(0)
      for (const rule of rules) expect(rule).toMatch(/height:\s*auto/)
    },
  )
})
