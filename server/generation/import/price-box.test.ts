import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { headingText } from './page-heading'
import {
  currencyShownWith,
  currentBid,
  everyonesPrice,
  formerPriceBeside,
  isPriceShown,
  priceBesideStruck,
  priceBeforePaymentDiscount,
  priceNearHeading,
  roundedShowing,
} from './price-box'

/**
 * A product page: the price box sits a few levels deep in the product's summary, and an optional
 * "you may also like" row of other products' tiles sits beside the product, outside its price box.
 */
function page(priceBox: string, related = ''): string {
  return `<html><body><header><a href="/"><img src="/logo.svg" alt="Shop"></a></header>
  <main>
    <article class="product">
      <div class="summary">
        <h1>Espresso machine 4711</h1>
        <div class="price-wrap">${priceBox}</div>
        <button>Add to cart</button>
      </div>
    </article>
    ${related}
  </main></body></html>`
}

const beside = (html: string, price: number, locale: string | null = null) => priceBesideStruck(load(html), price, locale)

describe('a structured price the page shows only struck through', () => {
  it('takes the price a shopper pays from beside the former price, with the badge left aside', () => {
    const html = page(`<div class="price-box">
      <div class="price-before"><span class="original-price">EUR219.99</span><span class="badge">-50%</span></div>
      <div class="price-now"><span class="current">EUR110.00</span></div>
    </div>`)
    expect(beside(html, 219.99)).toEqual({ price: 110, compareAtPrice: 219.99 })
  })

  it('reads a <del> regular price beside an <ins> sale price (WooCommerce’s shape, amounts as plain text)', () => {
    const html = page(`<p class="price">
      <del aria-hidden="true"><span class="woocommerce-Price-amount amount">€219.99</span></del>
      <span class="screen-reader-text">Original price was: €219.99.</span>
      <ins aria-hidden="true"><span class="woocommerce-Price-amount amount">€110.00</span></ins>
      <span class="screen-reader-text">Current price is: €110.00.</span>
    </p>`)
    expect(beside(html, 219.99)).toEqual({ price: 110, compareAtPrice: 219.99 })
  })

  it('knows a price drawn with a line through it as struck', () => {
    const html = page(`<div class="price-box">
      <span style="color: #999; text-decoration: line-through">€219.99</span>
      <span class="price">€110.00</span>
    </div>`)
    expect(beside(html, 219.99)).toEqual({ price: 110, compareAtPrice: 219.99 })
  })

  it('knows a price classed in camelCase as the old one ("oldPrice") as struck', () => {
    const html = page(`<div class="priceBox">
      <span class="oldPrice">€219.99</span>
      <span class="salePrice">€110.00</span>
    </div>`)
    expect(beside(html, 219.99)).toEqual({ price: 110, compareAtPrice: 219.99 })
    // The maker's suggested retail price beside the price: the former one.
    const suggested = page(
      `<div class="BasePriceBlock"><span>$98.99</span></div><span class="SuggestedRetailPrice"><span>$169.10</span></span>`,
    )
    expect(formerPriceBeside(load(suggested), 98.99, null, 'https://shop.example/p/espresso-4711')).toBe(169.1)
  })

  it('reads a comma-decimal page in its own language', () => {
    const html = page(`<div class="price-box">
      <s class="price-old">219,99 €</s>
      <span class="price">110,00 €</span>
    </div>`)
    expect(beside(html, 219.99, 'lv')).toEqual({ price: 110, compareAtPrice: 219.99 })
    expect(beside(html, 219.99, 'de')).toEqual({ price: 110, compareAtPrice: 219.99 })
  })

  it('passes over another former price beside it and takes the one a shopper pays', () => {
    const html = page(`<div class="price-box">
      <del>€219.99</del>
      <span class="rrp">€150.00</span>
      <span class="price">€110.00</span>
    </div>`)
    expect(beside(html, 219.99)).toEqual({ price: 110, compareAtPrice: 219.99 })
  })
})

describe('a structured price left as it is', () => {
  it('keeps a "regular" price with no other price beside it: a size ("1 gal") names no currency, so it is no price', () => {
    const html = page(`<h2 class="unit">1 gal</h2><div class="base-price"><span class="base-price__regular"> $2.55 </span></div>`)
    expect(beside(html, 2.55)).toBeNull()
  })

  it('reads a class that says the box has no struck price ("fpNoStrikedPrice") as striking nothing', () => {
    const box = (cls: string) =>
      page(
        `<div class="fp"><div class="fpPriceBloc ${cls}"><span class="fpPrice">379,99 €</span></div><div class="pay4x"><span>97,18 €</span></div></div>`,
      )
    expect(beside(box('fpNoStrikedPrice'), 379.99, 'fr-FR')).toBeNull()
    // The same box classed as struck is read as a struck price beside a lower one.
    expect(beside(box('fpStrikedPrice'), 379.99, 'fr-FR')).toEqual({ price: 97.18, compareAtPrice: 379.99 })
  })

  it('keeps the price the page shows as the price', () => {
    const html = page(`<div class="price-box">
      <span class="was-price">€259.00</span>
      <span class="price">€219.99</span>
    </div>`)
    expect(beside(html, 219.99)).toBeNull()
  })

  it('keeps a price the page shows unstruck somewhere, even when it also shows it struck', () => {
    const html = page(
      `<div class="price-box">
      <del>€219.99</del>
      <span class="price">€110.00</span>
    </div>`,
      `<div class="sticky-cart"><span class="total">€219.99</span></div>`,
    )
    expect(beside(html, 219.99)).toBeNull()
  })

  it('keeps a price the page does not show at all', () => {
    const html = page(`<div class="price-box">
      <del>€259.00</del>
      <span class="price">€110.00</span>
    </div>`)
    expect(beside(html, 219.99)).toBeNull()
  })

  it('keeps a struck price with nothing lower beside it', () => {
    const html = page(`<div class="price-box">
      <span class="old-price">€219.99</span>
      <span class="price">€249.00</span>
    </div>`)
    expect(beside(html, 219.99)).toBeNull()
  })

  it('does not take an instalment ("from €6.31 / month") or a discount badge for the price', () => {
    const html = page(`<div class="price-box">
      <span class="old-price">€219.99</span>
      <span class="discount">-50%</span>
      <span class="instalments">from €6.31 / month</span>
    </div>`)
    expect(beside(html, 219.99)).toBeNull()
  })

  it('does not take a lower price from a “you may also like” tile outside the price box', () => {
    const html = page(
      `<div class="price-box"><span class="old-price">€219.99</span></div>`,
      `<section class="also"><h2>You may also like</h2><ul>
        <li><a href="/p/grinder-12"><img src="/img/grinder.jpg"><span class="name">Grinder 12</span><span class="price">€89.00</span></a></li>
        <li><a href="/p/milk-jug"><img src="/img/jug.jpg"><span class="name">Milk jug</span><span class="price">€19.00</span></a></li>
      </ul></section>`,
    )
    expect(beside(html, 219.99)).toBeNull()
  })

  it('does not take a lower price beside it that is itself struck', () => {
    const html = page(`<div class="price-box">
      <del>€219.99</del>
      <del>€150.00</del>
    </div>`)
    expect(beside(html, 219.99)).toBeNull()
  })

  it('reads WooCommerce’s own markup: a price written in a <bdi> with its currency sign in a span of its own', () => {
    const html = `<html><body><main><h1>Kettle</h1><p class="price"><del aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&euro;</span>219.99</bdi></span></del> <span class="screen-reader-text">Original price was: &euro;219.99.</span><ins aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&euro;</span>110.00</bdi></span></ins></p></main></body></html>`
    expect(priceBesideStruck(load(html), 219.99)).toEqual({ price: 110, compareAtPrice: 219.99 })
  })

  it('does not take another product’s price from a tile right beside the price box', () => {
    const html = `<html><body><main><h1>Kettle</h1><div class="price-box"><span class="old-price">€219.99</span></div>
      <ul><li><a href="/p/grinder-12">Grinder 12</a><span class="price">€89.00</span></li></ul></main></body></html>`
    expect(priceBesideStruck(load(html), 219.99, null, 'https://shop.example/p/kettle')).toBeNull()
  })
})

