import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { fakeFetcher } from '../../../tests/fixtures/import/fake-fetcher'
import { brandNamedInPageData, pageDataBrands, withShopMarkup } from './shop-markup'
import { importProduct } from '.'

const URL_ = 'https://shop.example/p/espresso-4711'
const now = new Date('2026-03-10T12:00:00Z')

/** A shop page with no structured data: name, photo and price only in its markup, and a tile below. */
const html = `<html lang="en"><head><title>Espresso machine 4711 | Shop</title></head><body>
  <main><h1>Espresso machine 4711</h1><img src="https://cdn.shop.example/m/48213/espresso-48213.jpg" alt="Espresso machine 4711">
  <div class="price"><del>€249.00</del> <span>€199.00</span></div>
  <ul class="also"><li><a href="/p/grinder-12">Grinder 12</a><span>€89.00</span></li></ul></main></body></html>`

describe("a shop page's own markup", () => {
  it('gives a page with no structured product its price box, struck former price included', () => {
    const raw = withShopMarkup({ title: 'Espresso machine 4711', images: [] }, load(html), URL_)
    expect([raw.price, raw.compareAtPrice, raw.currency]).toEqual([199, 249, 'EUR'])
  })

  it('reads the price box when the linked data left its offer’s price empty', () => {
    const ld = `<script type="application/ld+json">{"@type":"Product","name":"Espresso machine 4711","offers":[{"@type":"Offer","availability":"http://schema.org/OutOfStock","price":""}]}</script>`
    const page = html.replace('</head>', `${ld}</head>`)
    const raw = withShopMarkup({ title: 'Espresso machine 4711', images: [] }, load(page), URL_)
    expect([raw.price, raw.compareAtPrice]).toEqual([199, 249])
  })

  it('reads the price box beside a microdata product that names no offer, past a hidden field holding the price', () => {
    const page = `<html lang="en"><body><div itemscope itemtype="http://schema.org/Product">
      <div id="stage"><h1><a href="/acme">ACME</a> <span itemprop="name">Prima Laces</span></h1><img itemprop="image" src="https://cdn.shop.example/4130129-p.jpg"></div>
      <div id="wing"><form action="/cart"><input type="hidden" name="productId" value="8958197">
      <div id="priceSlot"><input type="hidden" name="priceData" value="$75.00"><span class="price"><span content="75.00">$75.00</span></span></div>
      <p>Ships free!</p><a href="/size-chart">Size chart</a><a href="/returns">Returns</a></form></div></div></body></html>`
    const raw = withShopMarkup({ title: 'Prima Laces', images: [] }, load(page), URL_)
    expect([raw.price, raw.currency]).toEqual([75, 'USD'])
    // A scope that names its offer keeps the page's word on the price: none taken from the box.
    const offered = page.replace('<span itemprop="name">', '<meta itemprop="offers" content=""><span itemprop="name">')
    expect(withShopMarkup({ title: 'Prima Laces', images: [] }, load(offered), URL_).price ?? null).toBeNull()
  })

  it('takes the price box’s price when the structured one is written only in other products’ cards', () => {
    const cards = `<ul class="more-from-shop">${[1, 2, 3]
      .map(
        (n) =>
          `<li><a href="/listing/${n}"><img src="https://cdn.shop.example/m/${n}.jpg"><span>Tee ${n}</span><span>$25.00</span></a></li>`,
      )
      .join('')}</ul>`
    const page = html
      .replace('<del>€249.00</del> <span>€199.00</span>', '<span>$28.50+</span> <small>Shipping included</small>')
      .replace('</main>', `<p>50% Polyester / 25% Cotton / 25% Rayon</p>${cards}</main>`)
    expect(withShopMarkup({ price: 25, currency: 'USD' }, load(page), URL_).price).toBe(28.5)
    // Written as this product's too: the structured price stands.
    const own = page.replace('<span>$28.50+</span>', '<span>$25.00</span>')
    expect(withShopMarkup({ price: 25, currency: 'USD' }, load(own), URL_).price).toBe(25)
  })

  it('leaves a structured price alone when the page shows it unstruck', () => {
    const raw = withShopMarkup({ price: 249, currency: 'EUR' }, load(html.replace('<del>€249.00</del>', '<b>€249.00</b>')), URL_)
    expect([raw.price, raw.compareAtPrice ?? null]).toEqual([249, null])
  })

  it('takes the line its title starts with for the heading of a page without an <h1>, and the brand just above it that the title names after it', () => {
    const page = `<html lang="tr"><head><title>Unisex Backpack Academy Team BA5773 Nike | Shop</title></head><body>
      <nav><span>Unisex Backpack Academy Team BA5773</span></nav>
      <main><div class="info"><div class="brand"><a href="/nike">Nike</a></div><div class="name">Unisex Backpack Academy Team BA5773</div>
      <div class="box"><span class="prc-org">149,90 TL</span><span class="prc-slg">118 TL</span></div></div>
      <ul class="other-sellers"><li><span>119 TL</span></li></ul></main></body></html>`
    const raw = withShopMarkup(
      { title: 'Unisex Backpack Academy Team BA5773', images: [], locale: 'tr-TR' },
      load(page),
      'https://shop.example/nike/backpack-p-1',
    )
    expect([raw.price, raw.compareAtPrice, raw.currency, raw.vendor]).toEqual([118, 149.9, 'TRY', 'Nike'])
    // A brand above the line that the title does not name is not taken for one.
    const other = page.replace('<a href="/nike">Nike</a>', '<a href="/sale">Sale</a>')
    expect(withShopMarkup({ title: 'x', images: [] }, load(other), 'https://shop.example/nike/backpack-p-1').vendor ?? null).toBeNull()
  })

  it('takes the price the page shows when the structured one is written nowhere (a price before VAT)', () => {
    const page = html.replace('<del>€249.00</del> <span>€199.00</span>', '<span>€199.00</span> <small>VAT included</small>')
    const raw = withShopMarkup({ price: 164.46, currency: 'EUR' }, load(page), URL_)
    expect([raw.price, raw.compareAtPrice ?? null]).toEqual([199, null])
    // Written in words the price box does not read as a price ("from €164.46"): the structured price stands.
    const from = html.replace('<del>€249.00</del> <span>€199.00</span>', '<span>from €164.46</span>')
    expect(withShopMarkup({ price: 164.46, currency: 'EUR' }, load(from), URL_).price).toBe(164.46)
  })

  it('has no price when the structured one is only a payment per month among the page’s plans', () => {
    const plans = html.replace(
      '<del>€249.00</del> <span>€199.00</span>',
      '<div class="item-price"><span>€</span>24.96<span>/mo.</span></div><ul><li><strong>€149.99</strong> with 2-year contract</li><li><strong>€649.99</strong> Retail price</li></ul>',
    )
    expect(withShopMarkup({ price: 24.96, currency: 'EUR' }, load(plans), URL_).price).toBeNull()
  })

  it('is what importProduct reads on a shop without a reader of its own, end to end', async () => {
    const facts = await importProduct(URL_, fakeFetcher({ [URL_]: { body: html, contentType: 'text/html' } }), now)
    expect(facts.title).toBe('Espresso machine 4711')
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([199, 249, 'EUR'])
  })

  it('drops the price of a sold-out product the page no longer shows, and keeps one it still shows', () => {
    const soldOut = `<html lang="et"><body><main><h1>Pult Fueva 32732</h1><p>Vabandame, antud toode pole hetkel saadaval.</p>
      <ul class="also"><li><a href="/p/other">Other remote</a><span>20,99 €</span></li></ul></main></body></html>`
    const raw = withShopMarkup(
      { title: 'Pult Fueva 32732', price: 14.99, currency: 'EUR', soldOut: true, locale: 'et' },
      load(soldOut),
      URL_,
    )
    expect([raw.price, raw.compareAtPrice ?? null]).toEqual([null, null])
    const shown = soldOut.replace('</h1>', '</h1><p class="price"><span>14,99 €</span></p>')
    expect(
      withShopMarkup({ title: 'Pult Fueva 32732', price: 14.99, currency: 'EUR', soldOut: true, locale: 'et' }, load(shown), URL_).price,
    ).toBe(14.99)
    // In stock, a price the page does not show is still the product's own.
    expect(withShopMarkup({ title: 'Pult Fueva 32732', price: 14.99, currency: 'EUR', locale: 'et' }, load(soldOut), URL_).price).toBe(
      14.99,
    )
  })

  it("takes an auction lot's current bid over the starting price its structured data states", () => {
    const LOT = 'https://auctions.example/item/brass-lantern-12'
    const lot = (shown: string, bids: string) => `<html lang="en"><body><main><h1>Lot 12: Brass ship’s lantern</h1>
      <p><span>Starting Price</span> <span>$150</span></p>
      <div class="bidding"><div><span>${shown}</span> <span>${bids}</span></div><button>Place bid</button></div>
      <section><h2>Related lots</h2><a href="/item/other"><span>Brass compass</span><div><span>$550</span> <span>2 bids</span></div></a></section>
    </main></body></html>`
    const structured = { title: 'Brass ship’s lantern', price: 150, compareAtPrice: 180, currency: 'USD', locale: 'en' }
    const raw = withShopMarkup(structured, load(lot('$200', '2 bids')), LOT)
    expect([raw.price, raw.compareAtPrice, raw.currency]).toEqual([200, null, 'USD'])
    // No one has bid yet: the starting price is still the price.
    const none = withShopMarkup(structured, load(lot('$150', '0 bids')), LOT)
    expect([none.price, none.compareAtPrice]).toEqual([150, 180])
  })
})

