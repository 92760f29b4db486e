import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { fixture } from '../../../tests/fixtures/import/fake-fetcher'
import { buildFacts } from './normalize/facts'
import { cleanImages } from './normalize/images'
import {
  headingText,
  brandBesideName,
  brandFromShopAllLink,
  brandFromSpecRows,
  brandFromCardLabels,
  brandLinkedInHeading,
  brandTaggedAfterHeading,
  headingOverTitle,
  productHeading,
} from './page-heading'
import {
  countIsTheShops,
  extractStructuredData,
  findProductNodes,
  readJsonLd,
  readOffers,
  shownCount,
  starsDisagree,
  structuredOfferLost,
  wholeOfCutName,
} from './structured-data'

const now = new Date('2026-03-10T12:00:00Z')
const ld = (json: unknown, extra = '') =>
  `<html><head><script type="application/ld+json">${JSON.stringify(json)}</script>${extra}</head><body></body></html>`

describe('JSON-LD', () => {
  it('reads the generic fixture: @graph, ImageObject, AggregateOffer, Person/string/array authors', () => {
    const url = 'https://northwindgoods.com/shop/linen-apron'
    const facts = buildFacts(extractStructuredData(fixture('generic-jsonld.html'), url), { url, platform: 'generic' }, now)
    expect(facts.title).toBe('Stonewashed Linen Apron & Towel Loop')
    expect(facts.images).toEqual([
      'https://northwindgoods.com/media/apron-front.jpg',
      'https://cdn.northwindgoods.com/media/apron-back.jpg',
      // Another site's http:// photo, asked for over https as a browser does.
      'https://images.thirdparty-cdn.com/apron-side.jpg',
    ])
    expect(facts.price).toBe(38)
    expect(facts.compareAtPrice).toBe(48)
    expect(facts.currency).toBe('USD')
    expect(facts.vendor).toBe('Northwind')
    expect(facts.productType).toBe('Kitchen > Aprons')
    expect(facts.descriptionHtml).toBe(
      '<p>Heavyweight stonewashed linen that softens with every wash.</p>\n<p>Adjustable cross-back straps, two deep front pockets &amp; a towel loop.</p>',
    )
    expect(facts.specs).toEqual([
      { name: 'Dimensions', value: '86 x 71 cm' },
      { name: 'Care', value: 'Machine wash warm' },
      { name: 'Material', value: '100% European flax linen' },
      { name: 'Color', value: 'Oat' },
    ])
    expect(facts.reviews.map(({ author, rating, date, title }) => ({ author, rating, date, title }))).toEqual([
      { author: 'Hannah K.', rating: 5, date: '2026-01-14', title: 'Finally an apron that fits' },
      { author: 'Luis', rating: 4, date: '2025-12-02', title: null },
      { author: 'Sam P.', rating: 3, date: '2025-11-20', title: null },
    ])
    expect(facts.reviews[2].body).toBe('Color is more grey than oat.')
    expect(facts.reviews.every((r) => r.source === 'Northwind Goods')).toBe(true)
    // The page's aggregateRating (4.9 from 214) is ignored: the summary comes from the reviews read.
    expect(facts.ratingSummary).toEqual({ average: 4, count: 3 })
    expect(facts.source.name).toBe('Northwind Goods')
  })

  it('repairs a block with a trailing comma and skips one that cannot be read', () => {
    const $ = load(
      '<script type="application/ld+json">{"@type":"Product","name":"A",}</script><script type="application/ld+json">{nope</script>',
    )
    expect(readJsonLd($)).toEqual([{ '@type': 'Product', name: 'A' }])
  })

  it('mends a comma left out between two properties and a brace too many at the end', () => {
    const $ = load(`<script type="application/ld+json">{"@type":"Product","name":"Shaver",
      "aggregateRating":{"@type":"AggregateRating","ratingValue":"9","ratingCount":"12","bestRating":"10"},
      "offers":{"@type":"Offer","price":"199","itemCondition":"http://schema.org/NewCondition"
        "priceCurrency":"GBP"}}</script><script type="application/ld+json">{"@type":"Product","name":"Pans"}}</script>`)
    expect(readJsonLd($)).toEqual([
      {
        '@type': 'Product',
        name: 'Shaver',
        aggregateRating: { '@type': 'AggregateRating', ratingValue: '9', ratingCount: '12', bestRating: '10' },
        offers: { '@type': 'Offer', price: '199', itemCondition: 'http://schema.org/NewCondition', priceCurrency: 'GBP' },
      },
      { '@type': 'Product', name: 'Pans' },
    ])
  })

  it('takes a rating scale from 3 to 3 for the ratings given, not for a scale', () => {
    const html = ld({
      '@type': 'Product',
      name: 'STAR - Classic coat',
      aggregateRating: { '@type': 'AggregateRating', bestRating: 3, ratingValue: '3.0', reviewCount: 1, worstRating: 3 },
    })
    // (A rating of one review the page shows: its review widget is there.)
    const shown = html.replace('</body>', '<div class="reviews-widget">1 review</div></body>')
    expect(shown).not.toBe(html)
    expect(extractStructuredData(shown, 'https://shop.example/p/1').listingRating).toMatchObject({ average: 3, scale: null })
    const ten = ld({
      '@type': 'Product',
      name: 'Shaver',
      aggregateRating: { ratingValue: '9', ratingCount: '12', bestRating: '10', worstRating: '1' },
    })
    expect(extractStructuredData(ten, 'https://shop.example/p/1').listingRating).toMatchObject({ scale: 10 })
  })

  it('prefers the ProductGroup, resolves @id references and reads hasVariant / variesBy', () => {
    const nodes = findProductNodes([
      {
        '@graph': [
          { '@type': 'Product', name: 'Related', '@id': '#r' },
          { '@type': 'ProductGroup', name: 'Tee', offers: { '@id': '#o' } },
          { '@id': '#o', '@type': 'Offer', price: '10' },
        ],
      },
    ])
    expect(nodes[0].name).toBe('Tee')
    expect(nodes[0].offers).toEqual({ '@id': '#o', '@type': 'Offer', price: '10' })

    const raw = extractStructuredData(fixture('shopify-page-jsonld.html'), 'https://acme-outdoors.com/en-us/products/trail-backpack-28l')
    expect(raw.options).toEqual([
      { name: 'Color', values: ['Slate', 'Moss'] },
      { name: 'Size', values: ['Regular', 'Long'] },
    ])
    expect(raw.variants?.map((v) => [v.title, v.price, v.available, v.sku])).toEqual([
      ['Slate / Regular', 89, true, 'TB28-SLT-R'],
      ['Slate / Long', 99, false, 'TB28-SLT-L'],
      ['Moss / Regular', 89, true, 'TB28-MOS-R'],
    ])
    // Reviews live in a review app's separate Product node for the same product.
    expect(raw.reviews?.map((r) => r.author)).toEqual(['Priya N.', 'Tom W.'])
  })

  it('reads a rating its own block states for the product it names (itemReviewed), never one naming another product', () => {
    const page = (rated: string) => `<html><head>
      <script type="application/ld+json">{"@type":"ProductGroup","name":"Men's Wool Runner","offers":{"@type":"Offer","price":"110","priceCurrency":"USD"}}</script>
      <script type="application/ld+json">{"aggregateRating":{"@type":"AggregateRating","itemReviewed":{"@type":"Product","name":"${rated}"},
        "ratingValue":"4.6","reviewCount":"6680"}}</script></head><body><h1>Men's Wool Runner</h1></body></html>`
    expect(extractStructuredData(page("Men's Wool Runner"), 'https://shop.example/products/runner').listingRating).toMatchObject({
      average: 4.6,
      count: '6680',
    })
    expect(extractStructuredData(page("Women's Tree Dasher"), 'https://shop.example/products/runner').listingRating ?? null).toBeNull()
    // A store's rating named like its one product is the store's.
    const store = page("Men's Wool Runner").replace('"@type":"Product"', '"@type":"Organization"')
    expect(extractStructuredData(store, 'https://shop.example/products/runner').listingRating ?? null).toBeNull()
    // Nor is a rating with no count anyone's.
    const uncounted = page("Men's Wool Runner").replace(',"reviewCount":"6680"', '')
    expect(uncounted).not.toContain('6680')
    const none = page("Men's Wool Runner").replace('"reviewCount":"6680"', '"reviewCount":0')
    expect(extractStructuredData(none, 'https://shop.example/products/runner').listingRating ?? null).toBeNull()
    expect(extractStructuredData(uncounted, 'https://shop.example/products/runner').listingRating ?? null).toBeNull()
  })

  it('reads offers as Offer, AggregateOffer or an array, and list prices only above the price', () => {
    expect(readOffers({ '@type': 'Offer', price: '19.99', priceCurrency: 'usd', availability: 'https://schema.org/OutOfStock' })).toEqual({
      price: 19.99,
      prices: [19.99],
      compareAt: null,
      currency: 'USD',
      available: false,
    })
    expect(readOffers([{ price: 30 }, { price: '25,50', priceCurrency: 'EUR' }])).toMatchObject({ price: 25.5, prices: [30, 25.5] })
    // Several sellers' offers counted beside the buy box's offer: its price, not the lowest seller's.
    expect(
      readOffers([
        { '@type': 'Offer', price: '21581', priceCurrency: 'RUB' },
        { '@type': 'AggregateOffer', offerCount: '12', lowPrice: '16980', highPrice: '22300', priceCurrency: 'RUB' },
        { '@type': 'Offer', price: '16999', priceCurrency: 'RUB' },
      ]),
    ).toMatchObject({ price: 21581 })
    // An aggregate of variants that lists its offers: the lowest is the product's "from" price.
    expect(readOffers({ '@type': 'AggregateOffer', offerCount: 2, lowPrice: 20, offers: [{ price: 25 }, { price: 20 }] })).toMatchObject({
      price: 20,
    })
    expect(readOffers({ '@type': 'AggregateOffer', lowPrice: 5, highPrice: 9 }).price).toBe(5)
    // The lowest offer one can buy: a sold-out used copy's price is no price while other copies are for sale.
    const copies = [
      { price: 1046, itemCondition: 'NewCondition', availability: 'InStock' },
      { price: 586, itemCondition: 'UsedCondition', availability: 'https://schema.org/OutOfStock' },
      { price: 913, itemCondition: 'UsedCondition', availability: 'InStock' },
    ]
    expect(readOffers(copies)).toMatchObject({ price: 913, available: true })
    expect(readOffers(copies.map((c) => ({ ...c, availability: 'OutOfStock' }))).price).toBe(586)
    expect(readOffers({ price: 10, priceSpecification: { priceType: 'https://schema.org/ListPrice', price: 8 } }).compareAt).toBeNull()
  })

  it('accepts image as a string, an array or an ImageObject with contentUrl', () => {
    const url = 'https://s.example/p'
    expect(extractStructuredData(ld({ '@type': 'Product', name: 'A', image: 'https://s.example/1.jpg' }), url).images).toEqual([
      'https://s.example/1.jpg',
    ])
    expect(
      extractStructuredData(ld({ '@type': 'Product', name: 'A', image: { '@type': 'ImageObject', contentUrl: '/2.jpg' } }), url).images,
    ).toEqual(['https://s.example/2.jpg'])
    // Some sites spell it contentURL.
    expect(
      extractStructuredData(ld({ '@type': 'Product', name: 'A', image: [{ '@type': 'ImageObject', contentURL: '/3.jpg' }] }), url).images,
    ).toEqual(['https://s.example/3.jpg'])
    // Others name it src, as an address template for the page's script to size.
    const template = { '@type': 'Product', name: 'A', image: [{ src: '/is/image/p/scaleWidth/{width}/4d0/milk', maxWidth: 1000 }] }
    expect(cleanImages(extractStructuredData(ld(template), url).images ?? [], url)).toEqual([
      'https://s.example/is/image/p/scaleWidth/1000/4d0/milk',
    ])
  })

  it("drops an aggregateRating whose count the page's own data names the shop's or the seller's, keeps the product's own", () => {
    const url = 'https://market.example/listing/1'
    const product = { '@type': 'Product', name: 'Stacking Blocks', aggregateRating: { ratingValue: '4.9', reviewCount: 919 } }
    const shopData = '<script>window.cfg = {"listing_rating_count":121,"shop_rating_count":919}</script>'
    expect(extractStructuredData(ld(product, shopData), url).listingRating ?? null).toBeNull()
    // The same data written into an attribute (HTML-escaped JSON), and in camelCase.
    expect(
      extractStructuredData(ld(product, '<div data-x="{&quot;shop_reviews_count&quot;:919}"></div>'), url).listingRating ?? null,
    ).toBeNull()
    expect(extractStructuredData(ld(product, '<script>var s={sellerReviewCount: "919"}</script>'), url).listingRating ?? null).toBeNull()
    // A shop count that differs from the product's does not touch it.
    expect(extractStructuredData(ld(product, '<script>{"shop_rating_count":5012}</script>'), url).listingRating).toEqual({
      average: 4.9,
      count: '919',
      scale: null,
    })
    expect(countIsTheShops('"storeFeedbackCount": 0', 0)).toBe(false)
    // The count written in the shop's reviews tab, beside the item's own tab.
    const tabs = `<button id="same-listing-reviews-tab">Reseñas de este artículo <span>384</span></button>
      <button id="shop-reviews-tab" aria-controls="shop-listing-reviews-panel">Reseñas de esta tienda <span>1.027</span></button>`
    expect(countIsTheShops(tabs, 1027)).toBe(true)
    expect(countIsTheShops(tabs, 384)).toBe(false)
    // The stars beside the shop's name in the buy box (Etsy, 2019): the shop's reviews.
    const header = `<a href="https://www.etsy.com/shop/ArtGlamourSligo?ref=simple-shop-header-name&listing_id=635397975">ArtGlamourSligo</a>
      <a href="#reviews"><span class="stars-svg"><input type="hidden" name="rating" value="4.6667" /><span class="screen-reader-only">4.5 out of 5 stars</span>
      ${'<span class="rating lit"><svg viewBox="3 3 18 18"><path d="M19.985,10.36a0.5,0.5,0,0,0-.477-0.352H14.157L12.488,4.366a0.5,0.5,0,0,0-.962,0l-1.67,5.642H4.5a0.5,0.5,0,0,0-.279.911L8.53,13.991l-1.5,5.328a0.5,0.5,0,0,0,.741.6l4.231-2.935,4.215,2.935a0.5,0.5,0,0,0,.743-0.6l-1.484-5.328,4.306-3.074A0.5,0.5,0,0,0,19.985,10.36Z"/></svg></span>'.repeat(5)}</span>
      <span class="text-body">${' '.repeat(200)}(168)</span></a>`
    expect(countIsTheShops(header, 168)).toBe(true)
    expect(countIsTheShops(header, 169)).toBe(false)
    // A brand's store link before the product's own stars is not the shop's header (Amazon's byline).
    const byline = `<a id="bylineInfo" href="/stores/SAMSUNG/page/1">Visit the SAMSUNG Store</a>
      <span id="acrPopover">4.4 out of 5 stars</span> <span id="acrCustomerReviewText">(393)</span>`
    expect(countIsTheShops(byline, 393)).toBe(false)
  })
})

