import { and, desc, eq } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import type { NextPublish, Publication } from '../../contract/publishing'
import type { DbOrTx } from '../../db/client'
import { publications, shopifyProducts, shopifyStores, tasks, users } from '../../db/schema'
import {
  MESSAGES,
  productLimit,
  productRoom,
  publishDecision,
  spendsSlot,
  taskHiddenUntil,
  type PublishFacts,
} from '../../domain/entitlements'
import type { Page } from '../../domain/page/schema'
import { isMarketplace, ownerFactsOf, publishableFacts, shopperPage, withOwnerDefaults } from '../../domain/page/shopper'
import { sanitize } from '../../domain/sanitize'
import { PAGE_METAFIELD, storefrontProductUrl, TEMPLATE_SUFFIX, type PublishMethod } from '../../domain/shopify'
import { TASK_STATUS } from '../../domain/task-status'
import { assertAllowed } from '../../http/allowed'
import { HttpError, badRequest, forbidden } from '../../http/http-error'
import { assertNoUserErrors, ShopifyApiError, type AdminClient } from '../../integrations/shopify/admin-client'
import {
  METAFIELDS_SET_MUTATION,
  PRODUCT_SET_MUTATION,
  PRODUCT_UPDATE_MUTATION,
  SHOP_QUERY,
  THEME_FILES_QUERY,
  THEME_FILES_UPSERT_MUTATION,
  THEMES_QUERY,
} from '../../integrations/shopify/documents'
import { SHOPIFY_PUBLISH_QUEUE, type ShopifyPublishJob } from '../../jobs/definitions'
import { descriptionHtml, themeFilesToPublish } from '../../liquid/theme-files'
import { log } from '../../log'
import { accountOf, giveBackSlot, lockAccount, spendSlot } from '../accounts'
import { findOwnTask, savePageVersion, type TaskRow } from '../tasks'
import type { UserRow } from '../users'
import { shopLinks } from './store-view'
import { currentStore, productCount } from './stores'
import { adminFor, type StoreRow } from './tokens'

type PublicationRow = typeof publications.$inferSelect

export const NO_STORE = 'Connect your Shopify store first: Pagewright publishes pages into it.'

/** Where the owner adds the Pagewright block once: the theme editor on a product page, app blocks panel. */
function themeEditorUrl(adminUrl: string, apiKey: string) {
  return `${adminUrl}/themes/current/editor?template=product&addAppBlockId=${encodeURIComponent(apiKey)}/pagewright-page&target=mainSection`
}

async function toView(deps: ApiDeps, row: PublicationRow, task: Pick<TaskRow, 'sessionId'>, store: StoreRow): Promise<Publication> {
  const links = await shopLinks(deps, store.shopDomain)
  return {
    id: row.id,
    session_id: task.sessionId,
    store_id: store.id,
    shop_domain: store.shopDomain,
    store_name: store.name,
    status: row.status,
    failure_reason: row.failureReason,
    method: row.method,
    page_version: row.pageVersion,
    storefront_url: row.status === 'published' ? row.storefrontUrl : null,
    theme_editor_url: row.method && row.method !== 'template' ? themeEditorUrl(links.admin, deps.env.shopifyApp.apiKey) : null,
    requested_at: row.requestedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
  }
}

/**
 * What the allowance rules need to know about publishing this page into this store now: whether it
 * is a re-publish, whether it would add a product, the products kept, and the hide window.
 */
async function publishFacts(
  db: DbOrTx,
  owner: Pick<UserRow, 'id' | 'role'>,
  task: TaskRow,
  existing: PublicationRow | undefined,
  now: Date,
  windowMinutes: number,
): Promise<PublishFacts> {
  const addsProduct = !task.shopifyProductId && !existing?.productGid
  return {
    alreadyPublished: !!existing && (existing.slotSpent || existing.publishedAt !== null),
    addsProduct,
    products: addsProduct && productLimit(owner) !== null ? await productCount(db, owner.id) : 0,
    hiddenUntil: taskHiddenUntil(owner.role, task, now, windowMinutes),
  }
}

