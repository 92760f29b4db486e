import { describe, expect, it } from 'vitest'
import { fakeFetcher, type Route } from '../../../tests/fixtures/import/fake-fetcher'
import { ImportError } from './types'
import { importProduct } from './index'

const now = new Date('2026-03-10T12:00:00Z')
const ALI_URL = 'https://www.aliexpress.com/item/1005006123456789.html'
const ALI_DESC =
  'https://aeproductsourcesite.alicdn.com/product/description/pc/v2/en_US/desc.htm?productId=1005006123456789&key=S9f8e.zip&token=7c1d'

const one = (url: string, route: Route, extra: Record<string, Route> = {}) =>
  importProduct(url, fakeFetcher({ [url]: route, ...extra }), now)
const brief = (reviews: { author: string; rating: number | null; date: string | null; source: string }[]) =>
  reviews.map(({ author, rating, date, source }) => ({ author, rating, date, source }))

describe('AliExpress', () => {
  it('reads window.runParams modules and the separate description document', async () => {
    const fetcher = fakeFetcher({ [ALI_URL]: 'aliexpress-runparams.html', [ALI_DESC]: 'aliexpress-description.html' })
    const facts = await importProduct(ALI_URL, fetcher, now)
    expect(fetcher.calls.map((c) => c.url)).toEqual([ALI_URL, ALI_DESC])
    expect(facts.title).toBe('Portable Mini Blender 380ml USB Rechargeable Fruit Juicer Cup with 6 Blades')
    expect(facts.images).toEqual([
      'https://ae01.alicdn.com/kf/S8c3e2f0d1a2b4c5d9e7f6a5b4c3d2e1fX.jpg',
      'https://ae01.alicdn.com/kf/Sa1b2c3d4e5f60718293a4b5c6d7e8f90Y.jpg',
      'https://ae01.alicdn.com/kf/Sb2c3d4e5f6a70819203b4c5d6e7f8a91Z.jpg',
    ])
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([12.34, 18.2, 'USD'])
    expect(facts.specs).toContainEqual({ name: 'Battery Capacity', value: '2000mAh' })
    expect(facts.specs).toHaveLength(5)
    expect(facts.options).toEqual([
      { name: 'Color', values: ['Midnight Black', 'Blush Pink'] },
      { name: 'Capacity', values: ['380ml'] },
    ])
    expect(facts.variants[1]).toEqual({
      title: 'Blush Pink / 380ml',
      price: 17.22,
      available: false,
      sku: '12000036123456782',
      image: 'https://ae01.alicdn.com/kf/Sd4e5f6a7b8c90a1b2c3d4e5f6a7b8c9dV.jpg',
    })
    // The maker the specifications name ("Brand Name"), not the store that sells it.
    expect(facts.vendor).toBe('ZESTLY')
    expect(brief(facts.reviews)).toEqual([
      { author: 'A***a', rating: 5, date: '2026-03-03', source: 'AliExpress' },
      { author: 'M***k', rating: 4, date: '2026-02-21', source: 'AliExpress' },
      { author: 'R***o', rating: 3, date: '2026-01-30', source: 'AliExpress' },
    ])
    expect(facts.reviews[1].body).toBe('Works, a little loud.')
    expect(facts.ratingSummary).toEqual({ average: 4, count: 3 })
    expect(facts.descriptionHtml).toContain('six stainless steel blades')
    expect(facts.descriptionHtml).toContain(
      '<img src="https://ae01.alicdn.com/kf/Se5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0U.jpg" alt="blender size chart" />',
    )
    expect(facts.bullets).toEqual(['380ml Tritan cup, BPA free', 'Magnetic safety switch: blades stop when the cup is off the base'])
  })

  it('imports without the description when its document cannot be fetched', async () => {
    const facts = await one(ALI_URL, 'aliexpress-runparams.html', { [ALI_DESC]: { throws: new Error('boom') } })
    expect(facts.title).toContain('Portable Mini Blender')
    expect(facts.descriptionHtml).toBe('')
  })

  it('reads the newer _init_data_ form with *Component names (1–5 stars, "Feb 20, 2026" dates)', async () => {
    const facts = await one('https://www.aliexpress.us/item/3256805123456789.html', 'aliexpress-init-data.html')
    expect(facts.title).toBe('Magnetic Car Phone Holder for MagSafe, 360° Adjustable Dashboard Mount')
    expect(facts.images).toEqual([
      'https://ae-pic-a1.aliexpress-media.com/kf/S1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6dQ.jpg',
      'https://ae-pic-a1.aliexpress-media.com/kf/S2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7eR.jpg',
      'https://ae-pic-a1.aliexpress-media.com/kf/S3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8fS.png',
    ])
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([9.59, 15.99, 'USD'])
    expect(facts.productType).toBe('Phone Holders & Stands')
    expect(facts.specs).toEqual([
      { name: 'Brand Name', value: 'HOLDRA' },
      { name: 'Magnet', value: 'N52, 16 pcs' },
      { name: 'Max Load', value: '300 g' },
    ])
    expect(brief(facts.reviews)).toEqual([
      { author: 'Jake R.', rating: 5, date: '2026-02-20', source: 'AliExpress' },
      { author: 'L***n', rating: 4, date: '2026-02-02', source: 'AliExpress' },
    ])
    // No description document was served: the page's og:description stands in.
    expect(facts.descriptionText).toBe('Strong N52 magnets hold phones up to 300 g. Fits iPhone 12 and newer with MagSafe.')
  })
})

