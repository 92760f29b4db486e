/**
 * Reading a theme's JSON files the way Shopify writes them: templates, `config/settings_data.json`
 * and locales may begin with a `/* … *\/` comment (Shopify adds one to files it generates).
 */
export function parseThemeJson(text: string | null | undefined): unknown {
  if (text == null) return undefined
  try {
    return JSON.parse(text.replace(/^\uFEFF?\s*(?:\/\*[\s\S]*?\*\/\s*)*/, ''))
  } catch {
    return undefined
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export interface SchemaSetting {
  id?: string
  type?: string
  default?: unknown
}
export interface SectionSchema {
  name?: string
  tag?: string
  class?: string
  stylesheet?: string
  settings?: SchemaSetting[]
  blocks?: { type: string; settings?: SchemaSetting[] }[]
}

const SCHEMA = /\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/

/** The `{% schema %}` of a section or block file ({} when absent or not JSON). */
export function sectionSchema(source: string | undefined): SectionSchema {
  const m = source ? SCHEMA.exec(source) : null
  const parsed = m ? parseThemeJson(m[1]) : undefined
  return isRecord(parsed) ? (parsed as SectionSchema) : {}
}

/** `{ id: default }` of a schema's settings. */
export function settingDefaults(settings: SchemaSetting[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const s of settings ?? []) if (s.id && s.default !== undefined) out[s.id] = s.default
  return out
}

/** A JSON template as Shopify stores it: sections by key plus their order. */
export interface JsonTemplate {
  layout?: string | false
  wrapper?: string
  sections: Record<string, JsonSection>
  order: string[]
  [key: string]: unknown
}
export interface JsonSection {
  type: string
  disabled?: boolean
  settings?: Record<string, unknown>
  blocks?: Record<string, { type: string; disabled?: boolean; settings?: Record<string, unknown> }>
  block_order?: string[]
  [key: string]: unknown
}

/** A template that has the shape Shopify requires, or null. */
export function readJsonTemplate(text: string | null | undefined): JsonTemplate | null {
  const t = parseThemeJson(text)
  if (!isRecord(t) || !isRecord(t.sections) || !Array.isArray(t.order)) return null
  const sections = t.sections as Record<string, unknown>
  if (!Object.values(sections).every((s) => isRecord(s) && typeof s.type === 'string')) return null
  if (!t.order.every((k) => typeof k === 'string' && k in sections)) return null
  return t as JsonTemplate
}

/** config/settings_data.json's `current` values (or the preset `current` names); {} when unreadable. */
export function currentSettings(settingsData: string | undefined): Record<string, unknown> {
  const data = parseThemeJson(settingsData)
  if (!isRecord(data)) return {}
  const current = typeof data.current === 'string' && isRecord(data.presets) ? data.presets[data.current] : data.current
  return isRecord(current) ? current : {}
}
