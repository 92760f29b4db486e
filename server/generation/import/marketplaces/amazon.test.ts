import { describe, expect, it } from 'vitest'
import { fakeFetcher } from '../../../../tests/fixtures/import/fake-fetcher'
import { defaultOwnerFacts } from '../../../domain/page/shopper'
import { importProduct } from '../index'
import { amazonImageId } from './amazon'

const now = new Date('2026-03-10T12:00:00Z')
const read = (url: string, body: string) => importProduct(url, fakeFetcher({ [url]: { body } }), now)

/** An Amazon product page reduced to the parts a test is about (written for these tests). */
function amazonPage(parts: { lang?: string; center?: string; buybox?: string; below?: string; images?: string }): string {
  return `<!doctype html><html lang="${parts.lang ?? 'en-us'}"><head><title>Amazon.com: Thing</title></head><body>
  <div id="dp"><div id="dp-container">
    <div id="leftCol">${parts.images ?? '<img id="landingImage" data-old-hires="https://m.media-amazon.com/images/I/71main0001L._AC_SL1500_.jpg">'}</div>
    <div id="centerCol"><span id="productTitle"> Thing </span>${parts.center ?? ''}</div>
    <div id="rightCol"><div id="desktop_buybox"><div id="buybox">${parts.buybox ?? ''}</div></div></div>
    ${parts.below ?? ''}
  </div></div></body></html>`
}

// A sponsored carousel further down the page, with prices of other products.
const SPONSORED = `<div id="sims-simsContainer_feature_div_01"><div id="sp_detail_thematic-deals_T1">
  <span class="a-price apex-price-to-pay-value"><span class="a-offscreen">149,00 €</span></span>
  <span class="a-price a-text-price apex-basis-price-value"><span class="a-offscreen">199,00 €</span></span>
  <i class="a-icon a-icon-star"><span class="a-icon-alt">4,8 de 5 estrellas</span></i></div></div>
  <div class="a-price"><span class="a-offscreen">$9.99</span></div>`

