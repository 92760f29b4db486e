import { it } from 'vitest'
import { importProduct } from '.'
import { fakeFetcher } from '../../../tests/fixtures/import/fake-fetcher'
const cases: [string, Record<string, string>][] = [
  ['https://www.aliexpress.com/item/1005006123456789.html', { 'https://www.aliexpress.com/item/1005006123456789.html': 'aliexpress-runparams.html', 'https://aeproductsourcesite.alicdn.com/product/description/pc/v2/en_US/desc.htm?productId=1005006123456789&key=S9f8e.zip&token=7c1d': 'aliexpress-description.html' }],
  ['https://www.aliexpress.us/item/3256805123456789.html', { 'https://www.aliexpress.us/item/3256805123456789.html': 'aliexpress-init-data.html' }],
  ['https://www.amazon.com/dp/B0C7X4K2QZ', { 'https://www.amazon.com/dp/B0C7X4K2QZ': 'amazon.html' }],
  ['https://www.temu.com/7-in-1-usb-c-hub-g-601099512345678.html', { 'https://www.temu.com/7-in-1-usb-c-hub-g-601099512345678.html': 'temu.html' }],
  ['https://www.dhgate.com/product/wireless-earbuds-bluetooth-5-3/876543210.html', { 'https://www.dhgate.com/product/wireless-earbuds-bluetooth-5-3/876543210.html': 'dhgate.html' }],
  ['https://shop.tiktok.com/view/product/1729384756473829?region=US', { 'https://shop.tiktok.com/view/product/1729384756473829?region=US': 'tiktok-shop.html' }],
  ['https://www.tiktok.com/@brightdesk/product/1729384756000001', { 'https://www.tiktok.com/@brightdesk/product/1729384756000001': 'tiktok-next-data.html' }],
  ['https://northwindgoods.com/shop/linen-apron', { 'https://northwindgoods.com/shop/linen-apron': 'generic-jsonld.html' }],
  ['https://studio-keramik.de/tasse-fjord', { 'https://studio-keramik.de/tasse-fjord': 'opengraph-only.html' }],
  ['https://acme-outdoors.com/en-us/collections/packs/products/trail-backpack-28l?variant=1', { 'https://acme-outdoors.com/en-us/products/trail-backpack-28l.js': 'shopify-product.js.json', 'https://acme-outdoors.com/en-us/products/trail-backpack-28l': 'shopify-page-jsonld.html' }],
  ['https://acme-outdoors.com/products/trail-backpack-28l', { 'https://acme-outdoors.com/products/trail-backpack-28l.json': 'shopify-product.json' }],
  ['https://acme-outdoors.com/products/trail-backpack-28l', { 'https://acme-outdoors.com/products/trail-backpack-28l': 'shopify-page-jsonld.html' }],
]
it('smoke', async () => {
  for (const [url, routes] of cases) {
    try {
      const f = await importProduct(url, fakeFetcher(routes), new Date('2026-03-10T12:00:00Z'))
      console.log(JSON.stringify({ ...f }, null, 1))
    } catch (e) { console.log(url, e) }
  }
})
