import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import type { Tx } from '../../db/client'
import { shopifyProducts, shopifyStores, users } from '../../db/schema'
import { productLimit, productRoom } from '../../domain/entitlements'
import { sanitize } from '../../domain/sanitize'
import type { ShopifyVariantRow } from '../../domain/shopify'
import { HttpError } from '../../http/http-error'
import { assertNoUserErrors, ShopifyApiError } from '../../integrations/shopify/admin-client'
import {
  BULK_PRODUCTS_QUERY,
  BULK_RUN_MUTATION,
  BULK_STATUS_QUERY,
  PRODUCT_QUERY,
  PRODUCTS_COUNT_QUERY,
  PRODUCTS_PAGE_QUERY,
} from '../../integrations/shopify/documents'
import { log } from '../../log'
import { productCount, refreshProductAllowance } from './stores'
import { adminFor, type StoreRow } from './tokens'

/** The store owner's plan: what the product limit depends on. */
type Owner = Pick<typeof users.$inferSelect, 'role'>

/**
 * Products per page of a sync. Shopify refuses a query that may cost over 1,000 points; one product
 * with its 10 images and 20 variants costs about 70, so a page of 10 stays near 700.
 */
export const PAGE_SIZE = 10
/** Above this, one bulk operation reads the catalogue instead of hundreds of paged calls. */
export const BULK_THRESHOLD = 2000

const money = (m: { amount: string } | null | undefined) => (m ? Number(m.amount) : null)

/** A product as the Admin API answers it (documents.ts CatalogProduct, or a bulk line with its children). */
export interface ShopifyProductNode {
  id: string
  handle: string
  title: string
  vendor: string | null
  productType: string | null
  status: string
  descriptionHtml: string
  tags: string[]
  onlineStoreUrl: string | null
  totalInventory: number | null
  updatedAt: string
  priceRangeV2: { minVariantPrice: { amount: string; currencyCode: string } } | null
  compareAtPriceRange: { maxVariantCompareAtPrice: { amount: string; currencyCode: string } | null } | null
  options: { name: string; values: string[] }[]
  media: { nodes: ({ image?: { url: string; altText: string | null } | null } | Record<string, never>)[] }
  variants: {
    nodes: {
      id: string
      title: string
      price: string | null
      compareAtPrice: string | null
      sku: string | null
      availableForSale: boolean
      selectedOptions: { name: string; value: string }[]
    }[]
  }
}

/** The catalogue row of a product node. Descriptions are sanitised on the way in, like every import. */
export function productRow(storeId: number, p: ShopifyProductNode, now: Date) {
  const price = money(p.priceRangeV2?.minVariantPrice)
  const compare = money(p.compareAtPriceRange?.maxVariantCompareAtPrice)
  const variants: ShopifyVariantRow[] = p.variants.nodes.map((v) => ({
    id: v.id,
    title: v.title,
    price: v.price === null ? null : Number(v.price),
    compareAtPrice: v.compareAtPrice === null ? null : Number(v.compareAtPrice),
    sku: v.sku || null,
    available: v.availableForSale,
    options: v.selectedOptions,
  }))
  return {
    storeId,
    shopifyId: p.id,
    handle: p.handle,
    title: p.title,
    vendor: p.vendor || null,
    productType: p.productType || null,
    status: p.status,
    descriptionHtml: sanitize(p.descriptionHtml ?? '') as string,
    tags: p.tags,
    price,
    compareAtPrice: compare !== null && price !== null && compare > price ? compare : null,
    currency: p.priceRangeV2?.minVariantPrice.currencyCode ?? null,
    images: p.media.nodes.flatMap((m) => ('image' in m && m.image ? [{ url: m.image.url, alt: m.image.altText }] : [])),
    options: p.options,
    variants,
    onlineStoreUrl: p.onlineStoreUrl,
    totalInventory: p.totalInventory,
    shopifyUpdatedAt: new Date(p.updatedAt),
    syncedAt: now,
    deletedAt: null,
  }
}

/**
 * Saves products; an account with a product limit stops at it (new products beyond it are not
 * added; products already in the catalogue are still updated). Returns how many were refused.
 */
