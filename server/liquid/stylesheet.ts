import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fromRoot } from '../paths'

/**
 * The shopper stylesheet as one file for themes (`assets/pagewright.css`): app/styles/page.css with
 * its `@import`ed gallery.css inlined, then the few rules only a store needs (shopify-additions.css).
 * Generated, so the share page and the store can never drift apart; the committed asset is checked
 * against this by tests/liquid (refresh it with `npx tsx server/liquid/write-extension-css.ts`).
 */
const STYLES = fromRoot('app', 'styles')
const read = (file: string) => readFileSync(file, 'utf8')
const IMPORT = /@import\s+(?:url\()?\s*["']\.\/([\w-]+\.css)["']\s*\)?\s*;/g

export function pagewrightCss(): string {
  const page = read(path.join(STYLES, 'page.css')).replace(IMPORT, (_, file: string) => read(path.join(STYLES, file)).trim())
  const additions = read(fromRoot('server', 'liquid', 'shopify-additions.css'))
  return [
    '/* Pagewright shopper stylesheet. Generated from app/styles/page.css and gallery.css by server/liquid/stylesheet.ts: do not edit. */',
    page.trim(),
    additions.trim(),
    '',
  ].join('\n')
}
