import { and, count, desc, eq, exists, gte, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import type { CatalogProduct } from '../../contract/catalog'
import { publications, shopifyProductFavorites, shopifyProducts, shopifyStores, tasks } from '../../db/schema'
import { productLimit, productsDecision } from '../../domain/entitlements'
import { sanitize } from '../../domain/sanitize'
import { storefrontProductUrl } from '../../domain/shopify'
import { factsFromCatalog } from '../../generation/import/catalog'
import { ImportError } from '../../generation/import/types'
import { assertAllowed } from '../../http/allowed'
import { badRequest, notFound } from '../../http/http-error'
import { assertNoUserErrors } from '../../integrations/shopify/admin-client'
import { PRODUCT_UPDATE_MUTATION } from '../../integrations/shopify/documents'
import { createTask } from '../tasks'
import type { UserRow } from '../users'
import { shopLinks } from './store-view'
import { currentStore, findOwnStore, productCount, refreshProductAllowance } from './stores'
import { adminFor } from './tokens'

type ProductRow = typeof shopifyProducts.$inferSelect

export interface CatalogQuery {
  store_id?: number
  q?: string
  favorite?: '1' | '0'
  status?: string
  has_pages?: '1' | '0'
  deleted?: '1' | '0'
  page: number
  page_size: number
}

/** The product as lists show it, with the pages made from it and their publish state. */
async function toView(deps: ApiDeps, user: UserRow, rows: ProductRow[]): Promise<CatalogProduct[]> {
  if (!rows.length) return []
  const { db } = deps.database
  const ids = rows.map((r) => r.id)
  const favs = new Set(
    (
      await db
        .select({ id: shopifyProductFavorites.productId })
        .from(shopifyProductFavorites)
        .where(and(eq(shopifyProductFavorites.userId, user.id), inArray(shopifyProductFavorites.productId, ids)))
    ).map((f) => f.id),
  )
  const pages = await db
    .select({ task: tasks, publication: publications.status })
    .from(tasks)
    .leftJoin(publications, eq(publications.taskId, tasks.id))
    .where(and(eq(tasks.userId, user.id), inArray(tasks.shopifyProductId, ids)))
    .orderBy(desc(tasks.createdAt))
  const storeIds = [...new Set(rows.map((r) => r.storeId))]
  const stores = await db.select().from(shopifyStores).where(inArray(shopifyStores.id, storeIds))
  const origins = new Map<number, string>()
  for (const s of stores) origins.set(s.id, (await shopLinks(deps, s.shopDomain)).storefront)
  return rows.map((r) => {
    const gs = r.googleShopping as CatalogProduct['google_shopping']
    return {
      id: r.id,
      store_id: r.storeId,
      shopify_id: r.shopifyId,
      handle: r.handle,
      title: r.title,
      vendor: r.vendor,
      product_type: r.productType,
      status: r.status,
      price: r.price,
      compare_at_price: r.compareAtPrice,
      currency: r.currency,
      image: r.images[0]?.url ?? null,
      image_count: r.images.length,
      variant_count: r.variants.length,
      total_inventory: r.totalInventory,
      storefront_url: r.onlineStoreUrl ?? storefrontProductUrl(origins.get(r.storeId) ?? '', r.handle),
      is_favorite: favs.has(r.id),
      deleted: r.deletedAt !== null,
      synced_at: r.syncedAt.toISOString(),
      pages: pages
        .filter((p) => p.task.shopifyProductId === r.id)
        .map((p) => ({
          session_id: p.task.sessionId,
          title: p.task.title,
          status: p.task.status,
          created_at: p.task.createdAt.toISOString(),
          publication: p.publication ?? null,
        })),
      google_shopping: gs ?? null,
    }
  })
}

/** A page of the current (or named) store's catalogue, searched and filtered. */
export async function listCatalog(deps: ApiDeps, user: UserRow, q: CatalogQuery) {
  const store = await currentStore(deps, user, q.store_id)
  const max = productLimit(user)
  const limit = max !== null ? { count: await productCount(deps.database.db, user.id), max } : null
  if (!store) return { items: [], total: 0, page: q.page, page_size: q.page_size, store_id: null, product_limit: limit }
  const conditions: SQL[] = [eq(shopifyProducts.storeId, store.id)]
  conditions.push(q.deleted === '1' ? isNotNull(shopifyProducts.deletedAt) : isNull(shopifyProducts.deletedAt))
  if (q.status) conditions.push(eq(shopifyProducts.status, q.status))
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conditions.push(
      or(
        ilike(shopifyProducts.title, like),
        ilike(shopifyProducts.handle, like),
        ilike(shopifyProducts.vendor, like),
        ilike(shopifyProducts.productType, like),
        sql`${shopifyProducts.tags}::text ILIKE ${like}`,
      )!,
    )
  }
  const favorite = exists(
    deps.database.db
      .select({ one: sql`1` })
      .from(shopifyProductFavorites)
      .where(and(eq(shopifyProductFavorites.productId, shopifyProducts.id), eq(shopifyProductFavorites.userId, user.id))),
  )
  if (q.favorite === '1') conditions.push(favorite)
  if (q.favorite === '0') conditions.push(sql`NOT ${favorite}`)
  const madePage = exists(
    deps.database.db
      .select({ one: sql`1` })
      .from(tasks)
      .where(and(eq(tasks.shopifyProductId, shopifyProducts.id), eq(tasks.userId, user.id))),
  )
  if (q.has_pages === '1') conditions.push(madePage)
  if (q.has_pages === '0') conditions.push(sql`NOT ${madePage}`)
  const where = and(...conditions)
  const [rows, [{ total }]] = await Promise.all([
    deps.database.db
      .select()
      .from(shopifyProducts)
      .where(where)
      .orderBy(shopifyProducts.title, shopifyProducts.id)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    deps.database.db.select({ total: count() }).from(shopifyProducts).where(where),
  ])
  return { items: await toView(deps, user, rows), total, page: q.page, page_size: q.page_size, store_id: store.id, product_limit: limit }
}