async function upsertProducts(tx: Tx, store: StoreRow, nodes: ShopifyProductNode[], now: Date, owner: Owner): Promise<number> {
  let refused = 0
  let room = productRoom(owner, productLimit(owner) === null ? 0 : await productCount(tx, store.userId))
  for (const node of nodes) {
    const row = productRow(store.id, node, now)
    const [known] = await tx
      .select({ id: shopifyProducts.id, deletedAt: shopifyProducts.deletedAt })
      .from(shopifyProducts)
      .where(and(eq(shopifyProducts.storeId, store.id), eq(shopifyProducts.shopifyId, node.id)))
    if (known) {
      // A product the owner removed from the catalogue stays removed; Shopify's changes still apply.
      await tx
        .update(shopifyProducts)
        .set({ ...row, deletedAt: known.deletedAt })
        .where(eq(shopifyProducts.id, known.id))
      continue
    }
    if (room <= 0) {
      refused++
      continue
    }
    await tx.insert(shopifyProducts).values(row)
    room--
  }
  return refused
}

type SyncPatch = Partial<typeof shopifyStores.$inferInsert>

/**
 * A store's catalogue sync, resumable: the cursor and the count are saved with each page of
 * products (one transaction), so a crashed or retried job goes on where it stopped, and a second
 * sync updates rows in place. Products gone from the shop are marked removed at the end of a full
 * pass. Big catalogues are read with one bulk operation.
 */
export async function runSync(deps: ApiDeps, storeId: number, opts: { bulkThreshold?: number } = {}) {
  const { db } = deps.database
  const [store] = await db.select().from(shopifyStores).where(eq(shopifyStores.id, storeId))
  if (!store || store.status !== 'connected') return
  const [owner] = await db.select().from(users).where(eq(users.id, store.userId))
  const save = (patch: SyncPatch) =>
    db
      .update(shopifyStores)
      .set({ ...patch, updatedAt: deps.clock() })
      .where(eq(shopifyStores.id, store.id))
  try {
    const admin = await adminFor(deps, store)
    // A saved cursor means an earlier run stopped half-way: go on from there.
    const resuming = !!store.syncCursor
    const startedAt = resuming && store.syncStartedAt ? store.syncStartedAt : deps.clock()
    if (resuming) await save({ syncStatus: 'running', syncError: null })
    else {
      const counted = await admin.request<{ productsCount: { count: number } | null }>(PRODUCTS_COUNT_QUERY)
      await save({
        syncStatus: 'running',
        syncStartedAt: startedAt,
        syncTotal: counted.productsCount?.count ?? null,
        syncDone: 0,
        syncError: null,
      })
    }
    const [fresh] = await db.select().from(shopifyStores).where(eq(shopifyStores.id, store.id))
    let refused = 0
    if ((fresh.syncTotal ?? 0) > (opts.bulkThreshold ?? BULK_THRESHOLD) && !fresh.syncCursor) {
      refused = await bulkSync(deps, fresh, owner)
    } else {
      let cursor = fresh.syncCursor
      let done = fresh.syncDone
      for (;;) {
        const data = await admin.request<{
          products: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ShopifyProductNode[] }
        }>(PRODUCTS_PAGE_QUERY, { first: PAGE_SIZE, after: cursor })
        const page = data.products
        await db.transaction(async (tx) => {
          // The store's row before its products, as in bulkSync (a disconnect must not deadlock with it).
          await tx
            .update(shopifyStores)
            .set({
              syncCursor: page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null,
              syncDone: done + page.nodes.length,
              updatedAt: deps.clock(),
            })
            .where(eq(shopifyStores.id, fresh.id))
          refused += await upsertProducts(tx, fresh, page.nodes, deps.clock(), owner)
        })
        done += page.nodes.length
        if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break
        cursor = page.pageInfo.endCursor
      }
    }
    // A full pass saw every product still in the shop: the others are gone.
    if (refused === 0) {
      await db
        .update(shopifyProducts)
        .set({ deletedAt: deps.clock() })
        .where(and(eq(shopifyProducts.storeId, store.id), lt(shopifyProducts.syncedAt, startedAt), isNull(shopifyProducts.deletedAt)))
    }
    await refreshProductAllowance(deps, store.userId)
    await save({ syncStatus: 'done', syncCursor: null, lastSyncAt: deps.clock(), syncError: null })
  } catch (error) {
    const message =
      error instanceof HttpError || error instanceof ShopifyApiError
        ? error.message
        : 'The sync stopped on our side; it will be tried again.'
    log.warn('shopify sync failed', { store: store.shopDomain, error: String((error as Error)?.message ?? error) })
    await save({ syncStatus: 'failed', syncError: message })
    // Our token is gone: retrying cannot help. Anything else is retried by the queue from the saved cursor.
    if (!(error instanceof HttpError)) throw error
  }
}