describe('OpenGraph and markup fallbacks', () => {
  it('reads a maker’s heading and the name in the heading below it as one name when the title writes them in a row', () => {
    const page = (title: string) =>
      `<html><head><title>${title}</title></head><body><div id="item"><h1><div>Kryptonite</div></h1>` +
      `<h2><div>KryptoLok Series 2 w/ Key</div></h2><p>$44.99</p></div></body></html>`
    const url = 'https://bikes.example/product/kryptolok-751.htm'
    const title = (t: string) => buildFacts(extractStructuredData(page(t), url), { url, platform: 'generic' }, now).title
    expect(title('Kryptonite KryptoLok Series 2 w/ Key - Campus Bike Shop')).toBe('Kryptonite KryptoLok Series 2 w/ Key')
    // A title that does not write them together keeps the heading as it is.
    expect(title('Kryptonite | Campus Bike Shop')).toBe('Kryptonite')
  })

  it('reads an OpenGraph-only page: title, images (relative resolved), price and currency', () => {
    const url = 'https://studio-keramik.de/tasse-fjord'
    const facts = buildFacts(extractStructuredData(fixture('opengraph-only.html'), url), { url, platform: 'generic' }, now)
    expect(facts.title).toBe('Handgetöpferte Tasse „Fjord“, 350 ml')
    expect(facts.images).toEqual([
      'https://studio-keramik.de/bilder/fjord-tasse-1.jpg',
      'https://studio-keramik.de/bilder/fjord-tasse-2.jpg',
    ])
    expect(facts.price).toBe(34)
    expect(facts.currency).toBe('EUR')
    expect(facts.vendor).toBe('Studio Keramik')
    expect(facts.descriptionHtml).toContain('Fließglasur')
    expect(facts.descriptionHtml).not.toContain('<script')
    expect(facts.reviews).toEqual([])
    expect(facts.ratingSummary).toBeNull()
  })

  it('fills only what JSON-LD lacks from OpenGraph', () => {
    const html = ld(
      { '@type': 'Product', name: 'From JSON-LD' },
      '<meta property="og:title" content="From OG"><meta property="og:image" content="https://s.example/og.jpg"><meta property="product:price:amount" content="9.50"><meta property="product:price:currency" content="GBP">',
    )
    const raw = extractStructuredData(html, 'https://s.example/p')
    expect(raw).toMatchObject({ title: 'From JSON-LD', images: ['https://s.example/og.jpg'], price: 9.5, currency: 'GBP' })
  })

  it('falls back to <h1>, then to <title> without the site name', () => {
    expect(extractStructuredData('<title>x</title><h1> Blue  Mug </h1>', 'https://s.example/').title).toBe('Blue Mug')
    expect(extractStructuredData('<title>Blue Mug | Studio</title>', 'https://s.example/').title).toBe('Blue Mug')
    expect(extractStructuredData('<title>Blue Mug – Studio</title>', 'https://s.example/').title).toBe('Blue Mug')
  })

  it('reads a review widget’s rating written as an item of its own naming the product it rates, never another product’s', () => {
    const page = (
      reviewed: string,
    ) => `<html><body><div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Satco 40 Watt G9 Bulb</h1>
      <div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="price" content="7.99"><meta itemprop="priceCurrency" content="USD"></div></div>
      <div class="TTreviewSummary" itemscope itemtype="http://schema.org/AggregateRating"><meta itemprop="itemReviewed" content="${reviewed}">
      <meta itemprop="ratingValue" content="4.5"><div class="TTratingBox TTrating-4-5"></div><span>4.5 / 5.0</span><div itemprop="reviewCount">2 Reviews</div></div></body></html>`
    expect(extractStructuredData(page('Satco 40 Watt G9 Bulb'), 'https://s.example/p').listingRating).toMatchObject({ average: 4.5 })
    expect(extractStructuredData(page('Satco 60 Watt E26 Bulb'), 'https://s.example/p').listingRating ?? null).toBeNull()
  })

  it('never takes an address for a name (a page-wide microdata scope naming the site’s link), and keeps a linked brand a word of its own in the heading', () => {
    const html = `<html><head><meta property="og:title" content="Stuart Weitzman Bejeweled Boot"></head><body itemscope itemtype="http://schema.org/Product">
      <header><meta itemprop="name" content="http://www.shop.example"></header>
      <h1><span><a href="/designers/sw">Stuart Weitzman</a></span><span>Bejeweled Boot</span></h1></body></html>`
    expect(extractStructuredData(html, 'https://www.shop.example/p/boot').title).not.toMatch(/^http/)
    expect(headingText(load(html))).toBe('Stuart Weitzman Bejeweled Boot')
  })

  it('reads a microdata name cut at an inch mark left unescaped in full from the heading, and a name escaped twice once', () => {
    const cut = `<html><body><div itemscope itemtype="http://schema.org/Product"><meta itemprop="name" content="Phone Tela De 6" Câmera Tripla Azul" />
      </div><h1><div>Phone Tela De 6" Câmera Tripla Azul</div></h1></body></html>`
    expect(extractStructuredData(cut, 'https://s.example/p').title).toBe('Phone Tela De 6" Câmera Tripla Azul')
    const twice = ld({ '@type': 'Product', name: 'Win10 Pro, Neuware &amp;amp; OVP', offers: { price: '159', priceCurrency: 'EUR' } })
    expect(
      buildFacts(extractStructuredData(twice, 'https://s.example/p'), { url: 'https://s.example/p', platform: 'generic' }, new Date())
        .title,
    ).toBe('Win10 Pro, Neuware & OVP')
    // A description escaped twice reads no "&nbsp;" either.
    const desc = ld({
      '@type': 'Product',
      name: 'Dell 5590',
      description: 'Ультрабук&amp;nbsp; DELL, Intel&amp;reg; HD',
      offers: { price: '159', priceCurrency: 'UAH' },
    })
    const facts = buildFacts(
      extractStructuredData(desc, 'https://s.example/p'),
      { url: 'https://s.example/p', platform: 'generic' },
      new Date(),
    )
    expect(facts.descriptionText).toBe('Ультрабук DELL, Intel® HD')
  })

  it('reads a heading the page cut short with an ellipsis whole from its tags, and leaves a whole one', () => {
    const page = (h1: string) =>
      `<html><head><meta property="og:title" content="YesHom Memory Foam Seat Cushion Car Seat Pad Pain Relief Pillow"><title>YesHom Memory Foam Seat Cushion | Rakuten</title></head><body><h1>${h1}</h1></body></html>`
    expect(extractStructuredData(page('YesHom Memory Foam Seat Cushion Car Seat Pad Pain...'), 'https://shop.example/p').title).toBe(
      'YesHom Memory Foam Seat Cushion Car Seat Pad Pain Relief Pillow',
    )
    expect(wholeOfCutName('To be continued…', ['Something else entirely'], [])).toBe('To be continued…')
  })

  it('under a title that names only the site and no <h1>, reads the line the product’s photo is named after', () => {
    const shop = (line: string, photoTitle: string) =>
      `<html><head><title>Studio</title></head><body><nav><div>Monitors and screens for sale</div></nav><div id="details"><div id="name">${line}</div>
      <div><img src="https://images.example/436598/200/150" title="${photoTitle}"></div><div>€ 238.00</div></div></body></html>`
    const name = 'MSI 68,6cm (27") IPS FHD PRO MP273APDE HDMI/\u00adDP 4ms weiß'
    const raw = extractStructuredData(
      shop(name, 'MSI 68,6cm (27&quot;) IPS FHD PRO MP273APDE HDMI/&amp;shy;DP 4ms weiß'),
      'https://s.example/details.php?art=436598',
    )
    expect(raw.title).toBe(name)
    expect(raw.images).toEqual(['https://images.example/436598/200/150'])
    // A photo named otherwise names no line.
    expect(extractStructuredData(shop(name, 'Studio shop front'), 'https://s.example/details.php?art=436598').title).toBe('Studio')
  })

  it('keeps http images as they are only on the page own origin (the local demo store); others over https', () => {
    const html = ld({
      '@type': 'Product',
      name: 'Demo',
      image: ['/demo-store/mug.jpg', 'http://elsewhere.example/a.jpg', 'https://cdn.example/b.jpg'],
    })
    const url = 'http://localhost:3000/demo-store/products/mug'
    const facts = buildFacts(extractStructuredData(html, url), { url, platform: 'generic' }, now)
    expect(facts.images).toEqual([
      'http://localhost:3000/demo-store/mug.jpg',
      'https://elsewhere.example/a.jpg',
      'https://cdn.example/b.jpg',
    ])
  })
})