describe('Amazon', () => {
  const URL_ = 'https://www.amazon.com/HydroPeak-Insulated-Water-Bottle-Straw/dp/B0C7X4K2QZ'

  it('reads title, bullets, full-size images, price, list price, specs, description and review blocks', async () => {
    const facts = await one(URL_, 'amazon.html')
    expect(facts.title).toBe('HydroPeak Insulated Water Bottle 32 oz with Straw Lid, Stainless Steel, Leak Proof')
    expect(facts.bullets).toEqual([
      'DOUBLE-WALL VACUUM INSULATION: keeps drinks cold for 24 hours and hot for 12 hours.',
      'LEAK-PROOF STRAW LID: flip-top spout locks closed; tested upside down in a bag for 48 hours.',
      '18/8 STAINLESS STEEL: BPA-free, no metallic taste, powder-coated for grip.',
      'FITS MOST CUP HOLDERS: tapered base, 3.3 inch diameter at the bottom.',
    ])
    expect(facts.images).toEqual([
      'https://m.media-amazon.com/images/I/61aBcDeFgHL.jpg',
      'https://m.media-amazon.com/images/I/71xYzAbCdEL.jpg',
      'https://m.media-amazon.com/images/I/51QwErTyUiL.jpg',
    ])
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([26.21, 34.95, 'USD'])
    expect(facts.vendor).toBe('HydroPeak')
    expect(facts.specs).toEqual(
      expect.arrayContaining([
        { name: 'Material', value: 'Stainless Steel' },
        { name: 'Product Dimensions', value: '3.8"L x 3.8"W x 11"H' },
        { name: 'ASIN', value: 'B0C7X4K2QZ' },
      ]),
    )
    expect(facts.specs.some((s) => /Customer Reviews/i.test(s.name))).toBe(false)
    expect(facts.descriptionText).toContain('built for long days')
    expect(facts.reviews.map(({ author, rating, date, title, source }) => ({ author, rating, date, title, source }))).toEqual([
      { author: 'Dana M.', rating: 5, date: '2026-03-03', title: 'Ice still there after a day in the car', source: 'Amazon' },
      { author: 'Marcus', rating: 3, date: '2026-02-14', title: 'Good bottle, paint chipped', source: 'Amazon' },
      { author: 'K. Tanaka', rating: 4, date: '2026-01-30', title: 'Fits my cup holder', source: 'Amazon' },
    ])
    expect(facts.reviews[1].body).toBe(
      'Keeps water cold but the powder coat chipped after one drop on concrete. Customer service sent a new lid though.',
    )
    expect(facts.ratingSummary).toEqual({ average: 4, count: 3 })
  })

  it('takes "$" as the local dollar on amazon.ca', async () => {
    const facts = await one('https://www.amazon.ca/dp/B0C7X4K2QZ', 'amazon.html')
    expect(facts.currency).toBe('CAD')
  })

  it('explains a robot check instead of reporting missing images', async () => {
    const err = await one(URL_, 'amazon-captcha.html').catch((e) => e)
    expect(err).toBeInstanceOf(ImportError)
    expect(err.message).toMatch(/robot check/)
    expect(err.transient).toBe(false)
  })
})

