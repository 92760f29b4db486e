import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { safeEqualHex } from '../../crypto'
import { shopifyStores } from '../../db/schema'
import { uploadThemeDecision } from '../../domain/entitlements'
import { PAGE_METAFIELD } from '../../domain/shopify'
import { TASK_STATUS } from '../../domain/task-status'
import { assertAllowed } from '../../http/allowed'
import { HttpError, forbidden, notFound } from '../../http/http-error'
import { assertNoUserErrors } from '../../integrations/shopify/admin-client'
import { METAFIELDS_SET_MUTATION, SHOP_QUERY, THEME_CREATE_MUTATION } from '../../integrations/shopify/documents'
import { accountOf } from '../accounts'
import { findOwnTask } from '../tasks'
import type { UserRow } from '../users'
import { republishLesser } from './publish-theme'
import { shopLinks } from './store-view'
import { currentStore, findOwnStore } from './stores'
import { adminFor } from './tokens'

/** Shopify downloads the theme zip once, right after themeCreate: the link lives 15 minutes. */
const ZIP_LINK_TTL_S = 15 * 60
export const THEME_NAME = 'Pagewright'

const zipSignature = (deps: ApiDeps, store: number, exp: number) =>
  createHmac('sha256', deps.env.AUTH_SECRET).update(`theme-zip:${store}:${exp}`).digest('hex')

/**
 * upload_theme (Pro, reference §6.2): Pagewright's own small Online Store 2.0 theme, installed unpublished
 * from a signed, expiring zip URL; the owner previews and publishes it themselves.
 */
export async function uploadTheme(deps: ApiDeps, user: UserRow, storeId: number) {
  assertAllowed(user, uploadThemeDecision(accountOf(user)))
  const store = await findOwnStore(deps, user, storeId)
  const admin = await adminFor(deps, store)
  const exp = Math.floor(deps.clock().getTime() / 1000) + ZIP_LINK_TTL_S
  const source = `${deps.env.shopifyApp.appUrl}/v2/shopify/theme.zip?store=${store.id}&exp=${exp}&sig=${zipSignature(deps, store.id, exp)}`
  const data = await admin.request<{ themeCreate: { theme: { id: string; name: string } | null; userErrors: { message: string }[] } }>(
    THEME_CREATE_MUTATION,
    { source, name: THEME_NAME },
  )
  assertNoUserErrors('Shopify refused the theme', data.themeCreate.userErrors)
  const theme = data.themeCreate.theme!
  const links = await shopLinks(deps, store.shopDomain)
  return { theme_id: theme.id, name: theme.name, editor_url: `${links.admin}/themes/${theme.id.split('/').pop()}/editor` }
}

/** The zip itself, for the signed link only (the app id names our metafield namespace in its files). */
export async function themeZip(deps: ApiDeps, q: { store: number; exp: number; sig: string }): Promise<Uint8Array> {
  const now = Math.floor(deps.clock().getTime() / 1000)
  if (q.exp < now || q.exp > now + ZIP_LINK_TTL_S * 2 || !safeEqualHex(zipSignature(deps, q.store, q.exp), q.sig)) {
    throw forbidden('This theme link has expired or is not valid.')
  }
  const [store] = await deps.database.db.select().from(shopifyStores).where(eq(shopifyStores.id, q.store))
  if (!store) throw notFound('There is no such store.')
  const { starterThemeZip } = await import('../../liquid/theme-files')
  return starterThemeZip({ appId: store.appId ?? '0' })
}

/**
 * A page's design (theme and section order) becomes the store's shared Pagewright design: every
 * page published into the store wears it (one look across the store's product pages), it is
 * written to the shop as our app-owned `template` metafield, and pages already published there
 * are published again so they follow.
 */
export async function publishTemplate(deps: ApiDeps, user: UserRow, input: { session_id: string; store_id?: number }) {
  const task = await findOwnTask(deps, user, input.session_id)
  if (task.status !== TASK_STATUS.completed || !task.page) throw new HttpError(409, 'This page is not finished yet.')
  const store = await currentStore(deps, user, input.store_id)
  if (!store) throw notFound('Connect your Shopify store first.')
  const settings = { theme: task.page.theme, order: task.page.sections.filter((s) => !s.hidden).map((s) => s.type) }
  const admin = await adminFor(deps, store)
  const shop = await admin.request<{ shop: { id: string } }>(SHOP_QUERY)
  const set = await admin.request<{ metafieldsSet: { userErrors: { message: string }[] } }>(METAFIELDS_SET_MUTATION, {
    metafields: [
      { ownerId: shop.shop.id, namespace: PAGE_METAFIELD.namespace, key: 'template', type: 'json', value: JSON.stringify(settings) },
    ],
  })
  assertNoUserErrors('Shopify refused the design', set.metafieldsSet.userErrors)
  await deps.database.db
    .update(shopifyStores)
    .set({ templateSettings: settings, updatedAt: deps.clock() })
    .where(eq(shopifyStores.id, store.id))
  await republishLesser(deps, store.id, { all: true })
  return { store_id: store.id, theme: settings.theme as Record<string, string>, order: settings.order }
}
