import { and, eq, inArray, lt, or } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { shopifyFiles } from '../../db/schema'
import { parseMediaName } from '../../domain/media'
import type { Page } from '../../domain/page/schema'
import { HttpError } from '../../http/http-error'
import { assertNoUserErrors, ShopifyApiError, type AdminClient } from '../../integrations/shopify/admin-client'
import { FILE_CREATE_MUTATION, FILES_STATUS_QUERY, STAGED_UPLOADS_MUTATION } from '../../integrations/shopify/documents'
import { readImage } from '../media'
import type { StoreRow } from './tokens'

/**
 * The page's images go to the shop's Files before the page goes live: our stored images through
 * Shopify's staged upload (stagedUploadsCreate, a POST of the bytes, fileCreate), images from
 * elsewhere through fileCreate with their URL. A file is used once Shopify says READY, at its CDN
 * URL, so a live page never points at Pagewright's server. Each image is uploaded once per shop
 * (shopify_files remembers it); a publish running at the same time waits for the one uploading.
 */

export const FILES_ACCESS =
  'Pagewright needs access to your store’s Files to put this page’s images there. Reconnect the store on the Stores page and approve the new permission.'

/** How often a file's status is read before publishing gives up for now (the job is tried again). */
const STATUS_ROUNDS = 15
/** A claim to upload an image that was not finished in this long is taken over (its process died). */
const CLAIM_STALE_MS = 2 * 60_000

type FileRow = typeof shopifyFiles.$inferSelect

