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
    expect(parseEbay(html).images).toEqual([
      'https://i.ebayimg.com/images/g/aa/s-l1600.jpg',
      'https://i.ebayimg.com/images/g/bb/s-l1600.jpg',
    ])
    expect(parseEbay('<html><body>no gallery</body></html>').images).toEqual([])
  })
})
