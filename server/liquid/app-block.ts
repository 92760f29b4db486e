import { APP_BLOCK_HANDLE } from '../domain/shopify'
import { readJsonTemplate, type JsonSection, type JsonTemplate } from './theme-json'

/**
 * Our theme app extension's block in a theme's JSON template. Shopify stores an added app block as
 * a block (or a section) of type `shopify://apps/{app handle}/blocks/{block handle}/{extension uuid}`;
 * the uuid is the extension's, which the app does not need to know: the block handle is ours.
 */
const OUR_BLOCK = new RegExp(`^shopify://apps/[\\w-]+/blocks/${APP_BLOCK_HANDLE}/[\\w-]+$`)

export const isOurAppBlock = (type: string | undefined) => !!type && OUR_BLOCK.test(type)

/** The enabled sections of a template, in order. */
const enabledSections = (t: JsonTemplate): JsonSection[] => t.order.map((key) => t.sections[key]!).filter((s) => s && !s.disabled)

/**
 * Whether a theme's `templates/product.json` shows our app block: an enabled block of our type in an
 * enabled section, or an enabled section of our type (an app block added as its own section).
 */
export function templateHasAppBlock(templateJson: string | null | undefined): boolean {
  const t = readJsonTemplate(templateJson)
  if (!t) return false
  return enabledSections(t).some(
    (s) => isOurAppBlock(s.type) || Object.values(s.blocks ?? {}).some((b) => !b.disabled && isOurAppBlock(b.type)),
  )
}

/** A copy of the template without our app block (our alternate template shows the page itself: never twice). */
export function withoutAppBlock(t: JsonTemplate): JsonTemplate {
  const sections: Record<string, JsonSection> = {}
  for (const [key, s] of Object.entries(t.sections)) {
    if (isOurAppBlock(s.type)) continue
    if (!s.blocks) {
      sections[key] = s
      continue
    }
    const blocks = Object.fromEntries(Object.entries(s.blocks).filter(([, b]) => !isOurAppBlock(b.type)))
    const order = s.block_order?.filter((k) => k in blocks)
    sections[key] = { ...s, blocks, ...(order ? { block_order: order } : {}) }
  }
  return { ...t, sections, order: t.order.filter((k) => k in sections) }
}

const HEADER = /^\uFEFF?\s*((?:\/\*[\s\S]*?\*\/\s*)*)/

/**
 * What the theme editor does for the deep link `addAppBlockId=…&target=mainSection`: our block added
 * to the template's main product section (after its description block) when that section takes app
 * blocks, else as a section of its own right after it. The file's leading comment is kept. Null when
 * the template cannot be read; the same text when the block is there already.
 */
export function addAppBlock(
  templateJson: string,
  blockType: string,
  acceptsAppBlocks: (sectionType: string) => boolean,
  key: string,
): string | null {
  const t = readJsonTemplate(templateJson)
  if (!t) return null
  if (templateHasAppBlock(templateJson)) return templateJson
  const mainKey =
    t.order.find((k) => t.sections[k]!.type === 'main-product') ??
    t.order.find((k) => t.sections[k]!.type.startsWith('main-product')) ??
    t.order.find((k) => t.sections[k]!.type.startsWith('main'))
  const block = { type: blockType, settings: {} }
  let next: JsonTemplate
  if (mainKey && acceptsAppBlocks(t.sections[mainKey]!.type)) {
    const main = t.sections[mainKey]!
    const blocks = { ...main.blocks, [key]: block }
    const order = [...(main.block_order ?? Object.keys(main.blocks ?? {}))]
    const after = order.indexOf('description')
    order.splice(after === -1 ? order.length : after + 1, 0, key)
    next = { ...t, sections: { ...t.sections, [mainKey]: { ...main, blocks, block_order: order } } }
  } else {
    const order = [...t.order]
    const at = mainKey ? order.indexOf(mainKey) + 1 : order.length
    order.splice(at, 0, key)
    next = { ...t, sections: { ...t.sections, [key]: block }, order }
  }
  const header = HEADER.exec(templateJson)?.[1] ?? ''
  return `${header}${JSON.stringify(next, null, 2)}\n`
}
