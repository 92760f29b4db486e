import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { isEbayItem, parseEbay } from './ebay'

describe('eBay listings', () => {
  it('knows a listing’s address on eBay’s sites, and nothing else', () => {
    expect(isEbayItem(new URL('https://www.ebay.fr/itm/Coin-Cell-/293565036718'))).toBe(true)
    expect(isEbayItem(new URL('https://www.ebay.co.uk/itm/302474151804'))).toBe(true)
    expect(isEbayItem(new URL('https://www.ebay.com/sch/i.html?_nkw=cr2032'))).toBe(false)
    expect(isEbayItem(new URL('https://ebay.example.com/itm/1'))).toBe(false)
  })
  it('reads the gallery’s own list of photos, each at its largest size', () => {
    const photo = (id: string) =>
      `{"thumbImgUrl":"https:\\u002F\\u002Fi.ebayimg.com\\u002Fimages\\u002Fg\\u002F${id}\\u002Fs-l64.jpg","displayImgUrl":"https:\\u002F\\u002Fi.ebayimg.com\\u002Fimages\\u002Fg\\u002F${id}\\u002Fs-l300.jpg","maxImageUrl":"https:\\u002F\\u002Fi.ebayimg.com\\u002Fimages\\u002Fg\\u002F${id}\\u002Fs-l1600.jpg"}`
    const html = `<script>$rwidgets([["x",{"imgArr" : [${photo('aa')},${photo('bb')}],"islarge":true}]])</script>`
    expect(parseEbay(html, load(html)).images).toEqual([
      'https://i.ebayimg.com/images/g/aa/s-l1600.jpg',
      'https://i.ebayimg.com/images/g/bb/s-l1600.jpg',
    ])
    const none = '<html><body>no gallery</body></html>'
    expect(parseEbay(none, load(none)).images).toEqual([])
  })

  it('reads the buy-it-now box: a discount’s price (no structured price) with its original price, in the dollars it names', () => {
    const page = (box: string) => `<html lang="en"><body><h1 id="itemTitle">Pressure Cooker</h1>${box}</body></html>`
    const sale = page(
      `<span class="u-dspn">Discounted price</span><span id="mm-saleDscPrc">C $61.99</span><span id="mm-saleOrgPrc" class="mm-strkthru">C $79.99</span>`,
    )
    expect(parseEbay(sale, load(sale))).toMatchObject({ price: 61.99, currency: 'CAD', compareAtPrice: 79.99 })
    const plain = page(`<span id="prcIsum" itemprop="price" content="99.95">EUR 99,95</span><span id="orgPrc"> EUR 194,95 </span>`)
    expect(parseEbay(plain, load(plain))).toMatchObject({ price: 99.95, currency: 'EUR', compareAtPrice: 194.95 })
    // An auction's current bid is no price.
    const bid = page(`<span id="prcIsum_bidPrice">US $1.00</span>`)
    expect(parseEbay(bid, load(bid)).price).toBeUndefined()
  })
})
