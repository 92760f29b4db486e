import { and, eq, inArray, ne } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { publications, shopifyStores } from '../../db/schema'
import { ShopifyApiError, type AdminClient } from '../../integrations/shopify/admin-client'
import { JOB_QUERY, SHOP_QUERY, THEME_FILES_QUERY, THEME_FILES_UPSERT_MUTATION, THEMES_QUERY } from '../../integrations/shopify/documents'
import { SHOPIFY_PUBLISH_QUEUE, type ShopifyPublishJob } from '../../jobs/definitions'
import { templateHasAppBlock } from '../../liquid/app-block'
import { log } from '../../log'
import { adminFor, type StoreRow } from './tokens'

/**
 * The theme side of publishing: which theme is live, whether its product template carries our app
 * block, and our theme files where Shopify lets us write them. Shopify lets an app write theme files
 * only with its theme-modification exemption (most apps never get it): a refusal (ACCESS_DENIED) is
 * remembered on the store and not asked again on every publish, until the owner asks to try again
 * or reconnects.
 */

export interface ShopState {
  shopGid: string
  appId: string | null
  scopes: string[]
}

export async function shopState(admin: AdminClient): Promise<ShopState> {
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

const canRead = (state: ShopState) => state.scopes.includes('read_themes') || state.scopes.includes('write_themes')

export async function mainTheme(admin: AdminClient): Promise<string | null> {
  const data = await admin.request<{ themes: { nodes: { id: string; role: string }[] } | null }>(THEMES_QUERY)
  return data.themes?.nodes.find((t) => t.role === 'MAIN')?.id ?? null
}

/** The theme's own `templates/product.json` (null when it has none: a .liquid product template). */
export async function productTemplate(admin: AdminClient, themeGid: string): Promise<string | null> {
  const read = await admin.request<{ theme: { files: { nodes: { filename: string; body: { content?: string } }[] } } | null }>(
    THEME_FILES_QUERY,
    { id: themeGid, filenames: ['templates/product.json'] },
  )
  return read.theme?.files.nodes.find((f) => f.filename === 'templates/product.json')?.body.content ?? null
}

/** What the live theme offers: its id, its product template, and whether our app block is on it. */
export interface ThemeLook {
  themeGid: string | null
  productJson: string | null
  hasBlock: boolean
}

/** Looks at the live theme (needs read access to themes) and remembers on the store where the block was seen. */
export async function lookAtTheme(deps: ApiDeps, admin: AdminClient, store: StoreRow, state: ShopState): Promise<ThemeLook> {
  const themeGid = canRead(state) ? await mainTheme(admin) : null
  const productJson = themeGid ? await productTemplate(admin, themeGid) : null
  const hasBlock = templateHasAppBlock(productJson)
  await deps.database.db
    .update(shopifyStores)
    .set({ appBlockThemeId: hasBlock ? themeGid : null, appBlockCheckedAt: deps.clock() })
    .where(eq(shopifyStores.id, store.id))
  return { themeGid, productJson, hasBlock }
}

/** We may try writing theme files: the scope, our app's id (it names our metafield in Liquid), and no refusal remembered. */
export const mayWriteTheme = (store: Pick<StoreRow, 'themeWritesRefusedAt'>, state: ShopState) =>
  state.scopes.includes('write_themes') && !!state.appId && !store.themeWritesRefusedAt

export type ThemeWrite = { ok: true } | { ok: false; refused: boolean; message: string }

/** Shopify's answer to an app without the theme-modification exemption (a top-level error, or a user error). */
const isAccessDenied = (error: unknown) => error instanceof ShopifyApiError && error.codes.includes('ACCESS_DENIED')

/** How long a theme-write job is followed, and how often, before publishing goes on without it. */
const JOB_ROUNDS = 12

interface UpsertAnswer {
  themeFilesUpsert: {
    job: { id: string; done: boolean } | null
    upsertedThemeFiles: { filename: string }[] | null
    userErrors: { message: string; code?: string | null; filename?: string | null }[]
  } | null
}

/**
 * Our section, snippets, stylesheet and alternate template into a theme (its own product.json is
 * only read), as Shopify treats the call: a refused file is reported with Shopify's words, the write
 * job is followed until it is done, and every file we sent must come back as written.
 */
export async function writeThemeFiles(
  deps: ApiDeps,
  admin: AdminClient,
  themeGid: string,
  appId: string,
  productJson: string | null,
): Promise<ThemeWrite> {
  // Liquid and the zip library load with the first publish, not with the server (issue 24).
  const { themeFilesToPublish } = await import('../../liquid/theme-files')
  const files = themeFilesToPublish({ appId, productTemplateJson: productJson })
  let data: UpsertAnswer
  try {
    data = await admin.request<UpsertAnswer>(THEME_FILES_UPSERT_MUTATION, {
      themeId: themeGid,
      files: files.map((f) => ({ filename: f.filename, body: { type: 'TEXT', value: f.content } })),
    })
  } catch (error) {
    if (isAccessDenied(error)) return { ok: false, refused: true, message: (error as Error).message }
    throw error
  }
  const answer = data.themeFilesUpsert
  if (!answer) return { ok: false, refused: false, message: 'Shopify gave no answer to the theme file write.' }
  if (answer.userErrors.some((e) => e.code === 'ACCESS_DENIED'))
    return { ok: false, refused: true, message: answer.userErrors.map((e) => e.message).join('; ') }
  // Shopify asks the app to come back later: the publish job is tried again.
  if (answer.userErrors.some((e) => e.code === 'THROTTLED')) throw new ShopifyApiError('throttled', 'Shopify is busy writing theme files.')
  const problems = answer.userErrors.map((e) => (e.filename ? `${e.filename}: ${e.message}` : e.message))
  if (answer.job && !answer.job.done) {
    let done = false
    for (let round = 0; round < JOB_ROUNDS && !done; round++) {
      await deps.shopify.sleep(Math.min(250 * 2 ** round, 4000))
      const polled = await admin.request<{ job: { done: boolean } | null }>(JOB_QUERY, { id: answer.job.id })
      done = polled.job?.done ?? true
    }
    if (!done) problems.push('Shopify had not finished writing the theme files after a minute.')
  }
  const written = new Set((answer.upsertedThemeFiles ?? []).map((f) => f.filename))
  const refused = new Set(answer.userErrors.map((e) => e.filename).filter(Boolean))
  for (const f of files) if (!written.has(f.filename) && !refused.has(f.filename)) problems.push(`${f.filename}: not written`)
  if (problems.length) return { ok: false, refused: false, message: `Shopify did not take every theme file (${problems.join('; ')}).` }
  return { ok: true }
}

/** Shopify refused our theme writes in this store: not asked again until the owner says so (or reconnects). */
export async function rememberRefusal(deps: ApiDeps, storeId: number, message: string) {
  await deps.database.db
    .update(shopifyStores)
    .set({ themeWritesRefusedAt: deps.clock(), themeWritesRefusal: message.slice(0, 1000), updatedAt: deps.clock() })
    .where(eq(shopifyStores.id, storeId))
  log.info('shopify theme writes refused: remembered for the store', { store: storeId })
}

/** Publishes again the store's live pages that are not shown by the block or our template (they may get a better way now). */
export async function republishLesser(deps: ApiDeps, storeId: number, opts: { all?: boolean } = {}) {
  const rows = await deps.database.db
    .update(publications)
    .set({ status: 'queued', requestedAt: deps.clock() })
    .where(
      and(
        eq(publications.storeId, storeId),
        eq(publications.status, 'published'),
        opts.all ? undefined : inArray(publications.method, ['description', 'pending_block']),
      ),
    )
    .returning({ id: publications.id })
  for (const r of rows) await deps.queue.send(SHOPIFY_PUBLISH_QUEUE, { publicationId: r.id } satisfies ShopifyPublishJob)
  if (rows.length) deps.queue.wake(SHOPIFY_PUBLISH_QUEUE)
  return rows.length
}

/**
 * themes/publish: the new live theme is looked at (is our block on it?). Pages on our template keep
 * working when our files can be written into it; every other live page is published again, so each
 * gets the best way the new theme offers (and a page shown by the block of the old theme is told
 * to add the block to the new one).
 */
export async function followThemeChange(deps: ApiDeps, storeId: number, themeGid: string) {
  const [store] = await deps.database.db.select().from(shopifyStores).where(eq(shopifyStores.id, storeId))
  if (!store || store.status !== 'connected') return
  const admin = await adminFor(deps, store)
  const state = await shopState(admin)
  const look = await lookAtTheme(deps, admin, store, state)
  const theme = look.themeGid ?? themeGid
  let templateOk = false
  const [usesTemplate] = await deps.database.db
    .select({ id: publications.id })
    .from(publications)
    .where(and(eq(publications.storeId, store.id), eq(publications.method, 'template'), eq(publications.status, 'published')))
    .limit(1)
  if (usesTemplate && mayWriteTheme(store, state)) {
    const written = await writeThemeFiles(deps, admin, theme, state.appId!, look.productJson)
    if (!written.ok && written.refused) await rememberRefusal(deps, store.id, written.message)
    templateOk = written.ok
    if (written.ok) log.info('shopify theme changed: Pagewright files written into the new theme', { shop: store.shopDomain })
  }
  const rows = await deps.database.db
    .update(publications)
    .set({ status: 'queued', requestedAt: deps.clock() })
    .where(
      and(
        eq(publications.storeId, store.id),
        eq(publications.status, 'published'),
        templateOk ? ne(publications.method, 'template') : undefined,
      ),
    )
    .returning({ id: publications.id })
  for (const r of rows) await deps.queue.send(SHOPIFY_PUBLISH_QUEUE, { publicationId: r.id } satisfies ShopifyPublishJob)
  if (rows.length) deps.queue.wake(SHOPIFY_PUBLISH_QUEUE)
}
