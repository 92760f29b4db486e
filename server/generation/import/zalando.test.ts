import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { isZalandoArticle, parseZalando } from './zalando'

const page = (props: unknown, extra = '') =>
  load(
    `<html><body>${extra}<script id="z-vegas-pdp-props" type="application/json"><![CDATA[${JSON.stringify(props)}]]></script></body></html>`,
  )

const display = (price: number, original: number, isDiscounted: boolean) => ({
  isDiscounted,
  price: { currency: 'EUR', value: price, formatted: `${price} €` },
  originalPrice: { currency: 'EUR', value: original, formatted: `${original} €` },
})

describe('Zalando articles', () => {
  it('knows an article’s address on Zalando’s sites', () => {
    expect(isZalandoArticle(new URL('https://www.zalando.fi/superdry-spirit-sports-puffer-su221u09p-e11.html'))).toBe(true)
    expect(isZalandoArticle(new URL('https://www.zalando.co.uk/womens-clothing/'))).toBe(false)
    expect(isZalandoArticle(new URL('https://zalando.example.com/a.html'))).toBe(false)
  })
  it('reads the article’s own price and, on a reduction, its struck original; never a carousel’s', () => {
    const carousel = `<script id="z-vegas-reco-props" type="application/json">${JSON.stringify({ displayPrice: display(10, 90, true) })}</script>`
    expect(parseZalando(page({ model: { articleInfo: { displayPrice: display(74.95, 99.95, true) } } }, carousel))).toEqual({
      price: 74.95,
      compareAtPrice: 99.95,
      currency: 'EUR',
    })
    // No reduction: no compare-at price, whatever the data repeats as "original".
    expect(parseZalando(page({ model: { articleInfo: { displayPrice: display(99.99, 99.99, false) } } })).compareAtPrice).toBeNull()
    expect(parseZalando(load('<html><body>no data</body></html>'))).toEqual({})
  })
})
