import { withState } from './engine'
import { engineFor } from './engine-cache'
import { escapeHtml } from './escape'
import { APP_BLOCK, type RenderState } from './tags'
import { currentSettings, isRecord, parseThemeJson, readJsonTemplate, sectionSchema, settingDefaults, type JsonSection } from './theme-json'

/**
 * Renders a theme page the way Shopify's storefront does: a JSON template's sections in `order`
 * (each with its schema's defaults under the template's settings, blocks in `block_order`, app
 * blocks from installed extensions), or a .liquid template, then `layout/theme.liquid` around it.
 */

export interface ThemeSource {
  id: string
  files: Record<string, string>
}

export interface PageRequest {
  theme: ThemeSource
  /** Template names to try in order, e.g. ['product.pagewright', 'product']. */
  templates: string[]
  /** Shopify's global objects for this page (shop, product, settings, routes, …). */
  globals: Record<string, unknown>
  state: Omit<RenderState, 'renderSection' | 'renderAppBlock' | 'translations'>
  /** Installed app extensions' files by app handle. */
  appExtensions: Record<string, Record<string, string>>
  /** Globals for app blocks (the product whose `$app:` metafields resolve to this app). */
  appGlobals: (handle: string) => Record<string, unknown>
}

const APP_TYPE = /^shopify:\/\/apps\/([\w-]+)\/blocks\/([\w-]+)\/[\w-]+$/
const SECTION_TAGS = new Set(['article', 'aside', 'div', 'footer', 'header', 'section'])
const safeId = (v: string) => v.replace(/[^\w-]/g, '-')

/** Like Shopify, a broken section shows "Liquid error" in its place instead of failing the whole page. */
async function liquidErrorAsText(file: string, render: () => Promise<string>): Promise<string> {
  try {
    return await render()
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
    return `<p class="liquid-error">Liquid error (${escapeHtml(file)}): ${escapeHtml(message)}</p>`
  }
}

interface AppBlockRef {
  handle: string
  name: string
}

export async function renderPage(req: PageRequest): Promise<string> {
  const { theme } = req
  const engine = engineFor(`theme:${theme.id}`, theme.files)
  const translations = parseThemeJson(theme.files['locales/en.default.json'])
  const stylesheetsDone = new Set<string>()
  // Static sections (`{% section 'header' %}`) keep their settings in config/settings_data.json.
  const { sections: saved } = currentSettings(theme.files['config/settings_data.json'])
  const staticSections = isRecord(saved) ? saved : {}

  const state: RenderState = {
    ...req.state,
    translations: isRecord(translations) ? translations : {},
    renderSection: (name) => {
      const saved = staticSections[name]
      return renderSection(name, name, isRecord(saved) ? (saved as Partial<JsonSection>) : {})
    },
    renderAppBlock: (block) => renderAppBlock(block),
  }
  const globals = withState(req.globals, state)

  function blockList(schemaBlocks: { type: string; settings?: { id?: string; default?: unknown }[] }[] | undefined, data: JsonSection) {
    const blocks = data.blocks ?? {}
    const order = data.block_order ?? Object.keys(blocks)
    return order
      .filter((id) => blocks[id] && !blocks[id]!.disabled)
      .map((id) => {
        const b = blocks[id]!
        const app = APP_TYPE.exec(b.type)
        if (app) {
          return { id, type: '@app', settings: b.settings ?? {}, shopify_attributes: '', [APP_BLOCK]: { handle: app[1], name: app[2] } }
        }
        const defaults = settingDefaults(schemaBlocks?.find((s) => s.type === b.type)?.settings)
        return { id, type: b.type, settings: { ...defaults, ...b.settings }, shopify_attributes: '' }
      })
  }

  async function renderSection(id: string, type: string, data: Partial<JsonSection>): Promise<string> {
    const app = APP_TYPE.exec(type)
    if (app) {
      const block = {
        id,
        type: '@app',
        settings: data.settings ?? {},
        shopify_attributes: '',
        [APP_BLOCK]: { handle: app[1], name: app[2] },
      }
      const html = await renderAppBlock(block)
      return html ? `<div id="shopify-section-${safeId(id)}" class="shopify-section shopify-section--apps">${html}</div>` : ''
    }
    const source = theme.files[`sections/${type}.liquid`]
    if (source === undefined) return ''
    const schema = sectionSchema(source)
    const section = {
      id,
      settings: { ...settingDefaults(schema.settings), ...data.settings },
      blocks: blockList(schema.blocks, { type, ...data }),
    }
    const html = await liquidErrorAsText(`sections/${type}.liquid`, () => engine.renderFile(`sections/${type}`, { section }, { globals }))
    const tag = schema.tag && SECTION_TAGS.has(schema.tag) ? schema.tag : 'div'
    const cls = schema.class ? ` ${escapeHtml(schema.class)}` : ''
    return `<${tag} id="shopify-section-${safeId(id)}" class="shopify-section${cls}">${html}</${tag}>`
  }

  async function renderAppBlock(block: Record<PropertyKey, unknown>): Promise<string> {
    const ref = block[APP_BLOCK] as AppBlockRef
    const files = req.appExtensions[ref.handle]
    const source = files?.[`blocks/${ref.name}.liquid`]
    if (!files || source === undefined) return '' // an app that is not installed renders nothing, as on Shopify
    const schema = sectionSchema(source)
    const settings = { ...settingDefaults(schema.settings), ...(block.settings as Record<string, unknown>) }
    const appEngine = engineFor(`app:${ref.handle}`, files)
    const appGlobals = withState({ ...req.globals, ...req.appGlobals(ref.handle) }, state)
    const file = `blocks/${ref.name}`
    const html = (
      await liquidErrorAsText(file, () => appEngine.renderFile(file, { block: { ...block, settings } }, { globals: appGlobals }))
    ).trim()
    if (!html) return ''
    // The block's `stylesheet` is an asset of the extension: inlined once per page.
    let css = ''
    const sheet = schema.stylesheet ? files[`assets/${schema.stylesheet}`] : undefined
    if (sheet && !stylesheetsDone.has(`${ref.handle}/${schema.stylesheet}`)) {
      stylesheetsDone.add(`${ref.handle}/${schema.stylesheet}`)
      css = `<style>${sheet.replace(/<\/style/gi, '<\\/style')}</style>`
    }
    return `${css}<div id="shopify-block-${safeId(String(block.id))}" class="shopify-app-block">${html}</div>`
  }

  let content: string | null = null
  let layout: string | false = 'theme'
  for (const name of req.templates) {
    const json = readJsonTemplate(theme.files[`templates/${name}.json`])
    if (json) {
      const parts: string[] = []
      for (const key of json.order) {
        const data = json.sections[key]!
        if (!data.disabled) parts.push(await renderSection(`template--${name}__${key}`, data.type, data))
      }
      content = parts.join('\n')
      if (json.layout === false || typeof json.layout === 'string') layout = json.layout
      break
    }
    if (theme.files[`templates/${name}.liquid`] !== undefined) {
      content = await engine.renderFile(`templates/${name}`, {}, { globals })
      if (state.layout !== undefined) layout = state.layout
      break
    }
  }
  if (content === null) throw new Error(`The theme has no template ${req.templates.at(-1)}`)
  if (layout === false || theme.files[`layout/${layout}.liquid`] === undefined) return content
  return engine.renderFile(`layout/${layout}`, { content_for_layout: content, content_for_header: '' }, { globals })
}