describe('Amazon: the numbers come from the product itself', () => {
  it('a page without a buy box has no price: nothing from a sponsored block, and it still imports', async () => {
    const facts = await read(
      'https://www.amazon.es/dp/B01MUGXRT9',
      amazonPage({
        lang: 'es-es',
        buybox: '<div id="unqualifiedBuyBox"><a id="buybox-see-all-buying-choices">Ver todas las opciones de compra</a></div>',
        below: SPONSORED,
      }),
    )
    expect(facts.title).toBe('Thing')
    expect([facts.price, facts.compareAtPrice]).toEqual([null, null])
    // The marketplace's currency is known; the price is the owner's to set.
    expect(facts.currency).toBe('EUR')
    expect(facts.listingRating).toBeNull()
    expect(defaultOwnerFacts(facts).price).toBeNull()
  })

  it('reads the core price when its screen-reader text is empty, with its M.R.P. and Indian digit groups', async () => {
    const facts = await read(
      'https://www.amazon.in/dp/B0FQFQ576F',
      amazonPage({
        lang: 'en-in',
        center: `<div id="apex_desktop"><div id="corePriceDisplay_desktop_feature_div">
          <span class="a-price priceToPay"><span class="a-offscreen"> </span><span aria-hidden="true"><span class="a-price-symbol">₹</span><span class="a-price-whole">1,02,900</span></span></span>
          <span class="basisPrice">M.R.P.: <span class="a-price a-text-price" data-a-strike="true"><span class="a-offscreen">₹1,19,900</span></span></span>
        </div></div>`,
        below: SPONSORED,
      }),
    )
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([102900, 119900, 'INR'])
  })

  it('takes the new offer, never the used one beside it', async () => {
    const row = (id: string, price: string) =>
      `<div id="${id}"><div id="corePriceDisplay_desktop_feature_div"><span class="a-price priceToPay"><span class="a-offscreen">${price}</span></span></div></div>`
    const facts = await read(
      'https://www.amazon.com/dp/B0CD1DZ6RD',
      amazonPage({
        center: `<div id="apex_desktop">${row('apex_desktop_usedAccordionRow', '$142.39')}${row('apex_desktop_newAccordionRow', '$239.99')}</div>`,
      }),
    )
    expect(facts.price).toBe(239.99)
  })

  it('reads a buy box that offers the product only used (its own offer), but never an "other sellers" price', async () => {
    const usedOnly = `<div id="usedOnlyBuybox"><div id="usedBuySection"><span class="a-text-bold">Buy used:</span>
      <span class="a-price priceToPay"><span class="a-offscreen">$491.63</span></span></div>
      <div id="olp_feature_div"><span class="a-price"><span class="a-offscreen">$12.00</span></span></div></div>`
    expect((await read('https://www.amazon.com/dp/0435835904', amazonPage({ buybox: usedOnly }))).price).toBe(491.63)
    const onlyOthers = `<div id="usedOnlyBuybox"><div id="olp_feature_div"><span class="a-price"><span class="a-offscreen">$12.00</span></span></div></div>`
    expect((await read('https://www.amazon.com/dp/0435835904', amazonPage({ buybox: onlyOthers }))).price).toBeNull()
  })

  it('reads the Kindle price, and the "Buy new" row of the older book layout with its list price', async () => {
    const kindle = await read(
      'https://www.amazon.com/dp/B0011UCPM4',
      amazonPage({ buybox: '<div>Kindle Price: <span id="kindle-price">$10.99</span></div><div id="tmmSwatches">Hardcover $14.99</div>' }),
    )
    expect(kindle.price).toBe(10.99)
    const book = await read(
      'https://www.amazon.com/dp/1937785734',
      amazonPage({
        center: `<div id="mediaAccordion">
          <div id="usedOfferAccordionRow"><span class="a-color-price header-price">$6.00</span></div>
          <div id="newOfferAccordionRow"><span class="a-color-price header-price"> $15.98 </span>
            <span class="a-color-secondary">List Price: </span><span class="a-color-secondary a-text-strike"> $17.00 </span></div></div>`,
      }),
    )
    expect([book.price, book.compareAtPrice]).toEqual([15.98, 17])
  })

  it('reads the 2022 price table without the unit price beside it', async () => {
    const facts = await read(
      'https://www.amazon.com/dp/B00N150YS4',
      amazonPage({
        center: `<div id="price"><table><tr id="priceblock_ourprice_row"><td>Price:</td>
          <td><span id="priceblock_ourprice" class="a-color-price">$12.48 <span class="a-size-small">($6.24 / Pack)</span></span></td></tr></table></div>`,
      }),
    )
    expect(facts.price).toBe(12.48)
  })

  it('reads a 2019 German page: the deal price, "4.7 von 5 Sternen" and the count', async () => {
    const facts = await read(
      'https://www.amazon.de/dp/B01DQDZVCO',
      amazonPage({
        lang: 'de-de',
        center: `<div id="averageCustomerReviews"><i class="a-icon a-icon-star"><span class="a-icon-alt">4.7 von 5 Sternen</span></i>
          <span id="acrCustomerReviewText">1.110 Kundenrezensionen</span></div>
          <div id="price"><table><tr id="priceblock_dealprice_row"><td><span id="priceblock_dealprice" class="a-color-price">EUR 8,99</span></td></tr></table></div>`,
      }),
    )
    expect([facts.price, facts.currency]).toEqual([8.99, 'EUR'])
    expect(facts.listingRating).toEqual({ average: 4.7, count: 1110 })
  })

  it('reads a struck price before the deal price as the former one, and never another product’s stars with the same ids', async () => {
    const facts = await read(
      'https://www.amazon.fr/dp/B07PXZ5FDR',
      amazonPage({
        lang: 'fr-fr',
        center: `<div id="abb-product-view-B01MZEEFBA"><div id="averageCustomerReviews"><span class="a-icon-alt">4.5 sur 5 étoiles</span>
            <span id="acrCustomerReviewText">1 779 commentaires</span></div></div>
          <div id="averageCustomerReviews"><span class="a-icon-alt">4.1 sur 5 étoiles</span><span id="acrCustomerReviewText">52 commentaires</span></div>
          <div id="price"><table><tr><td>Prix :</td><td><span id="priceblock_ourprice" class="a-text-strike">75,99 €</span></td></tr>
          <tr id="priceblock_dealprice_row"><td>Prix de l'offre :</td><td><span id="priceblock_dealprice" class="a-color-price">64,59 €</span></td></tr></table></div>`,
      }),
    )
    expect([facts.price, facts.compareAtPrice]).toEqual([64.59, 75.99])
    expect(facts.listingRating).toEqual({ average: 4.1, count: 52 })
  })

  it("reads Spanish stars and counts by the page's language, and the brand out of its byline", async () => {
    const facts = await read(
      'https://www.amazon.es/dp/B01MUGXRT9',
      amazonPage({
        lang: 'es-es',
        center: `<a id="bylineInfo">Visita la tienda de Cecotec</a>
          <div id="averageCustomerReviews"><span class="a-icon-alt">4,1 de 5 estrellas</span><span id="acrCustomerReviewText">5.182 valoraciones</span></div>`,
      }),
    )
    expect(facts.listingRating).toEqual({ average: 4.1, count: 5182 })
    expect(facts.vendor).toBe('Cecotec')
  })

  it('reads a 2017 Italian page: the list price struck through in the price table, and the brand of its brand byline', async () => {
    const facts = await read(
      'https://www.amazon.it/dp/B06XNRQHG4',
      amazonPage({
        lang: 'it-it',
        center: `<div id="brandByline_feature_div" class="feature"><div class="a-section a-spacing-none">
            di <a id="brand" class="a-link-normal" href="/Acme/b/ref=bl_dp_s_web_1?node=1">Acme</a></div></div>
          <div id="price"><table>
            <tr><td>Prezzo consigliato:</td><td><span class="a-text-strike"> EUR 249,90</span></td></tr>
            <tr id="priceblock_ourprice_row"><td>Prezzo:</td><td><span id="priceblock_ourprice" class="a-color-price">EUR 205,60</span></td></tr>
            <tr id="regularprice_savings"><td>Risparmi:</td><td>EUR 44,30 (18%)</td></tr></table></div>`,
      }),
    )
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([205.6, 249.9, 'EUR'])
    expect(facts.vendor).toBe('Acme')
  })

  it('gives a book no brand: its byline credits an author', async () => {
    const facts = await read(
      'https://www.amazon.co.uk/dp/1909487341',
      amazonPage({ center: '<div id="bylineInfo">by Mat Follas (Author)</div>' }),
    )
    expect(facts.vendor).toBeNull()
  })
})