/**
 * Asks for a page to be published into a store. The allowance is entitlements' publishDecision: not
 * while a free page is still hidden; a re-publish always; a first publish needs room for the product
 * it may add, then (free plan) a publish slot. Deciding, spending the slot, the publication row and
 * the job are one transaction with the account row locked, so ten parallel requests spend exactly
 * what one would.
 */
export async function requestPublish(deps: ApiDeps, user: UserRow, input: { session_id: string; store_id?: number }) {
  const task = await findOwnTask(deps, user, input.session_id)
  if (task.status !== TASK_STATUS.completed || !task.page) throw new HttpError(409, 'This page is not finished yet.')
  const store = await currentStore(deps, user, input.store_id)
  if (!store) throw new HttpError(409, NO_STORE)
  if (store.status !== 'connected') throw new HttpError(409, 'Reconnect this store on the Stores page before publishing into it.')
  const now = deps.clock()
  const windowMinutes = deps.env.HIDE_WINDOW_MINUTES
  const row = await deps.database.db.transaction(async (tx) => {
    const me = await lockAccount(tx, user.id)
    const [existing] = await tx
      .select()
      .from(publications)
      .where(and(eq(publications.taskId, task.id), eq(publications.storeId, store.id)))
      .for('update')
    const facts = await publishFacts(tx, me, task, existing, now, windowMinutes)
    assertAllowed(me, publishDecision(accountOf(me), facts, windowMinutes))
    // Only once the page may go live at all: a page still hidden is refused for that, not for its price.
    if (!task.shopifyProductId && ownerFactsOf(task.page!).price === null) {
      throw badRequest('Set your selling price in the editor first: publishing creates the product in your store with your price.', {
        field: 'price',
      })
    }
    const values = { status: 'queued' as const, failureReason: null, pageVersion: task.pageVersion, requestedAt: now }
    const [saved] = existing
      ? await tx.update(publications).set(values).where(eq(publications.id, existing.id)).returning()
      : await tx
          .insert(publications)
          .values({ ...values, taskId: task.id, storeId: store.id, createdAt: now })
          .returning()
    if (spendsSlot(accountOf(me), facts.alreadyPublished) && !(await spendSlot(tx, me.id, saved.id, now))) {
      throw forbidden(MESSAGES.noSlots, { permission: 'publish' })
    }
    await deps.queue.send(SHOPIFY_PUBLISH_QUEUE, { publicationId: saved.id } satisfies ShopifyPublishJob, { tx })
    return saved
  })
  deps.queue.wake(SHOPIFY_PUBLISH_QUEUE)
  return toView(deps, row, task, store)
}

/**
 * The answer publishDecision gives for this page in the account's current store right now, so a
 * screen shows the button or the dialog the api would (it never decides on its own).
 */
async function nextPublish(deps: ApiDeps, user: UserRow, task: TaskRow): Promise<NextPublish> {
  const store = await currentStore(deps, user)
  if (!store || !task.page || task.status !== TASK_STATUS.completed) return null
  const [existing] = await deps.database.db
    .select()
    .from(publications)
    .where(and(eq(publications.taskId, task.id), eq(publications.storeId, store.id)))
  const windowMinutes = deps.env.HIDE_WINDOW_MINUTES
  const facts = await publishFacts(deps.database.db, user, task, existing, deps.clock(), windowMinutes)
  const decision = publishDecision(accountOf(user), facts, windowMinutes)
  return decision.allowed
    ? {
        store_id: store.id,
        allowed: true,
        permission: null,
        message: null,
        spends_slot: spendsSlot(accountOf(user), facts.alreadyPublished),
      }
    : { store_id: store.id, allowed: false, permission: decision.permission, message: decision.message, spends_slot: false }
}