/** Every image address in the page (any `src`), in order, once each. */
export function imageSources(page: Page): string[] {
  const found = new Set<string>()
  JSON.stringify(page, (key, value: unknown) => {
    if (key === 'src' && typeof value === 'string' && /^https?:\/\//.test(value)) found.add(value)
    return value
  })
  return [...found]
}

/** What an image is remembered by: our stored image's hash, or its URL. */
function sourceKey(deps: ApiDeps, src: string): { key: string; hash: string | null } {
  const url = new URL(src)
  const own = url.origin === new URL(deps.env.PUBLIC_URL).origin && url.pathname.startsWith('/media/')
  const parsed = own ? parseMediaName(url.pathname.slice('/media/'.length)) : null
  return parsed ? { key: `media:${parsed.hash}`, hash: parsed.hash } : { key: `url:${src}`, hash: null }
}

/** Claims the upload of each source no one else is uploading; returns the claimed keys. */
async function claim(deps: ApiDeps, storeId: number, keys: string[]): Promise<Set<string>> {
  const { db } = deps.database
  const now = deps.clock()
  const mine = new Set<string>()
  for (const key of keys) {
    const [inserted] = await db
      .insert(shopifyFiles)
      .values({ storeId, source: key, fileGid: '', status: 'CLAIMED', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning()
    if (inserted) {
      mine.add(key)
      continue
    }
    // A file that failed is uploaded again; a claim nobody finished is taken over.
    const [taken] = await db
      .update(shopifyFiles)
      .set({ status: 'CLAIMED', fileGid: '', url: null, error: null, updatedAt: now })
      .where(
        and(
          eq(shopifyFiles.storeId, storeId),
          eq(shopifyFiles.source, key),
          or(
            eq(shopifyFiles.status, 'FAILED'),
            and(eq(shopifyFiles.status, 'CLAIMED'), lt(shopifyFiles.updatedAt, new Date(now.getTime() - CLAIM_STALE_MS))),
          ),
        ),
      )
      .returning()
    if (taken) mine.add(key)
  }
  return mine
}

interface Upload {
  key: string
  src: string
  hash: string | null
  alt: string
}

/** Staged uploads for our own images (one stagedUploadsCreate), the bytes posted to each target; returns each source's originalSource. */
async function stage(deps: ApiDeps, admin: AdminClient, uploads: Upload[]): Promise<Map<string, string>> {
  const sources = new Map<string, string>()
  const own: { upload: Upload; bytes: Uint8Array; mime: string; filename: string }[] = []
  for (const u of uploads) {
    const image = u.hash ? await readImage(deps.database.db, u.hash) : null
    if (!image) sources.set(u.key, u.src)
    else own.push({ upload: u, bytes: image.bytes, mime: image.mime, filename: image.path.split('/').pop()! })
  }
  if (!own.length) return sources
  const data = await admin.request<{
    stagedUploadsCreate: {
      stagedTargets: { url: string; resourceUrl: string; parameters: { name: string; value: string }[] }[] | null
      userErrors: { message: string }[]
    }
  }>(STAGED_UPLOADS_MUTATION, {
    input: own.map((o) => ({
      filename: o.filename,
      mimeType: o.mime,
      resource: 'IMAGE',
      httpMethod: 'POST',
      fileSize: String(o.bytes.byteLength),
    })),
  })
  assertNoUserErrors('Shopify refused the image uploads', data.stagedUploadsCreate.userErrors)
  const targets = data.stagedUploadsCreate.stagedTargets ?? []
  for (const [i, o] of own.entries()) {
    const target = targets[i]
    if (!target) throw new ShopifyApiError('graphql', 'Shopify gave no upload target for an image.')
    const form = new FormData()
    for (const p of target.parameters) form.append(p.name, p.value)
    form.append('file', new Blob([o.bytes as Uint8Array<ArrayBuffer>], { type: o.mime }), o.filename)
    const res = await deps.shopify.network.fetch(target.url, { method: 'POST', body: form }).catch(() => null)
    await res?.body?.cancel()
    // A storage outage is worth another try (the job is retried); the bytes are ours to send again.
    if (!res?.ok) throw new ShopifyApiError('http', `The image upload to Shopify answered ${res?.status ?? 'nothing'}.`, res?.status)
    sources.set(o.upload.key, target.resourceUrl)
  }
  return sources
}

interface FileState {
  id: string
  fileStatus: string
  fileErrors?: { message: string }[]
  image: { url: string } | null
}

/** The claimed images become files of the shop (fileCreate); their rows get the file ids. */
async function createFiles(deps: ApiDeps, admin: AdminClient, storeId: number, uploads: Upload[]) {
  if (!uploads.length) return
  const sources = await stage(deps, admin, uploads)
  const data = await admin.request<{
    fileCreate: { files: FileState[] | null; userErrors: { message: string; code?: string | null }[] }
  }>(FILE_CREATE_MUTATION, {
    files: uploads.map((u) => ({ originalSource: sources.get(u.key)!, alt: u.alt, contentType: 'IMAGE' })),
  })
  assertNoUserErrors('Shopify refused the page’s images', data.fileCreate.userErrors)
  const files = data.fileCreate.files ?? []
  for (const [i, u] of uploads.entries()) {
    const file = files[i]
    if (!file) throw new ShopifyApiError('graphql', 'Shopify made no file for an image.')
    await deps.database.db
      .update(shopifyFiles)
      .set({ fileGid: file.id, status: file.fileStatus, url: file.image?.url ?? null, updatedAt: deps.clock() })
      .where(and(eq(shopifyFiles.storeId, storeId), eq(shopifyFiles.source, u.key)))
  }
}

/** Reads the status of the shop's files that are not READY yet, and keeps what Shopify says. */
async function refresh(deps: ApiDeps, admin: AdminClient, storeId: number, rows: FileRow[]) {
  const pending = rows.filter((r) => r.fileGid && r.status !== 'READY' && r.status !== 'FAILED')
  if (!pending.length) return
  const data = await admin.request<{ nodes: (FileState | null)[] }>(FILES_STATUS_QUERY, { ids: pending.map((r) => r.fileGid) })
  for (const [i, row] of pending.entries()) {
    const node = data.nodes[i]
    const status = node?.fileStatus ?? 'FAILED'
    const ready = status === 'READY' && node?.image?.url
    await deps.database.db
      .update(shopifyFiles)
      .set({
        status: ready || status !== 'READY' ? status : 'PROCESSING',
        url: ready ? node.image!.url : null,
        error: status === 'FAILED' ? node?.fileErrors?.map((e) => e.message).join('; ') || 'Shopify could not process it.' : null,
        updatedAt: deps.clock(),
      })
      .where(and(eq(shopifyFiles.storeId, storeId), eq(shopifyFiles.source, row.source)))
  }
}

/** The page with every image at its address in the shop's Files (uploaded now when it is not there yet). */
export async function imagesToShop(deps: ApiDeps, admin: AdminClient, store: StoreRow, page: Page, scopes: string[]): Promise<Page> {
  const srcs = imageSources(page)
  if (!srcs.length) return page
  if (!scopes.includes('write_files')) throw new HttpError(409, FILES_ACCESS)
  const bySrc = new Map(srcs.map((src) => [src, sourceKey(deps, src)]))
  const keys = [...new Set([...bySrc.values()].map((s) => s.key))]
  const alts = new Map<string, string>()
  JSON.stringify(page, function (this: Record<string, unknown>, key, value: unknown) {
    if (key === 'src' && typeof value === 'string' && typeof this.alt === 'string') alts.set(value, this.alt)
    return value
  })
  const { db } = deps.database
  const read = () =>
    db
      .select()
      .from(shopifyFiles)
      .where(and(eq(shopifyFiles.storeId, store.id), inArray(shopifyFiles.source, keys)))
  const mine = await claim(deps, store.id, keys)
  const uploads = srcs
    .filter((src, i) => mine.has(bySrc.get(src)!.key) && srcs.findIndex((s) => bySrc.get(s)!.key === bySrc.get(src)!.key) === i)
    .map((src) => ({ src, ...bySrc.get(src)!, alt: alts.get(src) ?? '' }))
  try {
    await createFiles(deps, admin, store.id, uploads)
  } catch (error) {
    // Our claims go, so the next try (ours or another publish's) uploads them.
    await db.delete(shopifyFiles).where(
      and(
        eq(shopifyFiles.storeId, store.id),
        inArray(
          shopifyFiles.source,
          uploads.map((u) => u.key),
        ),
        eq(shopifyFiles.status, 'CLAIMED'),
      ),
    )
    throw error
  }
  let rows = await read()
  for (let round = 0; round < STATUS_ROUNDS && !rows.every((r) => r.status === 'READY' || r.status === 'FAILED'); round++) {
    await deps.shopify.sleep(Math.min(500 * 2 ** round, 5000))
    await refresh(deps, admin, store.id, rows)
    rows = await read()
  }
  const failed = rows.find((r) => r.status === 'FAILED')
  if (failed) {
    const name = failed.source.replace(/^media:([0-9a-f]{12}).*$/, 'image $1…').replace(/^url:/, '')
    throw new ShopifyApiError('graphql', `Shopify could not take the image ${name}: ${failed.error ?? 'processing failed'}`)
  }
  const urls = new Map(rows.filter((r) => r.status === 'READY' && r.url).map((r) => [r.source, r.url!]))
  if (urls.size < keys.length) throw new ShopifyApiError('http', 'Shopify is still processing this page’s images.')
  return JSON.parse(JSON.stringify(page), (key, value: unknown) =>
    key === 'src' && typeof value === 'string' && bySrc.has(value) ? urls.get(bySrc.get(value)!.key) : value,
  ) as Page
}
