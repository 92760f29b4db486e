import { Liquid, type Context, type FS } from 'liquidjs'
import { formatMoney, ImageDrop, ImageUrlDrop } from './drops'
import { escapeHtml } from './escape'
import { registerShopifyTags, stateOf, STATE, type RenderState } from './tags'

/**
 * A liquidjs engine that reads a theme's files from memory and speaks enough Shopify Liquid for our
 * themes and snippets. Like Shopify it does not escape output by itself: templates say `| escape`.
 */
export function createEngine(files: Record<string, string>): Liquid {
  const liquid = new Liquid({
    fs: memoryFs({ ...files }),
    root: ['.'],
    partials: ['snippets'],
    layouts: ['layout'],
    extname: '.liquid',
    relativeReference: false,
    cache: true,
    ownPropertyOnly: true,
    // Review dates are calendar dates: format them as written, not shifted to this machine's zone.
    timezoneOffset: 0,
  })
  registerShopifyTags(liquid)
  registerShopifyFilters(liquid)
  return liquid
}

/**
 * The theme's files as liquidjs's file system. (liquidjs's own `templates` option would resolve
 * every name from the root; Shopify resolves `render 'x'` to `snippets/x.liquid`.)
 */
function memoryFs(files: Record<string, string>): FS {
  const has = (path: string) => Object.prototype.hasOwnProperty.call(files, path)
  const read = (path: string) => {
    if (!has(path)) throw new Error(`ENOENT: ${path}`)
    return files[path]!
  }
  return {
    exists: async (path) => has(path),
    existsSync: has,
    readFile: async (path) => read(path),
    readFileSync: read,
    // Plain names only: a `..` or absolute path never leaves the folder it was asked in.
    resolve: (dir, file, ext) => {
      const name = file
        .split('/')
        .filter((s) => s && s !== '.' && s !== '..')
        .join('/')
      return `${dir === '.' ? '' : `${dir}/`}${name}${name.endsWith(ext) ? '' : ext}`
    },
    sep: '/',
    dirname: (path) => path.split('/').slice(0, -1).join('/'),
  }
}

/** Globals for one render: Shopify's objects plus the render state the tags and filters read. */
export const withState = (globals: Record<string, unknown>, state: RenderState) => Object.assign({ ...globals }, { [STATE]: state })

/** What liquidjs binds `this` to in a filter (the part we use). */
interface FilterImpl {
  context: Context
}

/** liquidjs passes `name: value` filter arguments as [name, value] pairs. */
function named(args: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const a of args) if (Array.isArray(a) && a.length === 2 && typeof a[0] === 'string') out[a[0]] = a[1]
  return out
}

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((at, k) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[k] : undefined), tree)
}

function translate(this: FilterImpl, key: unknown, ...args: unknown[]) {
  const vars = named(args)
  let value = lookup(stateOf(this.context)?.translations, String(key))
  // Pluralised entries: { one, other } chosen by `count`.
  if (value && typeof value === 'object') value = (value as Record<string, unknown>)[vars.count === 1 ? 'one' : 'other']
  if (typeof value !== 'string') return `translation missing: en.${String(key)}`
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''))
}

function money(this: FilterImpl, value: unknown, withCurrency = false) {
  if (value == null || value === '') return ''
  const n = Number(value)
  if (!Number.isFinite(n)) return ''
  return formatMoney(n, stateOf(this.context)?.currency ?? 'USD', withCurrency)
}

function toImageUrl(value: unknown): ImageUrlDrop | '' {
  if (value instanceof ImageDrop) return new ImageUrlDrop(value.src, value.alt)
  if (typeof value === 'string' && value) return new ImageUrlDrop(value, '')
  return ''
}

const IMAGE_TAG_ATTRS = ['class', 'loading', 'sizes', 'width', 'height', 'fetchpriority', 'decoding', 'id']

function imageTag(value: unknown, ...args: unknown[]) {
  const image = toImageUrl(value)
  if (!image) return ''
  const opts = named(args)
  const attrs = [`src="${escapeHtml(image.src)}"`, `alt="${escapeHtml(opts.alt ?? image.alt)}"`]
  for (const name of IMAGE_TAG_ATTRS) if (opts[name] != null && opts[name] !== '') attrs.push(`${name}="${escapeHtml(opts[name])}"`)
  return `<img ${attrs.join(' ')}>`
}

const handleize = (v: unknown) =>
  String(v ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

function registerShopifyFilters(liquid: Liquid) {
  liquid.registerFilter('money', function (this: FilterImpl, v: unknown) {
    return money.call(this, v)
  })
  liquid.registerFilter('money_with_currency', function (this: FilterImpl, v: unknown) {
    return money.call(this, v, true)
  })
  liquid.registerFilter('money_without_currency', (v: unknown) => (v == null || v === '' ? '' : (Number(v) / 100).toFixed(2)))
  liquid.registerFilter('t', translate)
  liquid.registerFilter('translate', translate)
  liquid.registerFilter('image_url', (v: unknown) => toImageUrl(v))
  liquid.registerFilter('image_tag', imageTag)
  liquid.registerFilter('asset_url', function (this: FilterImpl, v: unknown) {
    const state = stateOf(this.context)
    return state ? state.assetUrl(String(v ?? '')) : String(v ?? '')
  })
  liquid.registerFilter('stylesheet_tag', (v: unknown) => `<link href="${escapeHtml(v)}" rel="stylesheet" type="text/css" media="all">`)
  // JSON that is also safe inside <script> and HTML attributes (Shopify's json escapes the same way).
  liquid.registerFilter('json', (v: unknown) =>
    (JSON.stringify(v ?? null) ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  )
  liquid.registerFilter('handleize', handleize)
  liquid.registerFilter('handle', handleize)
}