describe('Temu', () => {
  it('reads window.rawData: goods name, gallery, price strings, properties, SKUs and reviews', async () => {
    const facts = await one('https://www.temu.com/7-in-1-usb-c-hub-g-601099512345678.html', 'temu.html')
    expect(facts.title).toBe('7-in-1 USB C Hub, 4K HDMI, 100W PD, SD/TF Card Reader')
    expect(facts.images).toHaveLength(3)
    expect(facts.images.every((i) => i.startsWith('https://img.kwcdn.com/product/fancy/'))).toBe(true)
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([12.99, 25.98, 'USD'])
    expect(facts.bullets).toHaveLength(3)
    expect(facts.specs).toContainEqual({ name: 'Interface', value: 'USB-C, HDMI, USB-A 3.0' })
    expect(facts.options).toEqual([{ name: 'Color', values: ['Space Gray', 'Silver'] }])
    expect(facts.variants.map((v) => [v.title, v.price, v.available])).toEqual([
      ['Space Gray', 12.99, true],
      ['Silver', 13.49, false],
    ])
    expect(facts.vendor).toBe('TechNest Official')
    expect(brief(facts.reviews)).toEqual([
      { author: 'Jessica', rating: 5, date: '2026-03-03', source: 'Temu' },
      { author: 'T***r', rating: 4, date: '2026-02-14', source: 'Temu' },
      { author: 'Priya S.', rating: 2, date: '2026-01-30', source: 'Temu' },
    ])
    expect(facts.ratingSummary).toEqual({ average: 3.7, count: 3 })
    // The site-wide meta description is boilerplate, not the product's: it is not used.
    expect(facts.descriptionHtml).toBe('')
  })
})

describe('DHgate', () => {
  const URL_ = 'https://www.dhgate.com/product/wireless-earbuds-bluetooth-5-3/876543210.html'

  it('reads window.__INITIAL_STATE__ (protocol-relative images made https)', async () => {
    const facts = await one(URL_, 'dhgate.html')
    expect(facts.title).toBe('Wireless Earbuds Bluetooth 5.3 ENC Noise Cancelling TWS Headphones')
    expect(facts.images).toEqual([
      'https://www.dhresource.com/0x0/f2/albu/g21/M00/5A/3C/rBVa4WQ1aaAAbbCCdd01.jpg',
      'https://www.dhresource.com/0x0/f2/albu/g21/M00/5A/3D/rBVa4WQ1bbBBccDDee02.jpg',
      'https://www.dhresource.com/0x0/f2/albu/g21/M00/5A/3E/rBVa4WQ1ccCCddEEff03.jpg',
    ])
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([12.5, 19.9, 'USD'])
    expect(facts.specs).toContainEqual({ name: 'Waterproof', value: 'IPX5' })
    expect(facts.bullets).toEqual(['ENC microphones for clearer calls', 'Touch controls on both earbuds'])
    // The page's JSON-LD brand comes first; the store's name is the seller, not the brand.
    expect(facts.vendor).toBe('SOUNDWAVE')
    expect(brief(facts.reviews)).toEqual([
      { author: 'j***n', rating: 5, date: '2026-02-27', source: 'DHgate' },
      { author: 'e***a', rating: 4, date: '2026-02-14', source: 'DHgate' },
    ])
  })

  it('falls back to the page JSON-LD / OpenGraph when there is no embedded state', async () => {
    const facts = await one(URL_, 'generic-jsonld.html')
    expect(facts.source.platform).toBe('dhgate')
    expect(facts.title).toBe('Stonewashed Linen Apron & Towel Loop')
    expect(facts.price).toBe(38)
    expect(facts.reviews.map((r) => r.source)).toEqual(['DHgate', 'DHgate', 'DHgate'])
  })
})

