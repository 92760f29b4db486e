import {
  Hash,
  RenderTag,
  Tag,
  evalToken,
  type Context,
  type Emitter,
  type Liquid,
  type Parser,
  type TagToken,
  type Template,
  type TopLevelToken,
  type ValueToken,
} from 'liquidjs'
import { escapeHtml } from './escape'

/**
 * The Shopify tags the demo storefront and the description renderer need, on top of liquidjs:
 * `doc`/`schema`/`javascript` (no output), `stylesheet` (inline), `layout`, `section`, `form`, and
 * `render block` for app blocks. Per-render data (the shop, the theme, how to render a section or
 * an app block) travels in the render's globals under STATE, out of the templates' reach.
 */
export const STATE = Symbol('pagewright.liquid.state')
/** Marks an app block's `block` object; the value says which extension block to render. */
export const APP_BLOCK = Symbol('pagewright.liquid.app-block')

export interface RenderState {
  currency: string
  translations: Record<string, unknown>
  assetUrl: (filename: string) => string
  cartAddUrl: string
  renderSection?: (name: string) => Promise<string>
  renderAppBlock?: (block: Record<PropertyKey, unknown>) => Promise<string>
  /** Set by `{% layout 'name' %}` / `{% layout none %}` in a .liquid template. */
  layout?: string | false
}

export const stateOf = (ctx: Context): RenderState | undefined =>
  (ctx.globals as Record<PropertyKey, unknown> | undefined)?.[STATE] as RenderState

/** Skips everything up to `{% end<name> %}`. */
function skipTo(end: string, token: TagToken, remain: TopLevelToken[]): TopLevelToken[] {
  const body: TopLevelToken[] = []
  while (remain.length) {
    const t = remain.shift()!
    if ('name' in t && (t as TagToken).name === end) return body
    body.push(t)
  }
  throw new Error(`tag ${token.getText()} not closed`)
}

const silentBlock = (end: string) =>
  class extends Tag {
    constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
      super(token, remain, liquid)
      skipTo(end, token, remain)
    }
    render() {}
  }

class StylesheetTag extends Tag {
  private css: string
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid)
    this.css = skipTo('endstylesheet', token, remain)
      .map((t) => t.getText())
      .join('')
  }
  render(_ctx: Context, emitter: Emitter) {
    if (this.css.trim()) emitter.write(`<style>${this.css.replace(/<\/style/gi, '<\\/style')}</style>`)
  }
}

class LayoutTag extends Tag {
  private value: ValueToken | undefined
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid)
    this.value = this.tokenizer.readValue()
  }
  *render(ctx: Context): Generator<unknown, void, unknown> {
    const state = stateOf(ctx)
    const name = this.value ? yield evalToken(this.value, ctx) : null
    if (state) state.layout = typeof name === 'string' && name ? name : false
  }
}

class SectionTag extends Tag {
  private value: ValueToken | undefined
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid)
    this.value = this.tokenizer.readValue()
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const name = this.value ? yield evalToken(this.value, ctx) : null
    const render = stateOf(ctx)?.renderSection
    if (typeof name === 'string' && render) emitter.write((yield render(name)) as string)
  }
}

/** `{% form 'product', product, id: 'x', class: 'y' %}`: Shopify's cart form with its hidden fields. */
class FormTag extends Tag {
  private type: ValueToken | undefined
  private hash: Hash
  private templates: Template[] = []
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remain, liquid)
    const tk = this.tokenizer
    this.type = tk.readValue()
    tk.skipBlank()
    if (tk.peek() === ',') tk.advance()
    const at = tk.p
    tk.skipBlank()
    tk.readIdentifier()
    tk.skipBlank()
    const named = tk.peek() === ':'
    tk.p = at
    if (!named) {
      tk.readValue() // the form's object (the product): the demo shop needs nothing from it
      tk.skipBlank()
      if (tk.peek() === ',') tk.advance()
    }
    this.hash = new Hash(tk, liquid.options.keyValueSeparator)
    const stream = parser
      .parseStream(remain)
      .on('tag:endform', () => stream.stop())
      .on('template', (tpl: Template) => void this.templates.push(tpl))
      .on('end', () => {
        throw new Error(`tag ${token.getText()} not closed`)
      })
    stream.start()
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const type = this.type ? yield evalToken(this.type, ctx) : ''
    const attrs = (yield this.hash.render(ctx)) as Record<string, unknown>
    const state = stateOf(ctx)
    const action = type === 'product' ? (state?.cartAddUrl ?? '/cart/add') : '#'
    const extra = Object.entries(attrs)
      .filter(([k, v]) => v != null && v !== false && /^[a-z][\w-]*$/i.test(k))
      .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
      .join('')
    emitter.write(`<form method="post" action="${escapeHtml(action)}" accept-charset="UTF-8" enctype="multipart/form-data"${extra}>`)
    emitter.write(`<input type="hidden" name="form_type" value="${escapeHtml(type)}"><input type="hidden" name="utf8" value="✓">`)
    yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter)
    emitter.write('</form>')
  }
}

/** `{% render block %}` renders an app block (Shopify's syntax for `@app` blocks); anything else is liquidjs's render. */
class ShopifyRenderTag extends RenderTag {
  private variable: string | null
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remain, liquid, parser)
    this.variable = /^\s*([a-z_][\w-]*)\s*$/i.test(token.args) ? token.args.trim() : null
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    if (this.variable) {
      const value = (yield ctx._get([this.variable])) as Record<PropertyKey, unknown> | undefined
      if (value && typeof value === 'object' && APP_BLOCK in value) {
        const render = stateOf(ctx)?.renderAppBlock
        if (render) emitter.write((yield render(value)) as string)
        return
      }
    }
    yield* super.render(ctx, emitter) as Generator<unknown, void, unknown>
  }
}

export function registerShopifyTags(liquid: Liquid) {
  liquid.registerTag('doc', silentBlock('enddoc'))
  liquid.registerTag('schema', silentBlock('endschema'))
  liquid.registerTag('javascript', silentBlock('endjavascript'))
  liquid.registerTag('stylesheet', StylesheetTag)
  liquid.registerTag('layout', LayoutTag)
  liquid.registerTag('section', SectionTag)
  liquid.registerTag('form', FormTag)
  liquid.registerTag('render', ShopifyRenderTag)
}
