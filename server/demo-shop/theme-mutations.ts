import { randomUUID } from 'node:crypto'
import { strFromU8, unzipSync } from 'fflate'
import { GraphQLError } from 'graphql'
import { idArg, requireScope, type GraphqlContext } from './context'
import { settingsOf, type JobData, type ThemeData } from './state'

/** The folders of an Online Store 2.0 theme; nothing else is a theme file. */
const FOLDERS = ['assets', 'blocks', 'config', 'layout', 'locales', 'sections', 'snippets', 'templates']
const TEXT = /\.(liquid|json|css|js|svg|txt|md|scss)$/i
const MAX_ZIP_BYTES = 50 * 1024 * 1024
const MAX_FILES = 2000

export function validFilename(name: string): boolean {
  const parts = name.split('/')
  if (parts.length < 2 || parts.length > 3 || !FOLDERS.includes(parts[0])) return false
  return parts.slice(1).every((p) => /^[A-Za-z0-9_.@+-]+$/.test(p) && p !== '.' && p !== '..')
}

/** JSON files (templates, section groups, settings, locales) must parse; Shopify's own files may start with a comment. */
function jsonProblem(name: string, content: string): string | null {
  if (!name.endsWith('.json')) return null
  try {
    JSON.parse(content.replace(/^\s*\/\*[\s\S]*?\*\//, ''))
    return null
  } catch (e) {
    return `${name} is not valid JSON: ${e instanceof Error ? e.message : 'parse error'}`
  }
}

interface UpsertFile {
  filename: string
  body: { type: 'TEXT' | 'BASE64' | 'URL'; value: string }
}

async function fileContent(ctx: GraphqlContext, file: UpsertFile): Promise<{ text?: string; base64?: string } | string> {
  if (file.body.type === 'TEXT') return { text: file.body.value }
  let bytes: Uint8Array
  if (file.body.type === 'BASE64') bytes = Buffer.from(file.body.value, 'base64')
  else {
    const res = await ctx.deps.fetchUrl(file.body.value).catch(() => null)
    if (!res?.ok) return `Could not download ${file.body.value}`
    bytes = new Uint8Array(await res.arrayBuffer())
  }
  return TEXT.test(file.filename) ? { text: Buffer.from(bytes).toString('utf8') } : { base64: Buffer.from(bytes).toString('base64') }
}

/**
 * Shopify's answer to an app that has `write_themes` but not Shopify's exemption for theme-file
 * writes: a top-level ACCESS_DENIED error on the field (and no data for it).
 */
export const THEME_WRITE_EXEMPTION =
  'The user needs write_themes and an exemption from Shopify to modify theme files. If you think that your app is eligible for an exemption and should have access to this API, then you can submit an exception request.'

function refuseWithoutExemption(ctx: GraphqlContext) {
  if (settingsOf(ctx.shop).themeWrites === 'allowed') return
  throw new GraphQLError(`Access denied for themeFilesUpsert field. Required access: ${THEME_WRITE_EXEMPTION}`, {
    extensions: {
      code: 'ACCESS_DENIED',
      documentation: 'https://shopify.dev/api/usage/access-scopes',
      requiredAccess: THEME_WRITE_EXEMPTION,
    },
  })
}

/** Writes checked file contents into the theme record. */
async function writeFiles(ctx: GraphqlContext, themeId: number, files: JobData['files']) {
  const theme = await ctx.store.get('theme', themeId)
  if (!theme) return
  for (const [name, content] of Object.entries(files)) {
    delete theme.files[name]
    delete theme.binary[name]
    if (content.text !== undefined) theme.files[name] = content.text
    else theme.binary[name] = content.base64!
  }
  await ctx.store.put('theme', theme.id, { ...theme, updatedAt: ctx.now().toISOString() })
}

/**
 * `themeFilesUpsert`: each file checked on its own (a refused file is a user error naming it), the
 * accepted ones written by a job. With the shop's `themeWriteJobs` the job is done only after it
 * was polled (`job(id:)`), as on Shopify, and the files are in the theme from then on.
 */
export async function themeFilesUpsert(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  requireScope(ctx, 'write_themes', 'themeFilesUpsert')
  refuseWithoutExemption(ctx)
  const files = args.files as UpsertFile[]
  const theme = await ctx.store.get('theme', idArg(args.themeId, 'OnlineStoreTheme'))
  if (!theme)
    return {
      job: null,
      upsertedThemeFiles: null,
      userErrors: [{ field: ['themeId'], message: 'Theme does not exist', code: 'NOT_FOUND', filename: null }],
    }
  if (files.length > 50)
    return {
      job: null,
      upsertedThemeFiles: null,
      userErrors: [{ field: ['files'], message: 'At most 50 files can be written at once', code: 'LESS_THAN_OR_EQUAL_TO', filename: null }],
    }
  const userErrors: { field: string[]; message: string; code: string; filename: string | null }[] = []
  const upserted = []
  const accepted: JobData['files'] = {}
  const now = ctx.now().toISOString()
  for (const [i, file] of files.entries()) {
    const fail = (message: string, code: string) => userErrors.push({ field: ['files', String(i)], message, code, filename: file.filename })
    if (accepted[file.filename]) {
      fail(`${file.filename} is given more than once`, 'DUPLICATE_FILE_INPUT')
      continue
    }
    if (!validFilename(file.filename)) {
      fail(`${file.filename} is not a valid theme file name`, 'FILE_VALIDATION_ERROR')
      continue
    }
    const content = await fileContent(ctx, file)
    if (typeof content === 'string') {
      fail(content, 'FILE_VALIDATION_ERROR')
      continue
    }
    const problem = content.text !== undefined ? jsonProblem(file.filename, content.text) : null
    if (problem) {
      fail(problem, 'FILE_VALIDATION_ERROR')
      continue
    }
    accepted[file.filename] = content
    const size = content.text !== undefined ? Buffer.byteLength(content.text) : Buffer.from(content.base64!, 'base64').length
    upserted.push({ filename: file.filename, size: String(size), checksumMd5: null, createdAt: now, updatedAt: now })
  }
  if (!upserted.length) return { job: null, upsertedThemeFiles: upserted, userErrors }
  const id = randomUUID()
  const reads = settingsOf(ctx.shop).themeWriteJobs ? 2 : 0
  if (reads === 0) await writeFiles(ctx, theme.id, accepted)
  else await ctx.store.put('job', id, { id, done: false, readsLeft: reads, themeId: theme.id, files: accepted })
  return { job: { id: `gid://shopify/Job/${id}`, done: reads === 0 }, upsertedThemeFiles: upserted, userErrors }
}

/** `job(id:)`: a theme-write job advances on each read; done, its files are in the theme. Unknown ids are done (Shopify keeps none). */
export async function jobQuery(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  const id = String(args.id)
  const m = /^gid:\/\/shopify\/Job\/([\w-]{1,64})$/.exec(id)
  if (!m) throw new GraphQLError(`Invalid global id '${id}'`, { extensions: { code: 'argumentLiteralsIncompatible' } })
  // The read that finishes the job writes its files (after the lock: the store's own queries must not wait on it).
  const step = await ctx.store.locked('job', m[1], async (job, save) => {
    if (!job || job.done) return { done: true, finished: null }
    if (job.readsLeft > 1) {
      await save({ ...job, readsLeft: job.readsLeft - 1 })
      return { done: false, finished: null }
    }
    await save({ ...job, done: true, readsLeft: 0, files: {} })
    return { done: true, finished: job }
  })
  if (step.finished) await writeFiles(ctx, step.finished.themeId, step.finished.files)
  return { id, done: step.done }
}

/** The files of a theme zip, with a single wrapping folder removed; an error text when it is no theme. */
export function themeFromZip(
  bytes: Uint8Array,
): { files: Record<string, string>; binary: Record<string, string> } | { code: string; message: string } {
  if (bytes.length > MAX_ZIP_BYTES) return { code: 'ZIP_TOO_LARGE', message: 'The zip file is larger than 50 MB' }
  let entries: Record<string, Uint8Array>
  let total = 0
  let count = 0
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        total += f.originalSize
        count += 1
        if (total > MAX_ZIP_BYTES || count > MAX_FILES) throw new Error('too large')
        return !f.name.endsWith('/')
      },
    })
  } catch (e) {
    return e instanceof Error && e.message === 'too large'
      ? { code: 'ZIP_TOO_LARGE', message: 'The theme is larger than 50 MB or has too many files' }
      : { code: 'INVALID_ZIP', message: 'The file is not a valid zip archive' }
  }
  let names = Object.keys(entries).filter((n) => !n.startsWith('__MACOSX/') && !n.split('/').pop()!.startsWith('.'))
  if (!names.length) return { code: 'ZIP_IS_EMPTY', message: 'The zip file is empty' }
  const top = names[0].split('/')[0]
  const strip = !names.includes('layout/theme.liquid') && names.every((n) => n.startsWith(`${top}/`)) ? `${top}/` : ''
  const files: Record<string, string> = {}
  const binary: Record<string, string> = {}
  for (const name of names) {
    const path = name.slice(strip.length)
    if (!validFilename(path)) continue
    if (TEXT.test(path)) files[path] = strFromU8(entries[name])
    else binary[path] = Buffer.from(entries[name]).toString('base64')
  }
  names = Object.keys(files)
  if (!names.includes('layout/theme.liquid'))
    return { code: 'INVALID_ZIP', message: 'The zip file is not a theme: layout/theme.liquid is missing' }
  const bad = names.map((n) => jsonProblem(n, files[n])).find(Boolean)
  if (bad) return { code: 'INVALID_ZIP', message: bad }
  return { files, binary }
}

export async function themeCreate(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  requireScope(ctx, 'write_themes', 'themeCreate')
  const fail = (field: string, message: string, code: string) => ({ theme: null, userErrors: [{ field: [field], message, code }] })
  const role = (args.role as string | null) ?? 'UNPUBLISHED'
  if (role !== 'UNPUBLISHED' && role !== 'DEVELOPMENT')
    return fail('role', `A theme cannot be created with the role ${role}`, 'INVALID_THEME_ROLE_FOR_THEME_CREATION')
  const res = await ctx.deps.fetchUrl(String(args.source)).catch(() => null)
  if (!res?.ok) return fail('source', 'The theme zip could not be downloaded from the source URL', 'INVALID_ZIP')
  const parsed = themeFromZip(new Uint8Array(await res.arrayBuffer()))
  if ('code' in parsed) return fail('source', parsed.message, parsed.code)
  const now = ctx.now().toISOString()
  const theme: ThemeData = {
    id: await ctx.newId(),
    name: (args.name as string | null) || 'Uploaded theme',
    role,
    ...parsed,
    createdAt: now,
    updatedAt: now,
  }
  await ctx.store.put('theme', theme.id, theme)
  return { theme, userErrors: [] }
}