describe('JSON-LD on pages in other languages and old wrappers', () => {
  it('reads a rating as schema.org writes it, whatever the page’s language ("4.588" on a German page)', () => {
    const html = ld({
      '@type': 'Product',
      name: 'Washing machine shelf',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.588', ratingCount: '452', bestRating: '5' },
    }).replace('<html>', '<html lang="de-AT">')
    const url = 'https://shop.example/p/1'
    expect(buildFacts(extractStructuredData(html, url), { url, platform: 'generic' }, now).listingRating).toEqual({
      average: 4.59,
      count: 452,
    })
  })
  it('reads JSON-LD wrapped in a CDATA section inside block comments, and leaves a template’s placeholder out of the brand', () => {
    const json = JSON.stringify({
      '@type': 'Product',
      name: 'Shelf',
      brand: '$metabrand',
      offers: { price: '99.95', priceCurrency: 'EUR' },
    })
    const html = `<html><head><script type="application/ld+json">/*<![CDATA[*/${json}/*]]>*/</script></head><body></body></html>`
    const url = 'https://shop.example/p/1'
    const facts = buildFacts(extractStructuredData(html, url), { url, platform: 'generic' }, now)
    expect([facts.title, facts.price, facts.vendor]).toEqual(['Shelf', 99.95, null])
  })
})