describe('Amazon reviews', () => {
  it('keep only the reviewer’s words: no stars in the title, no "Read more" of a long review, no hidden translation slot', async () => {
    const review = `<div data-hook="review"><span class="a-profile-name">Ana</span>
      <a data-hook="review-title"><i data-hook="review-star-rating"><span class="a-icon-alt">5,0 sur 5 étoiles</span></i><span class="a-letter-space"></span>
        <span class="cr-original-review-content">Belles images</span><span class="cr-translated-review-content aok-hidden"></span></a>
      <span data-hook="review-date">Commenté en France le 3 janvier 2023</span>
      <span data-hook="review-body"><div class="a-expander-container"><div data-hook="review-collapsed" class="a-expander-content"><span>Un très beau livre, richement illustré,</span></div>
        <div class="a-expander-header"><a data-hook="expand-collapse-read-more-less"><span class="a-expander-prompt">Lire la suite</span></a></div></div></span></div>`
    const facts = await read(
      'https://www.amazon.fr/dp/B0B5Q3V2PN',
      amazonPage({ lang: 'fr-fr', below: `<div id="cm-cr-dp-review-list">${review}</div>` }),
    )
    expect(facts.reviews).toHaveLength(1)
    expect(facts.reviews[0]).toMatchObject({
      author: 'Ana',
      rating: 5,
      title: 'Belles images',
      body: 'Un très beau livre, richement illustré,',
    })
  })
})

