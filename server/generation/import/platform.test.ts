import { describe, expect, it } from 'vitest'
import { detectPlatform, marketplaceProductId, shopifyHandle } from './platform'

const p = (u: string) => detectPlatform(new URL(u))

describe('detectPlatform', () => {
  it.each([
    ['https://www.aliexpress.com/item/1005006123456789.html', 'aliexpress'],
    ['https://aliexpress.us/item/3256805123456789.html?spm=a2g0o', 'aliexpress'],
    ['https://aliexpress.ru/item/1005006123456789.html', 'aliexpress'],
    ['https://m.aliexpress.com/item/1005006123456789.html', 'aliexpress'],
    ['https://www.amazon.com/HydroPeak-Bottle/dp/B0C7X4K2QZ/ref=sr_1_1', 'amazon'],
    ['https://www.amazon.co.uk/gp/product/B0C7X4K2QZ', 'amazon'],
    ['https://amazon.de/dp/B0C7X4K2QZ', 'amazon'],
    ['https://www.amazon.co.jp/dp/B0C7X4K2QZ', 'amazon'],
    ['https://www.temu.com/7-in-1-usb-c-hub-g-601099512345678.html', 'temu'],
    ['https://www.temu.com/goods.html?goods_id=601099512345678', 'temu'],
    ['https://www.dhgate.com/product/wireless-earbuds/876543210.html', 'dhgate'],
    ['https://m.dhgate.com/product/wireless-earbuds/876543210.html', 'dhgate'],
    ['https://shop.tiktok.com/view/product/1729384756473829?region=US', 'tiktok'],
    ['https://www.tiktok.com/@brightdesk/product/1729384756000001', 'tiktok'],
    ['https://www.tiktok.com/view/product/1729384756000001', 'tiktok'],
    ['https://www.tiktok.com/shop/vn/pdp/ban-hoc-gap-gon/1730664199026674480', 'tiktok'],
    ['https://www.tiktok.com/@someone/video/7300000000000000000', 'generic'],
    ['https://acme-outdoors.com/products/trail-backpack-28l', 'shopify'],
    ['https://acme-outdoors.com/collections/packs/products/trail-backpack-28l?variant=1', 'shopify'],
    ['https://acme-outdoors.com/en/products/trail-backpack-28l', 'shopify'],
    ['https://acme-outdoors.com/en-us/collections/packs/products/trail-backpack-28l/', 'shopify'],
    ['https://acme.myshopify.com/products/trail-backpack-28l.js', 'shopify'],
    ['http://localhost:3000/demo-store/products/aurora-pour-over-set', 'shopify'],
    ['http://localhost:3000/demo-store/collections/all/products/aurora-pour-over-set', 'shopify'],
    ['https://acme-outdoors.com/shop/products/trail-backpack-28l', 'generic'],
    ['https://acme-outdoors.com/products', 'generic'],
    ['https://acme-outdoors.com/products/a/b', 'generic'],
    ['https://northwindgoods.com/shop/linen-apron', 'generic'],
    ['https://notamazon.com/dp/B0C7X4K2QZ', 'generic'],
    ['https://aliexpress.com.evil.example/item/1.html', 'generic'],
  ])('%s → %s', (url, platform) => {
    expect(p(url)).toBe(platform)
  })

  it('prefers the marketplace over a Shopify-looking path', () => {
    expect(p('https://www.amazon.com/products/x')).toBe('amazon')
  })
})

describe('shopifyHandle', () => {
  it('keeps the locale prefix and drops the collection, query and endpoint suffix', () => {
    expect(shopifyHandle(new URL('https://Acme-Outdoors.com/en-us/collections/packs/products/trail-backpack-28l?variant=4411'))).toEqual({
      origin: 'https://acme-outdoors.com',
      localePrefix: '/en-us',
      handle: 'trail-backpack-28l',
    })
    expect(shopifyHandle(new URL('https://acme.myshopify.com/products/trail-backpack-28l.json'))).toEqual({
      origin: 'https://acme.myshopify.com',
      localePrefix: '',
      handle: 'trail-backpack-28l',
    })
    expect(shopifyHandle(new URL('https://x.com/FR/products/tasse'))?.localePrefix).toBe('/fr')
  })

  it('is null for anything that is not a product path', () => {
    expect(shopifyHandle(new URL('https://acme-outdoors.com/collections/packs'))).toBeNull()
    expect(shopifyHandle(new URL('https://acme-outdoors.com/'))).toBeNull()
  })
})

describe('marketplaceProductId', () => {
  it.each([
    ['https://www.aliexpress.com/item/1005006123456789.html', 'aliexpress', '1005006123456789'],
    ['https://www.amazon.com/HydroPeak/dp/B0C7X4K2QZ/ref=x', 'amazon', 'B0C7X4K2QZ'],
    ['https://www.amazon.com/gp/product/B0C7X4K2QZ', 'amazon', 'B0C7X4K2QZ'],
    ['https://www.temu.com/hub-g-601099512345678.html', 'temu', '601099512345678'],
    ['https://www.temu.com/goods.html?goods_id=601099512345678', 'temu', '601099512345678'],
    ['https://www.dhgate.com/product/wireless-earbuds/876543210.html', 'dhgate', '876543210'],
    ['https://shop.tiktok.com/view/product/1729384756473829?region=US', 'tiktok', '1729384756473829'],
  ] as const)('%s', (url, platform, id) => {
    expect(marketplaceProductId(new URL(url), platform)).toBe(id)
  })
})