describe("Magento's price box", () => {
  // Its only price in a wrapper classed "regular-price", named "Our Price"; the maker's list price and
  // the saving beside it (Magento_Catalog's data-price-type names each part).
  const magento = page(`<div class="price-box price-final_price" data-role="priceBox">
    <div class="pricebox subprice"><span class="regular-price"><span class="price-container" itemprop="offers" itemscope itemtype="http://schema.org/Offer">
      <span class="price-label">Our Price</span>
      <span id="product-price-41503" data-price-amount="14.5" data-price-type="finalPrice" class="price-wrapper price">$14.50</span>
      <meta itemprop="price" content="14.5"></span></span></div>
    <div class="pricebox retail"><span class="msrp-price"><span class="price-container"><span class="price-label">Retail Price:</span>
      <span id="msrp-price-41503" data-price-amount="18" data-price-type="msrpPrice" class="price-wrapper price"><span class="price">$18.00</span></span></span></span></div>
    <div class="pricebox save"><span class="price-container"><span class="price-label">Save:</span>
      <span id="msrp-save-price-amount-41503" data-price-amount="3.5" data-price-type="msrpSavePrice" class="price-wrapper price"><span class="price">$3.50</span></span></span></div>
  </div>`)

  it('keeps the price it names as the price, and reads the list price as the former one; a saving is never a price', () => {
    expect(beside(magento, 14.5)).toBeNull()
    expect(formerPriceBeside(load(magento), 14.5, null, 'https://shop.example/p')).toBe(18)
  })

  it('reads the price in Magento’s special-price wrapper as the price, whatever its own class, and the old price as the former', () => {
    const box = `<div class="price-box"><span class="special-price"><span class="price regular-price" id="product-price-216">$59.95</span></span>
      <span class="old-price"><span class="price" id="old-price-216">$94.95</span></span></div>`
    expect(priceNearHeading(load(page(box)), 'en-US', 'https://shop.example/p')).toEqual({
      price: 59.95,
      compareAtPrice: 94.95,
      currency: 'USD',
    })
  })

  it('reads units that end with the decimal mark and the cents in the next element as one amount', () => {
    const strike = `style="background:url(/tacha.gif) repeat-x left center"`
    const box = `<span itemprop="price"><span class="strikethrough" ${strike}>$</span><span class="strikethrough">79.</span><span class="strikethrough">99</span>
      <span class="ficha_precio_venta_entero">$</span><span class="ficha_precio_venta_entero">39.</span><span class="ficha_precio_venta_decimal">99</span></span>`
    expect(isPriceShown(load(page(box)), 79, 'en-US')).toBe(false)
    expect(isPriceShown(load(page(box)), 39.99, 'en-US')).toBe(true)
    expect(isPriceShown(load(page(box)), 99, 'en-US')).toBe(false)
  })

  it('reads a price box set inside the heading, never a number of the name’s', () => {
    const html = (h1: string) =>
      `<html><body><main><div class="product"><h1>${h1}</h1><button>Add to bag</button></div></main></body></html>`
    const boxed = html(
      'Bomber Jacket <span class="price"><span class="actual-price new">$24.99</span> <span class="old">$39.99</span></span>',
    )
    expect(priceNearHeading(load(boxed), 'en-US', 'https://shop.example/p')).toEqual({
      price: 24.99,
      compareAtPrice: 39.99,
      currency: 'USD',
    })
    expect(headingText(load(boxed))).toBe('Bomber Jacket')
    expect(priceNearHeading(load(html('Gift card <span class="amount">$25</span>')), 'en-US', 'https://shop.example/p')).toBeNull()
  })

  it('reads the price beside a link to the shop’s own shipping note (not followed by search engines), never an accessory tile’s', () => {
    const near = (box: string) => priceNearHeading(load(page(box)), 'de-DE', 'https://shop.example/p')
    const box = `<div class="flex"><div><span class="preis">214,19</span><span>&nbsp;€</span></div>
      <div><div>inkl. 19% MwSt.</div><div><a href="/ownpage/versandkosten.html" rel="nofollow"><span>Versand ab: 6,90</span></a></div></div></div>`
    expect(near(box)).toMatchObject({ price: 214.19, currency: 'EUR' })
    // A link followed to another of the shop's pages beside a price is a tile's: no price.
    const tile = `<div class="flex"><div><span class="preis">35,00</span><span>&nbsp;€</span></div><a href="/artinfo.php?artnr=A1">Zubehör</a></div>`
    expect(near(tile)).toBeNull()
    // Nor does "nofollow" make an advert's link (rel="sponsored") a note.
    const advert = `<div class="flex"><div><span class="preis">35,00</span><span>&nbsp;€</span></div><a href="/artinfo.php?artnr=A1" rel="sponsored nofollow">Zubehör</a></div>`
    expect(near(advert)).toBeNull()
  })

  it('reads a price written loose before its tax and shipping note, whose link to the shipping costs is no tile', () => {
    const near = (box: string) => priceNearHeading(load(page(box)), 'de-AT', 'https://shop.example/shop/details.php?art=436598')
    const box = `<div id="pd_preis">€ 238.00 <span class="preis">inkl. Mwst zzgl. <a href="https://shop.other.example/page.php?pagename=Versandkosten">Versandkosten</a></span></div>`
    expect(near(box)).toMatchObject({ price: 238, currency: 'EUR' })
    // Words other than a note beside the amount make it no price.
    expect(near(`<div>€ 238.00 <span>pro Monat</span></div>`)).toBeNull()
  })

  it('reads a price inside the link that puts this product in the basket (it carries the page’s product id), never another product’s', () => {
    const near = (box: string) => priceNearHeading(load(page(box)), 'de-AT', 'https://shop.example/detail.php?art=i343436303631&ads=gh')
    const basket = (id: string) =>
      `<table><tr><td><a href="/add.php?ItemID=${id}&amp;return=${id}"><font>445,00</font><br><font>€ inkl. 20% USt./Stück<br>Einzelpreis</font></a></td></tr></table>`
    expect(near(basket('i343436303631'))).toMatchObject({ price: 445, currency: 'EUR' })
    expect(near(basket('i343436309999'))).toBeNull()
  })

  it('reads the price written loose beside a struck one alone in its element, never the struck one', () => {
    const near = (box: string) => priceNearHeading(load(page(box)), null, 'https://shop.example/p')
    expect(near(`<p class="price"><span class="old-price">₹ 399.00</span>&nbsp; ₹ 249.00 Incl. GST </p>`)).toEqual({
      price: 249,
      compareAtPrice: 399,
      currency: 'INR',
    })
  })

  it('reads an amount, its decimal mark and its cents each in an element of its own as one price', () => {
    const near = (box: string) => priceNearHeading(load(page(box)), null, 'https://shop.example/p')
    expect(
      near(`<div class="pricelabel"><div class="pricelabel__integer">319</div> <div class="pricelabel__separator">.</div>
        <div class="pricelabel__decimal">00</div> <div class="pricelabel__currency">€</div></div>`),
    ).toMatchObject({ price: 319 })
  })

  it('reads a bare amount with its currency sign in an element of its own beside it, after a former price labelled "de"', () => {
    const near = (box: string) => priceNearHeading(load(page(box)), 'pt-BR', 'https://shop.example/p')
    // Magalu: "de R$ 4.999,00", then "por <span>R$</span> <span>3.421,47</span> à vista (7% de desconto)".
    const box = `<div class="price-template"><div class="from">de R$ 4.999,00</div><div class="cash"><div>por <span class="bold">R$</span>
      <span class="text">3.421,47</span> <span class="bold">à vista</span> <span>(7% de desconto)</span></div></div>
      ou R$ 3.679,00 em 10x de R$ 367,90 sem juros</div>`
    expect(near(box)).toEqual({ price: 3421.47, compareAtPrice: 4999, currency: 'BRL' })
    // A bare number with no sign beside it stays no price (an item code, a count).
    expect(near(`<div><span class="code">Item</span> <span>3421</span></div>`)).toBeNull()
  })

  it('reads a class word’s short form for the original price as the former one ("prc-org", "origin-price")', () => {
    const near = (box: string, locale: string | null = null) => priceNearHeading(load(page(box)), locale, 'https://shop.example/p')
    expect(
      near(`<div class="pr-bx"><span class="prc-org">149,90 TL</span><span class="prc-slg">118 TL</span></div>`, 'tr-TR'),
    ).toMatchObject({
      price: 118,
      compareAtPrice: 149.9,
    })
    expect(near(`<div><span class="origin-price">$20.00</span> <span class="sale-price">$15.00</span></div>`)).toMatchObject({
      price: 15,
      compareAtPrice: 20,
    })
  })

  it('never takes a saving for the price or a named price’s own old class for the price, wherever the box is read', () => {
    const near = (box: string) => priceNearHeading(load(page(box)), null, 'https://shop.example/p')
    expect(
      near(`<div><span>Retail Price:</span> <span data-price-type="msrpPrice">$18.00</span></div>
        <div><span>You save</span> <span>$3.50</span></div><div><span>Our Price</span> <span data-price-type="finalPrice">$14.50</span></div>`),
    ).toMatchObject({ price: 14.5, compareAtPrice: 18 })
    // "Price:" names the box, not the struck price after it.
    const named = `<span class="label">Price:</span> <span class="old-price">$20.00</span> <span class="new-price">$15.00</span>`
    expect(near(named)).toMatchObject({ price: 15, compareAtPrice: 20 })
    expect(formerPriceBeside(load(page(named)), 15, null, 'https://shop.example/p')).toBe(20)
    // A co-payment beside a pharmacy's price is no sale price.
    expect(near(`<span>AVP</span> <span class="price">21,99 €</span> <span>Zuzahlung:</span> <span>5,00 €</span>`)).toMatchObject({
      price: 21.99,
    })
  })

  it('never reads a price a framework’s class hides as shown, nor pairs it with the price box’s struck price', () => {
    // Magento's hidden offer of the cheapest size inside the box of the size shown.
    const box = (hidden: string) =>
      page(`<span class="${hidden}">3,25 €</span><div class="final-price">33,43 €</div><div class="regular-price old-price">71,45 €</div>`)
    expect(isPriceShown(load(box('no-display')), 3.25, 'pt')).toBe(false)
    expect(formerPriceBeside(load(box('no-display')), 3.25, 'pt', 'https://shop.example/p')).toBeNull()
    // (Were it shown, it would be the price beside that struck one.)
    expect(isPriceShown(load(box('price')), 3.25, 'pt')).toBe(true)
    // Shown again at a width: it is shown.
    expect(isPriceShown(load(page(`<span class="hidden md:block">€3.25</span>`)), 3.25, null)).toBe(true)
    expect(isPriceShown(load(page(`<span class="d-none">€3.25</span>`)), 3.25, null)).toBe(false)
  })

  it('knows a saving written with its percentage, and a wish list’s "Save" beside the price as no label', () => {
    const withPercent = page(
      `<div class="pb"><del>$18.00</del><div class="savings">You save: <strong><span class="money">$3.50</span> (19%)</strong></div><span>$14.50</span></div>`,
    )
    expect(beside(withPercent, 18)).toEqual({ price: 14.5, compareAtPrice: 18 })
    const inList = page(
      `<ul><li><s>$18.00</s></li><li><span>Save</span><span><span class="money">$3.50</span><span>-19%</span></span></li><li><span>$14.50</span></li></ul>`,
    )
    expect(beside(inList, 18)).toEqual({ price: 14.5, compareAtPrice: 18 })
    const wish = page(
      `<div class="wish"><a href="#"><i></i></a><span>Save</span></div><div class="price">$15.00</div><div><span>Set of 2:</span> <span>$28.00</span></div>`,
    )
    expect(priceNearHeading(load(wish), null, 'https://shop.example/p')).toMatchObject({ price: 15 })
  })

  it('reads a former price labelled by a word loose before it, or by a word with a footnote’s mark raised after it', () => {
    const url = 'https://shop.example/p/shaver-10155616'
    const loose = page(`<div class="prd-amounts"><strong class="current">£199.00</strong><strong>Save £130.00</strong></div>
      <div class="prd-past-amounts">Was <span>£329.00</span> <small>(from 10/04/2019 to 30/04/2019)</small></div>`)
    expect(formerPriceBeside(load(loose), 199, 'en-GB', url)).toBe(329)
    const footnote = page(`<span itemprop="price" content="132.90">&euro; 132,<sup>90*</sup></span>
      <div class="hint">Zum regulären Preis bestellen</div><span class="strikedPrice">statt<sup>4</sup> &euro; 134,<sup>90*</sup></span>`)
    expect(formerPriceBeside(load(footnote), 132.9, 'de-DE', url)).toBe(134.9)
  })

  it('never takes the price paid in instalments for a former price, whatever its class or the discount beside it says', () => {
    const url = 'https://shop.example/p/notebook-393218'
    // KaBuM!'s box: the price paid at once with "up to 10% off", then the card price split into ten.
    const card = (total: string, part: string) =>
      page(`<div class="pix"><h4 class="finalPrice">R$&nbsp;2.799,99</h4><span>À vista no PIX com até <b>10% OFF</b></span></div>
      <div class="card"><b class="regularPrice">R$&nbsp;${total}</b><span class="cardParcels">Em até 10x de <b>R$&nbsp;${part}</b> sem juros no cartão</span></div>`)
    expect(formerPriceBeside(load(card('3.111,10', '311,11')), 2799.99, 'pt-BR', url)).toBeNull()
    // A regular price the box does not split is still the former one.
    const sale = page(`<div class="pix"><h4 class="finalPrice">R$&nbsp;2.799,99</h4><span>com até <b>10% OFF</b></span></div>
      <div class="card"><b class="regularPrice">R$&nbsp;3.111,10</b></div>`)
    expect(formerPriceBeside(load(sale), 2799.99, 'pt-BR', url)).toBe(3111.1)
  })

  it('keeps a price named "Price:" whose own class says regular as the price', () => {
    const html = page(
      `<span class="label">Price:</span> <span class="regular-price">$20.00</span> <small>+</small> <span>$4.99</span> <small>shipping</small>`,
    )
    expect(beside(html, 20)).toBeNull()
    expect(priceNearHeading(load(html), null, 'https://shop.example/p')).toMatchObject({ price: 20, compareAtPrice: null })
  })

  it('reads a price classed "list" as the list price, and a list around the price as no mark', () => {
    const near = (box: string) => priceNearHeading(load(page(box)), null, 'https://shop.example/p')
    expect(
      near(`<ul><li class="list"><span>&#036;79.99</span></li><li class="retail fl"><span>&#036;74.99</span></li></ul>`),
    ).toMatchObject({
      price: 74.99,
      compareAtPrice: 79.99,
    })
    expect(near(`<ul class="price-list"><li><span>$74.99</span></li></ul>`)).toMatchObject({ price: 74.99, compareAtPrice: null })
    // Bootstrap's "list-inline-item" on the price itself is a list's item, not a list price.
    expect(near(`<span class="list-inline-item price">$79.99</span><span class="text-muted">$99.99</span>`)).toMatchObject({ price: 79.99 })
    expect(near(`<ul><li class="list-inline-item"><s>$99.99</s></li><li class="list-inline-item">$79.99</li></ul>`)).toMatchObject({
      price: 79.99,
      compareAtPrice: 99.99,
    })
  })

  it('reads a price shown at some width as shown, and one shown only on hover or in print as hidden', () => {
    const shown = (cls: string) => isPriceShown(load(page(`<span class="${cls}">$15.00</span>`)), 15, null)
    for (const cls of ['hidden md:table-cell', 'hidden lg:!block', 'hidden min-[640px]:inline', 'hidden @md:flex', 'd-none d-lg-flex'])
      expect(shown(cls), cls).toBe(true)
    for (const cls of ['hidden group-hover:block', 'hidden print:block', 'no-display']) expect(shown(cls), cls).toBe(false)
  })

  it('reads a sale beside a wish list’s "Save" button', () => {
    const html = page(
      `<div class="actions"><button>Save</button></div><div class="prices"><span><s>$20.00</s></span><span><b>$15.00</b></span></div>`,
    )
    expect(beside(html, 20)).toEqual({ price: 15, compareAtPrice: 20 })
  })

  it('never takes a saving for the price a sale shows beside a struck price', () => {
    const html = page(
      `<div class="price-box"><del>$18.00</del> <p><span class="label">You save</span> <span class="amount">$3.50</span></p></div>`,
    )
    expect(beside(html, 18)).toBeNull()
  })
})