describe('microdata and the page heading', () => {
  const page = (body: string, title = '') =>
    `<html><head><title>${title}</title><meta property="og:title" content="${title}"></head><body>${body}</body></html>`
  it('reads a brand written as an item with its name in `content`', () => {
    const html = page(`<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Girls' bag Rosso</h1>
      <meta itemtype="http://schema.org/Brand" itemscope itemprop="brand" content="MONNALISA"></div>`)
    expect(extractStructuredData(html, 'https://shop.example/p/1').vendor).toBe('MONNALISA')
  })
  it('reads a brand marked on a link as the link’s words, not its address', () => {
    const html = page(`<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">MSI PRO MP273APDE</h1>
      von <a href="liste.php?hs=MSI" itemprop="brand">MSI </a></div>`)
    expect(extractStructuredData(html, 'https://shop.example/p/1').vendor).toBe('MSI')
  })
  it('reads the offer of a second scope of the same product (named the same, or nameless), not another product’s', () => {
    const head = `<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">MSI PRO MP273APDE</h1></div>`
    const offer = (
      name: string,
    ) => `<div itemscope itemtype="http://schema.org/Product">${name}<div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
      <span>228,90 EUR</span><span itemprop="price" hidden>228.90</span><span itemprop="priceCurrency" hidden>EUR</span></div></div>`
    for (const second of ['', '<span itemprop="name">MSI PRO MP273APDE</span>'])
      expect(extractStructuredData(page(head + offer(second)), 'https://shop.example/p/1')).toMatchObject({ price: 228.9, currency: 'EUR' })
    // A scope that names another product keeps its offer to itself.
    expect(
      extractStructuredData(page(head + offer('<span itemprop="name">Monitor arm</span>')), 'https://shop.example/p/1').price ?? null,
    ).toBeNull()
  })
  it('with no structured photo, takes the pictures labelled with the product’s name, not a tile’s', () => {
    const html = page(`<h1>Diving mask for beginners</h1><img src="/img/logo.jpg" alt="Shop">
      <img src="/img/mask-1.jpg" alt="Diving mask for beginners">
      <a href="/p/other"><img src="/img/other.jpg" alt="Diving mask for beginners"></a>`)
    expect(extractStructuredData(html, 'https://shop.example/p/mask').images).toEqual(['https://shop.example/img/mask-1.jpg'])
  })
  it('reads `itemprop="image"` pictures of the product, not those of tiles linking to other products', () => {
    const html = ld({ '@type': 'Product', name: 'Sports top', image: [null] }).replace(
      '<body>',
      `<body><h1>Sports top</h1><img src="/p/top-1.jpg" itemprop="image"><img src="/p/top-2.jpg" itemprop="image">
      <img data-src="/p/top-3.jpg" itemprop="image"><img src="/blank.gif" data-src="/p/top-4.jpg" itemprop="image">
      <a href="/shoes/x"><img src="/p/shoe-1.jpg" itemprop="image"></a>`,
    )
    // A lazy-loaded picture's photo is its data-src (its src a placeholder, if any).
    expect(extractStructuredData(html, 'https://shop.example/top').images).toEqual([
      'https://shop.example/p/top-1.jpg',
      'https://shop.example/p/top-2.jpg',
      'https://shop.example/p/top-3.jpg',
      'https://shop.example/p/top-4.jpg',
    ])
  })
  it('reads the offer of the page’s own Product scope, never a price outside it', () => {
    const html = page(`<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Zombie Scar Wound Kit</h1>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="1.99">GBP 1.99</span>
      <span itemprop="priceCurrency" content="GBP"></span></div></div>
      <div itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="0.50">0.50</span></div>`)
    const raw = extractStructuredData(html, 'https://www.ebay.com/itm/1')
    expect([raw.price, raw.currency]).toEqual([1.99, 'GBP'])
    const related = page(
      `<h1>Zombie Scar Wound Kit</h1><div itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="0.50">0.50</span></div>`,
    )
    expect(extractStructuredData(related, 'https://www.ebay.com/itm/1').price ?? null).toBeNull()
  })
  it('reads the brand and the rating of the page’s own Product scope; a related product’s scope is not read', () => {
    const html = page(
      `<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Pressure Washer »K 3«</h1>
        <span itemprop="brand">Kärcher</span>
        <div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="price" content="119.01"><meta itemprop="priceCurrency" content="EUR"></div>
        <div itemprop="aggregateRating" itemscope itemtype="http://schema.org/AggregateRating"><span itemprop="ratingValue">4.5</span> (<span itemprop="reviewCount">68</span>)</div></div>
      <section><div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Garden Hose</span><span itemprop="brand">Other</span>
        <div itemprop="aggregateRating" itemscope itemtype="http://schema.org/AggregateRating"><span itemprop="ratingValue">3.1</span><span itemprop="reviewCount">9</span></div></div></section>`,
      'Pressure Washer »K 3« online kaufen | Shop',
    )
    const raw = extractStructuredData(html, 'https://shop.example/p/1')
    expect(raw.title).toBe('Pressure Washer »K 3«')
    expect([raw.price, raw.currency, raw.vendor]).toEqual([119.01, 'EUR', 'Kärcher'])
    expect(raw.listingRating).toEqual({ average: 4.5, count: '68', scale: null })
  })
  it('a microdata name with hidden words before it is read as the heading shows it, hidden words out', () => {
    const html = page(
      `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name"><span class="hidden">Details about </span>4x Coin Cell CR2032</h1></div>`,
      '4x Coin Cell CR2032 | Shop',
    )
    expect(extractStructuredData(html, 'https://shop.example/p/1').title).toBe('4x Coin Cell CR2032')
    // A word hidden only on small screens ("hidden md:inline") is shown to a shopper on a wider one: kept.
    const wide = page(
      `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name"><span class="hidden md:inline">Energizer </span>4x Coin Cell CR2032</h1></div>`,
      'Energizer 4x Coin Cell CR2032 | Shop',
    )
    expect(extractStructuredData(wide, 'https://shop.example/p/1').title).toBe('Energizer 4x Coin Cell CR2032')
  })
  it('of a rating’s two counts, takes the one the page shows when it shows only one', () => {
    const rating = { '@type': 'AggregateRating', ratingValue: 5, ratingCount: 37, reviewCount: 15 }
    expect(shownCount('<a href="#reviews">15 отзывов</a>', rating)).toBe('15')
    expect(shownCount('<span>75</span> ratings, <span>4</span> reviews', { ...rating, ratingCount: 75, reviewCount: 4 })).toBeNull()
    // A number inside another one, or in a script, is not the count shown.
    expect(shownCount('<b>375</b> buyers<script>var n = 15</script>', rating)).toBeNull()
    // A count that is no whole number is never made a pattern of (nor a crash).
    expect(shownCount('<a>15 reviews</a>', { ...rating, ratingCount: '(3592 Reviews)' })).toBeNull()
    expect(shownCount('<a>15 reviews</a>', { ...rating, ratingCount: '[' })).toBeNull()
    const html = ld({ '@type': 'Product', name: 'Octime glasses', aggregateRating: rating }).replace('<body>', '<body><a>15 reviews</a>')
    expect(extractStructuredData(html, 'https://shop.example/p/1').listingRating).toMatchObject({ average: 5, count: '15' })
  })
  it('reads a product whose type the page writes in lower case ("product")', () => {
    const html = ld({
      '@context': 'https://schema.org',
      '@type': 'product',
      name: 'Nest Mini',
      offers: { '@type': 'Offer', price: '49.00', priceCurrency: 'GBP' },
    })
    expect([
      extractStructuredData(html, 'https://shop.example/p/1').price,
      extractStructuredData(html, 'https://shop.example/p/1').currency,
    ]).toEqual([49, 'GBP'])
  })
  it('takes the heading when it says the structured name as the shopper reads it', () => {
    const named = (h1: string, name: string, brand?: string) =>
      extractStructuredData(
        ld({ '@type': 'Product', name, ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}) }).replace(
          '<body>',
          `<body><h1>${h1}</h1>`,
        ),
        'https://shop.example/p/1',
      ).title
    // Its own punctuation, its lines apart as a browser shows them.
    expect(named('<div>DJUNGELSKOG</div><div>Soft toy, brown bear</div>', 'DJUNGELSKOG Soft toy - brown bear')).toBe(
      'DJUNGELSKOG Soft toy, brown bear',
    )
    // The same words in the heading's own order.
    expect(named('<span>MARKUS</span> <span>Office chair, Glose black</span>', 'Office chair MARKUS Glose black')).toBe(
      'MARKUS Office chair, Glose black',
    )
    // The brand before the name, a model code after it.
    expect(named('<span>RETRAK</span> <span>Selfie Stick - Black &amp; Silver</span>', 'Selfie Stick - Black &amp; Silver', 'RETRAK')).toBe(
      'RETRAK Selfie Stick - Black & Silver',
    )
    expect(named('Analog Watch - For Men AMWW784', 'Analog Watch - For Men')).toBe('Analog Watch - For Men AMWW784')
    // Not the brand again when the name already says it.
    expect(named('<span>Ultra</span> Consola Retro Sobremesa Ultra', 'Consola Retro Sobremesa Ultra', 'Ultra')).toBe(
      'Consola Retro Sobremesa Ultra',
    )
    // A word that is neither (a hidden "Details") leaves the structured name alone.
    expect(named('SEOUL 100 ML <span class="hidden">Details</span>', 'SEOUL 100 ML')).toBe('SEOUL 100 ML')
    // A one-word model name after its brand.
    expect(named('Northwind Outdoor KESTREL', 'KESTREL', 'Northwind Outdoor')).toBe('Northwind Outdoor KESTREL')
    // Or any word or two before the whole name in the heading's own text: the shopper reads the heading.
    expect(named('Northwind Outdoor KESTREL', 'KESTREL')).toBe('Northwind Outdoor KESTREL')
  })

  it('takes the heading when the structured name glues it to the line under it', () => {
    const html = ld({ '@type': 'Product', name: 'Desktop i7 16GB 480SSD     Model: OPTIPLEX 9010 TOWER' }).replace(
      '<body>',
      '<body><h1>Desktop i7 16GB 480SSD </h1><h3>Model: OPTIPLEX 9010 TOWER  refurbished</h3>',
    )
    expect(extractStructuredData(html, 'https://shop.example/p/1').title).toBe('Desktop i7 16GB 480SSD')
    const other = html.replace('<h3>Model: OPTIPLEX 9010 TOWER  refurbished</h3>', '<h3>Delivery in 2 days</h3>')
    expect(extractStructuredData(other, 'https://shop.example/p/1').title?.replace(/\s+/g, ' ')).toBe(
      'Desktop i7 16GB 480SSD Model: OPTIPLEX 9010 TOWER',
    )
  })
  it('a microdata name with a hidden link after it gives way to the OpenGraph title too', () => {
    const html = page(
      `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name"><span>Dettagli su </span>Angel Teddy Bear<a>- mostra il titolo originale</a></h1></div>`,
      'Angel Teddy Bear | Shop',
    )
    expect(extractStructuredData(html, 'https://shop.example/p/1').title).toBe('Angel Teddy Bear | Shop')
  })
  it('reads a brand row of the page’s specification table, in the languages we know', () => {
    const rows = (label: string, value: string) =>
      load(`<table><tr><td>Type:</td><td>Coin</td><td>${label}</td><td><span>${value}</span></td></tr></table>`)
    expect(brandFromSpecRows(rows('Brand: ', 'Duracell'))).toBe('Duracell')
    // A line of the description between line breaks ("- Marca: Makita"), not a sentence naming a brand.
    expect(brandFromSpecRows(load('<div>Principais Características<br>- Marca: Makita<br>- Tipo: Furadeira<br></div>'))).toBe('Makita')
    expect(
      brandFromSpecRows(load('<div>Our brand: the one that lasts, since 1990 and for decades to come<br>Made in Portugal</div>')),
    ).toBeNull()
    expect(brandFromSpecRows(load('<table><tr><th>ブランド</th><td><a>Panasonic</a></td></tr></table>'))).toBe('Panasonic')
    // A label on the line above its value, and eBay's label three wrappers deep beside its value's cell.
    expect(brandFromSpecRows(load('<p><span style="font-weight:bold">Hersteller</span><br>Acer</p>'))).toBe('Acer')
    // A label in two wrappers of its own, the value loose after it ("<b><small>Hersteller </small></b> NEC<br>").
    expect(
      brandFromSpecRows(load('<td><b><small>Artikelnummer </small></b> A72-CG84194<br><b><small>Hersteller </small></b> NEC<br></td>')),
    ).toBe('NEC')
    const ebay = (label: string, value: string) =>
      `<div class="row"><div class="labels"><div class="labels-content"><div><span>${label}</span></div></div></div><div class="values"><div><div><span>${value}</span></div></div></div></div>`
    expect(brandFromSpecRows(load(ebay('Herstellernummer', 'UM.QB2EE.E01') + ebay('Marke', 'Acer')))).toBe('Acer')
    // A label alone in a cell of its own; the value's menu button and icon title are not its words.
    expect(
      brandFromSpecRows(
        load(
          '<div class="row"><div class="cell"><div>Varemærke</div></div><div class="cell"><div><a href="/brand/1"><span>New Balance</span></a><button title="Varemærkemenu"><svg><title>Varemærkemenu</title></svg></button></div></div></div>',
        ),
      ),
    ).toBe('New Balance')
    expect(brandFromSpecRows(rows('Colour:', 'Silver'))).toBeNull()
    expect(brandFromSpecRows(load('<p>Brand: Duracell</p>'))).toBeNull()
    // A maker and its line, as two links: the first.
    expect(brandFromSpecRows(load('<table><tr><th>ブランド</th><td><a>三菱鉛筆</a><a>uni（三菱鉛筆）</a></td></tr></table>'))).toBe(
      '三菱鉛筆',
    )
  })
  it('reads a brand label of its own beside its value, and a manufacturer row only when no row says "brand"', () => {
    expect(brandFromSpecRows(load('<div class="spec"><p>Výrobca</p><p><a>Apple</a></p></div>'))).toBe('Apple')
    expect(brandFromSpecRows(load('<ul><li><span>Brand</span> <span>Acme</span></li></ul>'))).toBe('Acme')
    expect(brandFromSpecRows(load('<table><tr><th>Hersteller:</th><td>Bosch</td></tr></table>'))).toBe('Bosch')
    // A brand row wins over a manufacturer row before it.
    const both = '<table><tr><th>Manufacturer</th><td>Foxconn</td></tr><tr><th>Brand</th><td>Apple</td></tr></table>'
    expect(brandFromSpecRows(load(both))).toBe('Apple')
    // A label holding other elements is a row of its own, not a label.
    expect(brandFromSpecRows(load('<div><p>Brand <b>new</b></p><p>In stock</p></div>'))).toBeNull()
  })
  it('reads a row written as a label with a colon and its value in bold ("make/manufacturer: <b>…</b>")', () => {
    const listing = (rows: string) => load(`<div class="attributes"><span>condition: <b>used</b></span>${rows}</div>`)
    expect(brandFromSpecRows(listing('<span>make/manufacturer: <b>Consteel LTD</b></span>'))).toBe('Consteel LTD')
    expect(brandFromSpecRows(listing('<p>Make: <strong>Consteel</strong></p>'))).toBe('Consteel')
    // Without a colon it is a sentence, not a row.
    expect(brandFromSpecRows(load('<div><p>Brand <b>new</b></p><p>In stock</p></div>'))).toBeNull()
    // A brand row wins over a manufacturer row before it.
    expect(brandFromSpecRows(listing('<span>Manufacturer: <b>Foxconn</b></span><span>Brand: <b>Apple</b></span>'))).toBe('Apple')
    // The brand the heading links to its page on the site; a link to another site or to a category is none.
    const heading = (h1: string) => load(`<html><body><main><h1>${h1}</h1></main></body></html>`)
    const url = 'https://shop.example/p/gentle-fluidity-gold'
    expect(brandLinkedInHeading(heading('<a href="/brands/mfk">Maison Francis Kurkdjian</a><span>Gentle Fluidity Gold</span>'), url)).toBe(
      'Maison Francis Kurkdjian',
    )
    expect(brandLinkedInHeading(heading('<a href="/parfjumerija/">Perfume</a><span>Gentle Fluidity Gold</span>'), url)).toBeNull()
    expect(brandLinkedInHeading(heading('<a href="https://other.example/brands/x">X</a><span>Gold</span>'), url)).toBeNull()
    // The value written right after its label in their element, never the next row's ("Telefone: 0800 …").
    expect(
      brandFromSpecRows(
        load('<div><div><span><b>Marca: </b>Electrolux</span></div><div><span><b>Telefone: </b> 0800 728 8778</span></div></div>'),
      ),
    ).toBe('Electrolux')
    // A Twitter card's label and data pair.
    const card = (label: string) =>
      load(`<html><head><meta name="twitter:label1" content="PREÇO"><meta name="twitter:data1" content="R$ 699,00">
        <meta name="twitter:label2" content="${label}"><meta name="twitter:data2" content="Philco"></head><body></body></html>`)
    expect(brandFromCardLabels(card('MARCA'))).toBe('Philco')
    expect(brandFromCardLabels(card('COR'))).toBeNull()
    // Or the line just above the heading, with nothing but that link on it.
    const above = (line: string) => load(`<html><body><main>${line}<h1>Edge 1050 GPS Computer</h1></main></body></html>`)
    expect(brandLinkedInHeading(above('<div class="vendor"><a href="/brand/Garmin">Garmin</a></div>'), url)).toBe('Garmin')
    // A brand's page may carry its number ("/marca/electrolux/111").
    expect(brandLinkedInHeading(above('<a href="/marca/electrolux/111" class="product-brand">Electrolux</a>'), url)).toBe('Electrolux')
    expect(brandLinkedInHeading(above('<div><a href="/brand/Garmin">Garmin</a> and more GPS</div>'), url)).toBeNull()
    expect(brandLinkedInHeading(above('<div><a href="/category/gps">GPS</a></div>'), url)).toBeNull()
    // A tab named "Brand" names a panel: the next tab is no brand.
    const tabs =
      '<div class="tabs"><button type="button"><div>Применение</div></button><button type="button"><div>Бренд</div></button><button type="button"><div>Дополнительная информация</div></button></div>'
    expect(brandFromSpecRows(listing(tabs))).toBeNull()
  })
  it('leaves out a credit line closing the heading, and takes the heading over a structured name that adds the credit', () => {
    const credit = load(
      `<html><head><title>It Ends With Us</title></head><body><h1>It Ends With Us <span class="author">by <a href="/author/colleen-hoover">Colleen Hoover</a></span></h1></body></html>`,
    )
    expect(headingText(credit)).toBe('It Ends With Us')
    expect(headingOverTitle(credit, 'It Ends With Us By Colleen Hoover', null)).toBe('It Ends With Us')
    // A heading whose words say "by" keeps them ("Stand by Me").
    expect(headingText(load('<html><body><h1>Stand <span>by Me</span></h1></body></html>'))).toBe('Stand by Me')
  })

  it('of several headings the title does not say whole, reads the one it says most of, or the <h2> it says', () => {
    const doc = (title: string, body: string) => load(`<html><head><title>${title}</title></head><body>${body}</body></html>`)
    // A breadcrumb's heading first; the title shortens the long name ("… günstig bei shop.example").
    const crumbs = doc(
      'NEC MultiSync E274F black Computerbildschirm günstig bei shop.example',
      '<div class="breadcrumbs"><a href="/c/162"><h1>Monitore</h1></a></div><h1>NEC MultiSync E274F black Computerbildschirm 68,6 cm (27) 1920 x 1080 Pixel Full HD LCD Schwarz</h1>',
    )
    expect(headingText(crumbs)).toMatch(/^NEC MultiSync E274F/)
    // A header's line that says as many of the title's words as the name, among others, is not it.
    const header = doc('Kettle Classic - Kitchen shop - Homeware', '<h1>Kitchen ideas from the shop</h1><h1>Kettle Classic</h1>')
    expect(headingText(header)).toBe('Kettle Classic')
    // Headings that are a welcome line and a newsletter's: the name is in an <h2>.
    const welcome = doc(
      'ASUS VZ24EHF, 23.8"',
      '<h1>Willkommen bei uns</h1><h2>Cookies</h2><h2><span>ASUS VZ24EHF, 23.8"</span></h2><h1>Zum Newsletter anmelden</h1>',
    )
    expect(headingText(welcome)).toBe('ASUS VZ24EHF, 23.8"')
  })

  it('of several headings, reads the product’s: the first the page’s title says, not a logo’s or a menu’s before it', () => {
    const doc = (title: string, body: string) => load(`<html><head><title>${title}</title></head><body>${body}</body></html>`)
    const menus = '<h1><a href="/">Shop</a></h1><nav><h1>Categories</h1></nav>'
    const $ = doc('Kettle 4711 Stainless – Home Goods', `${menus}<main><h1>Kettle 4711 <span>Stainless</span></h1></main>`)
    expect($(productHeading($)!).text()).toBe('Kettle 4711 Stainless')
    expect(headingText($)).toBe('Kettle 4711 Stainless')
    // Also when only the OpenGraph title names it.
    const og = load(`<html><head><meta property="og:title" content="Kettle 4711"></head><body>${menus}<h1>Kettle 4711</h1></body></html>`)
    expect(headingText(og)).toBe('Kettle 4711')
    // The only heading is the heading; of several the title says none of, the first.
    expect(headingText(doc('Home Goods', '<h1>Kettle 4711</h1>'))).toBe('Kettle 4711')
    // A part that opens with a bracket is a word apart; other parts side by side are one word.
    const parts = '<h1><span>Crucial</span> <span>MX300 525 GB, Solid State Drive</span><span class="sub">(SATA 600)</span></h1>'
    expect(headingText(doc('Crucial', parts))).toBe('Crucial MX300 525 GB, Solid State Drive (SATA 600)')
    expect(headingText(doc('iPhone', '<h1><span>i</span><span>Phone</span> 15</h1>'))).toBe('iPhone 15')
    // A brand's link and the name side by side are two words apart, not glued ("KurkdjianGentle").
    const brandLine = '<h1><a href="/brands/mfk">Maison Francis Kurkdjian</a><span>Gentle Fluidity Gold</span></h1>'
    expect(headingText(doc('Home Goods', brandLine))).toBe('Maison Francis Kurkdjian Gentle Fluidity Gold')
    // The shop's item number in brackets after the structured name is no part of the name; a qualifier is.
    const coded = doc('Home Goods', '<h1>Frigobar Philco PH85 <span class="code">(Cód. 212979)</span></h1>')
    expect(headingOverTitle(coded, 'Frigobar Philco PH85', null)).toBe('Frigobar Philco PH85')
    const qualified = doc('Home Goods', '<h1>Frigobar Philco PH85 (70 Litros)</h1>')
    expect(headingOverTitle(qualified, 'Frigobar Philco PH85', null)).toBe('Frigobar Philco PH85 (70 Litros)')
    // A style sheet written inside the heading (CSS-in-JS) is no word of it.
    const styled = '<h1><style>.css-1{display:flex}</style><div><a href="/brand/garmin">Garmin </a></div><span>Edge 1050</span></h1>'
    expect(headingText(doc('Home Goods', styled))).toBe('Garmin Edge 1050')
    // A side note in <small> closing it (a line of specifications) is no part of the name.
    const noted = '<h1><span>iiyama</span> <span>G-Master GB2470HSU-W5</span> <small class="sub">(61 cm, weiß, 165Hz)</small></h1>'
    expect(headingText(doc('Home Goods', noted))).toBe('iiyama G-Master GB2470HSU-W5')
    expect(headingText(doc('Home Goods', '<h1><small>Neu</small></h1>'))).toBe('Neu')
    // Other elements side by side are one word.
    expect(headingText(doc('Home Goods', '<h1><span>i</span><span>Phone</span> 15</h1>'))).toBe('iPhone 15')
    expect(headingText(doc('Home Goods', '<h1><span>Nike</span><sup>®</sup> Air</h1>'))).toBe('Nike® Air')
    expect(headingText(doc('Home Goods', '<h1>Categories</h1><h1>Kettle 4711</h1>'))).toBe('Categories')
    // A logo's heading of the site's name is one word of the title; the product's is most of it.
    expect(headingText(doc('Kettle 4711 - Shop', '<h1>Shop</h1><h1>Kettle 4711</h1>'))).toBe('Kettle 4711')
  })
  it('takes the heading when it is the structured name with a qualifier in brackets after it', () => {
    const name = 'Phone X 5G (Black, 512 GB)'
    expect(headingOverTitle(load('<h1>Phone X 5G (Black, 512 GB) (12 GB RAM)</h1>'), name, null)).toBe(
      'Phone X 5G (Black, 512 GB) (12 GB RAM)',
    )
    // Words after the name that are not in brackets leave the name alone.
    expect(headingOverTitle(load('<h1>Phone X 5G (Black, 512 GB) with free cover and charger</h1>'), name, null)).toBe(name)
  })
  it('takes the heading when the structured name stops a word short of the heading’s own line', () => {
    const name = 'Vireo Desk 27" All In One'
    expect(headingOverTitle(load('<h1><a href="/vireo">Vireo </a>Desk 27" All In One Computer</h1>'), name, null)).toBe(
      'Vireo Desk 27" All In One Computer',
    )
    // Words in an element of their own may be hidden ones (a tab's "Details"), and a code line is not the name.
    expect(headingOverTitle(load('<h1>Vireo Desk 27" All In One <span class="tab">Details</span></h1>'), name, null)).toBe(name)
    expect(headingOverTitle(load('<h1>Vireo Desk 27" All In One<div>Code: 73556</div></h1>'), name, null)).toBe(name)
  })
  it('takes the heading when the OpenGraph title is the site’s slogan, sharing no word with it', () => {
    const page = (title: string) =>
      load(`<html><head><title>${title}</title></head><body><h1>Бейсболка без козырька докер</h1></body></html>`)
    const slogan = 'Интернет‑магазин Shop: широкий ассортимент товаров - скидки каждый день!'
    expect(headingOverTitle(page('Бейсболка без козырька докер купить за 450 ₽ в Shop'), slogan, null)).toBe('Бейсболка без козырька докер')
    // Unless the page's own title says something else: then nothing tells which is the name.
    expect(headingOverTitle(page('Shop'), slogan, null)).toBe(slogan)
  })
  it('takes the heading when the title puts the site’s name and slogan before it', () => {
    const name = 'Tile Cutter 600 mm | TC-600'
    expect(headingOverTitle(load(`<h1>${name}</h1>`), `Building Supplies Online | ${name}`, null)).toBe(name)
    // The heading inside the title's last part is not enough: a separator stands before it.
    expect(headingOverTitle(load('<h1>Tile Cutter 600 mm</h1>'), 'Professional Tile Cutter 600 mm', null)).toBe(
      'Professional Tile Cutter 600 mm',
    )
  })
  it('takes the heading when the title is the heading plus the site’s search words', () => {
    const html = page(
      '<h1>Lemon/Cheese/Garlic Handheld Cheese Slicer</h1>',
      'Lemon/cheese/garlic Handheld Cheese Slicer - Buy Cheese Slicer,Grater Product on Shop.com',
    )
    expect(extractStructuredData(html, 'https://shop.com/p/1').title).toBe('Lemon/Cheese/Garlic Handheld Cheese Slicer')
    // A heading that is not the title's start, or a short one (a logo), leaves the title alone.
    expect(extractStructuredData(page('<h1>Shop</h1>', 'Shop - Cheese Slicer'), 'https://shop.com/p/1').title).toBe('Shop - Cheese Slicer')
    expect(extractStructuredData(page('<h1>Our bestsellers this week</h1>', 'Cheese Slicer'), 'https://shop.com/p/1').title).toBe(
      'Cheese Slicer',
    )
  })
})

