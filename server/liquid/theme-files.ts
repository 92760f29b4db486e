import { join } from 'node:path'
import { strToU8, zipSync } from 'fflate'
import type { Page } from '../domain/page/schema'
import { themeMetafieldNamespace } from '../domain/shopify'
import { alternateProductTemplate, BUY_BOX_SECTION, PAGE_SECTION } from './alternate-template'
import { withState } from './engine'
import { engineFor } from './engine-cache'
import { extensionFiles, pagewrightSnippets, readTree, THEMES_DIR } from './files'

/**
 * What Pagewright writes into Shopify themes (ADR 0008): the shared section and snippets plus one
 * alternate product template (`template` method), the page as description HTML (`description`
 * method), our starter theme, and the demo shop's two merchant themes. All of it comes from the
 * same snippets as the app block (extensions/pagewright-theme/snippets).
 */

export interface ThemeFile {
  filename: string
  content: string
}

const NAMESPACE_TOKEN = /app--__PAGEWRIGHT_APP_ID__--pagewright/g
const SECTIONS_DIR = join(THEMES_DIR, 'pagewright-sections')

/** A Shopify app id goes into Liquid source: only characters that cannot end the string or the tag. */
function checkedAppId(appId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(appId)) throw new Error('Invalid Shopify app id')
  return appId
}

/** Our section files with the app's metafield namespace (`app--{appId}--pagewright`) written in. */
function sectionFiles(appId: string): Record<string, string> {
  const namespace = themeMetafieldNamespace(checkedAppId(appId))
  const files = readTree(SECTIONS_DIR)
  return Object.fromEntries(Object.entries(files).map(([name, text]) => [name, text.replace(NAMESPACE_TOKEN, namespace)]))
}

/** The section, snippets and stylesheet every theme needs to show a Pagewright page. */
function sharedFiles(appId: string, withBuyBox: boolean): Record<string, string> {
  const sections = sectionFiles(appId)
  const css = extensionFiles()['assets/pagewright.css']
  if (css === undefined) throw new Error('extensions/pagewright-theme/assets/pagewright.css is missing')
  return {
    [`sections/${PAGE_SECTION}.liquid`]: sections[`sections/${PAGE_SECTION}.liquid`]!,
    ...(withBuyBox ? { [`sections/${BUY_BOX_SECTION}.liquid`]: sections[`sections/${BUY_BOX_SECTION}.liquid`]! } : {}),
    ...pagewrightSnippets(),
    'assets/pagewright.css': css,
  }
}

/**
 * The files the publishing job upserts into a theme it may write to. `productTemplateJson` is the
 * theme's own `templates/product.json` (null when absent); it is read, never rewritten.
 */
export function themeFilesToPublish(opts: { appId: string; productTemplateJson: string | null }): ThemeFile[] {
  const { template, usesBuyBox } = alternateProductTemplate(opts.productTemplateJson)
  const files = { ...sharedFiles(opts.appId, usesBuyBox), 'templates/product.pagewright.json': `${JSON.stringify(template, null, 2)}\n` }
  return Object.entries(files).map(([filename, content]) => ({ filename, content }))
}

/**
 * The page as HTML for the product description (works on any theme): the same snippets, no
 * product, so prices are the owner's and buttons link to the owner's buy target. The title is an
 * h2 by default (the theme shows the product title as the page's h1 above the description). The
 * caller sanitises the result further.
 */
export async function descriptionHtml(page: Page, opts: { titleLevel?: 'h1' | 'h2' } = {}): Promise<string> {
  const engine = engineFor('extension', extensionFiles())
  const globals = withState({}, { currency: page.owner?.currency ?? 'USD', translations: {}, assetUrl: (f) => f, cartAddUrl: '' })
  const html = await engine.parseAndRender(
    "{% render 'pagewright-page', page: page, title_level: title_level %}",
    { page, title_level: opts.titleLevel ?? 'h2' },
    { globals },
  )
  return html.trim()
}

/** themes/pagewright-starter with our section, snippets and stylesheet, as a theme zip for upload. */
export function starterThemeZip(opts: { appId: string }): Uint8Array {
  const files = { ...readTree(join(THEMES_DIR, 'pagewright-starter')), ...sharedFiles(opts.appId, false) }
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), { level: 6 })
}

export interface DemoTheme {
  name: string
  role: 'MAIN' | 'UNPUBLISHED'
  files: Record<string, string>
}

/** The demo shop's merchant themes: Harbor (published) and Meadow. Their own files only, no Pagewright. */
export function demoThemes(): DemoTheme[] {
  return [
    { name: 'Harbor', role: 'MAIN', files: readTree(join(THEMES_DIR, 'harbor')) },
    { name: 'Meadow', role: 'UNPUBLISHED', files: readTree(join(THEMES_DIR, 'meadow')) },
  ]
}