describe('a structured rating in half stars', () => {
  it('takes the decimal the product’s own stars say (eBay’s 4.5 where they say 4.6), never one that rounds elsewhere', () => {
    const page = (label: string) =>
      load(
        `<html><body><h1>Roomba 696</h1><div><a class="reviews-star-rating" aria-label="${label}"><span class="rs"></span></a></div></body></html>`,
      )
    const rating = { average: 4.5, count: '10', scale: 5 }
    expect(withShopMarkup({ title: 'Roomba 696', listingRating: rating }, page('4.6 de 5 estrellas'), URL_).listingRating?.average).toBe(
      4.6,
    )
    expect(withShopMarkup({ title: 'Roomba 696', listingRating: rating }, page('4.0 de 5 estrellas'), URL_).listingRating?.average).toBe(
      4.5,
    )
  })
})

describe('a structured price the shopper never pays', () => {
  const box = (inner: string, lang = 'en') =>
    load(
      `<html lang="${lang}"><body><main><h1>Espresso machine 4711</h1><div class="buy"><div class="price">${inner}</div></div></main></body></html>`,
    )

  it('is the conversion a page writes only as "Approximately": the listing is priced in its own currency', () => {
    const raw = withShopMarkup(
      { price: 397.14, currency: 'USD' },
      box('<span>EUR 350.00</span> <span>Approximately US $397.14</span>'),
      URL_,
    )
    expect([raw.price, raw.currency]).toEqual([350, 'EUR'])
  })

  it("is an offer in a currency the page does not show: the box's price and currency are the shopper's", () => {
    const raw = withShopMarkup({ price: 52, currency: 'CAD' }, box('<span>US$ 36.97+</span> <s>US$ 41.08+</s>'), URL_)
    expect([raw.price, raw.compareAtPrice, raw.currency]).toEqual([36.97, 41.08, 'USD'])
  })

  it('keeps a structured price the box shows, approximation or not', () => {
    const raw = withShopMarkup({ price: 350, currency: 'EUR' }, box('<span>EUR 350.00</span> <span>Approximately US $397.14</span>'), URL_)
    expect([raw.price, raw.currency]).toEqual([350, 'EUR'])
  })

  it('is a lower price given with a card or wallet: the price without the condition is the price', () => {
    const raw = withShopMarkup(
      { title: 'Espresso machine 4711', images: [] },
      box('<span class="red">441 ₽</span> <ins>450 ₽</ins> <del>500 ₽</del> <span>с WB Кошельком</span>', 'ru'),
      URL_,
    )
    expect([raw.price, raw.compareAtPrice, raw.currency]).toEqual([450, 500, 'RUB'])
  })

  it('reads a Turkish page\'s "TL" as the lira', () => {
    const raw = withShopMarkup(
      { title: 'Espresso machine 4711', images: [], locale: 'tr' },
      box('<span class="discounted">143.999 TL</span>', 'tr'),
      URL_,
    )
    expect([raw.price, raw.currency]).toEqual([143999, 'TRY'])
  })
})