describe('the OpenGraph photos beside the structured photo', () => {
  const AD = 'https://ads.example/item/vintage-skate-board-93261685'
  /** A classified ad: microdata naming one photo in a small size, and the OpenGraph tags `og`. */
  const ad = (og: string[]) => `<html><head><title>Vintage skate board</title>
    ${og.map((u) => `<meta property="og:image" content="${u}">`).join('')}</head>
    <body><div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Vintage skate board</h1>
    <img itemprop="image" src="https://img.ads.example/thumb/93261685/1.jpg">
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="60"><meta itemprop="priceCurrency" content="USD"></div>
    </div></body></html>`

  it('takes every photo the OpenGraph tags name when they include the structured one in another size', () => {
    const og = [1, 2, 3, 4, 5].map((n) => `https://img.ads.example/full/93261685/${n}.jpg`)
    const raw = extractStructuredData(ad(og), AD)
    expect(raw.images).toEqual(og)
    expect([raw.title, raw.price]).toEqual(['Vintage skate board', 60])
  })

  it('keeps the structured photo when the OpenGraph pictures are other photos (no id in common)', () => {
    const og = ['https://img.ads.example/banners/spring-44001.jpg', 'https://img.ads.example/banners/spring-44002.jpg']
    expect(extractStructuredData(ad(og), AD).images).toEqual(['https://img.ads.example/thumb/93261685/1.jpg'])
  })
})

