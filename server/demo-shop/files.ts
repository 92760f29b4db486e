import { createHmac, randomUUID } from 'node:crypto'
import { GraphQLError } from 'graphql'
import { safeEqualHex } from '../crypto'
import { requireScope, type GraphqlContext, type ShopContext } from './context'
import { gid, gidNumber } from './schema'
import { settingsOf, type FileData } from './state'

/**
 * The shop's Files, as Shopify's upload flow works: `stagedUploadsCreate` gives a signed POST form
 * target; the bytes are posted there; `fileCreate` with the target's `resourceUrl` (or an outside
 * image URL) makes a file that is UPLOADED, then PROCESSING, then READY (one step per status read),
 * and a READY image is served from the shop's CDN path (`{origin}/cdn/files/{id}/{name}`).
 */

const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/svg+xml'])

const uploadSignature = (ctx: ShopContext, key: string) =>
  createHmac('sha256', ctx.deps.app.apiSecret).update(`upload:${key}`).digest('hex')
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'file'

interface StagedInput {
  filename: string
  mimeType: string
  resource: string
  httpMethod?: string | null
}

export async function stagedUploadsCreate(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  const input = args.input as StagedInput[]
  const targets = []
  const userErrors: { field: string[]; message: string }[] = []
  for (const [i, item] of input.entries()) {
    if (!['IMAGE', 'FILE'].includes(item.resource)) {
      userErrors.push({
        field: ['input', String(i), 'resource'],
        message: `The demo shop takes IMAGE and FILE uploads, not ${item.resource}`,
      })
      continue
    }
    if ((item.httpMethod ?? 'PUT') !== 'POST') {
      userErrors.push({ field: ['input', String(i), 'httpMethod'], message: 'The demo shop takes uploads as a POST form' })
      continue
    }
    const id = randomUUID()
    const key = `tmp/${ctx.shop.number}/${id}/${safeName(item.filename)}`
    await ctx.store.put('upload', id, {
      key,
      filename: safeName(item.filename),
      mimeType: item.mimeType,
      bytes: null,
      createdAt: ctx.now().toISOString(),
    })
    targets.push({
      url: `${ctx.origin}/staged-uploads`,
      resourceUrl: `${ctx.origin}/staged-uploads/${key}`,
      parameters: [
        { name: 'Content-Type', value: item.mimeType },
        { name: 'success_action_status', value: '201' },
        { name: 'acl', value: 'private' },
        { name: 'key', value: key },
        { name: 'x-goog-signature', value: uploadSignature(ctx, key) },
      ],
    })
  }
  return { stagedTargets: targets, userErrors }
}

const xml = (status: number, body: string) => new Response(body, { status, headers: { 'Content-Type': 'application/xml' } })

/** `POST /staged-uploads`: the signed form of a staged target, with the file last (as Google Cloud Storage takes it). */
export async function receiveUpload(request: Request, ctx: ShopContext): Promise<Response> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return xml(400, '<Error><Code>InvalidArgument</Code><Message>Expected a multipart form.</Message></Error>')
  }
  const key = String(form.get('key') ?? '')
  const file = form.get('file')
  const id = /^tmp\/\d+\/([0-9a-f-]{36})\/[^/]+$/.exec(key)?.[1]
  if (!id || !safeEqualHex(uploadSignature(ctx, key), String(form.get('x-goog-signature') ?? '')))
    return xml(403, '<Error><Code>AccessDenied</Code><Message>Invalid signature.</Message></Error>')
  if (!(file instanceof Blob) || file.size === 0 || file.size > MAX_UPLOAD_BYTES)
    return xml(400, '<Error><Code>EntityTooLarge</Code><Message>The file is missing or too large.</Message></Error>')
  const upload = await ctx.store.get('upload', id)
  if (!upload || upload.key !== key) return xml(404, '<Error><Code>NoSuchKey</Code></Error>')
  const bytes = Buffer.from(await file.arrayBuffer()).toString('base64')
  await ctx.store.put('upload', id, { ...upload, bytes })
  return xml(201, `<PostResponse><Location>${ctx.origin}/staged-uploads/${key}</Location><Key>${key}</Key></PostResponse>`)
}

interface FileInput {
  originalSource: string
  alt?: string | null
  contentType?: string | null
  filename?: string | null
}

/** The bytes behind a file's source: a staged upload of this shop, or an outside image fetched now. */
async function sourceBytes(ctx: GraphqlContext, source: string): Promise<{ bytes: string; mimeType: string; filename: string } | string> {
  const staged = `${ctx.origin}/staged-uploads/`
  if (source.startsWith(staged)) {
    const id = /^tmp\/\d+\/([0-9a-f-]{36})\//.exec(source.slice(staged.length))?.[1]
    const upload = id ? await ctx.store.get('upload', id) : null
    if (!upload?.bytes) return 'The staged upload has no file: send the bytes before fileCreate.'
    return { bytes: upload.bytes, mimeType: upload.mimeType, filename: upload.filename }
  }
  const res = await ctx.deps.fetchUrl(source).catch(() => null)
  if (!res?.ok) return `The image could not be downloaded from ${source}.`
  const mimeType = (res.headers.get('content-type') ?? '').split(';')[0].trim()
  const bytes = Buffer.from(await res.arrayBuffer())
  return { bytes: bytes.toString('base64'), mimeType, filename: safeName(new URL(source).pathname.split('/').pop() ?? 'image') }
}