/** The user's catalogue product (404 for anyone else's). */
export async function findOwnProduct(deps: ApiDeps, user: UserRow, id: number): Promise<ProductRow> {
  const [row] = await deps.database.db
    .select({ product: shopifyProducts })
    .from(shopifyProducts)
    .innerJoin(shopifyStores, eq(shopifyStores.id, shopifyProducts.storeId))
    .where(and(eq(shopifyProducts.id, id), eq(shopifyStores.userId, user.id)))
  if (!row) throw notFound('There is no product with this id in your catalogue.')
  return row.product
}

export async function productView(deps: ApiDeps, user: UserRow, id: number) {
  return (await toView(deps, user, [await findOwnProduct(deps, user, id)]))[0]
}

/** Title or description changed in Shopify first, then in the catalogue (Shopify stays the source). */
export async function updateProduct(
  deps: ApiDeps,
  user: UserRow,
  id: number,
  input: { title?: string; description_html?: string; is_favorite?: boolean },
) {
  const product = await findOwnProduct(deps, user, id)
  if (input.is_favorite !== undefined) await setFavorite(deps, user, id, input.is_favorite)
  if (input.title !== undefined || input.description_html !== undefined) {
    const store = await findOwnStore(deps, user, product.storeId)
    const admin = await adminFor(deps, store)
    const data = await admin.request<{ productUpdate: { userErrors: { message: string }[] } }>(PRODUCT_UPDATE_MUTATION, {
      product: { id: product.shopifyId, title: input.title, descriptionHtml: input.description_html },
    })
    assertNoUserErrors('Shopify refused the change', data.productUpdate.userErrors)
    await deps.database.db
      .update(shopifyProducts)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description_html !== undefined ? { descriptionHtml: sanitize(input.description_html) as string } : {}),
      })
      .where(eq(shopifyProducts.id, id))
  }
  return productView(deps, user, id)
}

/** Out of the catalogue: soft (restorable) or hard (forgotten). The product in Shopify is never touched. */
export async function removeProduct(deps: ApiDeps, user: UserRow, id: number, hard: boolean) {
  const product = await findOwnProduct(deps, user, id)
  if (hard) await deps.database.db.delete(shopifyProducts).where(eq(shopifyProducts.id, product.id))
  else await deps.database.db.update(shopifyProducts).set({ deletedAt: deps.clock() }).where(eq(shopifyProducts.id, product.id))
  await refreshProductAllowance(deps, user.id)
}

export async function setFavorite(deps: ApiDeps, user: UserRow, id: number, on: boolean) {
  await findOwnProduct(deps, user, id)
  const { db } = deps.database
  if (on) await db.insert(shopifyProductFavorites).values({ userId: user.id, productId: id }).onConflictDoNothing()
  else
    await db
      .delete(shopifyProductFavorites)
      .where(and(eq(shopifyProductFavorites.userId, user.id), eq(shopifyProductFavorites.productId, id)))
}