describe('the brand a buy button states beside the product’s own name', () => {
  const html = `<html><body><h1>Fridge Polar RC 310</h1>
    <div class="buy" price="131990" name="Fridge Polar RC 310" category="Fridges" brand="POLAR">Buy</div>
    <ul><li><a href="/p/2" data-name="Fridge Nordic 200" data-brand="NORDIC">Fridge Nordic 200</a></li></ul></body></html>`
  it('reads the brand of the element naming this product, never a tile’s', () => {
    expect(brandBesideName(load(html), 'Fridge Polar RC 310')).toBe('POLAR')
    expect(brandBesideName(load(html), 'Fridge Arctic 100')).toBeNull()
    expect(brandBesideName(load(html), null)).toBeNull()
  })
})

describe('offers of one product that disagree', () => {
  const offers = [
    { '@type': 'Offer', price: '249990', priceCurrency: 'CLP' },
    { '@type': 'Offer', price: '229990', priceCurrency: 'CLP' },
  ]
  const body = (box: string) =>
    `<div itemtype="http://schema.org/Product"><h1 itemprop="name">Cama Roble</h1>
      <div class="card-price">$229.990 <img src="/store-card.svg" alt=""></div>${box}</div>`
  const read = (box: string) =>
    extractStructuredData(
      ld({ '@type': 'Product', name: 'Cama Roble', offers }).replace('<body></body>', `<body>${body(box)}</body>`),
      'https://shop.cl/p/1',
    ).price

  it('takes the price the page’s own markup states as its offer, not the lowest (a store card’s)', () => {
    const box = `<div itemprop="offers"><small>Internet:</small> <span itemprop="price">$249.990</span>
      <small>Normal:</small> <span itemprop="price"><s>$279.990</s></span></div>`
    expect(read(box)).toBe(249990)
  })

  it('takes a price property standing in no scope at all when the page has no product scope (Walmart’s hero price)', () => {
    const page = (hero: string) =>
      ld({
        '@type': 'Product',
        name: 'AirPods Pro',
        offers: [
          { '@type': 'Offer', price: 11, priceCurrency: 'USD' },
          { '@type': 'Offer', price: 117.23, priceCurrency: 'USD' },
        ],
      }).replace(
        '<body></body>',
        `<body><h1>AirPods Pro</h1>${hero}<ul class="similar"><li itemscope itemtype="http://schema.org/Offer"><span itemprop="price">$11.00</span></li></ul></body>`,
      )
    expect(extractStructuredData(page('<span itemprop="price">Now $117.23</span>'), 'https://shop.example/ip/1').price).toBe(117.23)
    // A priced tile's scope is another product's: without the hero, the lowest stands.
    expect(extractStructuredData(page(''), 'https://shop.example/ip/1').price).toBe(11)
  })

  it('takes the one the page writes with its currency, where the other is a bare number of something else', () => {
    const sizes = [
      { '@type': 'Offer', price: '15.0', priceCurrency: 'USD' },
      { '@type': 'Offer', price: '32.0', priceCurrency: 'USD' },
    ]
    const html = ld({ '@type': 'Product', name: 'Setting Spray', offers: sizes }).replace(
      '<body></body>',
      `<body><h1>Setting Spray</h1><div class="price"><span>$32.00</span></div><p>Videos <span>(15)</span></p><span class="answers">15</span> answers</body>`,
    )
    expect(extractStructuredData(html, 'https://shop.example/p/1').price).toBe(32)
  })

  it('reads a microdata offer that states the standard price and the sale price, the struck one not as the price', () => {
    const html = `<html><body><div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Merino Cardigan</h1>
      <div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
      <span class="price-standard" itemprop="priceCurrency" content="USD">$</span><span class="price-standard" itemprop="price">39.90</span>
      <span class="price-sales" itemprop="priceCurrency" content="USD">$</span><span class="price-sales" itemprop="price">12.90</span></div></div></body></html>`
    expect(extractStructuredData(html, 'https://shop.example/p/1').price).toBe(12.9)
  })

  it('reads a microdata rating typed without the scheme (//schema.org/…), a count stated twice as its first', () => {
    const html = `<html><body><div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Booster Seat</h1>
      <div itemprop="aggregateRating" itemscope itemtype="//schema.org/AggregateRating" class="stars"><meta itemprop="ratingValue" content="4.6667">
      <meta itemprop="reviewCount" content="51"><span itemprop="reviewCount">51 reviews</span></div>
      <div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="priceCurrency" content="USD"><span itemprop="price">37.30</span></div></div></body></html>`
    const sd = extractStructuredData(html, 'https://shop.example/ip/1')
    expect([sd.price, sd.listingRating?.average, sd.listingRating?.count]).toEqual([37.3, 4.6667, '51'])
  })

  it('keeps the lowest when the markup states none of them', () => {
    expect(read('<p>Despacho gratis</p>')).toBe(229990)
  })

  it('takes the one the checked option’s label writes (the chosen condition’s, above the other conditions’)', () => {
    const grades = [
      { '@type': 'Offer', price: '4680', priceCurrency: 'JPY' },
      { '@type': 'Offer', price: '3740', priceCurrency: 'JPY' },
      { '@type': 'Offer', price: '3090', priceCurrency: 'JPY' },
    ]
    const html = ld({ '@type': 'Product', name: 'マリオカート ライブ ホームサーキット', offers: grades }).replace(
      '<body></body>',
      `<body><div class="item"><h1>マリオカート ライブ ホームサーキット マリオセット</h1><div class="price_group"><label><input type="radio" checked> 中古 <span class="price-buy">4,680円 (税込)</span></label></div>
      <div class="other-grades"><p>箱不備 3,740円</p><p>難あり 3,090円</p></div></div></body>`,
    )
    expect(extractStructuredData(html, 'https://shop.jp/product/detail/109102234').price).toBe(4680)
  })
})