export async function listPublications(deps: ApiDeps, user: UserRow, key: string) {
  const task = await findOwnTask(deps, user, key)
  const next = await nextPublish(deps, user, task)
  const rows = await deps.database.db
    .select({ publication: publications, store: shopifyStores })
    .from(publications)
    .innerJoin(shopifyStores, eq(shopifyStores.id, publications.storeId))
    .where(eq(publications.taskId, task.id))
    .orderBy(desc(publications.requestedAt))
  return { items: await Promise.all(rows.map((r) => toView(deps, r.publication, task, r.store))), next_publish: next }
}

/** The store's shared design (publish_template_to_shopify): its theme, and its order for the section types it names. */
export function withStoreDesign(page: Page, settings: unknown): Page {
  const design = settings as { theme?: Page['theme']; order?: string[] } | null
  if (!design?.theme || !design.order) return page
  const rank = (type: string) => {
    const i = design.order!.indexOf(type)
    return i === -1 ? design.order!.length : i
  }
  const sections = page.sections.map((s, i) => ({ s, i })).sort((a, b) => rank(a.s.type) - rank(b.s.type) || a.i - b.i)
  return { ...page, theme: design.theme, sections: sections.map((x) => x.s) }
}

/** The page as shoppers get it, with image addresses made absolute (Shopify serves it from another origin). */
export function pageForShop(deps: ApiDeps, task: TaskRow, store: Pick<StoreRow, 'templateSettings'>): Page {
  const facts = task.facts ?? null
  const owned = withStoreDesign(withOwnerDefaults(task.page!, facts), store.templateSettings)
  const published = shopperPage(owned, { fromMarketplace: !facts || isMarketplace(facts.source.platform) })
  const base = deps.env.PUBLIC_URL
  return JSON.parse(JSON.stringify(published), (key, value) =>
    (key === 'src' || key === 'buyUrl') && typeof value === 'string' && value.startsWith('/') ? new URL(value, base).href : value,
  ) as Page
}

interface ShopState {
  shopGid: string
  appId: string | null
  scopes: string[]
}

async function shopState(admin: AdminClient): Promise<ShopState> {
  const data = await admin.request<{
    shop: { id: string }
    currentAppInstallation: { app: { id: string } | null; accessScopes: { handle: string }[] } | null
  }>(SHOP_QUERY)
  return {
    shopGid: data.shop.id,
    appId: data.currentAppInstallation?.app?.id.split('/').pop() ?? null,
    scopes: data.currentAppInstallation?.accessScopes.map((s) => s.handle) ?? [],
  }
}

/** The product the page belongs to: its catalogue product, the one an earlier publish made, or a new one. */
async function ensureProduct(deps: ApiDeps, admin: AdminClient, task: TaskRow, pub: PublicationRow, page: Page, store: StoreRow) {
  if (task.shopifyProductId) {
    const [product] = await deps.database.db.select().from(shopifyProducts).where(eq(shopifyProducts.id, task.shopifyProductId))
    if (product && product.storeId === store.id)
      return { id: product.shopifyId, handle: product.handle, onlineStoreUrl: product.onlineStoreUrl, created: false }
  }
  const owner = ownerFactsOf(page)
  const facts = task.facts ? publishableFacts(task.facts) : null
  if (!pub.productGid) {
    // Checked before the slot was spent too; here again, as products may have been synced since.
    const [me] = await deps.database.db.select().from(users).where(eq(users.id, store.userId))
    if (productRoom(me, await productCount(deps.database.db, me.id)) < 1)
      throw forbidden(MESSAGES.publishAddsProduct, { permission: 'max_products' })
  }
  const images = [...(page.gallery ?? []).map((g) => ({ src: g.src, alt: g.alt }))]
  const input = {
    title: facts?.title ?? task.title ?? 'Product',
    descriptionHtml: sanitize(await descriptionHtml(page)),
    status: 'ACTIVE',
    ...(facts?.productType ? { productType: facts.productType } : {}),
    productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
    variants: [
      {
        optionValues: [{ optionName: 'Title', name: 'Default Title' }],
        price: owner.price!.toFixed(2),
        ...(owner.compareAt ? { compareAtPrice: owner.compareAt.toFixed(2) } : {}),
      },
    ],
    files: images.map((i) => ({ originalSource: i.src, alt: i.alt ?? '', contentType: 'IMAGE' })),
  }
  const data = await admin.request<{
    productSet: { product: { id: string; handle: string; onlineStoreUrl: string | null } | null; userErrors: { message: string }[] }
  }>(PRODUCT_SET_MUTATION, { input, identifier: pub.productGid ? { id: pub.productGid } : undefined })
  assertNoUserErrors('Shopify refused the product', data.productSet.userErrors)
  return { ...data.productSet.product!, created: true }
}