describe('former prices as shops name them', () => {
  const former = (box: string, price: number, locale: string | null = null) =>
    formerPriceBeside(load(page(box)), price, locale, 'https://shop.example/p')

  it("reads Salesforce Commerce Cloud's standard price and a Nordic 'før' price as the former price", () => {
    expect(
      former(`<div class="product-price"><span class="price-standard">£60.00</span> <span class="price-sales">£42.00</span></div>`, 42),
    ).toBe(60)
    expect(former(`<div class="salesprice">£42.00</div><div class="standardprice">£60.00</div>`, 42)).toBe(60)
    expect(former(`<p class="now">2 995 kr</p><p><span>Før:</span> <span>5 495 kr</span></p>`, 2995, 'nb')).toBe(5495)
  })

  it('never reads a former price from another product’s card that shows the same price', () => {
    const cards = `<ul class="recs">${[
      ['441032', '$169.00', '$189.00'],
      ['438362', '$99.00', '$99.00'],
    ]
      .map(
        ([sku, now, was]) =>
          `<li><a href="/blazer/${sku}"><img src="/img/${sku}.jpg"><div class="name">Blazer ${sku}</div></a><form></form><div class="rfk_price"><span class="final-price">${now}</span><span class="original-price">${was}</span></div></li>`,
      )
      .join('')}</ul>`
    const html = page(`<strong class="price"><span itemprop="price">$169</span></strong>`, cards)
    expect(formerPriceBeside(load(html), 169, 'en', 'https://shop.example/p')).toBeNull()
  })

  it('reads a price the page’s own style sheet strikes through, and a class that names the list price', () => {
    const sheet = `<style>.product__prices .product__prices_small{color:#999;text-decoration:line-through}.x:hover{text-decoration:line-through}</style>`
    const box = `<div class="product__prices"><div class="product__prices_small">63 499 грн</div><div class="product__prices_big">50 899 грн</div></div>`
    expect(former(sheet + box, 50899, 'uk')).toBe(63499)
    expect(former(box, 50899, 'uk')).toBeNull()
    expect(
      former(`<div><span class="src__ListPrice-sc-1jnodg3-2">R$ 699,00</span><div class="priceSales">R$ 677,00</div></div>`, 677, 'pt'),
    ).toBe(699)
    expect(former(`<ul class="price-list"><li>R$ 699,00</li><li>R$ 677,00</li></ul>`, 677, 'pt')).toBeNull()
  })

  it('reads a struck amount and the price in one element as two prices; a sign written twice is one', () => {
    expect(former(`<div class="price-promo"><del>41 399</del><div>35 999&nbsp;грн</div></div>`, 35999, 'uk')).toBe(41399)
    expect(
      former(
        `<div><div class="old"><span class="sum">2 424 ₴</span></div><div><span class="sum"> 2 379 ₴ <span class="currency">₴</span></span></div></div>`,
        2379,
        'uk',
      ),
    ).toBe(2424)
  })

  it('never takes a related product’s struck price (beside its own lower price) for this one’s, nor a hidden empty "RRP:" row', () => {
    const html = `<html><body><main><div><h1>Grande Persian Chess Set</h1>
      <div class="row RetailPrice" style="display: none"><div>RRP:</div><div></div></div>
      <div itemprop="offers"><div><div>Price:</div><div><span>$729.95</span></div></div></div>
      <div class="related"><div><span><a href="/classic-set/">Classic Set</a></span>
        <span class="ProductPrice"><strike>$949.00</strike> <span>$839.00</span></span></div></div></div></main></body></html>`
    expect(beside(html, 729.95)).toBeNull()
    expect(formerPriceBeside(load(html), 729.95, 'en', 'https://shop.example/grande-set/')).toBeNull()
  })
})