describe('TikTok Shop', () => {
  it('reads __MODERN_ROUTER_DATA__: product_base, price strings, desc_detail, SKUs and review_items', async () => {
    const facts = await one('https://shop.tiktok.com/view/product/1729384756473829?region=US', 'tiktok-shop.html')
    expect(facts.title).toBe('Heatless Curling Rod Headband Set')
    expect(facts.images).toHaveLength(2)
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([15.99, 29.99, 'USD'])
    expect(facts.specs).toEqual([
      { name: 'Material', value: 'Satin, Memory Foam' },
      { name: 'Length', value: '85 cm' },
      { name: 'Hair Type', value: 'All hair types' },
    ])
    expect(facts.descriptionHtml).toBe(
      '<p>Wrap damp or dry hair around the satin rod before bed and wake up to soft curls without heat.</p>\n<p>Set includes 1 rod, 2 scrunchies and 1 claw clip.</p>',
    )
    expect(facts.vendor).toBe('Glossy Locks Beauty')
    expect(facts.variants.map((v) => [v.title, v.available])).toEqual([
      ['Champagne', true],
      ['Black', false],
    ])
    expect(brief(facts.reviews)).toEqual([
      { author: 'kayla.m', rating: 5, date: '2026-03-01', source: 'TikTok Shop' },
      { author: 'Bree', rating: 4, date: '2026-02-21', source: 'TikTok Shop' },
      { author: 's***h', rating: 3, date: '2026-01-30', source: 'TikTok Shop' },
    ])
  })

  it("reads the mobile page's product_model in a region's shop (/shop/vn/pdp/): the lowest option's price as shown, its struck original, the score and count", async () => {
    const info = {
      product_model: {
        product_id: '1730664199026674480',
        name: 'Bàn học gấp gọn mặt gỗ MDF',
        description: JSON.stringify([{ type: 'text', text: 'Bàn gấp gọn cho học sinh.' }]),
        images: [
          { url_list: ['https://p16-oec-va.ibyteimg.com/tos/a~tplv.webp'] },
          { url_list: ['https://p16-oec-va.ibyteimg.com/tos/b~tplv.webp'] },
        ],
        product_properties: [
          { property_name: 'Thương hiệu', property_values: [{ property_value_name: 'Gỗ Việt' }] },
          { property_name: 'Quốc gia xuất xứ', property_values: [{ property_value_name: 'Việt Nam' }] },
        ],
        skus: [
          {
            sku_id: '1',
            property_pairs: [{ sku_property_name: 'Mẫu', sku_property_value_name: '40x80cm' }],
            sku_quantity: { available_quantity: 12 },
          },
          {
            sku_id: '2',
            property_pairs: [{ sku_property_name: 'Mẫu', sku_property_value_name: 'Chân nhựa' }],
            sku_quantity: { available_quantity: 0 },
          },
        ],
      },
      promotion_model: {
        promotion_product_price: {
          min_price: { currency_name: 'VND', sale_price_decimal: '18192', origin_price_decimal: '21402', sale_price_format: '18.192' },
        },
      },
      review_model: { product_overall_score: 4.6, product_review_count: '5559' },
      seller_model: { shop_name: 'MT CAMPING - Bàn Ghế Dã Ngoại' },
    }
    const data = { loaderData: { page: { page_config: { components_map: [{ component_data: { product_info: info } }] } } } }
    const URL_ = 'https://www.tiktok.com/shop/vn/pdp/ban-hoc-gap-gon/1730664199026674480'
    const page = () => `<html lang="en"><head><title>Bàn học gấp gọn - TikTok Shop Vietnam</title></head><body><div id="root"></div>
      <script type="application/json" id="__MODERN_ROUTER_DATA__">${JSON.stringify(data)}</script></body></html>`
    const facts = await one(URL_, { body: page() })
    expect(facts.source.platform).toBe('tiktok')
    expect(facts.title).toBe('Bàn học gấp gọn mặt gỗ MDF')
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([18192, 21402, 'VND'])
    expect(facts.images).toHaveLength(2)
    expect(facts.listingRating).toEqual({ average: 4.6, count: 5559 })
    // The brand where a property says so ("Thương hiệu"); the seller's shop is not the maker.
    expect(facts.vendor).toBe('Gỗ Việt')
    expect(facts.variants.map((v) => [v.title, v.available])).toEqual([
      ['40x80cm', true],
      ['Chân nhựa', false],
    ])
    info.product_model.product_properties.shift()
    const unbranded = await one(URL_, { body: page() })
    expect(unbranded.vendor).toBeNull()
  })

  it('reads __NEXT_DATA__ pages too', async () => {
    const facts = await one('https://www.tiktok.com/@brightdesk/product/1729384756000001', 'tiktok-next-data.html')
    expect(facts.title).toBe('LED Desk Lamp with Wireless Charger')
    expect(facts.price).toBe(34.99)
    expect(facts.vendor).toBe('BrightDesk')
    expect(facts.images).toHaveLength(2)
    expect(brief(facts.reviews)).toEqual([
      { author: 'Omar', rating: 5, date: '2026-02-27', source: 'TikTok Shop' },
      { author: 'jules', rating: 4, date: '2026-02-14', source: 'TikTok Shop' },
    ])
  })
})

