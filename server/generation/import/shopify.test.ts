import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { fakeFetcher, fixture, permanentError, transientError } from '../../../tests/fixtures/import/fake-fetcher'
import { fromAjaxProduct, importShopify, reviewBadge, vendorAsShown } from './shopify'
import { ImportError } from './types'
import { importProduct } from './index'

const now = new Date('2026-03-10T12:00:00Z')
const USER_URL = 'https://acme-outdoors.com/en-us/collections/packs/products/trail-backpack-28l?variant=41234567890123'
const BASE = 'https://acme-outdoors.com/en-us/products/trail-backpack-28l'
const CDN = 'https://cdn.shopify.com/s/files/1/0612/3456/7890/products/'

describe('Shopify import', () => {
  it('reads /products/{handle}.js first: cents, absolute https images, options, variants; the page adds currency, reviews and the store name', async () => {
    const fetcher = fakeFetcher({ [`${BASE}.js`]: 'shopify-product.js.json', [BASE]: 'shopify-page-jsonld.html' })
    const facts = await importProduct(USER_URL, fetcher, now)
    expect(fetcher.calls).toEqual([
      { url: `${BASE}.js`, accept: 'json' },
      { url: BASE, accept: 'html' },
    ])
    expect(facts.title).toBe('Trail Backpack 28L')
    expect(facts.price).toBe(89)
    expect(facts.compareAtPrice).toBe(119)
    expect(facts.currency).toBe('USD')
    expect(facts.images).toEqual([
      `${CDN}trail-backpack-front.jpg?v=1694512345`,
      `${CDN}trail-backpack-slate.jpg?v=1694512345`,
      `${CDN}trail-backpack-moss.jpg?v=1694512345`,
    ])
    expect(facts.vendor).toBe('Acme Outdoors')
    expect(facts.productType).toBe('Backpacks')
    expect(facts.tags).toEqual(['hiking', 'recycled', 'water-resistant'])
    expect(facts.options).toEqual([
      { name: 'Color', values: ['Slate', 'Moss'] },
      { name: 'Torso', values: ['Regular', 'Long'] },
    ])
    expect(facts.variants).toEqual([
      { title: 'Slate / Regular', price: 89, available: true, sku: 'TB28-SLT-R', image: `${CDN}trail-backpack-slate.jpg?v=1694512345` },
      { title: 'Slate / Long', price: 99, available: false, sku: 'TB28-SLT-L', image: null },
      { title: 'Moss / Regular', price: 89, available: true, sku: 'TB28-MOS-R', image: `${CDN}trail-backpack-moss.jpg?v=1694512345` },
    ])
    expect(facts.bullets).toEqual([
      'Recycled 210D ripstop body, PFC-free water-resistant finish',
      'Padded sleeve fits a 16" laptop',
      'Hip belt pockets fit a large phone',
    ])
    expect(facts.reviews).toEqual([
      {
        author: 'Priya N.',
        rating: 5,
        date: '2026-02-27',
        title: 'Comfortable on a 20 km day',
        body: 'Carried water, lunch and a shell on a 20 km hike. No hot spots on my back.',
        source: 'Acme Outdoors',
      },
      expect.objectContaining({ author: 'Tom W.', rating: 4, date: '2026-01-09', source: 'Acme Outdoors' }),
    ])
    expect(facts.ratingSummary).toEqual({ average: 4.5, count: 2 })
    expect(facts.source).toEqual({ url: BASE, platform: 'shopify', name: 'Acme Outdoors' })
    expect(facts.descriptionHtml).toContain('<a href="https://acme-outdoors.com/pages/warranty"')
  })

  it('still imports from .js when the page cannot be read (no currency, no reviews)', async () => {
    const fetcher = fakeFetcher({ [`${BASE}.js`]: 'shopify-product.js.json', [BASE]: { throws: transientError() } })
    const facts = await importProduct(USER_URL, fetcher, now)
    expect(facts.price).toBe(89)
    expect(facts.currency).toBeNull()
    expect(facts.reviews).toEqual([])
    expect(facts.source.name).toBe('acme-outdoors.com')
  })

  it('falls back to .json (old Admin shape) when .js is a 404', async () => {
    const fetcher = fakeFetcher({ [`${BASE}.json`]: 'shopify-product.json' })
    const facts = await importProduct(USER_URL, fetcher, now)
    expect(fetcher.calls.map((c) => c.url)).toEqual([`${BASE}.js`, `${BASE}.json`, BASE])
    expect(facts).toMatchObject({ title: 'Trail Backpack 28L', price: 89, compareAtPrice: 119, currency: 'USD', productType: 'Backpacks' })
    expect(facts.tags).toEqual(['hiking', 'recycled', 'water-resistant'])
    expect(facts.images).toHaveLength(3)
    expect(facts.variants.map((v) => [v.title, v.price, v.available, v.sku])).toEqual([
      ['Slate / Regular', 89, null, 'TB28-SLT-R'],
      ['Slate / Long', 99, null, 'TB28-SLT-L'],
      ['Moss / Regular', 89, null, 'TB28-MOS-R'],
    ])
    expect(facts.variants[2].image).toBe(`${CDN}trail-backpack-moss.jpg?v=1694512345`)
    expect(facts.bullets).toEqual(['Recycled 210D ripstop body', 'Padded 16" laptop sleeve'])
    expect(facts.descriptionHtml).not.toMatch(/onmouseover|style=/)
  })

  it('falls back to the page JSON-LD when .js and .json are 404 (or throw a permanent error)', async () => {
    for (const missing of [{ status: 404, body: 'Not Found' }, { throws: permanentError() }]) {
      const fetcher = fakeFetcher({ [`${BASE}.js`]: missing, [`${BASE}.json`]: missing, [BASE]: 'shopify-page-jsonld.html' })
      const facts = await importProduct(USER_URL, fetcher, now)
      expect(fetcher.calls.map((c) => c.url)).toEqual([`${BASE}.js`, `${BASE}.json`, BASE])
      expect(facts.title).toBe('Trail Backpack 28L')
      expect(facts.price).toBe(89)
      expect(facts.compareAtPrice).toBe(119)
      expect(facts.currency).toBe('USD')
      expect(facts.images).toEqual([
        'https://acme-outdoors.com/cdn/shop/products/trail-backpack-front.jpg?v=1694512345',
        'https://acme-outdoors.com/cdn/shop/products/trail-backpack-slate.jpg?v=1694512345',
        'https://acme-outdoors.com/cdn/shop/products/trail-backpack-moss.jpg?v=1694512345',
      ])
      expect(facts.reviews).toHaveLength(2)
      expect(facts.productType).toBeNull()
    }
  })

  it("reads the page's own gallery when the structured data names only the featured photo: not a menu of other products, not the whole product section", async () => {
    const shop = 'https://acme-outdoors.com/cdn/shop/files/'
    const img = (file: string, extra = '') =>
      `<img src="//acme-outdoors.com/cdn/shop/files/${file}?crop=center&amp;height=1440&amp;v=1694512345&amp;width=1772" srcset="//acme-outdoors.com/cdn/shop/files/${file}?height=286&amp;v=1694512345&amp;width=352 352w, //acme-outdoors.com/cdn/shop/files/${file}?height=676&amp;v=1694512345&amp;width=832 832w"${extra}>`
    const page = `<html><head><title>Trail Backpack 28L – Acme</title>
      <meta property="og:image" content="http://acme-outdoors.com/cdn/shop/files/pack-front.png?v=1694512345">
      <script type="application/ld+json">{"@context":"http://schema.org/","@type":"Product","name":"Trail Backpack 28L",
        "image":["https://acme-outdoors.com/cdn/shop/files/pack-front.png?v=1694512345&width=1920"],
        "offers":[{"@type":"Offer","price":"89.00","priceCurrency":"USD","availability":"http://schema.org/InStock"}]}</script></head><body>
      <div id="shopify-section-sections--1__header"><div class="mega-menu__trending">
        <div class="item"><a href="/products/trail-backpack-28l">${img('pack-front_300x.png')}</a></div>
        <div class="item"><a href="/products/rain-cover">${img('rain-cover.png')}</a></div>
        <div class="item"><a href="/products/hip-belt">${img('hip-belt.png')}</a></div>
        <div class="item"><a href="/products/water-bottle">${img('bottle.png')}</a></div>
        <div class="item"><a href="/products/camp-mug">${img('mug.png')}</a></div>
      </div></div>
      <main><section id="shopify-section-template--2__main"><div class="product">
        <div class="product__media"><div class="swiper"><div class="swiper-wrapper">
          <div class="swiper-slide">${img('pack-front.png')}</div>
          <div class="swiper-slide">${img('pack-back.png')}</div>
          <div class="swiper-slide"><video poster="//acme-outdoors.com/cdn/shop/files/preview_images/abc.thumbnail.0000000000.jpg"></video>${img('preview_images/abc.thumbnail.0000000000.jpg')}</div>
          <div class="swiper-slide">${img('pack-side.png')}</div>
        </div></div>
        <div class="thumbs"><div class="swiper-wrapper">
          <div class="swiper-slide">${img('pack-front_160x.png')}</div><div class="swiper-slide">${img('pack-back_160x.png')}</div>
        </div></div></div>
        <div class="product__info"><h1>Trail Backpack 28L</h1><ul class="perks"><li>${img('shipping-icon.svg')}</li><li>${img('returns-icon.svg')}</li></ul></div>
        <div class="sticky-bar"><div class="sticky-bar__image">${img('pack-front.png')}</div></div>
      </div></section></main></body></html>`
    const facts = await importProduct(USER_URL, fakeFetcher({ [BASE]: { body: page } }), now)
    expect(facts.images).toEqual([
      `${shop}pack-front.png?v=1694512345`,
      `${shop}pack-back.png?v=1694512345`,
      `${shop}pack-side.png?v=1694512345`,
    ])
  })

  it("reads the photos a Dawn theme shows when it hides the other variants' media: the selected variant's and the shared ones", async () => {
    const shop = 'https://acme-outdoors.com/cdn/shop/files/'
    const img = (file: string) => `<img src="//acme-outdoors.com/cdn/shop/files/${file}?v=1&amp;width=600">`
    const slide = (file: string, variant: boolean, active = false) =>
      `<li class="product__media-item grid__item slider__slide${active ? ' is-active' : ''}${variant ? ' product__media-item--variant' : ''}">${img(file)}</li>`
    const thumb = (file: string, variant: boolean) =>
      `<li class="thumbnail-list__item slider__slide${variant ? ' thumbnail-list_item--variant' : ''}"><button>${img(file.replace('.jpg', '_160x.jpg'))}</button></li>`
    const all = ['pack-green.jpg', 'pack-red.jpg', 'pack-blue.jpg', 'pack-straps.jpg', 'pack-inside.jpg']
    const page = `<html><head><title>Trail Backpack 28L – Acme</title>
      <script type="application/ld+json">{"@context":"http://schema.org/","@type":"Product","name":"Trail Backpack 28L",
        "image":${JSON.stringify(all.map((f) => `${shop}${f}?v=1`))},
        "offers":{"@type":"Offer","price":"89.00","priceCurrency":"USD"}}</script></head><body>
      <main><section class="product"><div class="product__media-wrapper">
        <ul class="product__media-list slider">${slide('pack-green.jpg', true, true)}${slide('pack-red.jpg', true)}${slide('pack-blue.jpg', true)}${slide('pack-straps.jpg', false)}${slide('pack-inside.jpg', false)}</ul>
        <ul class="thumbnail-list slider">${thumb('pack-green.jpg', true)}${thumb('pack-red.jpg', true)}${thumb('pack-blue.jpg', true)}${thumb('pack-straps.jpg', false)}${thumb('pack-inside.jpg', false)}</ul>
      </div><div class="product__info"><h1>Trail Backpack 28L</h1></div></section></main></body></html>`
    const facts = await importProduct(USER_URL, fakeFetcher({ [BASE]: { body: page } }), now)
    expect(facts.images).toEqual([`${shop}pack-green.jpg?v=1`, `${shop}pack-straps.jpg?v=1`, `${shop}pack-inside.jpg?v=1`])

    // Without the theme's setting every photo is shown.
    const shownAll = page.replaceAll(' product__media-item--variant', '').replaceAll(' thumbnail-list_item--variant', '')
    const every = await importProduct(USER_URL, fakeFetcher({ [BASE]: { body: shownAll } }), now)
    expect(every.images).toHaveLength(5)
  })

  it('skips a .js answer that is not JSON (a theme page served instead)', async () => {
    const fetcher = fakeFetcher({ [`${BASE}.js`]: { body: '<html>theme</html>' }, [BASE]: 'shopify-page-jsonld.html' })
    const facts = await importProduct(USER_URL, fetcher, now)
    expect(fetcher.calls.map((c) => c.url)).toEqual([`${BASE}.js`, `${BASE}.json`, BASE])
    expect(facts.title).toBe('Trail Backpack 28L')
  })

  it('reads another site whose address only looks like a store’s as any site: at the address as given, with its own gallery and price box', async () => {
    const given = 'https://www.lamps.example/products/tully-sconce/'
    const photo = (n: number) => `<li><img src="https://assets.lamps.example/img/p/tully-sconce-${n}/4711${n}.jpg"></li>`
    const page = `<html><head><title>Tully Sconce | Lamps</title>
      <script type="application/ld+json">{"@type":"Product","name":"Tully Sconce","image":"https://assets.lamps.example/img/p/tully-sconce-1/47111.jpg",
        "offers":{"@type":"Offer","priceCurrency":"USD","price":"129.00"}}</script></head>
      <body><h1>Tully Sconce</h1><ul class="thumbs">${[1, 2, 3].map(photo).join('')}</ul><p><s>$159.00</s> <span>$129.00</span></p></body></html>`
    // The store's endpoints and the address without its slash answer 404, as such a site does.
    const fetcher = fakeFetcher({ [given]: { body: page } })
    const facts = await importProduct(given, fetcher, now)
    expect(fetcher.calls.map((c) => c.url)).toEqual([
      'https://www.lamps.example/products/tully-sconce.js',
      'https://www.lamps.example/products/tully-sconce.json',
      'https://www.lamps.example/products/tully-sconce',
      given,
    ])
    expect(facts).toMatchObject({ title: 'Tully Sconce', price: 129, compareAtPrice: 159, currency: 'USD' })
    expect(facts.images).toHaveLength(3)
    expect(facts.source.platform).toBe('generic')
  })

  it('lets transient trouble on the endpoints propagate so the job retries', async () => {
    await expect(importProduct(USER_URL, fakeFetcher({ [`${BASE}.js`]: { throws: transientError() } }), now)).rejects.toMatchObject({
      transient: true,
    })
    const err = await importProduct(USER_URL, fakeFetcher({ [`${BASE}.js`]: { status: 503, body: '' } }), now).catch((e) => e)
    expect(err).toBeInstanceOf(ImportError)
    expect(err.transient).toBe(true)
    await expect(importProduct(USER_URL, fakeFetcher({ [`${BASE}.json`]: { status: 429, body: '' } }), now)).rejects.toMatchObject({
      transient: true,
    })
  })

  it('reports a missing product page when every step is a 404', async () => {
    const err = await importProduct(USER_URL, fakeFetcher({}), now).catch((e) => e)
    expect(err).toBeInstanceOf(ImportError)
    expect(err.message).toBe("We couldn't find that page (404). Check the link.")
    expect(err.transient).toBe(false)
  })

  it('says so when the store is password-protected', async () => {
    const fetcher = fakeFetcher({
      [BASE]: { body: '<html><title>Opening soon</title></html>', finalUrl: 'https://acme-outdoors.com/password' },
    })
    await expect(importShopify(new URL(USER_URL), fetcher)).rejects.toThrow(/password-protected/)
  })

  it('reads the older .js shape: options as names, tags as text, a single default variant', () => {
    const raw = fromAjaxProduct({
      title: 'Mug',
      price: '1250',
      tags: 'a, b',
      options: ['Title'],
      variants: [{ title: 'Default Title', option1: 'Default Title', price: 1250, available: true }],
      images: ['//cdn.shopify.com/s/files/1/mug.jpg'],
    })
    expect(raw).toMatchObject({ price: 12.5, options: [], variants: [], tags: ['a', 'b'] })
    const old = JSON.parse(fixture('shopify-product.js.json'))
    old.options = ['Color', 'Torso']
    expect(fromAjaxProduct(old).options).toEqual([
      { name: 'Color', values: ['Slate', 'Moss'] },
      { name: 'Torso', values: ['Regular', 'Long'] },
    ])
  })

  it("keeps the rating the store's review app states on the page when the feed answered", async () => {
    // A review app's own ProductGroup node for the same product, as stores' pages carry it.
    const page = `<html><head><meta property="og:site_name" content="Acme Outdoors">
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Trail Backpack 28L","brand":{"@type":"Brand","name":"Acme Outdoors"}}</script>
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"ProductGroup","name":"Trail Backpack 28L",
        "aggregateRating":{"@type":"AggregateRating","ratingValue":"4.95","reviewCount":"92"}}</script></head><body></body></html>`
    for (const endpoint of ['.js', '.json']) {
      const feed = endpoint === '.js' ? 'shopify-product.js.json' : 'shopify-product.json'
      const facts = await importProduct(USER_URL, fakeFetcher({ [`${BASE}${endpoint}`]: feed, [BASE]: { body: page } }), now)
      expect(facts.listingRating, endpoint).toEqual({ average: 4.95, count: 92 })
    }
  })

  it("reads the theme's own copy of the product ({{ product | json }}) and its review badge when the store refuses the endpoints", async () => {
    const theme = {
      id: 4687731687499,
      title: 'Robot Vacuum S6',
      handle: 'trail-backpack-28l',
      vendor: 'Roborock',
      type: 'Vacuums',
      price: 49900,
      compare_at_price: null,
      images: [
        '//acme-outdoors.com/cdn/shop/products/s6-1.jpg',
        '//acme-outdoors.com/cdn/shop/products/s6-2.jpg',
        '//acme-outdoors.com/cdn/shop/products/s6-3.jpg',
      ],
      options: ['Title'],
      variants: [{ id: 1, title: 'Default Title', price: 49900, available: true, sku: 'S6' }],
    }
    const related = { ...theme, id: 99, handle: 'another-product', vendor: 'Other', price: 11900 }
    const page = `<html><head><meta property="og:title" content="Robot Vacuum S6"><meta property="og:price:amount" content="499.00">
      <meta property="og:price:currency" content="EUR"><meta property="og:image" content="https://acme-outdoors.com/cdn/shop/products/s6-1.jpg"></head>
      <body><p class="product__vendor">Roborock</p><h1>Robot Vacuum S6</h1><span class="spr-badge" id="spr_badge_4687731687499" data-rating="4.5"><span class="spr-badge-caption">12 reviews</span></span>
      <span class="spr-badge" id="spr_badge_99" data-rating="5.0"><span class="spr-badge-caption">7 reviews</span></span>
      <script>var other = ${JSON.stringify(related)}; window.product = ${JSON.stringify(theme)};</script></body></html>`
    const facts = await importProduct(USER_URL, fakeFetcher({ [BASE]: { body: page } }), now)
    expect(facts.vendor).toBe('Roborock')
    expect(facts.price).toBe(499)
    expect(facts.currency).toBe('EUR')
    expect(facts.images).toHaveLength(3)
    expect(facts.listingRating).toEqual({ average: 4.5, count: 12 })
    // Without the theme's copy the related product's badge is never read.
    expect(reviewBadge(load(page), 123)).toBeNull()
  })

  it('reads the former price the theme’s price box strikes when the store refuses the endpoints', async () => {
    const page = (
      box: string,
    ) => `<html><head><meta property="og:title" content="Cookie Case"><meta property="og:price:amount" content="99.00">
      <meta property="og:price:currency" content="INR"><meta property="og:image" content="https://acme-outdoors.com/cdn/shop/files/case-1.jpg">
      <script>var Shopify = {}; Shopify.shop = "acme.myshopify.com";</script></head>
      <body><main><div class="product"><h1>Cookie Case</h1><div class="price-wrap">${box}</div><button>Add to cart</button></div><ul><li><a href="/products/desk-mat"><p class="price">₹ 99.00<span><del>₹ 499.00</del></span></p></a></li></ul></main></body></html>`
    const sale = await importProduct(
      USER_URL,
      fakeFetcher({ [BASE]: { body: page(`<p class="price"><span class="old-price">₹ 149.00</span>&nbsp;₹ 99.00</p>`) } }),
      now,
    )
    expect([sale.price, sale.compareAtPrice]).toEqual([99, 149])
    // A theme's copy of the product that states no prices leaves the price box to say it.
    const bare = { id: 1, title: 'Cookie Case', handle: 'trail-backpack-28l', variants: [{ id: 2, title: 'S' }] }
    const withBare = await importProduct(
      USER_URL,
      fakeFetcher({
        [BASE]: {
          body: page(
            `<p class="price"><span class="old-price">₹ 149.00</span>&nbsp;₹ 99.00</p><script>window.p = ${JSON.stringify(bare)};</script>`,
          ),
        },
      }),
      now,
    )
    expect([withBare.price, withBare.compareAtPrice]).toEqual([99, 149])
    // Without a struck price of its own, the product has none (the desk mat's is another product's).
    const plain = await importProduct(USER_URL, fakeFetcher({ [BASE]: { body: page(`<p class="price">₹ 99.00</p>`) } }), now)
    expect([plain.price, plain.compareAtPrice]).toEqual([99, null])
  })

  it('reads the price box under the heading when nothing structured states a price (an old theme’s microdata writes it as text)', async () => {
    const body = `<html><head><meta property="og:title" content="7'0 Flat Tracker"><meta property="og:image" content="https://cdn.shopify.com/s/files/1/0072/products/tracker.jpg">
      </head><body><main><div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">7'0 Flat Tracker</h1>
      <div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span class="product-price" itemprop="price">$955.00</span></div></div>
      <ul class="related"><li><a href="/products/other-board"><span>$1,250.00</span></a></li></ul></main></body></html>`
    const facts = await importProduct(USER_URL, fakeFetcher({ [BASE]: { body } }), now)
    expect([facts.price, facts.currency]).toEqual([955, 'USD'])
  })

  it("takes the theme's copy of the product at its word on the former price: none where the selected variant's is below its price", async () => {
    // The 3.5 kg bag is shown ($48.50, a stale compare-at of $33.00 that the theme does not show); only the
    // 13.5 kg bag has a former price ($120.00 over $114.00), in the theme's hidden range block.
    const theme = {
      id: 3678523293776,
      title: 'Adult Dog Food',
      handle: 'trail-backpack-28l',
      vendor: 'Biopet',
      price: 4850,
      compare_at_price: 3300,
      images: ['//acme-outdoors.com/cdn/shop/products/dog-food.jpg'],
      options: ['Size'],
      variants: [
        { id: 1, title: '3.5kg', option1: '3.5kg', price: 4850, compare_at_price: 3300, available: true },
        { id: 2, title: '13.5kg', option1: '13.5kg', price: 11400, compare_at_price: 12000, available: true },
      ],
    }
    const page = `<html><head><meta property="og:title" content="Adult Dog Food"><meta property="og:price:amount" content="48.50">
      <meta property="og:price:currency" content="AUD"><meta property="og:image" content="https://acme-outdoors.com/cdn/shop/products/dog-food.jpg"></head>
      <body><main><div class="product"><h1>Adult Dog Food</h1><div class="price">
        <div class="price__current"><span class="money">$48.50 AUD</span></div>
        <div class="price__compare-at--hidden"><span class="visually-hidden">Original price</span>
          <span class="money price__compare-at--min">$33.00 AUD</span> - <span class="money price__compare-at--max">$120.00 AUD</span></div>
      </div><button>Add to cart</button></div>
      <script>window.product = ${JSON.stringify(theme)};</script></main></body></html>`
    const facts = await importProduct(USER_URL, fakeFetcher({ [BASE]: { body: page } }), now)
    expect([facts.price, facts.compareAtPrice]).toEqual([48.5, null])
  })
})

describe('a store’s vendor as a shopper knows it', () => {
  const page = (body: string) => load(`<html><body>${body}<script>var meta = {"vendor":"Radial"}</script></body></html>`)
  it('keeps a vendor the page shows', () => {
    expect(
      vendorAsShown(page('<h1>Ridge Wallet</h1><a class="vendor">The Ridge</a>'), { vendor: 'The Ridge', title: 'Ridge Wallet' }),
    ).toBe('The Ridge')
  })
  it('drops a back-office vendor the page never shows, keeping the words of it the product’s name says', () => {
    expect(vendorAsShown(page('<h1>Basic Stüssy Tee</h1>'), { vendor: 'Radial', title: 'Basic Stüssy Tee' })).toBeNull()
    expect(vendorAsShown(page('<h1>Basic Stüssy Tee</h1>'), { vendor: 'Radial', title: 'Basic Stüssy Tee', siteName: 'Stüssy' })).toBe(
      'Stüssy',
    )
    expect(
      vendorAsShown(page('<h1>Hevert Vitamin B Complete</h1>'), { vendor: 'Hevert Apoteam', title: 'Hevert Vitamin B Complete' }),
    ).toBe('Hevert')
  })
})