describe('Amazon photos', () => {
  it('reads the name and the one photo of the fallback layout Amazon serves when its page fails, and no bundle’s price', async () => {
    const body = `<!doctype html><html lang="de-de"><head><title>ASUS VZ24EHF Monitor: Amazon.de: Computer</title></head><body>
      <div class="a-alert-content">Leider ist ein Fehler aufgetreten. Bitte lade die Seite neu und versuche es noch einmal.</div>
      <div id="dpSorryPage"><div class="a-row"><img alt="" src="https://m.media-amazon.com/images/I/81IBRCS-pgL.__AC_SX300_SY300_QL70_ML2_.jpg">
      <h1 id="title" class="a-size-large"><span>ASUS VZ24EHF 24 Zoll Eye Care Gaming Monitor</span></h1>
      <span class="a-color-secondary">Preis:&nbsp;</span><span>Lege diesen Artikel in deinen Einkaufswagen, um Produktdetails anzuzeigen.</span></div></div>
      <div id="sims-fbt"><div class="a-row">Dieser Artikel: ASUS VZ24EHF <span class="a-price"><span class="a-offscreen">170,58 €</span></span></div></div></body></html>`
    const facts = await read('https://www.amazon.de/dp/B0CDX7P7DJ', body)
    expect(facts.title).toBe('ASUS VZ24EHF 24 Zoll Eye Care Gaming Monitor')
    expect(facts.images).toHaveLength(1)
    expect(facts.price).toBeNull()
  })

  const gallery = JSON.stringify([
    {
      hiRes: 'https://m.media-amazon.com/images/I/81lde+541vL._AC_SL1500_.jpg',
      large: 'https://m.media-amazon.com/images/I/511ZLZjtThL._AC_.jpg',
      thumb: 'https://m.media-amazon.com/images/I/511ZLZjtThL._AC_US75_.jpg',
      variant: 'MAIN',
    },
    {
      hiRes: 'https://m.media-amazon.com/images/I/818q5ldPLNL._AC_SL1500_.jpg',
      large: 'https://m.media-amazon.com/images/I/51JMM6v7niL._AC_.jpg',
      thumb: 'https://m.media-amazon.com/images/I/51JMM6v7niL._AC_US75_.jpg',
      variant: 'PT01',
    },
    {
      hiRes: null,
      large: 'https://m.media-amazon.com/images/I/51GL1CE7+1L._AC_.jpg',
      thumb: 'https://m.media-amazon.com/images/I/51GL1CE7+1L._AC_US75_.jpg',
      variant: 'PT02',
    },
  ])
  const strip = `<div id="altImages"><ul>
    <li class="a-spacing-small videoCountTemplate aok-hidden"></li>
    <li class="a-spacing-small 360IngressTemplate pos-360 aok-hidden"><img src="https://m.media-amazon.com/images/G/30/HomeCustomProduct/360-icon._CB1_.png"></li>
    <li class="a-spacing-small item imageThumbnail"><img src="https://m.media-amazon.com/images/I/511ZLZjtThL._AC_US75_.jpg"></li>
    <li class="a-spacing-small item imageThumbnail"><img src="https://m.media-amazon.com/images/I/51JMM6v7niL._AC_US40_.jpg"></li>
    <li class="a-spacing-small item imageThumbnail"><img src="https://m.media-amazon.com/images/I/51GL1CE7%2B1L._SS40_.jpg"></li>
    <li class="a-spacing-small item videoThumbnail videoBlockIngress"><img src="https://m.media-amazon.com/images/I/51uBtEHainL.SS125_PKplay-button-mb-image-grid-small_.jpg"></li>
  </ul></div>
  <img id="landingImage" data-old-hires="https://m.media-amazon.com/images/I/81lde+541vL._AC_SL1500_.jpg"
    data-a-dynamic-image='{"https://m.media-amazon.com/images/I/81lde+541vL._AC_SX679_.jpg":[679,679]}'>
  <script>var data = { 'colorImages': { 'initial': ${gallery} } };</script>`

  it('counts each photo of the gallery once, at full size: no thumbnail, video or 360° view counts again', async () => {
    const facts = await read('https://www.amazon.es/dp/B01MUGXRT9', amazonPage({ images: strip }))
    expect(facts.images).toEqual([
      'https://m.media-amazon.com/images/I/81lde+541vL.jpg',
      'https://m.media-amazon.com/images/I/818q5ldPLNL.jpg',
      'https://m.media-amazon.com/images/I/51GL1CE7+1L.jpg',
    ])
  })

  it('counts every photo of the gallery data, not only the seven slots of the strip (a video, and "+3" for the rest)', async () => {
    const id = (n: number) => `7${n}Ph0to00L`
    const photos = Array.from({ length: 9 }, (_, n) => ({
      hiRes: `https://m.media-amazon.com/images/I/${id(n)}._AC_SL1500_.jpg`,
      large: `https://m.media-amazon.com/images/I/4${n}Ph0to00L._AC_.jpg`,
      thumb: `https://m.media-amazon.com/images/I/4${n}Ph0to00L._AC_US40_.jpg`,
      variant: n ? `PT0${n}` : 'MAIN',
    }))
    const thumb = (n: number, extra = '') =>
      `<li class="a-spacing-small item itemNo${n + 1} imageThumbnail${extra}"><span class="a-button-text"><img src="https://m.media-amazon.com/images/I/4${n}Ph0to00L._AC_US40_.jpg"></span>${extra ? '<span class="textMoreImages">+3</span>' : ''}</li>`
    const page = `<div id="altImages"><ul>
      <li class="a-spacing-small item itemNo0 videoThumbnail videoBlockIngress one-video"><img src="https://m.media-amazon.com/images/I/51vide00L.SS40_PKplay-icon-overlay_.jpg"> VIDEO</li>
      ${[0, 1, 2, 3, 4].map((n) => thumb(n)).join('')}${thumb(5, ' overlayRestOfImages')}
    </ul></div>
    <img id="landingImage" data-old-hires="${photos[0].hiRes}">
    <script>P.when('A').register("ImageBlockATF", function(A){ var data = { 'colorImages': { 'initial': ${JSON.stringify(photos)} }, 'maxAlts': 7 }; return data; });</script>`
    const facts = await read('https://www.amazon.com/dp/B0TEST0009', amazonPage({ images: page }))
    expect(facts.images.map(amazonImageId)).toEqual(photos.map((_, n) => id(n)))
  })

  it('reads the strip when the page carries no gallery data: each photo once, no video', async () => {
    const page = `<div id="altImages"><ul>
      <li class="a-spacing-small item imageThumbnail"><img src="https://m.media-amazon.com/images/I/41first0L._AC_US40_.jpg"></li>
      <li class="a-spacing-small item imageThumbnail"><img src="https://m.media-amazon.com/images/I/41secnd0L._AC_US40_.jpg"></li>
      <li class="a-spacing-small item imageThumbnail"><img src="https://m.media-amazon.com/images/I/41secnd0L._AC_SR38,50_.jpg"></li>
      <li class="a-spacing-small item videoThumbnail videoBlockIngress"><img src="https://m.media-amazon.com/images/I/51vide00L.SS40_PKplay-icon-overlay_.jpg"></li>
    </ul></div>
    <img id="landingImage" data-old-hires="https://m.media-amazon.com/images/I/81first0L._AC_SL1500_.jpg">`
    const facts = await read('https://www.amazon.com/dp/B0TEST0002', amazonPage({ images: page }))
    expect(facts.images.map(amazonImageId)).toEqual(['41first0L', '41secnd0L'])
  })

  it('reads the gallery data of the older book layout (imageGalleryData), which has no thumbnail strip', async () => {
    const book = `<img id="imgBlkFront" src="https://images-na.ssl-images-amazon.com/images/I/51front00L._SX258_BO1_.jpg">
      <script>P.when('A').register("ImageBlockATF", function(A){ var data = {
        'imageGalleryData' : [{"mainUrl":"https://images-na.ssl-images-amazon.com/images/I/81front00L.jpg","dimensions":[1545,2257],"thumbUrl":"https://images-na.ssl-images-amazon.com/images/I/81front00L._AC_SX75_CR,0,0,75,75_.jpg"},{"mainUrl":"https://images-na.ssl-images-amazon.com/images/I/81back000L.jpg","dimensions":[1555,2256],"thumbUrl":"https://images-na.ssl-images-amazon.com/images/I/81back000L._AC_SX75_CR,0,0,75,75_.jpg"}],
        'centerColMargin' : 'acLeftMargin' }; return data; });</script>`
    const facts = await read('https://www.amazon.it/dp/8804633301', amazonPage({ images: book }))
    expect(facts.images).toEqual([
      'https://images-na.ssl-images-amazon.com/images/I/81front00L.jpg',
      'https://images-na.ssl-images-amazon.com/images/I/81back000L.jpg',
    ])
  })

  it('knows the sizes of a photo share its id', () => {
    expect(amazonImageId('https://m.media-amazon.com/images/I/81lde+541vL._AC_SL1500_.jpg')).toBe('81lde+541vL')
    expect(amazonImageId('https://images-na.ssl-images-amazon.com/images/I/41g%2BZTSqZIL._SS40_.jpg')).toBe('41g+ZTSqZIL')
    expect(amazonImageId('https://m.media-amazon.com/images/I/61aB.__AC_SX300_SY300_QL70_FMwebp_.jpg')).toBe('61aB')
  })
})