/** Our section, snippets, stylesheet and alternate template into a theme; its own product.json is only read. */
export async function writeThemeFiles(admin: AdminClient, themeGid: string, appId: string) {
  const read = await admin.request<{ theme: { files: { nodes: { filename: string; body: { content?: string } }[] } } | null }>(
    THEME_FILES_QUERY,
    {
      id: themeGid,
      filenames: ['templates/product.json'],
    },
  )
  const productJson = read.theme?.files.nodes.find((f) => f.filename === 'templates/product.json')?.body.content ?? null
  const files = themeFilesToPublish({ appId, productTemplateJson: productJson })
  const data = await admin.request<{ themeFilesUpsert: { userErrors: { message: string }[] } }>(THEME_FILES_UPSERT_MUTATION, {
    themeId: themeGid,
    files: files.map((f) => ({ filename: f.filename, body: { type: 'TEXT', value: f.content } })),
  })
  assertNoUserErrors('Shopify refused the theme files', data.themeFilesUpsert.userErrors)
}

async function mainTheme(admin: AdminClient): Promise<string | null> {
  const data = await admin.request<{ themes: { nodes: { id: string; role: string }[] } | null }>(THEMES_QUERY)
  return data.themes?.nodes.find((t) => t.role === 'MAIN')?.id ?? null
}

/**
 * The publish job: the page into the product's app-owned metafield, then the way it reaches
 * shoppers (our template where we may write theme files, else the page as the description), then
 * the buy button points at the live product. Every step sets a value, so running it again
 * (a retry, a re-publish) updates in place and never duplicates.
 */