describe('the price box of a page with no structured price', () => {
  const near = (html: string) => priceNearHeading(load(html), null, 'https://shop.example/p/espresso-4711')

  it('reads the price under the heading, with the struck former price beside it', () => {
    const html = page(`<s class="was">49 890 ₸</s><br><div><span class="now">44 890 ₸</span><div>+ 448 bonus points</div></div>`)
    expect(near(html)).toEqual({ price: 44890, compareAtPrice: 49890, currency: 'KZT' })
  })

  it('reads "$64.95" then "Now $52.00" as the former price and the price (a stylesheet draws the line), never a "now" in another currency', () => {
    const html = page(
      `<h5 class="product-price--markdown">$64.95</h5><h5 class="product-price">Now $52.00 <div class="reviews"><span>☆☆☆☆☆</span></div></h5>`,
    )
    expect(near(html)).toEqual({ price: 52, compareAtPrice: 64.95, currency: 'USD' })
    expect(near(page(`<p class="a">$64.95</p><p class="b">Now €52.00</p>`))?.price).toBe(64.95)
    // A "now" row the template hides says nothing.
    expect(near(page(`<p class="a">$64.95</p><p class="b" style="display:none">Now $52.00</p>`))?.price).toBe(64.95)
  })

  it('never runs two prices of one button together ("<span>119</span>99 ₽": the first struck by a style sheet), nor splits a price written in parts', () => {
    expect(near(page(`<p class="price-button"><span>119</span>99&nbsp;₽</p>`))?.price).toBe(99)
    expect(
      near(page(`<p class="price"><span class="whole">19<span class="mark">.</span></span><span class="fraction">99</span> €</p>`))?.price,
    ).toBe(19.99)
  })

  it('reads a price written after its name ("Price: $165.95") beside an add-to-cart block that links elsewhere', () => {
    const html = page(
      `<div class="cart"><div class="pricing"><p class="price main">Price: $165.95</p></div><div><a href="/credit-card">Save 3%</a></div></div>`,
    )
    expect(near(html)).toEqual({ price: 165.95, compareAtPrice: null, currency: 'USD' })
    // "Price drop $5" is a sentence, not a price.
    expect(near(page(`<p>Price drop $5</p>`))).toBeNull()
  })

  it('reads Brazil’s "de R$ 2.706,38" as the former price and "por R$ 2.463,73" as the price', () => {
    const html = page(`<div class="line-through">de R$ <!-- -->2.706,38</div><div class="big">por R$ 2.463,73</div>`)
    expect(priceNearHeading(load(html), 'pt-BR', 'https://shop.example/p/espresso-4711')).toEqual({
      price: 2463.73,
      compareAtPrice: 2706.38,
      currency: 'BRL',
    })
  })

  it('reads a price written in a container of five parts (code, space, units, mark, cents: VTEX)', () => {
    const parts = (units: string, cents: string) =>
      `<span class="container"><span class="code">R$</span><span class="literal"> </span><span class="integer">${units}</span><span class="decimal">,</span><span class="fraction">${cents}</span></span>`
    const html = page(
      `<span class="listPrice">De: <span class="listPriceValue strike">${parts('89', '99')}</span></span><span class="sellingPrice">${parts('62', '99')}</span>`,
    )
    expect(priceNearHeading(load(html), 'pt-BR', 'https://shop.example/p/espresso-4711')).toEqual({
      price: 62.99,
      compareAtPrice: 89.99,
      currency: 'BRL',
    })
  })

  it('takes a price classed "old" as the price when nothing stands beside it (a former price is never shown alone)', () => {
    expect(near(page(`<span class="price-old-live">100.00€</span> <span>Without VAT: 81.97€</span>`))).toEqual({
      price: 100,
      compareAtPrice: null,
      currency: 'EUR',
    })
  })

  it('never reads an item code in the heading, a hidden price, a price before the heading or a tile’s price', () => {
    const codeInHeading = `<html><body><main><h1><span>Phone A01</span> <span>Code: 01245</span></h1><p>Delivery free</p></main></body></html>`
    expect(near(codeInHeading)).toBeNull()
    const hidden = page(`<span style="display:none">€19.00</span><span hidden>€18.00</span>`)
    expect(near(hidden)).toBeNull()
    const before = `<html><body><main><div><span class="price">€12.00</span></div><h1>Espresso machine 4711</h1><p>Ask us</p></main></body></html>`
    expect(near(before)).toBeNull()
    const tiles = page('', `<ul><li><a href="/p/grinder-12">Grinder 12</a><span class="price">€89.00</span></li></ul>`)
    expect(near(tiles)).toBeNull()
  })

  it('takes the price with tax where the box shows it beside the price before tax', () => {
    const b2b = page(`<div><span>bez DPH</span><span>4386,00 €</span></div><div><span>s DPH</span><span>5263,20 €</span></div>`)
    expect(near(b2b)).toEqual({ price: 5263.2, compareAtPrice: null, currency: 'EUR' })
    // The label as text beside the price in its parent: the other price is the price, not a former one.
    const inText = page(`<span class="price-old-live">100.00€</span><ul><li>Brez DDV: <span>81.97€</span></li></ul>`)
    expect(near(inText)).toEqual({ price: 100, compareAtPrice: null, currency: 'EUR' })
    // A price before tax that stands alone is still the price the page shows.
    expect(near(page(`<span>bez DPH</span><span>4386,00 €</span>`))).toEqual({ price: 4386, compareAtPrice: null, currency: 'EUR' })
  })

  it('reads the price under the product’s heading, not under a logo’s heading before it', () => {
    const html = `<html><head><title>Espresso machine 4711 | Shop</title></head><body>
      <header><h1><a href="/"><img src="/logo.svg" alt=""></a></h1><div class="basket"><span>€12.50</span></div></header>
      <main><article><div class="summary"><h1>Espresso machine 4711</h1><div class="price-wrap"><span>€219.00</span></div></div></article></main></body></html>`
    expect(near(html)).toEqual({ price: 219, compareAtPrice: null, currency: 'EUR' })
  })

  it('never reads one instalment as the price', () => {
    expect(near(page(`<table><tr><td>3期</td><td>每期<span>$<span>806</span></span></td></tr></table>`))).toBeNull()
    expect(near(page(`<p>12 x <span>€9.90</span></p><div><span>€118.80</span></div>`))).toEqual({
      price: 118.8,
      compareAtPrice: null,
      currency: 'EUR',
    })
  })

  it('needs a currency: a bare number is a count or a code, not a price', () => {
    expect(near(page(`<span class="stock">12</span>`))).toBeNull()
  })
})

