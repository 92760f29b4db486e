import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../paths'
import { requireScope, type GraphqlContext } from './context'
import { gid } from './schema'

/**
 * `webPixelCreate` as Shopify answers it: one web pixel per app and shop,
 * `write_pixels` needed, its settings checked against the pixel extension's settings definition
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
  if (ctx.shop.installation?.webPixel) return refuse('TAKEN', 'Web pixel is taken.', ['webPixel'])
  const settings = readSettings((args.webPixel as { settings?: unknown }).settings)
  if (typeof settings === 'string') return refuse(settings, SETTINGS_MESSAGES[settings])
  const pixel = { id: await ctx.newId(), settings: JSON.stringify(settings) }
  await ctx.store.put('shop', 'shop', { ...ctx.shop, installation: { ...ctx.shop.installation!, webPixel: pixel } })
  return { webPixel: { id: gid('WebPixel', pixel.id), settings: pixel.settings }, userErrors: [] }
}