describe('a brand the page’s own data names', () => {
  const page = (data: string) => load(`<html><body><h1>Dyson V7 Animal Handstick Vacuum</h1><script>${data}</script></body></html>`)
  it('is taken when the product’s name says it too', () => {
    expect(
      brandNamedInPageData(
        pageDataBrands(page(`dataLayer.push({'brand': 'Dyson', 'category': 'Vacuums'})`)),
        'Dyson V7 Animal Handstick Vacuum',
      ),
    ).toBe('Dyson')
    expect(
      brandNamedInPageData(pageDataBrands(page(`var p = {"brand":{"@type":"Brand","name":"Dyson"}}`)), 'Dyson V7 Animal Handstick Vacuum'),
    ).toBe('Dyson')
  })
  it('is written as the name writes it, and only as whole words of it', () => {
    expect(brandNamedInPageData(pageDataBrands(page(`var p = {"brand":"TP Link"}`)), 'TP-Link Tapo C200 Camera')).toBe('TP-Link')
    expect(brandNamedInPageData(pageDataBrands(page(`var p = {"brand":"Link"}`)), 'TP-Link Tapo C200 Camera')).toBeNull()
  })
  it('comes after the specification when the page’s data names other brands too (a case named for the phone)', () => {
    const $ = load(`<html><body><h1>Apple iPhone 15 Case, OtterBox Defender</h1><table><tr><th>Brand</th><td>OtterBox</td></tr></table>
      <script>var p = {"brand":"OtterBox"}; var tiles = [{"brand":"Apple"}]</script></body></html>`)
    expect(withShopMarkup({ title: 'Apple iPhone 15 Case, OtterBox Defender' }, $, 'https://shop.example/p/1').vendor).toBe('OtterBox')
  })

  it('is not a brand the name does not say (a related product’s, a tile’s)', () => {
    expect(brandNamedInPageData(pageDataBrands(page(`dataLayer.push({'brand': 'Shark'})`)), 'Dyson V7 Animal Handstick Vacuum')).toBeNull()
  })
  it('comes before a maker row of a part (Hersteller: Intel under the graphics) when the name starts with it', () => {
    const $ =
      load(`<html><body><h1>Asus VivoBook S13 / Intel Core i5</h1><table><tr><th>Grafik</th></tr><tr><td>Hersteller:</td><td>Intel</td></tr></table>
      <script>var product = {productBrand:"ASUS"}</script></body></html>`)
    expect(withShopMarkup({ title: 'Asus VivoBook S13 / Intel Core i5' }, $, 'https://shop.example/p/1').vendor).toBe('Asus')
  })
})

describe('a specification row whose label carries an icon', () => {
  it('is still a label: the icon has no words', () => {
    const $ = load(
      `<html><body><h1>Огурец Шторм F1</h1><div class="row"><div class="name"><i class="icon-info"></i>Производитель:</div><div class="value">ПАРТНЕР</div></div></body></html>`,
    )
    expect(withShopMarkup({ title: 'Огурец Шторм F1' }, $, 'https://shop.example/p/1').vendor).toBe('ПАРТНЕР')
  })
})