describe('the former price beside a structured price', () => {
  const former = (html: string, price: number) => formerPriceBeside(load(html), price, 'pt', 'https://shop.example/p/espresso-4711')

  it('is the struck, higher price in the price’s own box', () => {
    expect(
      former(page(`<span>Desconto: 10%</span><span class="special-price">71,91 €</span><span class="old-price">79,90 €</span>`), 71.91),
    ).toBe(79.9)
  })

  it('is never struck beside the same amount in another product’s card (mixxmix’s related skirt at the same $43.80)', () => {
    const card = (href: string, price: string) =>
      `<li><div class="item"><div class="thumb"><a href="${href}"><img src="/i.jpg"></a></div><div class="detail"><div class="name"><a>HEART CLUB<br>Skirt</a></div><div class="price">${price}</div>` +
      `<div class="option"><select><option>S</option><option>M</option><option>L</option></select></div></div></div></li>`
    const html = `<html><body><main><div><div><div><div class="info"><h1>Heart Button Knit Cardigan</h1>
      <table><tr><td><span><strong>$43.80</strong></span></td></tr></table></div></div></div></div>
      <section><div><div><ul class="related">${card('/product/skirt/39972/', '<div>$43.80</div>')}${card('/product/skort/39559/', '<div class="strike">$61.60</div>')}</ul></div></div></section>
      </main></body></html>`
    expect(formerPriceBeside(load(html), 43.8, null, 'https://shop.example/product/cardigan/40172/')).toBeNull()
  })

  it('is never an item code: not a class that says "org" without a price ("schema-org"), nor a number twenty times the price', () => {
    const microdata = (cls: string) =>
      page(
        `<div class="${cls}"><div itemscope itemtype="https://schema.org/Product"><span itemprop="productID">9021109</span>` +
          `<span itemprop="name">Clear water bottle</span><span itemprop="offers" itemscope itemtype="https://schema.org/Offer">` +
          `<meta itemprop="priceCurrency" content="GBP"><span itemprop="price">10.19</span></span></div></div>`,
      )
    expect(former(microdata('schema-org'), 10.19)).toBeNull()
    expect(
      former(page(`<div class="pb"><span class="member-org">€ 14,99</span> <span class="price">€ 10,19</span></div>`), 10.19),
    ).toBeNull()
    // Short for "original price" beside a word for price, it still strikes.
    expect(former(page(`<span class="prc-org">€ 42,99</span> <span class="prc-now">€ 29,99</span>`), 29.99)).toBe(42.99)
    expect(former(page(`<span class="orgPrice">€ 42,99</span> <span class="price">€ 29,99</span>`), 29.99)).toBe(42.99)
    // Struck, but 885,000 times the price: no price this one was reduced from.
    expect(former(page(`<span class="old-price">9021109</span> <span class="price">€ 10,19</span>`), 10.19)).toBeNull()
    expect(former(page(`<span class="old-price">€ 199,00</span> <span class="price">€ 10,19</span>`), 10.19)).toBe(199)
  })

  it('is never the price itself for a font weight\'s class ("weight-regular" is how it is drawn, not a regular price)', () => {
    const box =
      `<div id="price-container"><span class="nds-text color-primary display-inline weight-regular">£76.99</span>` +
      `<span class="nds-text color-secondary display-inline weight-regular strikethrough">£109.99</span><span>30% off</span></div>`
    expect(formerPriceBeside(load(page(box)), 76.99, 'en-GB', 'https://shop.example/t/air-force-1')).toBe(109.99)
  })

  it('is a higher price the box writes a discount to this one from, struck only by a style sheet', () => {
    const inEnglish = (html: string) => formerPriceBeside(load(html), 12999, 'en', 'https://shop.example/p/espresso-4711')
    const box = (former: string, percent: string) =>
      page(
        `<div class="pb"><div class="a1">₹12,999</div><div class="b2">${former}</div><div class="c3"><span>${percent}</span></div></div>`,
      )
    expect(inEnglish(box('₹31,000', '58% off'))).toBe(31000)
    // A discount that does not lead from that price to this one says nothing about it.
    expect(inEnglish(box('₹31,000', '20% off'))).toBeNull()
    expect(inEnglish(box('₹31,000', 'Free delivery'))).toBeNull()
    // Nor does one among other products' prices and discounts.
    const crowded = `<div class="pb"><span>₹12,999</span><div><span>₹31,000</span><span>-58%</span></div><div><span>₹999</span><span>₹1,999</span></div></div>`
    expect(inEnglish(page(crowded))).toBeNull()
    // Each price written again for screen readers is still the box's own two prices and its discount.
    const spoken = `<div class="pb"><span>-58%</span><p><span aria-hidden="true">₹31,000</span><span class="sr">₹31,000.00</span></p>
      <div><span aria-hidden="true">₹12,999</span></div><span class="sr">₹12,999.00</span></div>`
    expect(inEnglish(page(spoken))).toBe(31000)
  })

  it('knows a wrapper whose whole text is a struck price as struck', () => {
    expect(former(page(`<div><s>€ 1.899,00</s></div><span>€ 1.599,00</span>`), 1599)).toBe(1899)
    expect(former(page(`<div class="was"><span><del>€ 1.899,00</del></span></div><span>€ 1.599,00</span>`), 1599)).toBe(1899)
    // A wrapper with more in it than the struck price is not itself struck.
    expect(former(page(`<div><s>€ 1.899,00</s> <span>€ 1.999,00</span></div><span>€ 1.599,00</span>`), 1599)).toBe(1899)
  })

  it('is never a price inside a link to another product, however deep in it', () => {
    const tile = `<a href="/p/espresso-5000"><div class="tile"><img src="/img/5000.jpg"><p>Espresso machine 5000</p>
      <div class="prices"><del>2.499,00 €</del> <span>1.299,00 €</span></div></div></a>`
    expect(former(page(`<span>1.599,00 €</span>${tile}`), 1599)).toBeNull()
    // The product's own former price beside such a tile is still read.
    expect(former(page(`<span>1.599,00 €</span>${tile}<del>1.899,00 €</del>`), 1599)).toBe(1899)
    // A link to the page itself (a colour of this product) is no other product.
    const swatch = `<a href="?colour=black"><div class="swatch"><span>Black</span> <div><del>1.899,00 €</del></div></div></a>`
    expect(former(page(`<span>1.599,00 €</span>${swatch}`), 1599)).toBe(1899)
  })

  it('reads cents written raised and a former-price label inside the price’s own element', () => {
    // eMAG writes "83<sup>30</sup> Lei": 83.30, not 8330.
    const ro = (html: string, price: number) => formerPriceBeside(load(html), price, 'ro', 'https://shop.example/p/espresso-4711')
    expect(ro(page(`<p><s>83<sup>30</sup> <span>Lei</span></s></p><p>63<sup>07</sup> <span>Lei</span></p>`), 63.07)).toBe(83.3)
    // Fnac writes "299<sup>€99</sup>": the sign is raised with the cents.
    const fr = (html: string, price: number) => formerPriceBeside(load(html), price, 'fr', 'https://shop.example/p/espresso-4711')
    expect(fr(page(`<p><del>349<sup>€99</sup></del></p><p>299<sup>€99</sup></p>`), 299.99)).toBe(349.99)
    expect(isPriceShown(load(page(`<p>1 303<sup>$30</sup></p>`)), 1303.3, 'en-US')).toBe(true)
    // JUMBO writes "<span><span>statt</span> 4.50</span>": the label says it is the former price.
    const de = (html: string, price: number) => formerPriceBeside(load(html), price, 'de-CH', 'https://shop.example/p/espresso-4711')
    expect(de(page(`<div><span>-50%</span><span><span>statt</span> 4.50</span><span>CHF 2.25</span></div>`), 2.25)).toBe(4.5)
    // A label after the price is no label of it.
    expect(de(page(`<div><span>4.50 <span>statt</span></span><span>CHF 2.25</span></div>`), 2.25)).toBeNull()
    // "Bisheriger Preis:" (previous price) before it, in its own element.
    expect(de(page(`<div><span>649,00 €</span><p><span>Bisheriger Preis:</span> <span>799,00 €</span></p></div>`), 649)).toBe(799)
  })

  it('reads a price written loose beside the struck one in the product’s price box, and only there', () => {
    const inr = (html: string) => formerPriceBeside(load(html), 99, 'en-IN', 'https://shop.example/products/cookie-case')
    expect(inr(page(`<p class="price"><span class="old-price">₹ 149.00</span>&nbsp; ₹ 99.00 Incl. GST</p>`))).toBe(149)
    // A struck price lower than the loose one is not its former price.
    expect(inr(page(`<p class="price"><del>₹ 79.00</del> ₹ 99.00</p>`))).toBeNull()
    // The product's own box has no struck price: nothing further down the page is its former price.
    const own = `<p class="price"><span>Price</span> ₹ 99.00</p>`
    const later = [
      // a tile whose link sits two levels from its price
      `<ul><li><div class="info"><h3><a href="/products/mat">Mat</a></h3><div class="w"><div class="price">₹ 99.00 <s>₹ 499.00</s></div></div></div></li></ul>`,
      // a swatch of this page, a "bought together" item with no link, a card linked by script
      `<a href="?variant=2"><div class="sw"><p>₹ 99.00 <s>₹ 299.00</s></p></div></a>`,
      `<div class="fbt"><div class="item"><p>₹ 99.00 <s>₹ 199.00</s></p></div></div>`,
      `<div data-href="/products/mat"><p>₹ 99.00 <s>₹ 499.00</s></p></div>`,
    ]
    for (const html of later) expect(inr(page(own + html)), html).toBeNull()
    // The product's box before its heading still decides, before a same-priced item further down.
    const before = `<html><body><main><div class="product"><p class="price"><s>₹ 149.00</s> ₹ 99.00</p><h1>Espresso machine 4711</h1>
      <div class="fbt"><div class="item"><p>₹ 99.00 <s>₹ 199.00</s></p></div></div></div></main></body></html>`
    expect(inr(before)).toBe(149)
    // A box that writes the price with words stops the search: a card further down is not read.
    const card = `<ul><li><div class="card"><div class="img"><a href="/products/mat"><img src="/m.jpg"></a></div><div class="body"><div class="prices"><p>₹ 99.00 <s>₹ 499.00</s></p></div></div></div></li></ul>`
    expect(inr(page(`<div>Price ₹ 99.00</div>${card}`))).toBeNull()
    // A struck price in another currency is no former price of this one.
    expect(inr(page(`<p class="price">₹ 99.00 <s>US$ 149</s></p>`))).toBeNull()
    // A price per month beside a struck price is an instalment.
    expect(inr(page(`<p class="price">₹ 99.00<span>/month</span> <del>₹ 149.00</del></p>`))).toBeNull()
  })

  it('looks at the first loose price after the heading only, on a page of thousands of rows', () => {
    // Each row writes the price loose beside a button; the product's box decides, and no row is walked for tiles.
    const rows = Array.from({ length: 5_000 }, () => `<li>₹ 99.00 <button>Add to basket</button></li>`).join('')
    expect(
      formerPriceBeside(load(page(`<p><span>Price</span> ₹ 99.00</p><ul>${rows}</ul>`)), 99, 'en-IN', 'https://shop.example/p/1'),
    ).toBeNull()
  })

  it('reads cents in an element of their own that says so, and never a price per piece beside a price per pack', () => {
    const near = (box: string) => priceNearHeading(load(page(box)), 'en-GB', 'https://shop.example/p')
    expect(
      near(
        `<span class="productPrice"><span>£</span><span class="productPriceInteger">37</span><span class="productPriceDecimal">99</span></span>`,
      ),
    ).toMatchObject({ price: 37.99 })
    expect(
      near(
        `<span class="productPrice"><span>£</span><span class="productPriceInteger">1999</span><span class="productPriceDecimal">99</span></span>`,
      ),
    ).toMatchObject({ price: 1999.99 })
    // A price per unit sold beside the price of each piece in it: the unit is what the shopper buys.
    expect(near(`<div class="pricing"><p class="pricePerUnit">£3.50/unit</p><p class="pricePerMeasure">£0.70/ea</p></div>`)).toMatchObject({
      price: 3.5,
    })
    expect(near(`<div class="pricing"><p class="pricePerUnit">£1.50/unit</p><p class="pricePerMeasure">£1.50/ea</p></div>`)).toMatchObject({
      price: 1.5,
    })
    // A footnote's mark after the cents is not part of the price ("79.99* €").
    expect(
      priceNearHeading(
        load(page(`<strong class="price">79<span>.</span><sup>99<span>*</span></sup><span> €</span></strong>`)),
        'fr-FR',
        'https://shop.example/p',
      ),
    ).toMatchObject({ price: 79.99 })
  })

  it('reads a struck price past the words written inside it for screen readers, and a price per item', () => {
    const idr = formerPriceBeside(
      load(page(`<p><del><span class="sr">harga sebelum diskon</span>Rp15.999.000</del></p><p>Rp13.299.000</p>`)),
      13_299_000,
      'id',
      'https://shop.example/p/tv',
    )
    expect(idr).toBe(15_999_000)
    const usd = formerPriceBeside(
      load(page(`<div><span>US $249.99/ea</span></div><div><span>Was</span> <span class="strikethrough">US $279.99</span></div>`)),
      249.99,
      'en-US',
      'https://shop.example/itm/1',
    )
    expect(usd).toBe(279.99)
    // A label in a struck price with its cents raised: both read ("pret vechi 83<sup>30</sup> Lei").
    const ro = formerPriceBeside(
      load(page(`<p><del><span class="sr">pret vechi</span>83<sup>30</sup> Lei</del></p><p>63<sup>07</sup> Lei</p>`)),
      63.07,
      'ro',
      'https://shop.example/p/1',
    )
    expect(ro).toBe(83.3)
    // Words after the amount say what it is: a struck price per month is no former price.
    expect(
      formerPriceBeside(
        load(page(`<del>$59.00<span> per month</span></del> <span>$20.00</span>`)),
        20,
        'en-US',
        'https://shop.example/p/1',
      ),
    ).toBeNull()
    // A price per unit of a case is a unit price.
    expect(isPriceShown(load(page(`<span>$2.08/unit</span><span>$49.92 per case</span>`)), 2.08, 'en-US')).toBe(false)
    // A price per kilo is a unit price, not the price.
    expect(formerPriceBeside(load(page(`<span>$4.99/kg</span> <del>$5.99</del>`)), 4.99, 'en-US', 'https://shop.example/p/1')).toBeNull()
  })

  it('is nothing when the price is not shown, shown only struck, or stands alone', () => {
    expect(former(page(`<span class="special-price">71,91 €</span>`), 71.91)).toBeNull()
    expect(former(page(`<span class="old-price">79,90 €</span>`), 71.91)).toBeNull()
    const tile = page(`<span>71,91 €</span>`, `<ul><li><a href="/p/other">Other</a><del>99,00 €</del></li></ul>`)
    expect(former(tile, 71.91)).toBeNull()
  })
})

