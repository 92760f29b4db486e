import { and, count, eq, isNull } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import type { ShopifyStore } from '../../contract/shopify'
import { publications, shopifyProducts, shopifyStores } from '../../db/schema'
import { productLimit, productRoom, storeLimit } from '../../domain/entitlements'
import { addAppBlockUrl } from '../../domain/shopify'
import type { UserRow } from '../users'
import { currentStore, productCount } from './stores'
import type { StoreRow } from './tokens'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** Where the owner sees the shop and its admin (the demo shop's own pages for a demo shop). */
export async function shopLinks(deps: ApiDeps, shop: string) {
  const storefront = await deps.shopify.network.browserOrigin(shop)
  const name = shop.replace(/\.myshopify\.com$/, '')
  const demoOrTest = storefront !== `https://${shop}`
  return { storefront, admin: demoOrTest ? `${storefront}/admin` : `https://admin.shopify.com/store/${name}` }
}

/** A page of the store is shown by our template: theme-file writes worked there. */
async function templateInUse(deps: ApiDeps, storeId: number): Promise<boolean> {
  const [row] = await deps.database.db
    .select({ id: publications.id })
    .from(publications)
    .where(and(eq(publications.storeId, storeId), eq(publications.method, 'template')))
    .limit(1)
  return !!row
}

export async function toStoreView(deps: ApiDeps, user: UserRow, row: StoreRow, currentId: number | null): Promise<ShopifyStore> {
  const [{ n }] = await deps.database.db
    .select({ n: count() })
    .from(shopifyProducts)
    .where(and(eq(shopifyProducts.storeId, row.id), isNull(shopifyProducts.deletedAt)))
  const links = await shopLinks(deps, row.shopDomain)
  const limited = productLimit(user) !== null && productRoom(user, await productCount(deps.database.db, user.id)) === 0
  return {
    id: row.id,
    shop_domain: row.shopDomain,
    name: row.name,
    kind: row.kind,
    is_demo: row.isDemo,
    status: row.status,
    is_current: row.id === currentId,
    storefront_url: links.storefront,
    admin_url: links.admin,
    theme_access: row.scopes.split(',').includes('write_themes'),
    publishing: {
      theme_files: !row.scopes.split(',').includes('write_themes')
        ? 'no_access'
        : row.themeWritesRefusedAt
          ? 'refused'
          : (await templateInUse(deps, row.id))
            ? 'allowed'
            : 'unknown',
      theme_files_refusal: row.themeWritesRefusal,
      app_block: row.appBlockCheckedAt ? row.appBlockThemeId !== null : null,
      add_app_block_url: addAppBlockUrl(links.admin, deps.env.shopifyApp.apiKey),
      experiment_events: row.scopes.split(',').includes('write_pixels'),
    },
    connected_at: row.connectedAt.toISOString(),
    uninstalled_at: iso(row.uninstalledAt),
    sync: {
      status: row.syncStatus,
      done: row.syncDone,
      total: row.syncTotal,
      error: row.syncError,
      last_sync_at: iso(row.lastSyncAt),
      limited,
    },
    product_count: n,
    feed_url: row.feedToken ? `${deps.env.shopifyApp.appUrl}/v2/shopify/feeds/${row.feedToken}.tsv` : null,
  }
}

export async function listStores(deps: ApiDeps, user: UserRow) {
  const rows = await deps.database.db.select().from(shopifyStores).where(eq(shopifyStores.userId, user.id)).orderBy(shopifyStores.id)
  const current = rows.length ? await currentStore(deps, user) : null
  const items = await Promise.all(rows.map((r) => toStoreView(deps, user, r, current?.id ?? null)))
  return {
    items,
    current_store_id: current?.id ?? null,
    store_limit: storeLimit(user),
    shopify_configured: deps.env.shopifyApp.configured,
    demo_shop_available: deps.shopify.demo !== null,
  }
}

export async function storeView(deps: ApiDeps, user: UserRow, row: StoreRow) {
  const current = await currentStore(deps, user)
  return toStoreView(deps, user, row, current?.id ?? null)
}