describe('an offer the linked data lost', () => {
  it('is known by its key with no value, and only then', () => {
    const lost = `<html><head><script type="application/ld+json">{"@type":"Product","name":"Party 10","offers": ,"brand":{"@type":"Brand","name":"Nintendo"}}</script></head><body></body></html>`
    expect(structuredOfferLost(load(lost))).toBe(true)
    expect(structuredOfferLost(load(ld({ '@type': 'Product', name: 'Party 10', offers: { price: '10' } })))).toBe(false)
    expect(structuredOfferLost(load(ld({ '@type': 'Product', name: 'Party 10' })))).toBe(false)
  })

  it('is known by an offer whose price the template left empty', () => {
    const empty = ld({
      '@type': 'Product',
      name: 'Wall Charger',
      offers: [{ '@type': 'Offer', availability: 'http://schema.org/OutOfStock', price: '' }],
    })
    expect(structuredOfferLost(load(empty))).toBe(true)
  })
})

describe('several Product nodes', () => {
  it('reads the page’s own product before the related products a theme lists as Products of their own pages', () => {
    const page = 'https://shop.example/produtos/kit-jarra-16561/'
    const related = (n: number) => ({
      '@type': 'Product',
      mainEntityOfPage: { '@type': 'WebPage', '@id': `https://shop.example/produtos/copo-${n}/` },
      name: `Copo ${n}`,
      offers: { '@type': 'Offer', price: '11.99', priceCurrency: 'BRL' },
    })
    const own = {
      '@type': 'WebPage',
      mainEntity: {
        '@type': 'Product',
        '@id': page,
        name: 'Kit Jarra',
        offers: { '@type': 'Offer', price: '34.99', priceCurrency: 'BRL' },
      },
    }
    const html = `<html><head>${[related(1), own, related(2)].map((j) => `<script type="application/ld+json">${JSON.stringify(j)}</script>`).join('')}</head><body></body></html>`
    expect(extractStructuredData(html, page)).toMatchObject({ title: 'Kit Jarra', price: 34.99 })
  })
})

describe('a structured rating the page contradicts', () => {
  const page = (widget: string) =>
    `<html><body><h1>Armchair</h1><button class="rating">${widget}</button><ul><li class="review"><div class="stars"><div style="width:100%"></div></div>Great chair</li></ul></body></html>`
  const drawn = (pct: string, written: string) =>
    page(
      `<div class="ReviewStars"><div class="ReviewStars-fill" style="width:${pct}%"></div></div><span>${written}</span> <span>472 Reviews</span>`,
    )
  const check = (html: string, average: number, scale?: number) => starsDisagree(load(html), html, { average, count: 473, scale })

  it('is not the page’s rating when the stars it draws, and the figure it writes, say another', () => {
    expect(check(drawn('93.98', '4.7'), 4.5)).toBe(true)
    // Out of 10: 9 is 4.5 stars.
    expect(check(drawn('93.98', '4,7'), 9, 10)).toBe(true)
  })

  it('is the rating the page shows instead when it draws and writes it and writes the same count', () => {
    const html = page(
      `<div class="ReviewStars"><div class="ReviewStars-rating" style="width:94.960532807104%"></div></div><p>8108</p><p>Rated 4.75 out of 5 stars. 8108 total votes.</p>`,
    )
    const ld = `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Armchair',
      offers: { '@type': 'Offer', price: '98.99', priceCurrency: 'USD' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 8108 },
    })}</script>`
    expect(extractStructuredData(html.replace('<body>', `<body>${ld}`), 'https://shop.example/p/1').listingRating).toEqual({
      average: 4.75,
      count: '8108',
      scale: 5,
    })
    // A count the page does not write: no rating rather than a stale one.
    expect(
      extractStructuredData(drawn('93.98', '4.7').replace('<body>', `<body>${ld}`), 'https://shop.example/p/1').listingRating ?? null,
    ).toBeNull()
  })

  it('stands when the page writes it, draws the same, draws a whole number, or draws nothing', () => {
    expect(check(drawn('93.98', '4.7'), 4.7)).toBe(false)
    expect(check(drawn('93.98', '4.7 (4.5 before)'), 4.5)).toBe(false)
    expect(check(drawn('100', '5'), 4.4)).toBe(false)
    expect(check(page('<span>4.7</span>'), 4.5)).toBe(false)
    // A histogram's bar is not the stars.
    expect(check(page('<div class="stars-histogram"><div style="width:93.98%"></div></div><span>4.7</span>'), 4.5)).toBe(false)
  })
})

describe('a sale the structured data does not state', () => {
  it('takes the product tags’ current price when they name the structured price as the regular one', () => {
    const url = 'https://lamps.example/products/keystick-sconce'
    const offer = { '@type': 'Product', name: 'Keystick Wall Sconce', offers: { '@type': 'Offer', price: '150.00', priceCurrency: 'USD' } }
    const tags = (current: string, currency = 'USD') =>
      `<meta property="og:price:standard_amount" content="150.00"><meta property="product:price:amount" content="${current}"><meta property="product:price:currency" content="${currency}">`
    expect(extractStructuredData(ld(offer, tags('120.00')), url)).toMatchObject({ price: 120, compareAtPrice: 150 })
    // Tags that state no lower price, or one in another currency, leave the structured offer as it is.
    expect(extractStructuredData(ld(offer, tags('150.00')), url)).toMatchObject({ price: 150 })
    expect(extractStructuredData(ld(offer, tags('120.00', 'EUR')), url)).toMatchObject({ price: 150 })
    // Tags whose own price is another than the structured one: their former price is not this offer's.
    const other = `<meta property="product:price:amount" content="80.00"><meta property="og:price:standard_amount" content="120.00">`
    expect(extractStructuredData(ld({ ...offer, offers: { ...offer.offers, price: '100.00' } }, other), url)).toMatchObject({
      price: 100,
      compareAtPrice: null,
    })
  })
})

describe('the heading over a name only the OpenGraph tags give', () => {
  const page = (ogTitle: string, h1: string) =>
    `<html><head><meta property="og:title" content="${ogTitle}"></head><body><h1>${h1}</h1><img src="/a.jpg"></body></html>`
  const url = 'https://shop.example/p/1'
  it('takes the heading when the tag is cut short, or dresses most of the heading in words of its own', () => {
    const cut = page(
      'Polsterbett 140x200cm mit Kopfteil und 4 Schubladen,',
      'Polsterbett 140x200cm mit Kopfteil und 4 Schubladen, Doppelbett mit Lattenrost in Beige',
    )
    expect(extractStructuredData(cut, url).title).toBe(
      'Polsterbett 140x200cm mit Kopfteil und 4 Schubladen, Doppelbett mit Lattenrost in Beige',
    )
    const dressed = page(
      'Promo Dada Ayam Tanpa Tulang &amp; Kulit | Chicken Breast Fillet - 500 gram di Hijrah Meatshop | Tokopedia',
      'Dada Ayam Tanpa Tulang &amp; Kulit | Chicken Breast Fillet - 1 kg',
    )
    expect(extractStructuredData(dressed, url).title).toBe('Dada Ayam Tanpa Tulang & Kulit | Chicken Breast Fillet - 1 kg')
  })
  it('keeps the tag when the heading only adds an element of its own to it', () => {
    const hidden = page(
      'Pony Cart Harness Fit Up To 11 Hh | eBay',
      '<span class="g-hdn">Details about </span>Pony Cart Harness Fit Up To 11 Hh',
    )
    // The heading as a shopper sees it: its hidden "Details about" is no word of the name.
    expect(extractStructuredData(hidden, 'https://www.ebay.com/itm/1234567890').title).toBe('Pony Cart Harness Fit Up To 11 Hh')
    // A footnote's mark is not part of it either ("Parkside 4Ah Battery<sup>1</sup>"), a unit's power is.
    expect(extractStructuredData(page('Parkside 4Ah Battery | Lidl', 'Parkside 4Ah Battery<sup>1</sup>'), url).title).toBe(
      'Parkside 4Ah Battery',
    )
    expect(extractStructuredData(page('Teppich 4 m2 | Shop', 'Teppich 4 m<sup>2</sup>'), url).title).toMatch(/^Teppich 4 m ?2$/)
    expect(headingText(load('<h1>Teppich 4m<sup>2</sup></h1>'))).toMatch(/^Teppich 4m ?2$/)
    expect(headingText(load('<h1>Ковер 4 м<sup>2</sup></h1>'))).toMatch(/^Ковер 4 м ?2$/)
    expect(headingText(load('<h1>Parkside 4Ah Battery<sup>1</sup></h1>'))).toBe('Parkside 4Ah Battery')
    // A category's heading says too little of the product's name.
    expect(extractStructuredData(page('Nike Pegasus 41 Road Running Shoes for Men', 'Running Shoes for Men'), url).title).toBe(
      'Nike Pegasus 41 Road Running Shoes for Men',
    )
    const code = page('Fridge BEKO RCSK 310M20S', 'Fridge BEKO RCSK 310M20S <span>Code: 73556</span>')
    expect(extractStructuredData(code, url).title).toBe('Fridge BEKO RCSK 310M20S')
  })
})

