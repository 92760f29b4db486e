import { createHash } from 'node:crypto'
import { html } from 'hono/html'
import { addAppBlock, templateHasAppBlock } from '../liquid/app-block'
import { extensionFiles } from '../liquid/storefront'
import { sectionSchema } from '../liquid/theme-json'
import type { ShopContext } from './context'
import { foreignPost, page } from './html'
import type { ThemeData } from './state'

/**
 * The theme editor, as far as an app's deep link takes it: `admin/themes/{current|id}/editor
 * ?template=product&addAppBlockId={api_key}/{block}&target=mainSection` shows the block about to be
 * added to the theme's product template; Save adds it (what the owner's one click does on Shopify).
 */

/** The app's handle as themes name it (shopify.app.toml `handle`). */
const APP_HANDLE = 'pagewright'

/** Our extension's id in block types: fixed by the app's API key, as a real extension's uuid is fixed by its registration. */
export const extensionUuid = (apiKey: string) => {
  const h = createHash('sha256').update(`extension:${apiKey}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`
}

interface Request_ {
  theme: ThemeData
  block: string
  target: string
}

async function readRequest(url: URL, ctx: ShopContext, themeRef: string): Promise<Request_ | string> {
  const themes = await ctx.store.list('theme')
  const theme = themeRef === 'current' ? themes.find((t) => t.role === 'MAIN') : themes.find((t) => String(t.id) === themeRef)
  if (!theme) return 'This theme does not exist.'
  if (url.searchParams.get('template') !== 'product') return 'The demo theme editor opens the product template only (template=product).'
  const [apiKey, block] = (url.searchParams.get('addAppBlockId') ?? '').split('/')
  if (apiKey !== ctx.deps.app.apiKey || !block)
    return 'No app block of an installed app has that id (addAppBlockId={api_key}/{block handle}).'
  if (!ctx.shop.installation) return 'Pagewright is not installed in this shop: its blocks cannot be added.'
  if (extensionFiles()[`blocks/${block}.liquid`] === undefined) return `Pagewright has no app block named “${block}”.`
  return { theme, block, target: url.searchParams.get('target') ?? 'mainSection' }
}

const problem = (ctx: ShopContext, message: string) =>
  page(
    'Theme editor',
    html`<h1>Theme editor</h1>
      <p class="error" role="alert">${message}</p>
      <p><a href="${ctx.origin}/admin">Back to the admin</a></p>`,
    400,
  )

/** `GET admin/themes/{ref}/editor`: the deep link's landing: what will be added, and Save. */
export async function themeEditorPage(request: Request, ctx: ShopContext, themeRef: string): Promise<Response> {
  const url = new URL(request.url)
  const req = await readRequest(url, ctx, themeRef)
  if (typeof req === 'string') return problem(ctx, req)
  const already = templateHasAppBlock(req.theme.files['templates/product.json'])
  return page(
    `Customize ${req.theme.name} · ${ctx.shop.name}`,
    html`<p class="banner">${ctx.shop.name} is a demo shop built into Pagewright. This page plays Shopify’s theme editor.</p>
      <h1>Customize ${req.theme.name}</h1>
      <p>Template: <strong>Default product</strong> (templates/product.json)${req.theme.role === 'MAIN' ? ' · live theme' : ''}</p>
      ${
        already
          ? html`<p class="notice" role="status">The Pagewright page block is already on this template.</p>
              <p><a href="${ctx.origin}/admin">Back to the admin</a></p>`
          : html`<p>
                App block <strong>Pagewright page</strong> from Pagewright will be added to the product page’s main section
                (${req.target === 'mainSection' ? 'Product information' : req.target}). It shows the page Pagewright published into each
                product, and nothing on products without one.
              </p>
              <form method="post">
                <button type="submit">Save</button>
                <a href="${ctx.origin}/admin">Cancel</a>
              </form>`
      }`,
  )
}

/** `POST admin/themes/{ref}/editor`: Save: the block is in the theme's product template from now on. */
export async function saveThemeEditor(request: Request, ctx: ShopContext, themeRef: string): Promise<Response> {
  if (foreignPost(request, ctx.deps.publicUrl))
    return page('Refused', html`<p>This form was sent from another site, so it was refused.</p>`, 403)
  const req = await readRequest(new URL(request.url), ctx, themeRef)
  if (typeof req === 'string') return problem(ctx, req)
  const { theme } = req
  const template = theme.files['templates/product.json']
  const type = `shopify://apps/${APP_HANDLE}/blocks/${req.block}/${extensionUuid(ctx.deps.app.apiKey)}`
  const acceptsApps = (sectionType: string) =>
    (sectionSchema(theme.files[`sections/${sectionType}.liquid`]).blocks ?? []).some((b) => b.type === '@app')
  const key = `${req.block.replace(/-/g, '_')}_${createHash('sha256').update(`${theme.id}:${ctx.now().getTime()}`).digest('hex').slice(0, 6)}`
  const next = template === undefined ? null : addAppBlock(template, type, acceptsApps, key)
  if (next === null) return problem(ctx, `${theme.name} has no JSON product template, so app blocks cannot be added to it.`)
  if (next !== template) {
    await ctx.store.put('theme', theme.id, {
      ...theme,
      files: { ...theme.files, 'templates/product.json': next },
      updatedAt: ctx.now().toISOString(),
    })
  }
  const notice = `Saved: the Pagewright page block is on the product page of “${theme.name}”.`
  return new Response(null, {
    status: 303,
    headers: { Location: `${ctx.origin}/admin?notice=${encodeURIComponent(notice)}`, 'Cache-Control': 'no-store' },
  })
}