export async function fileCreate(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  requireScope(ctx, 'write_files', 'fileCreate')
  const inputs = args.files as FileInput[]
  if (inputs.length > 250)
    return { files: null, userErrors: [{ field: ['files'], message: 'At most 250 files at once', code: 'TOO_MANY_ARGUMENTS' }] }
  const invalid = inputs.findIndex((f) => !/^https?:\/\//.test(f.originalSource))
  if (invalid !== -1)
    return {
      files: null,
      userErrors: [
        { field: ['files', String(invalid), 'originalSource'], message: 'Image URL is invalid', code: 'INVALID_IMAGE_SOURCE_URL' },
      ],
    }
  const now = ctx.now().toISOString()
  const files: FileData[] = []
  for (const input of inputs) {
    const source = await sourceBytes(ctx, input.originalSource)
    const failed = typeof source === 'string' || !IMAGE_TYPES.has(source.mimeType)
    const file: FileData = {
      id: await ctx.newId(),
      alt: input.alt ?? null,
      filename: typeof source === 'string' ? 'image' : safeName(input.filename ?? source.filename),
      mimeType: typeof source === 'string' ? 'application/octet-stream' : source.mimeType,
      bytes: typeof source === 'string' ? null : source.bytes,
      status: 'UPLOADED',
      readsLeft: settingsOf(ctx.shop).fileProcessingReads,
      error: failed
        ? typeof source === 'string'
          ? { code: 'IMAGE_DOWNLOAD_FAILURE', message: source }
          : { code: 'UNSUPPORTED_IMAGE_FILE_TYPE', message: `${source.mimeType || 'This file'} is not an image type Shopify takes.` }
        : null,
      createdAt: now,
      updatedAt: now,
    }
    await ctx.store.put('file', file.id, file)
    files.push(file)
  }
  return { files, userErrors: [] }
}

/** One processing step per status read: UPLOADED → PROCESSING → … → READY (or FAILED when it cannot be an image). */
async function advance(ctx: GraphqlContext, id: number): Promise<FileData | null> {
  return ctx.store.locked('file', String(id), async (file, save) => {
    if (!file || file.status === 'READY' || file.status === 'FAILED') return file
    const readsLeft = file.readsLeft - 1
    const status = readsLeft > 0 ? 'PROCESSING' : file.error ? 'FAILED' : 'READY'
    const next = { ...file, readsLeft: Math.max(readsLeft, 0), status, updatedAt: ctx.now().toISOString() } as FileData
    await save(next)
    return next
  })
}

/** `nodes(ids:)`: the shop's files (each read moves its processing on); other ids are null, as for objects that do not exist. */
export async function nodesQuery(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  const ids = args.ids as string[]
  if (ids.length > 250) throw new GraphQLError('The ids argument takes at most 250 ids', { extensions: { code: 'BAD_REQUEST' } })
  const out: (FileData | null)[] = []
  for (const id of ids) {
    const n = gidNumber(id, 'MediaImage')
    out.push(n === null ? null : await advance(ctx, n))
  }
  return out
}

/** A file of the shop's Files (product images are ImageData, always READY). */
export const isShopFile = (m: object): m is FileData => 'readsLeft' in m

/** A file's `image`: only once it is READY, at the shop's CDN address. */
export const shopFileImage = (ctx: ShopContext, f: FileData) =>
  f.status === 'READY' ? { id: gid('ImageSource', f.id), url: cdnUrl(ctx, f), altText: f.alt, width: null, height: null } : null

export const shopFileErrors = (f: FileData) => (f.status === 'FAILED' && f.error ? [{ ...f.error, details: null }] : [])

export const cdnUrl = (ctx: ShopContext, f: Pick<FileData, 'id' | 'filename'>) => `${ctx.origin}/cdn/files/${f.id}/${f.filename}`

/** `GET /cdn/files/{id}/{name}`: a READY file's bytes, cached as a CDN would. */
export async function cdnFile(ctx: ShopContext, id: string, name: string): Promise<Response> {
  const file = /^\d{1,16}$/.test(id) ? await ctx.store.get('file', id) : null
  if (!file || file.status !== 'READY' || !file.bytes || file.filename !== name)
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  return new Response(new Uint8Array(Buffer.from(file.bytes, 'base64')), {
    headers: {
      'Content-Type': file.mimeType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened on its own runs nothing.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  })
}
