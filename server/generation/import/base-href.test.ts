import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { applyBaseHref } from './base-href'
import { withGallery } from './gallery'

const PAGE = 'https://shop.example/adapter-poe-tl-poe150s/'

describe('a page’s <base href>', () => {
  it('resolves relative pictures and links against the base, as a browser does', () => {
    const $ = load(`<html><head><base href="https://shop.example/"></head><body>
      <img id="flag" src="images/lang/ua.png"><a id="a" href="cart/add?id=5">Add</a>
      <img id="lazy" src="data:image/gif;base64,R0lGOD" data-src="images/detailed/8/poe150s.jpg" data-srcset="images/big/poe150s.jpg 2x, /img/poe150s-3x.jpg 3x">
      <a id="anchor" href="#reviews">Reviews</a><img id="abs" src="https://cdn.example/x/1.jpg"></body></html>`)
    applyBaseHref($, PAGE)
    expect($('#flag').attr('src')).toBe('https://shop.example/images/lang/ua.png')
    expect($('#a').attr('href')).toBe('https://shop.example/cart/add?id=5')
    expect($('#lazy').attr('src')).toMatch(/^data:/)
    expect($('#lazy').attr('data-src')).toBe('https://shop.example/images/detailed/8/poe150s.jpg')
    expect($('#lazy').attr('data-srcset')).toBe(
      'https://shop.example/images/big/poe150s.jpg 2x, https://shop.example/img/poe150s-3x.jpg 3x',
    )
    expect($('#anchor').attr('href')).toBe('#reviews')
    expect($('#abs').attr('src')).toBe('https://cdn.example/x/1.jpg')
  })

  it('leaves a page without a base, or whose base is itself, as it is', () => {
    for (const head of ['', `<base href="">`, `<base href="#">`, `<base href="${PAGE}">`]) {
      const $ = load(`<html><head>${head}</head><body><img src="images/lang/ua.png"></body></html>`)
      applyBaseHref($, PAGE)
      expect($('img').attr('src')).toBe('images/lang/ua.png')
    }
  })

  it('keeps the language switcher’s flags out of the gallery when only the page’s own path would name the product', () => {
    // Resolved against the page's address, the flags' paths carry the product's id ("poe150s").
    const html = `<html><head><base href="https://shop.example/"></head><body>
      <div class="languages"><img src="images/lang/ru.png" alt="ru"><img src="images/lang/ua.png" alt="ua"></div>
      <h1>Adapter PoE TL-PoE150S</h1><div class="gallery"><img src="https://shop.example/images/detailed/8/poe150s_ipja-l4.jpg"></div>
      <p>626 грн.</p></body></html>`
    const main = 'https://shop.example/images/detailed/8/poe150s_ipja-l4.jpg'
    const $ = load(html)
    applyBaseHref($, PAGE)
    expect(withGallery($, [main], PAGE)).toEqual([main])
  })
})