type BulkLine = Record<string, unknown> & { __parentId?: string; id?: string }

/** Bulk operation: run, wait for Shopify to finish, read the JSONL (children point at their product). */
async function bulkSync(deps: ApiDeps, store: StoreRow, owner: Owner): Promise<number> {
  const admin = await adminFor(deps, store)
  const run = await admin.request<{ bulkOperationRunQuery: { bulkOperation: { id: string } | null; userErrors: { message: string }[] } }>(
    BULK_RUN_MUTATION,
    { query: BULK_PRODUCTS_QUERY },
  )
  assertNoUserErrors('Bulk sync', run.bulkOperationRunQuery.userErrors)
  const opId = run.bulkOperationRunQuery.bulkOperation!.id
  let url: string | null = null
  for (let i = 0; i < 720; i++) {
    const { bulkOperation: op } = await admin.request<{
      bulkOperation: { status: string; url: string | null; errorCode: string | null } | null
    }>(BULK_STATUS_QUERY, { id: opId })
    if (op?.status === 'COMPLETED') {
      url = op.url
      break
    }
    if (!op || ['FAILED', 'CANCELED', 'EXPIRED'].includes(op.status))
      throw new ShopifyApiError('graphql', `Shopify’s bulk read ended: ${op?.errorCode ?? op?.status}.`)
    await deps.shopify.sleep(5000)
  }
  if (!url) return 0 // An empty shop completes with no file.
  const res = await deps.shopify.network.fetch(url)
  if (!res.ok) throw new ShopifyApiError('http', `Shopify’s bulk file answered ${res.status}.`)
  const products = new Map<string, ShopifyProductNode>()
  for (const line of (await res.text()).split('\n')) {
    if (!line.trim()) continue
    const item = JSON.parse(line) as BulkLine
    if (!item.__parentId) {
      products.set(String(item.id), { ...(item as unknown as ShopifyProductNode), media: { nodes: [] }, variants: { nodes: [] } })
      continue
    }
    const parent = products.get(item.__parentId)
    if (!parent) continue
    if (String(item.id ?? '').includes('/ProductVariant/')) parent.variants.nodes.push(item as never)
    else if ('image' in item) parent.media.nodes.push(item as never)
  }
  let refused = 0
  const all = [...products.values()]
  for (let i = 0; i < all.length; i += 200) {
    const slice = all.slice(i, i + 200)
    await deps.database.db.transaction(async (tx) => {
      // The store's row first: a disconnect (DELETE of the store, cascading to its products) then
      // waits for this slice or this slice for it. Products first, then the store, deadlocked with
      // it on Postgres (the products' foreign key holds a share lock on the row the delete wants).
      await tx
        .update(shopifyStores)
        .set({ syncDone: sql`${shopifyStores.syncDone} + ${slice.length}` })
        .where(eq(shopifyStores.id, store.id))
      refused += await upsertProducts(tx, store, slice, deps.clock(), owner)
    })
  }
  return refused
}

/** One product again (products/update webhook): asked of Shopify, not read from the webhook body. */
export async function refreshProduct(deps: ApiDeps, storeId: number, gid: string) {
  const { db } = deps.database
  const [store] = await db.select().from(shopifyStores).where(eq(shopifyStores.id, storeId))
  if (!store || store.status !== 'connected') return
  const admin = await adminFor(deps, store)
  const { product } = await admin.request<{ product: ShopifyProductNode | null }>(PRODUCT_QUERY, { id: gid })
  const [owner] = await db.select().from(users).where(eq(users.id, store.userId))
  await db.transaction(async (tx) => {
    if (!product) {
      await tx
        .update(shopifyProducts)
        .set({ deletedAt: deps.clock() })
        .where(and(eq(shopifyProducts.storeId, store.id), eq(shopifyProducts.shopifyId, gid)))
      return
    }
    await upsertProducts(tx, store, [product], deps.clock(), owner)
  })
  await refreshProductAllowance(deps, store.userId)
}