describe('the brand a shop’s markup tags after the heading’s name, without a scope', () => {
  it('reads the first brand tag after a heading that tags its name, and nothing without one', () => {
    const box = (h1: string) =>
      `<html><body><nav><a href="/brands/adidas">adidas</a></nav><h1 class="page-title">${h1}</h1><div class="buybox"><span itemprop="brand">Nike</span><span class="price">€ 129.90</span></div>
      <section class="related"><span itemprop="brand">Jordan</span></section></body></html>`
    expect(brandTaggedAfterHeading(load(box('<span itemprop="name">Space Hippie 01</span>')))).toBe('Nike')
    expect(brandTaggedAfterHeading(load(box('Space Hippie 01')))).toBeNull()
    // A related product's brand, in a scope of its own, is not this product's.
    const related = `<html><body><h1 itemprop="name">Kettle 4711</h1><div itemscope itemtype="https://schema.org/Product"><span itemprop="brand">Philips</span></div></body></html>`
    expect(brandTaggedAfterHeading(load(related))).toBeNull()
  })
})

describe('an offer for another country', () => {
  const url = 'https://shop.example/p/water-bottle'
  const withLang = (lang: string, body: string) => `<html lang="${lang}"><head></head><body>${body}</body></html>`
  const product = (offer: Record<string, unknown>) => ({
    '@type': 'Product',
    name: 'Clear water bottle',
    offers: { '@type': 'Offer', price: '10.19', priceCurrency: 'SGD', ...offer },
  })
  const jsonLd = (lang: string, offer: Record<string, unknown>) => ld(product(offer)).replace('<html>', `<html lang="${lang}">`)

  it('is not the price of a page for this one: its eligibleRegion names countries, none the page’s own', () => {
    expect(extractStructuredData(jsonLd('en-GB', { eligibleRegion: 'TR' }), url).price).toBeNull()
    expect(extractStructuredData(jsonLd('en-GB', { eligibleRegion: ['GB', 'IE'] }), url).price).toBe(10.19)
    expect(extractStructuredData(jsonLd('en-UK', { eligibleRegion: { '@type': 'Country', name: 'GB' } }), url).price).toBe(10.19)
    // A page that names no country, or a region written otherwise, excludes nothing.
    expect(extractStructuredData(jsonLd('en', { eligibleRegion: 'TR' }), url).price).toBe(10.19)
    expect(extractStructuredData(jsonLd('en-GB', { eligibleRegion: 'Worldwide' }), url).price).toBe(10.19)
  })

  it('in microdata too, its price and currency both left out', () => {
    const microdata = (lang: string) =>
      withLang(
        lang,
        `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Clear water bottle</span>` +
          `<span itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="SGD">` +
          `<span itemprop="price">10.19</span><span itemprop="eligibleRegion">TR</span></span></div>`,
      )
    expect(extractStructuredData(microdata('en-GB'), url)).toMatchObject({ price: null, currency: null })
    expect(extractStructuredData(microdata('tr-TR'), url)).toMatchObject({ price: 10.19, currency: 'SGD' })
  })
})

describe('a heading that names the kind of item before the structured name', () => {
  const over = (h1: string, name: string) =>
    headingOverTitle(load(`<html><body><main><h1>${h1}</h1><p>3,750円</p></main></body></html>`), name, null)

  it('is the title when a word or two stand before the whole name, apart by a space, in the heading’s own text', () => {
    expect(over('アニメDVD　もののけ姫', 'もののけ姫')).toBe('アニメDVD もののけ姫')
    expect(over('WiiUソフト　マリオパーティ10 amiiboセット', 'マリオパーティ10 amiiboセット')).toBe(
      'WiiUソフト マリオパーティ10 amiiboセット',
    )
  })

  it('leaves the structured name when a category stands apart by punctuation, or in an element of its own', () => {
    expect(over('Спальни : Агата', 'Агата')).toBe('Агата')
    expect(over('<span class="badge">Neu</span> Wasserkocher 4711', 'Wasserkocher 4711')).toBe('Wasserkocher 4711')
  })
})

describe('the shop’s line for the product after a dash', () => {
  it('is the title when the heading goes on from the whole structured name after a dash, in its own text', () => {
    const h = (h1: string) => headingOverTitle(load(`<main><h1>${h1}</h1></main>`), 'Paldean Fates Elite Trainer Box', null)
    expect(h('Paldean Fates Elite Trainer Box - SV: Paldean Fates (PAF)')).toBe('Paldean Fates Elite Trainer Box - SV: Paldean Fates (PAF)')
    expect(h('Paldean Fates Elite Trainer Box <small>- Sold out</small>')).toBe('Paldean Fates Elite Trainer Box')
  })
})

describe('photos the linked data names', () => {
  it('leaves out a photo a script named before it had the id, for the tags’ photo', () => {
    const html = ld(
      { '@type': 'Product', name: 'Elite Trainer Box', image: 'https://cdn.shop.example/product/undefined_in_1000x1000.jpg' },
      '<meta property="og:image" content="https://cdn.shop.example/product/528040_in_1000x1000.jpg">',
    )
    expect(extractStructuredData(html, 'https://shop.example/p/528040').images).toEqual([
      'https://cdn.shop.example/product/528040_in_1000x1000.jpg',
    ])
  })

  it('reads the gallery the data lists as image nodes named after the product', () => {
    const photo = (n: number, side: string) => ({
      '@type': 'ImageObject',
      name: `HDMI Cable gallery item ${n}`,
      contentUrl: `https://assets.shop.example/104947-hdmi-cable-${side}.jpg`,
    })
    const html = ld({
      '@graph': [
        { '@type': 'Product', name: 'HDMI Cable', image: 'https://assets.shop.example/104947-hdmi-cable-length.jpg' },
        [photo(0, 'length'), photo(1, 'ends')],
        { '@type': 'ImageObject', name: 'Store logo', contentUrl: 'https://assets.shop.example/logo.png' },
      ],
    })
    expect(extractStructuredData(html, 'https://shop.example/p/104947').images).toEqual([
      'https://assets.shop.example/104947-hdmi-cable-length.jpg',
      'https://assets.shop.example/104947-hdmi-cable-ends.jpg',
    ])
  })
})

describe('the brand a "Shop all" link names', () => {
  const PAGE = 'https://shop.example/p/dust-cloths'
  const title = 'Microfiber Dust Cloths - 6pk - up&up: Reusable'
  it('is the brand when the page marks the link as the brand’s and the title says it', () => {
    const html = '<main><h1>x</h1><a data-test="shopAllBrandLink" href="/b/up/-/N-q643"><span>Shop all up&amp;up</span></a></main>'
    expect(brandFromShopAllLink(load(html), title, PAGE)).toBe('up&up')
    expect(brandFromShopAllLink(load('<a href="/brands/up-up">Shop all up&amp;up</a>'), title, PAGE)).toBe('up&up')
  })

  it('is no brand for a category’s link, or a name the title does not say', () => {
    expect(brandFromShopAllLink(load('<a href="/c/cleaning">Shop all Dust Cloths</a>'), title, PAGE)).toBeNull()
    expect(brandFromShopAllLink(load('<a class="brand-link" href="/b/x">Shop all Swiffer</a>'), title, PAGE)).toBeNull()
  })
})

describe('a bookshop’s Book, a shell’s title line and a tag’s site icon', () => {
  const url = 'https://books.example/Grand-Blue-Dreaming-1/9781632366665'
  it('reads a Book with an offer as the product, in JSON-LD and in microdata with the count its rating writes', () => {
    const book = { '@type': 'Book', name: 'Grand Blue Dreaming 1', offers: { '@type': 'Offer', price: '45.34', priceCurrency: 'PLN' } }
    expect(extractStructuredData(ld(book), url)).toMatchObject({ title: 'Grand Blue Dreaming 1', price: 45.34, currency: 'PLN' })
    // A Book without an offer (a review's subject) is no product.
    expect(extractStructuredData(ld({ '@type': 'Book', name: 'Grand Blue Dreaming 1' }), url).title ?? null).toBeNull()
    const micro = `<html><body><div itemscope itemtype="http://schema.org/Book"><h1 itemprop="name">Grand Blue Dreaming 1</h1>
      <div class="rating-wrap" itemprop="aggregateRating" itemscope itemtype="http://schema.org/AggregateRating">
      <div class="stars"></div><span itemprop="ratingValue"> 3.79</span> <span>(115 ratings by Goodreads)</span></div>
      <span itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price">45.34</span>
      <meta itemprop="priceCurrency" content="PLN"></span></div></body></html>`
    expect(extractStructuredData(micro, url)).toMatchObject({ price: 45.34, listingRating: { average: 3.79, count: '115' } })
  })

  it('takes a heading-less page’s own title line where it is the brand before the whole structured name', () => {
    const product = { '@type': 'Product', name: 'Lynx Leverlock Modular Crampons', brand: { '@type': 'Brand', name: 'Petzl' } }
    const shell = (title: string) => ld(product, `<title>${title}</title>`)
    expect(extractStructuredData(shell('Petzl Lynx Leverlock Modular Crampons | REI Co-op'), url).title).toBe(
      'Petzl Lynx Leverlock Modular Crampons',
    )
    // Other words in the line: the structured name stands.
    expect(extractStructuredData(shell('Petzl Lynx Leverlock Crampons on sale | REI Co-op'), url).title).toBe(
      'Lynx Leverlock Modular Crampons',
    )
  })

  it('takes no site icon from the tags for a photo, and looks for the picture named after the product instead', () => {
    const product = {
      '@type': 'Product',
      name: 'Кошки GRIVEL AIR TECH GSB',
      offers: { '@type': 'Offer', price: '5355', priceCurrency: 'RUB' },
    }
    const html = ld(product, '<meta property="og:image" content="/favicon.ico">').replace(
      '<body></body>',
      '<body><h1>Кошки GRIVEL AIR TECH GSB</h1><img src="/upload/iblock/977/3b271250.jpeg" alt="Кошки GRIVEL AIR TECH GSB"></body>',
    )
    expect(extractStructuredData(html, url).images).toEqual(['https://books.example/upload/iblock/977/3b271250.jpeg'])
  })
})