describe("the listing's own aggregate rating", () => {
  it('is read where the page states it, and left null where it does not', async () => {
    const rating = async (url: string, file: string) => (await one(url, file)).listingRating
    expect(await rating('https://www.amazon.com/HydroPeak-Insulated-Water-Bottle-Straw/dp/B0C7X4K2QZ', 'amazon.html')).toEqual({
      average: 4.6,
      count: 12408,
    })
    expect(await rating(ALI_URL, 'aliexpress-runparams.html')).toEqual({ average: 4.7, count: 3 })
    expect(await rating('https://www.aliexpress.us/item/3256805123456789.html', 'aliexpress-init-data.html')).toEqual({
      average: 4.5,
      count: 2,
    })
    expect(await rating('https://shop.tiktok.com/view/product/1729384756473829?region=US', 'tiktok-shop.html')).toEqual({
      average: 4.7,
      count: 3,
    })
    expect(await rating('https://northwindgoods.com/shop/linen-apron', 'generic-jsonld.html')).toEqual({ average: 4.9, count: 214 })
    // Temu states a review count but no average; TikTok's __NEXT_DATA__ page states neither.
    expect(await rating('https://www.temu.com/7-in-1-usb-c-hub-g-601099512345678.html', 'temu.html')).toBeNull()
    expect(await rating('https://www.tiktok.com/@brightdesk/product/1729384756000001', 'tiktok-next-data.html')).toBeNull()
  })
})

describe('AliExpress script-loaded shells', () => {
  const URL_ = 'https://es.aliexpress.com/item/1005006180026951.html'
  const photos = ['S5c4', 'S021', 'Sd04', 'S7cd', 'S1d9', 'S60e'].map((id) => `https://ae01.alicdn.com/kf/${id}/GaN-cargador.jpg`)
  // The nearly empty page a client without a browser gets (written for this test).
  const shell = (ogTitle: string | null) => `<!doctype html><html><head>
    ${ogTitle ? `<meta content="${ogTitle}" property="og:title"/>` : ''}
    <meta content="product" property="og:type"/>
    <meta content="${photos[0]}" property="og:image"/>
    <meta content="Smarter Shopping, Better Living! Aliexpress.com" property="og:description"/>
    <meta content="aliexpress." property="og:site_name"/>
    <script>window.runParams = {};</script>
    <script>window._d_c_ = window._d_c_ || {}; window._d_c_.isCSR = true;
      window._d_c_.DCData = {"i18nMap":{"VIEW_MORE":"Ver más"},"imagePathList":${JSON.stringify(photos)},"summImagePathList":${JSON.stringify(photos.map((p) => `${p}_80x80.jpg`))}};</script>
    </head><body><div id="root"></div></body></html>`

  it('reads what the shell carries: the name without the site, every photo of its list, and no slogan for a description', async () => {
    const facts = await one(URL_, { body: shell('GaN-cargador USB tipo C de carga rápida, 65W - AliExpress 509') })
    expect(facts.title).toBe('GaN-cargador USB tipo C de carga rápida, 65W')
    expect(facts.images).toEqual(photos)
    expect(facts.descriptionHtml).toBe('')
    expect([facts.price, facts.compareAtPrice, facts.listingRating, facts.vendor]).toEqual([null, null, null, null])
  })

  it('a page saved after its script drew it, without the data block: the price box’s own price and the struck one, never a recommendation’s', async () => {
    const drawn = shell('GaN-cargador USB tipo C de carga rápida, 65W - AliExpress 509').replace(
      '<div id="root"></div>',
      `<div id="root"><div class="price-default--wrap--Ab1"><span class="price-default--current--F8OlYIo">US $0,99</span>
        <span class="price-default--original--CWcHOit"><bdi>US $16,80</bdi></span></div>
        <div class="recommend"><span class="multi--price-sale--U-S0jtj">US $3,10</span><span class="multi--price-original--1zEQqOK">US $9,99</span></div></div>`,
    )
    const facts = await one(URL_, { body: drawn })
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([0.99, 16.8, 'USD'])
    const noStruck = drawn.replace(/<span class="price-default--original[^]*?<\/span>/, '')
    expect([(await one(URL_, { body: noStruck })).compareAtPrice]).toEqual([null])
    // The older box writes its discount beside the struck price: the amount alone is read.
    const older = shell('Clip-on Sunglasses - AliExpress').replace(
      '<div id="root"></div>',
      `<div id="root"><div class="product-price-current"><span class="product-price-value">US $46.50</span></div>
        <div class="product-price-original"><span class="product-price-del"><span class="product-price-value">US $150.00</span></span><span class="product-price-mark">-69%</span></div></div>`,
    )
    const facts2 = await one(URL_, { body: older })
    expect([facts2.price, facts2.compareAtPrice]).toEqual([46.5, 150])
  })

  it('refuses a shell without the product name for what it is', async () => {
    const err = await one(URL_, { body: shell(null) }).catch((e) => e)
    expect(err).toBeInstanceOf(ImportError)
    expect(err).toMatchObject({ kind: 'script-shell', transient: false })
    expect(err.message).toMatch(/^AliExpress sent a nearly empty page, without the product's name/)
  })
})