/** Many at once; ids that are not the user's are skipped. Restoring respects the free product limit. */
export async function batchProducts(deps: ApiDeps, user: UserRow, ids: number[], action: 'favorite' | 'unfavorite' | 'delete' | 'restore') {
  const { db } = deps.database
  const own = await db
    .select({ id: shopifyProducts.id, deletedAt: shopifyProducts.deletedAt })
    .from(shopifyProducts)
    .innerJoin(shopifyStores, eq(shopifyStores.id, shopifyProducts.storeId))
    .where(and(inArray(shopifyProducts.id, ids), eq(shopifyStores.userId, user.id)))
  let changed = 0
  if (action === 'favorite' || action === 'unfavorite') {
    for (const p of own) await setFavorite(deps, user, p.id, action === 'favorite')
    changed = own.length
  } else if (action === 'delete') {
    const live = own.filter((p) => !p.deletedAt).map((p) => p.id)
    if (live.length) await db.update(shopifyProducts).set({ deletedAt: deps.clock() }).where(inArray(shopifyProducts.id, live))
    changed = live.length
  } else {
    const back = own.filter((p) => p.deletedAt).map((p) => p.id)
    if (back.length) assertAllowed(user, productsDecision(user, await productCount(db, user.id), back.length))
    if (back.length) await db.update(shopifyProducts).set({ deletedAt: null }).where(inArray(shopifyProducts.id, back))
    changed = back.length
  }
  await refreshProductAllowance(deps, user.id)
  return { ok: true as const, changed }
}

/** The store's products ranked by pages made (1 point) and published (3 points) in the last 30 days. */
export async function trendingProducts(deps: ApiDeps, user: UserRow, storeId: number | undefined, limit: number) {
  const store = await currentStore(deps, user, storeId)
  if (!store) return { items: [] }
  const since = new Date(deps.clock().getTime() - 30 * 86_400_000)
  const { db } = deps.database
  const made = db
    .select({ productId: tasks.shopifyProductId, n: count().as('made') })
    .from(tasks)
    .where(and(isNotNull(tasks.shopifyProductId), gte(tasks.createdAt, since)))
    .groupBy(tasks.shopifyProductId)
    .as('made')
  const published = db
    .select({ productId: tasks.shopifyProductId, n: count().as('published') })
    .from(publications)
    .innerJoin(tasks, eq(tasks.id, publications.taskId))
    .where(and(eq(publications.status, 'published'), gte(publications.publishedAt, since)))
    .groupBy(tasks.shopifyProductId)
    .as('published')
  const rows = await db
    .select({ product: shopifyProducts, made: sql<number>`COALESCE(${made.n}, 0)`, published: sql<number>`COALESCE(${published.n}, 0)` })
    .from(shopifyProducts)
    .leftJoin(made, eq(made.productId, shopifyProducts.id))
    .leftJoin(published, eq(published.productId, shopifyProducts.id))
    .where(
      and(
        eq(shopifyProducts.storeId, store.id),
        isNull(shopifyProducts.deletedAt),
        sql`COALESCE(${made.n}, 0) + COALESCE(${published.n}, 0) > 0`,
      ),
    )
    .orderBy(sql`COALESCE(${made.n}, 0) + 3 * COALESCE(${published.n}, 0) DESC`, shopifyProducts.title)
    .limit(limit)
  const views = await toView(
    deps,
    user,
    rows.map((r) => r.product),
  )
  return {
    items: views.map((v, i) => {
      const m = Number(rows[i].made)
      const p = Number(rows[i].published)
      return { ...v, pages_made: m, pages_published: p, score: m + 3 * p }
    }),
  }
}

/** A page from a synced product: its facts come from the catalogue (nothing fetched), then generation as usual. */
export async function createTaskFromProduct(
  deps: ApiDeps,
  user: UserRow,
  input: { product_id: number; page_template_id?: number | null; flow: 'direct' | 'outline' },
  requestKey?: string,
) {
  const product = await findOwnProduct(deps, user, input.product_id)
  if (product.deletedAt) throw notFound('This product was removed from your catalogue. Restore it first.')
  const store = await findOwnStore(deps, user, product.storeId)
  const origin = (await shopLinks(deps, store.shopDomain)).storefront
  let facts
  try {
    facts = factsFromCatalog(
      {
        title: product.title,
        descriptionHtml: product.descriptionHtml,
        vendor: product.vendor,
        productType: product.productType,
        tags: product.tags,
        price: product.price,
        compareAtPrice: product.compareAtPrice,
        currency: product.currency,
        images: product.images,
        options: product.options,
        variants: product.variants,
        storefrontUrl: product.onlineStoreUrl ?? storefrontProductUrl(origin, product.handle),
        shopName: store.name,
      },
      deps.clock(),
    )
  } catch (error) {
    if (error instanceof ImportError) throw badRequest(`product_id: ${error.message}.`, { field: 'product_id' })
    throw error
  }
  return createTask(deps, user, {
    flow: input.flow,
    page_template_id: input.page_template_id,
    known: { facts, shopifyProductId: product.id },
    requestKey,
  })
}