describe('what a price box says beside its price', () => {
  const former = (html: string, price: number) => formerPriceBeside(load(html), price, 'en', 'https://shop.example/p/espresso-4711')

  it('knows a former price by its label ("MRP", "UVP") or by a class word for struck in the shop’s language ("barred")', () => {
    expect(former(page(`<div>₹2,640</div><div><span>MRP</span><span class="cp">₹7,999</span><span>(67% off)</span></div>`), 2640)).toBe(
      7999,
    )
    expect(former(page(`<strong>€ 17,10</strong><div><span class="barred"> € 18,00 </span><span>-5%</span></div>`), 17.1)).toBe(18)
    expect(former(page(`<div>₹2,640</div><div><span>Delivery</span><span>₹7,999</span></div>`), 2640)).toBeNull()
  })

  it('reads "was" and "now" written inside the prices’ own elements', () => {
    expect(former(page(`<span class="a">was&nbsp;$160.00</span><span class="b">now&nbsp;$80.00</span>`), 80)).toBe(160)
    // A word that only starts like a label is not one.
    expect(former(page(`<span>washer $160.00</span><span>now $80.00</span>`), 80)).toBeNull()
  })

  it('reads a former price written with its label and a tax note around it in one element ("MRP Rs. 399 (Inclusive of all taxes)")', () => {
    const box = (note: string) =>
      page(
        `<div class="box"><div class="cut"><div>MRP</div> Rs. 399 <div>${note}</div></div><span class="final">Rs. <span>156</span></span></div>`,
      )
    expect(former(box('(Inclusive of all taxes)'), 156)).toBe(399)
    expect(former(box('incl. VAT'), 156)).toBe(399)
    // Romania's listed price ("PLP:"), its cents raised after the mark already written.
    const ro = page(
      `<div><span class="a"><div><div>PLP:</div><div class="p"><span>1.099,<sup>99</sup> lei</span></div></div></span> <span class="special"><span>549,<sup>99</sup> lei</span></span></div>`,
    )
    expect(formerPriceBeside(load(ro), 549.99, 'ro', 'https://shop.example/p/espresso-4711')).toBe(1099.99)
    // A typeface class ("font-regular") says how a price is drawn, not that it is the regular price.
    const buttons = page(
      `<div><div class="text-xl font-bold">913</div> <span>kr</span></div><button><span>Köp ny</span><span class="text-xs font-regular">1046 kr</span></button>`,
    )
    expect(former(buttons, 913)).toBeNull()
    expect(former(buttons.replace('font-regular', 'line-through'), 913)).toBe(1046)
    // Other words after the amount keep it from being a price of its own.
    expect(former(box('(delivery extra)'), 156)).toBeNull()
  })

  it('reads the currency the page writes with the structured price', () => {
    expect(currencyShownWith(load(page(`<strong>€ <span>17,10</span></strong>`)), 17.1, 'it')).toBe('EUR')
    expect(currencyShownWith(load(page(`<strong>17,10</strong>`)), 17.1, 'it')).toBeNull()
  })
})

