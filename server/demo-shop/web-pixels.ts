import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { GraphQLError } from 'graphql'
import { PROJECT_ROOT } from '../paths'
import { idArg, requireScope, type GraphqlContext } from './context'
import { gid } from './schema'
import { settingsOf } from './state'

/**
 * `webPixelCreate`, `webPixelUpdate` and the `webPixel` query as Shopify answers them: one web pixel
 * per app and shop, `write_pixels` needed to write it (`read_pixels`, which it implies, to read it),
 * its settings checked against the pixel extension's settings definition
 * (extensions/pagewright-pixel/shopify.extension.toml), refusals as ErrorsWebPixelUserError codes.
 */
let definition: { fields: Map<string, number> } | null = null

/** The fields of `[settings.fields.*]` with their `min` length (the only validation the extension uses). */
function settingsDefinition() {
  if (definition) return definition
  const toml = readFileSync(join(PROJECT_ROOT, 'extensions', 'pagewright-pixel', 'shopify.extension.toml'), 'utf8')
  const fields = new Map<string, number>()
  for (const m of toml.matchAll(/^\[settings\.fields\.(\w+)\]([\s\S]*?)(?=^\[|(?![\s\S]))/gm))
    fields.set(m[1], Number(/name\s*=\s*"min",\s*value\s*=\s*"(\d+)"/.exec(m[2])?.[1] ?? 0))
  definition = { fields }
  return definition
}

type PixelError = { code: string; field: string[]; message: string }
const refuse = (code: string, message: string, field = ['webPixel', 'settings']) => ({
  webPixel: null,
  userErrors: [{ code, field, message } satisfies PixelError],
})

/** The app has no deployed web pixel extension (the demo shop's setting `pixelExtension: 'missing'`). */
const NO_EXTENSION = refuse('NO_EXTENSION', 'No extension found.', ['webPixel'])

/** The settings as an object: Shopify takes the JSON scalar as an object or as a string of JSON. */
function readSettings(raw: unknown): Record<string, unknown> | string {
  let value = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      return 'INVALID_CONFIGURATION_JSON'
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'INVALID_CONFIGURATION_JSON'
  const { fields } = settingsDefinition()
  const entries = Object.entries(value as Record<string, unknown>)
  const fits =
    entries.every(([k, v]) => fields.has(k) && typeof v === 'string' && v.length >= fields.get(k)!) &&
    [...fields.keys()].every((k) => k in (value as object))
  return fits ? (value as Record<string, unknown>) : 'INVALID_SETTINGS'
}

const SETTINGS_MESSAGES: Record<string, string> = {
  INVALID_CONFIGURATION_JSON: 'The provided settings is not a valid JSON.',
  INVALID_SETTINGS: 'The provided settings does not match the expected settings definition on the app.',
}

export async function webPixelCreate(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  requireScope(ctx, 'write_pixels', 'webPixelCreate')
  if (settingsOf(ctx.shop).pixelExtension === 'missing') return NO_EXTENSION
  if (ctx.shop.installation?.webPixel) return refuse('TAKEN', 'Web pixel is taken.', ['webPixel'])
  const settings = readSettings((args.webPixel as { settings?: unknown }).settings)
  if (typeof settings === 'string') return refuse(settings, SETTINGS_MESSAGES[settings])
  const pixel = { id: await ctx.newId(), settings: JSON.stringify(settings) }
  await ctx.store.put('shop', 'shop', { ...ctx.shop, installation: { ...ctx.shop.installation!, webPixel: pixel } })
  return { webPixel: { id: gid('WebPixel', pixel.id), settings: pixel.settings }, userErrors: [] }
}

/** What Shopify answers an app asking for a pixel it does not have (a top-level error, no data). */
const NO_PIXEL = 'No web pixel was found for this app.'

/** `webPixel(id: ID)`: the calling app's pixel (the id, when given, must be it). */
export function webPixelQuery(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  requireScope(ctx, 'read_pixels', 'webPixel')
  const pixel = ctx.shop.installation?.webPixel
  const asked = args.id == null ? null : idArg(args.id, 'WebPixel')
  if (!pixel || (asked !== null && asked !== pixel.id)) throw new GraphQLError(NO_PIXEL)
  return { id: gid('WebPixel', pixel.id), settings: pixel.settings }
}

export async function webPixelUpdate(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  requireScope(ctx, 'write_pixels', 'webPixelUpdate')
  const id = idArg(args.id, 'WebPixel')
  if (settingsOf(ctx.shop).pixelExtension === 'missing') return NO_EXTENSION
  const pixel = ctx.shop.installation?.webPixel
  if (!pixel || pixel.id !== id) return refuse('NOT_FOUND', 'Web pixel not found.', ['id'])
  const settings = readSettings((args.webPixel as { settings?: unknown }).settings)
  if (typeof settings === 'string') return refuse(settings, SETTINGS_MESSAGES[settings])
  const updated = { id, settings: JSON.stringify(settings) }
  await ctx.store.put('shop', 'shop', { ...ctx.shop, installation: { ...ctx.shop.installation!, webPixel: updated } })
  return { webPixel: { id: gid('WebPixel', id), settings: updated.settings }, userErrors: [] }
}
