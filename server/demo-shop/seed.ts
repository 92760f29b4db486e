import { createHash, randomBytes } from 'node:crypto'
import type { Database } from '../db/client'
import { DEMO_PRODUCTS } from '../demo-store/catalog'
import { demoThemes } from '../liquid/theme-files'
import { money } from './context'
import { nextShopNumber, objectId, ShopStore, type ProductData, type ShopData } from './state'

/** The app's id as the shop knows it: fixed by the app's API key, so every demo shop sees the same app. */
export const appIdFor = (apiKey: string) =>
  1_000_000 + (parseInt(createHash('sha256').update(apiKey).digest('hex').slice(0, 8), 16) % 9_000_000)

/** A new demo shop of `ownerId`: the demo store's catalogue as Shopify products and the two demo themes (Harbor live). */
export async function seedShop(opts: {
  database: Database
  publicUrl: string
  apiKey: string
  now: Date
  ownerId: number
}): Promise<string> {
  const hex = randomBytes(4).toString('hex')
  const domain = `pagewright-demo-${hex}.myshopify.com`
  const number = await nextShopNumber(opts.database)
  const store = new ShopStore(opts.database, domain)
  let sequence = 0
  const newId = () => objectId(number, ++sequence)
  const now = opts.now.toISOString()
  const shop: ShopData = {
    domain,
    number,
    name: `Demo Shop ${number}`,
    email: `owner+${hex}@demo-shop.pagewright.test`,
    currency: 'USD',
    shopId: objectId(number, 0),
    appId: appIdFor(opts.apiKey),
    createdAt: now,
    ownerId: opts.ownerId,
    installation: null,
    metafields: [],
  }
  const images = `${opts.publicUrl.replace(/\/$/, '')}/demo-store`
  const products: ProductData[] = DEMO_PRODUCTS.map((d) => {
    const options = d.options.length ? d.options : [{ name: 'Title', values: ['Default Title'] }]
    return {
      id: newId(),
      handle: d.handle,
      title: d.title,
      descriptionHtml: d.descriptionHtml,
      vendor: d.vendor,
      productType: d.productType,
      status: 'ACTIVE',
      tags: d.tags,
      templateSuffix: null,
      seo: { title: null, description: null },
      options: options.map((o) => ({ id: newId(), name: o.name, values: o.values })),
      variants: d.variants.map((v) => {
        const values = v.title.split(' / ')
        return {
          id: newId(),
          title: v.title,
          price: money(v.price),
          compareAtPrice: d.compareAtPrice === null ? null : money(d.compareAtPrice),
          sku: v.sku,
          tracked: true,
          inventory: v.available ? 25 : 0,
          selectedOptions: options.map((o, i) => ({ name: o.name, value: values[i] ?? o.values[0] })),
        }
      }),
      images: d.images.map((file, i) => ({ id: newId(), url: `${images}/${file}`, alt: i === 0 ? d.title : null })),
      metafields: [],
      createdAt: now,
      updatedAt: now,
    }
  })
  for (const p of products) await store.put('product', p.id, p)
  for (const t of demoThemes()) {
    const id = newId()
    await store.put('theme', id, { id, name: t.name, role: t.role, files: t.files, binary: {}, createdAt: now, updatedAt: now })
  }
  // Ids handed out from here on follow the seeded ones.
  await store.put('counter', 'ids', { next: sequence })
  // The shop record last: until it exists, the shop is unknown (404).
  await store.put('shop', 'shop', shop)
  return domain
}