describe('a size beside a price', () => {
  it('is no currency: "XXL $25.00" on a size button is not a price', () => {
    const html = page(`<button>XXL $25.00</button><span>$20.00</span> <del>$30.00</del>`)
    expect(priceNearHeading(load(html), 'en-US', 'https://shop.example/p/1')).toMatchObject({ price: 20, compareAtPrice: 30 })
  })
})

describe('a price the page shows', () => {
  it('is not one written only as an approximation of another currency’s', () => {
    const html = page(
      `<div><span>EUR 3,500.00</span></div><div><span class="label"><span>Approximately</span></span><span class="p"><span>US $3,971.45</span></span></div>`,
    )
    expect(isPriceShown(load(html), 3971.45, 'en-US')).toBe(false)
    expect(isPriceShown(load(html), 3500, 'en-US')).toBe(true)
  })
})

describe('the current bid of an auction’s lot', () => {
  const LOT = 'https://auctions.example/item/brass-lantern-12'
  const bid = (html: string, locale: string | null = 'en') => currentBid(load(html), locale, LOT)
  /** A lot's page: its starting price in the details, its bidding box, and an optional row of other lots. */
  const lot = (box: string, related = '') => `<html><body><main>
    <h1>Lot 12: Brass ship’s lantern</h1>
    <div class="details"><span>Starting Price</span> <span>$150</span></div>
    ${box}
    ${related}
  </main></body></html>`
  const RELATED = `<section class="related"><h2>Related lots</h2>
    <a href="/item/other"><img src="/img/compass.jpg"><span>Brass compass</span><div><span>$550</span> <span>2 bids</span></div></a>
  </section>`

  it('is the price shown beside the count of bids, not the starting price', () => {
    expect(bid(lot(`<div class="bidding"><div><span>$200</span> <span>2 bids</span></div><button>Place bid</button></div>`))).toBe(200)
    // The count as the element after the price's own wrapper.
    expect(bid(lot(`<div class="bidding"><div><strong>$200</strong></div> <div><span>2 bids</span></div></div>`))).toBe(200)
  })

  it('reads a count of bids in the lot’s language ("3 Gebote")', () => {
    expect(bid(lot(`<div class="gebot"><span>200,00 €</span> <span>3 Gebote</span></div>`), 'de')).toBe(200)
  })

  it('is nothing when no one has bid ("0 bids") or the page shows no count', () => {
    expect(bid(lot(`<div class="bidding"><span>$150</span> <span>0 bids</span></div>`))).toBeNull()
    expect(bid(lot(`<div class="bidding"><span>$150</span> <span>Bids</span></div>`))).toBeNull()
  })

  it('is never another lot’s price from a related-lots tile, before or after the lot’s own box', () => {
    expect(bid(lot('', RELATED))).toBeNull()
    expect(bid(lot(`<div class="bidding"><span>$200</span> <span>2 bids</span></div>`, RELATED))).toBe(200)
    expect(bid(lot(`${RELATED}<div class="bidding"><span>$200</span> <span>2 bids</span></div>`))).toBe(200)
  })

  it('is never a hidden price', () => {
    expect(bid(lot(`<div class="bidding"><span style="display:none">$200</span> <span>2 bids</span></div>`))).toBeNull()
  })
})