describe('Amazon: book buy boxes, Kindle rows, the 2018 mobile layout and bylines', () => {
  it('reads the new offer’s own box of a book, whose price span is #price itself, with its struck price', async () => {
    const buybox = `<div id="qualifiedBuybox"><span>Comprar novo:</span>
      <span id="price" class="a-size-medium a-color-price header-price a-text-normal">R$ 19,90</span>
      <span class="a-color-secondary a-text-strike">R$ 59,90</span></div>
      <div id="usedBuySection"><span class="a-color-price offer-price">R$ 12,00</span></div>`
    const facts = await read('https://www.amazon.com.br/dp/8565042472', amazonPage({ lang: 'pt-br', buybox }))
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([19.9, 59.9, 'BRL'])
  })

  it('reads the "Buy new" row of the newer accordion, never the used row under it', async () => {
    const buybox = `<div id="buyBoxAccordion">
      <div id="newAccordionRow_0" class="a-box a-accordion-active"><span class="a-price a-text-price header-price"><span aria-hidden="true">$13.19</span></span></div>
      <div id="usedAccordionRow" class="a-box"><span class="a-size-base a-color-secondary header-price">$9.16</span></div></div>`
    const facts = await read('https://www.amazon.com/dp/3518366823', amazonPage({ buybox }))
    expect(facts.price).toBe(13.19)
  })

  it('reads a 2019 buy box whose one row is "Buy Used" as the product’s own offer, but never beside a "Buy New" section', async () => {
    const used = `<div id="usedBuySection"><span class="a-text-bold">Buy Used</span><span class="a-color-price offer-price">CDN$ 28.00</span></div>`
    const onlyUsed = await read('https://www.amazon.ca/dp/0131103628', amazonPage({ lang: 'en-ca', buybox: used }))
    expect([onlyUsed.price, onlyUsed.currency]).toEqual([28, 'CAD'])
    const newGone = await read(
      'https://www.amazon.ca/dp/0131103628',
      amazonPage({ lang: 'en-ca', buybox: `<div id="buyNewSection"><span>Buy New</span></div>${used}` }),
    )
    expect(newGone.price).toBeNull()
  })

  it('names no brand from a film’s or a record’s byline ("Rated: NR | Format: DVD", "X (Artist, Contributor) | Format: Audio CD"), nor the grey label in its title', async () => {
    const dvd = `<div id="bylineInfo"><span class="a-color-secondary">Rated: </span><span>NR (Not Rated)</span>
      <i class="a-icon a-icon-text-separator"></i><span class="a-color-secondary">Format: </span><span>DVD</span></div>`
    expect((await read('https://www.amazon.ca/dp/B00004YS4O', amazonPage({ center: dvd }))).vendor).toBeNull()
    const cd = `<div id="bylineInfo"><span class="author"><a href="/s?field-artist=Greta+Van+Fleet">Greta Van Fleet</a>
      <span class="contribution"><span class="a-color-secondary">(Artist, Contributor)</span></span></span>
      <i class="a-icon a-icon-text-separator"></i><span class="a-color-secondary">Format: </span><span>Audio CD</span></div>`
    const record = amazonPage({ center: cd }).replace(
      '<span id="productTitle"> Thing </span>',
      '<span id="productTitle"> Anthem Of The Peaceful Army <span class="a-size-medium a-color-secondary">Original recording</span></span>',
    )
    const facts = await read('https://www.amazon.ca/dp/B07H57DNVV', record)
    expect([facts.title, facts.vendor]).toEqual(['Anthem Of The Peaceful Army', null])
    // A brand's own label in the byline still names it.
    const brand = `<div id="bylineInfo"><span class="a-color-secondary">Brand: </span><span>SOAR&amp;EAGLE</span></div>`
    expect((await read('https://www.amazon.com/dp/B0D4163L94', amazonPage({ center: brand }))).vendor).toBe('SOAR&EAGLE')
  })

  it('reads the 2019 "Buy New" header’s price with the list price in its inner panel, never the used section’s', async () => {
    const buybox = `<div id="rbbContainer"><div id="buyNewSection"><span>Buy New</span><span class="a-color-price offer-price">£39.99</span></div>
      <div id="buyNewInner"><div id="buyBoxInner"><span class="a-color-secondary">RRP:</span> <span class="a-color-secondary a-text-strike">£49.49</span></div></div>
      <div id="usedBuySection"><span class="a-color-price offer-price">£22.30</span><span class="a-text-strike">£60.00</span></div></div>`
    const facts = await read('https://www.amazon.co.uk/dp/0131103628', amazonPage({ lang: 'en-gb', buybox }))
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([39.99, 49.49, 'GBP'])
  })

  it('amazon.co.jp: "5つ星のうち4.1" writes the scale first, and "香源のストアを表示" is the byline of the brand 香源', async () => {
    const center = `<div id="bylineInfo_feature_div"><a id="bylineInfo" href="/stores/x">香源のストアを表示</a></div>
      <div id="averageCustomerReviews_feature_div"><a id="acrCustomerReviewLink" href="#reviews"><span aria-hidden="true">4.1</span>
      <i class="a-icon a-icon-star-mini"><span class="a-icon-alt">5つ星のうち4.1</span></i><span aria-label="201 レビュー">(201)</span></a></div>`
    const facts = await read('https://www.amazon.co.jp/dp/B002XA6AU4', amazonPage({ lang: 'ja-jp', center }))
    expect([facts.listingRating?.average, facts.listingRating?.count, facts.vendor]).toEqual([4.1, 201, '香源'])
  })

  it('reads the Kindle price row of the buy box table, and a used-only offer’s price', async () => {
    const kindle = `<table><tr class="kindle-price"><td>Kindle-Preis:</td><td class="a-color-price a-size-medium">EUR 15,99</td></tr></table>`
    expect((await read('https://www.amazon.de/dp/B07KWY4LZK', amazonPage({ lang: 'de-de', buybox: kindle }))).price).toBe(15.99)
    // The saving on a line of its own under the price is not the price; the digital list price's row is the former one.
    const saving = `<table><tr class="digital-list-price"><td>Catalogusprijs digitale editie:</td><td class="a-color-base a-text-strike">EUR 19,36</td></tr>
      <tr class="kindle-price"><td>Kindle-prijs:</td><td class="a-color-price a-size-medium">EUR 10,88 <p class="ebooks-price-savings">Bespaar EUR 8,48 (44%)</p></td></tr></table>`
    const nl = await read('https://www.amazon.nl/dp/B01BTXEN0Q', amazonPage({ lang: 'nl-nl', buybox: saving }))
    expect([nl.price, nl.compareAtPrice]).toEqual([10.88, 19.36])
    const used = `<div id="usedOnlyBuybox"><div id="usedBuySection"><span class="a-size-base a-color-price offer-price">£4.45</span></div></div>`
    expect((await read('https://www.amazon.co.uk/dp/1784881600', amazonPage({ lang: 'en-gb', buybox: used }))).price).toBe(4.45)
  })

  it('2018 mobile: the title span, the price under it with its list price, the carousel and the review link', async () => {
    const page = `<!doctype html><html><head><title>Thing, eBook - Amazon.com</title></head><body><div id="dp"><div id="ppd">
      <div id="imageBlock_feature_div">
        <img data-a-image-name="mainImage" data-a-hires="https://images-na.ssl-images-amazon.com/images/I/51front00L._SY400_.jpg">
        <img data-a-image-name="altImage" data-a-hires="https://images-na.ssl-images-amazon.com/images/I/51back000L._SY400_.jpg">
        <img data-a-image-name="immersiveViewMainImage" data-a-hires="https://images-na.ssl-images-amazon.com/images/I/81other00L._SL1500_.jpg"></div>
      <div id="title_feature_div"><span id="ebooksTitle" role="heading"> Seven Things </span></div>
      <a id="acrCustomerReviewLink"><i class="a-icon a-icon-star-medium"><span class="a-icon-alt">4.2 out of 5 stars</span></i> <span class="a-size-base">(58)</span></a>
      <div id="newPitchPriceWrapper_feature_div"><div class="a-section"><span class="price-info-superscript">$</span><span class="price-large">21</span><span class="price-info-superscript">11</span>
        <div class="a-section inlineBlock"><span class="a-text-strike">$34.95</span></div></div></div>
      <h1>About this item</h1>
      <div id="buybox"><span class="a-color-price header-price newBuyBoxPrice">$21.11</span></div></div></div></body></html>`
    const facts = await read('https://www.amazon.com/dp/193435659X', page)
    expect(facts.title).toBe('Seven Things')
    expect([facts.price, facts.compareAtPrice]).toEqual([21.11, 34.95])
    expect(facts.images.map(amazonImageId)).toEqual(['51front00L', '51back000L'])
    expect(facts.listingRating).toMatchObject({ average: 4.2, count: 58 })
  })

  it('a byline linking to an author’s page credits a person, not a brand, even without "(Author)"', async () => {
    const center = `<div id="bylineInfo"><span><a href="/kindle-dbs/author/ref=dbs_P_W_auth?author=Bruce%20Tate">Bruce Tate</a></span></div>`
    expect((await read('https://www.amazon.com/dp/B00AYQNR46', amazonPage({ center }))).vendor).toBeNull()
    const older = `<div id="bylineInfo"><a href="/Maggie-Nelson/e/B001JS5O1U">Maggie Nelson</a></div>`
    expect((await read('https://www.amazon.com/dp/B00AYQNR47', amazonPage({ center: older }))).vendor).toBeNull()
  })

  it('a store byline in a wording not listed: the words the store link’s own name holds', async () => {
    const center = (text: string, store: string) => `<a id="bylineInfo" href="/stores/${store}/page/B59374B?ref_=ast_bln">${text}</a>`
    const fr = await read(
      'https://www.amazon.fr/dp/B082QBCYY8',
      amazonPage({ lang: 'fr-fr', center: center('Rendez-vous dans la boutique PetSafe', 'PetSafe%C2%AE+France') }),
    )
    expect(fr.vendor).toBe('PetSafe')
    const nl = await read(
      'https://www.amazon.nl/dp/B082QBCYY9',
      amazonPage({ lang: 'nl-nl', center: center('Ga naar de winkel van Rock Stock', 'Rock+Stock') }),
    )
    expect(nl.vendor).toBe('Rock Stock')
    const hyphen = await read(
      'https://www.amazon.fr/dp/B082QBCYZ1',
      amazonPage({ lang: 'fr-fr', center: center('Rendez-vous dans la boutique La Roche-Posay', 'La-Roche-Posay') }),
    )
    expect(hyphen.vendor).toBe('La Roche-Posay')
    // A lone small word the store's name shares ("la" of "La-Belle") is the wording's: the whole line stays.
    const lone = await read(
      'https://www.amazon.fr/dp/B082QBCYZ3',
      amazonPage({ lang: 'fr-fr', center: center('Rendez-vous dans la boutique', 'La-Belle') }),
    )
    expect(lone.vendor).toBe('Rendez-vous dans la boutique')
    // Initials in capitals are the brand ("HP" of the store "HP-Print"); a small "la" never is.
    const initials = await read(
      'https://www.amazon.nl/dp/B082QBCYZ2',
      amazonPage({ lang: 'nl-nl', center: center('Ga naar de winkel van HP', 'HP-Print') }),
    )
    expect(initials.vendor).toBe('HP')
    // One capital letter is not two initials.
    const letter = await read(
      'https://www.amazon.nl/dp/B082QBCYZ4',
      amazonPage({ lang: 'nl-nl', center: center('Ga naar de winkel van A', 'A-Store') }),
    )
    expect(letter.vendor).toBe('Ga naar de winkel van A')
  })

  it('a byline that is only the brand’s logo: the brand its link filters by; the specifications’ brand row comes first', async () => {
    const logo = `<div id="bylineInfo_feature_div"><a id="brand" href="https://www.amazon.com/Fruit-of-the-Loom/b/ref=w_bl_sl?ie=UTF8&amp;node=2529449011&amp;field-lbr_brands_browse-bin=Fruit+of+the+Loom"><img alt="" src="x.jpg"></a></div>`
    expect((await read('https://www.amazon.com/dp/B00ISX6UW1', amazonPage({ center: logo }))).vendor).toBe('Fruit of the Loom')
    const programme = `<a id="bylineInfo" href="/Amazon-Renewed/b/ref=bl_dp_s_web?node=12653393011&amp;field-lbr_brands_browse-bin=Amazon+Renewed">Visit the Amazon Renewed Store</a>
      <div id="productOverview_feature_div"><table><tr><td><span>Brand</span></td><td><span>Apple</span></td></tr></table></div>`
    expect((await read('https://www.amazon.com/dp/B07ZPKN6Y1', amazonPage({ center: programme }))).vendor).toBe('Apple')
    // A programme's store is never the brand, with or without the row.
    const bare = `<a id="bylineInfo" href="/Amazon-Renewed/b/ref=bl_dp_s_web?field-lbr_brands_browse-bin=Amazon+Renewed">Visit the Amazon Renewed Store</a>`
    expect((await read('https://www.amazon.com/dp/B07ZPKN6Y4', amazonPage({ center: bare }))).vendor).toBeNull()
  })

  it('a product sold only renewed: the open renewed row is its offer, its list price in the centre block named after that row', async () => {
    const center = `<div id="apex_desktop">
      <div id="apex_desktop_renewedTier2AccordionRow"><div id="corePrice_desktop"><table>
        <tr><td>List Price:</td><td><span class="a-price a-text-price" data-a-strike="true"><span class="a-offscreen">$307.95</span></span></td></tr>
        <tr><td>Price:</td><td><span class="a-price a-text-price apexPriceToPay"><span class="a-offscreen">$259.00</span></span></td></tr></table></div></div>
      <div id="apex_desktop_renewedTier3AccordionRow" class="aok-hidden"><div id="corePrice_desktop"><table>
        <tr><td>List Price:</td><td><span class="a-price a-text-price" data-a-strike="true"><span class="a-offscreen">$299.00</span></span></td></tr></table></div></div></div>`
    // The closed row comes first: only the open one is the offer.
    const rows = (first: string) => `<div id="buyBoxAccordion">${first}
      <div id="renewedTier3AccordionRow" class="a-box"><span class="a-price a-text-price header-price"><span class="a-offscreen">$234.70</span></span></div>
      <div id="renewedTier2AccordionRow" class="a-box a-accordion-active"><span class="a-price a-text-price header-price"><span class="a-offscreen">$259.00</span></span></div></div>`
    const renewed = await read('https://www.amazon.com/dp/B07ZPKN6Y2', amazonPage({ center, buybox: rows('') }))
    expect([renewed.price, renewed.compareAtPrice]).toEqual([259, 307.95])
    // Beside a new offer (here not available), a renewed row is another offer: no price.
    const beside = await read(
      'https://www.amazon.com/dp/B07ZPKN6Y3',
      amazonPage({ buybox: rows('<div id="newAccordionRow_0" class="a-box"><span>Currently unavailable.</span></div>') }),
    )
    expect(beside.price).toBeNull()
    for (const newOffer of ['<div id="newOfferAccordionRow" class="a-box"></div>', '']) {
      const elsewhere = newOffer ? '' : '<div id="outOfStock"><span>Currently unavailable.</span></div>'
      const page = amazonPage({ center, buybox: `${elsewhere}${rows(newOffer)}` })
      expect((await read('https://www.amazon.com/dp/B07ZPKN6Y5', page)).price).toBeNull()
    }
  })

  it('2026 mobile: the core price block and the count in the review link', async () => {
    const page = `<!doctype html><html lang="pt-br"><head><title>Coisa | Amazon.com.br</title></head><body><div id="dp">
      <h1 id="title">Coisa</h1>
      <img id="landingImage" data-old-hires="https://m.media-amazon.com/images/I/71main0001L._AC_SL1500_.jpg">
      <a id="acrCustomerReviewLink"><span>4,4</span><i class="a-icon"><span class="a-icon-alt">4,4 de 5 estrelas</span></i> <span aria-label="393 Análises" class="a-size-mini"> (393) </span></a>
      <div id="corePriceDisplay_mobile_feature_div"><span class="a-price priceToPay"><span class="a-offscreen">R$796,81</span></span>
        <span class="basisPrice">De: <span class="a-price a-text-price"><span class="a-offscreen">R$849,00</span></span></span></div>
      </div></body></html>`
    const facts = await read('https://www.amazon.com.br/dp/B0DKLQT9X1', page)
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([796.81, 849, 'BRL'])
    expect(facts.listingRating).toMatchObject({ average: 4.4, count: 393 })
  })

  it('a count written short beside the stars ("(1.9L)") gives way to the exact one of the product’s reviews section', async () => {
    const center = `<div id="averageCustomerReviews"><i class="a-icon"><span class="a-icon-alt">4.1 out of 5 stars</span></i><span id="acrCustomerReviewText">(1.9L)</span></div>`
    const below = `<div id="reviewsMedley"><span data-hook="total-review-count">193,062 global ratings</span></div>`
    const facts = await read('https://www.amazon.in/dp/B01DEWVZ21', amazonPage({ lang: 'en-in', center, below }))
    expect(facts.listingRating).toMatchObject({ average: 4.1, count: 193062 })
  })

  it('c. 2011: the price table’s large price and list price, the main image, and the summary told by the product’s ASIN', async () => {
    const page = `<!doctype html><html><head><title>Amazon.com: Thing</title></head><body>
      <h1 class="parseasinTitle"><span id="btAsinTitle">Thing <span>[Kindle Edition]</span></span></h1>
      <form id="sims-form"><input type="hidden" name="ASIN" value="B00000OTHR"></form>
      <span class="crAvgStars"><span class="asinReviewsSummary" name="B00000OTHR"><span class="swSprite" title="3.0 out of 5 stars"></span></span>(<a href="/x">90 customer reviews</a>)</span>
      <span class="crAvgStars"><span class="asinReviewsSummary" name="B002ZFXTX1"><span class="swSprite" title="5.0 out of 5 stars"></span></span>(<a href="/y">16 customer reviews</a>)</span>
      <img src="http://ecx.images-amazon.com/images/I/41CcgYoUSOL._SL500_AA300_.jpg" id="prodImage">
      <div class="buying" id="priceBlock"><table class="product">
        <tr><td>Print List Price:</td><td><span class="listprice">$89.95</span></td></tr>
        <tr><td>Digital List Price:</td><td><span class="listprice">$69.95</span></td></tr>
        <tr><td>Kindle Price:</td><td><b class="priceLarge"> $49.46 </b></td></tr></table></div></body></html>`
    const facts = await read('https://www.amazon.com/Thing-ebook/dp/B002ZFXTX1', page)
    // Without /dp/ in the address, another product's form does not name the page's ASIN.
    const obidos = await read('https://www.amazon.com/exec/obidos/tg/detail/-/B002ZFXTX1', page)
    expect(obidos.listingRating).toBeNull()
    expect(facts.title).toBe('Thing')
    expect([facts.price, facts.compareAtPrice]).toEqual([49.46, 69.95])
    expect(facts.images).toHaveLength(1)
    expect(facts.listingRating).toMatchObject({ average: 5, count: 16 })
  })

  it('2018 mobile on a page whose decimal mark is a comma: the superscript cents join with it', async () => {
    const page = `<!doctype html><html lang="de-de"><head><title>Amazon.de: Ding</title></head><body><div id="dp"><div id="ppd">
      <div id="title_feature_div"><span id="title">Ding</span></div>
      <img id="landingImage" data-old-hires="https://m.media-amazon.com/images/I/71main0001L._AC_SL1500_.jpg">
      <div id="newPitchPriceWrapper_feature_div"><div class="a-section"><span class="price-info-superscript">EUR</span><span class="price-large">1.299</span><span class="price-info-superscript">00</span></div></div>
      </div></div></body></html>`
    expect((await read('https://www.amazon.de/dp/B0TEST0DE1', page)).price).toBe(1299)
  })
})