export async function runPublish(deps: ApiDeps, publicationId: number, attempt: { last: boolean } = { last: true }) {
  const { db } = deps.database
  const [pub] = await db.select().from(publications).where(eq(publications.id, publicationId))
  if (!pub || pub.status === 'published') return
  const [task] = await db.select().from(tasks).where(eq(tasks.id, pub.taskId))
  const [store] = await db.select().from(shopifyStores).where(eq(shopifyStores.id, pub.storeId))
  // A publication that never went live gives back the slot it spent (once: giveBackSlot's flag).
  const fail = async (reason: string) => {
    await db.transaction(async (tx) => {
      await tx.update(publications).set({ status: 'failed', failureReason: reason }).where(eq(publications.id, pub.id))
      const owner = task?.userId ?? store?.userId
      if (owner) await giveBackSlot(tx, pub.id, owner, deps.clock())
    })
  }
  if (!task?.page || !store) return fail('The page or the store is gone.')
  await db.update(publications).set({ status: 'publishing', failureReason: null }).where(eq(publications.id, pub.id))
  try {
    const admin = await adminFor(deps, store)
    const state = await shopState(admin)
    const page = pageForShop(deps, task, store)
    const product = await ensureProduct(deps, admin, task, pub, page, store)
    await db.update(publications).set({ productGid: product.id, productHandle: product.handle }).where(eq(publications.id, pub.id))
    const set = await admin.request<{ metafieldsSet: { userErrors: { message: string }[] } }>(METAFIELDS_SET_MUTATION, {
      metafields: [
        { ownerId: product.id, namespace: PAGE_METAFIELD.namespace, key: PAGE_METAFIELD.key, type: 'json', value: JSON.stringify(page) },
      ],
    })
    assertNoUserErrors('Shopify refused the page data', set.metafieldsSet.userErrors)
    let method: PublishMethod = 'description'
    const theme = state.scopes.includes('write_themes') && state.appId ? await mainTheme(admin) : null
    if (theme && state.appId) {
      await writeThemeFiles(admin, theme, state.appId)
      method = 'template'
    }
    const update = await admin.request<{
      productUpdate: { product: { onlineStoreUrl: string | null } | null; userErrors: { message: string }[] }
    }>(PRODUCT_UPDATE_MUTATION, {
      product:
        method === 'template'
          ? { id: product.id, templateSuffix: TEMPLATE_SUFFIX }
          : { id: product.id, templateSuffix: null, descriptionHtml: sanitize(await descriptionHtml(page)) },
    })
    assertNoUserErrors('Shopify refused the product update', update.productUpdate.userErrors)
    const links = await shopLinks(deps, store.shopDomain)
    const live =
      update.productUpdate.product?.onlineStoreUrl ?? product.onlineStoreUrl ?? storefrontProductUrl(links.storefront, product.handle)
    const now = deps.clock()
    await db.transaction(async (tx) => {
      // After publishing, the page's buy button goes to the live product (its theme buy box takes over).
      const current = ownerFactsOf(task.page!)
      let version = task.pageVersion
      if (current.buyUrl !== live) {
        const saved = await savePageVersion(tx, task.id, {
          page: { ...task.page!, owner: { ...current, buyUrl: live } },
          kind: 'published',
          now,
        })
        // The version that only set the buy button is what was published: no "unpublished changes".
        if (saved && saved.pageVersion === task.pageVersion + 1) version = saved.pageVersion
      }
      await tx
        .update(publications)
        .set({ status: 'published', method, storefrontUrl: live, publishedAt: now, failureReason: null, pageVersion: version })
        .where(eq(publications.id, pub.id))
    })
  } catch (error) {
    const reason = error instanceof HttpError || error instanceof ShopifyApiError ? error.message : 'Publishing stopped on our side.'
    log.warn('shopify publish failed', { publication: pub.id, shop: store.shopDomain, error: String((error as Error)?.message ?? error) })
    const retryable = !(error instanceof HttpError) && !(error instanceof ShopifyApiError && error.failure === 'graphql')
    if (retryable && !attempt.last) {
      await db
        .update(publications)
        .set({ status: 'queued', failureReason: `${reason} Trying again…` })
        .where(eq(publications.id, pub.id))
      throw error
    }
    await fail(reason)
  }
}

/** themes/publish: our shared files follow the store into its new theme, so template pages keep working. */
export async function followThemeChange(deps: ApiDeps, storeId: number, themeGid: string) {
  const [store] = await deps.database.db.select().from(shopifyStores).where(eq(shopifyStores.id, storeId))
  if (!store || store.status !== 'connected') return
  const [usesTemplate] = await deps.database.db
    .select({ id: publications.id })
    .from(publications)
    .where(and(eq(publications.storeId, store.id), eq(publications.method, 'template')))
    .limit(1)
  if (!usesTemplate) return
  const admin = await adminFor(deps, store)
  const state = await shopState(admin)
  if (!state.appId || !state.scopes.includes('write_themes')) return
  await writeThemeFiles(admin, themeGid, state.appId)
  log.info('shopify theme changed: Pagewright files written into the new theme', { shop: store.shopDomain })
}

/** Publishes again every page already published into the store (after its shared design changed). */
export async function republishStore(deps: ApiDeps, storeId: number) {
  const rows = await deps.database.db
    .update(publications)
    .set({ status: 'queued', requestedAt: deps.clock() })
    .where(and(eq(publications.storeId, storeId), eq(publications.status, 'published')))
    .returning({ id: publications.id })
  for (const r of rows) await deps.queue.send(SHOPIFY_PUBLISH_QUEUE, { publicationId: r.id } satisfies ShopifyPublishJob)
  if (rows.length) deps.queue.wake(SHOPIFY_PUBLISH_QUEUE)
}