describe('prices written the Japanese way', () => {
  it('reads a sale price whose element ends in its tax note ("2,800円 (税込)") beside the struck structured price', () => {
    const html = page(`<label>中古 <span class="price-old">3,750円</span> <span class="price-buy">2,800円 (税込)</span></label>`)
    expect(beside(html, 3750, 'ja')).toEqual({ price: 2800, compareAtPrice: 3750 })
    expect(priceNearHeading(load(html), 'ja', 'https://shop.jp/p/1')).toEqual({ price: 2800, compareAtPrice: 3750, currency: 'JPY' })
  })

  it('never takes "$30.00 off" for a price', () => {
    expect(
      priceNearHeading(
        load(page(`<span class="save">$30.00 off</span> <span class="price">$129.00</span>`)),
        'en',
        'https://shop.example/p/1',
      ),
    ).toEqual({
      price: 129,
      compareAtPrice: null,
      currency: 'USD',
    })
  })
})

describe('a members’ price beside the price everyone pays', () => {
  const PAGE = 'https://shop.example/p/drill-2385458'
  const box = (members: string) =>
    page(`<div class="price-title">Regular Price</div><div><div class="price">$159.00</div></div>
      <div class="rewards">${members}<div class="offer"><span class="amt">$30.00 off</span> Rewards Exclusive</div><div class="offer-price"><strong>$129.00</strong></div></div>`)

  it('is the price everyone pays when the structured price is shown only in a box that asks to sign in or join', () => {
    expect(everyonesPrice(load(box('<a href="/login">Sign In / Join</a>')), 129, 'en', PAGE)).toBe(159)
  })

  it('leaves a structured price that the page shows to everyone', () => {
    const sale = page(`<span class="price-title">Regular Price</span> <s class="price">$159.00</s> <span class="sale">$129.00</span>`)
    expect(everyonesPrice(load(sale), 129, 'en', PAGE)).toBeNull()
    expect(everyonesPrice(load(box('<a href="/help">Help</a>').replace('Rewards Exclusive', 'Today only')), 129, 'en', PAGE)).toBeNull()
  })
})

describe('Brazil’s price boxes: "de … por …", a price paid at once, a discount for paying one way', () => {
  const url = 'https://shop.example/p'
  it('reads "De R$ 2.169,00 por" as the former price of "R$ 1.849,00 no boleto", past a bar that shows the price alone', () => {
    const bar = `<div class="sticky-bar"><div><div><div><span>R$ 1.849,00</span></div></div></div></div>`
    const box = `<div class="buy"><div class="from"><span> De R$ 2.169,00 por</span></div>
      <div class="for"><span class="cifrao">R$</span> <span class="valor">1.849,00 <span>no boleto</span></span></div></div>`
    expect(formerPriceBeside(load(page(box)), 1849, 'pt-BR', url)).toBe(2169)
    expect(formerPriceBeside(load(page(box).replace('<main>', `<main>${bar}`)), 1849, 'pt-BR', url)).toBe(2169)
    // A first showing in a box with prices of its own (a bundle's) is the price's box: no later one is read.
    const bundle = `<div class="bundle"><div><div><div><div><span>R$ 1.849,00</span> <span>R$ 4.349,00</span></div></div></div></div></div>`
    expect(formerPriceBeside(load(page(box).replace('<main>', `<main>${bundle}`)), 1849, 'pt-BR', url)).toBeNull()
  })

  it('takes the price box’s price over a structured price the page shows only as a discount for paying at once', () => {
    const box = `<div class="price"><span>De:</span> <strong>R$ 764,10</strong> <span>Por:</span> <strong>R$ <i>699,00</i></strong></div>
      <div class="payment-discount"><span class="for">R$ 664,05</span> <span>Mais 5% de desconto</span> <i>em 1x no Cartão ou Boleto.</i></div>
      <table><tr><td>1x sem juros</td><td>R$ 664,05</td></tr><tr><td>2x sem juros</td><td>R$ 349,50</td></tr></table>`
    expect(priceBeforePaymentDiscount(load(page(box)), 664.05, 'pt-BR', url)).toBe(699)
    // The structured price shown as the box's own price: it stands.
    expect(priceBeforePaymentDiscount(load(page(box)), 699, 'pt-BR', url)).toBeNull()
  })
})

describe('a structured price with cents the page shows rounded', () => {
  it('is the whole amount the page shows ("6 130 грн" for 6129.55), never one it does not', () => {
    const html = page(
      `<div class="price" data-value="6129.55"><span class="price_value">6&nbsp;130</span><span class="price_currency"> грн</span></div>`,
    )
    expect(roundedShowing(load(html), 6129.55, 'ru')).toBe(6130)
    expect(roundedShowing(load(html), 6130, 'ru')).toBeNull()
    expect(roundedShowing(load(html), 6228.55, 'ru')).toBeNull()
    // The units of an amount whose cents stand in their own element are no rounded showing.
    const split = page(`<div class="c1_price"><span class="n">162,</span> <span class="d">16</span> <span>€</span></div>`)
    expect(roundedShowing(load(split), 162.16, 'de')).toBeNull()
  })
})

describe('the currency of a price in the box', () => {
  const near = (box: string, locale: string | null) => priceNearHeading(load(page(box)), locale, 'https://shop.example/p')
  it('is the code the price’s element states for its script over a sign the language shares ("lei" in Moldova)', () => {
    const box = `<div class="was-price">199,70 lei</div><div class="current-price" data-price-currencymnemonic="MDL">140,99 lei</div>`
    expect(near(box, 'ro')).toEqual({ price: 140.99, compareAtPrice: 199.7, currency: 'MDL' })
    expect(near(box.replace(' data-price-currencymnemonic="MDL"', ''), 'ro')).toMatchObject({ price: 140.99, currency: 'RON' })
  })
  it('never takes the cents of an amount written in several elements for a price with the sign after them', () => {
    const box = `<div class="c1_price"><span class="c1_price__number">208,</span> <span class="c1_price__decimal">60</span>
      <span class="c1_price__currency">€</span><div class="vat">inkl. MwSt. zzgl. Versand</div></div>`
    expect(near(box, 'de')).toMatchObject({ price: 208.6, currency: 'EUR' })
  })

  it('is the sign written loose beside a bare amount in their element ("<span>38108</span> Р")', () => {
    const box = `<span class="onlyMoney"><span itemprop="price">38108</span> Р <span class="oldPrise">54440</span></span>`
    expect(near(box, 'ru')).toMatchObject({ price: 38108, currency: 'RUB' })
  })
})
