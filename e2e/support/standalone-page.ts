import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createElement, type ComponentProps } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { SharedPageView } from '../../app/components/SharedPageView'

type Shared = ComponentProps<typeof SharedPageView>['shared']

// Images are remote or our own /media files; here a neutral inline picture keeps the layout real.
const PICTURE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#ddd"/></svg>')}`

/**
 * Shopper pages as standalone HTML files in `out`, rendered by the app's section components with the
 * built page stylesheet, so Playwright can check the layout of pages the running app cannot import
 * offline. Returns the writer of one page.
 */
export function standalonePages(out: string) {
  const assets = path.resolve('build/client/assets')
  const cssFile = readdirSync(assets).find((f) => /^page-.*\.css$/.test(f))
  if (!cssFile) throw new Error('build/client/assets/page-*.css is missing: run `npm run build` first')
  const css = readFileSync(path.join(assets, cssFile), 'utf8')
  mkdirSync(out, { recursive: true })
  return (file: string, shared: Shared, lang = 'en') => {
    const body = renderToStaticMarkup(createElement(SharedPageView, { shared, variant: 'v1' })).replace(
      / src="[^"]*"/g,
      ` src="${PICTURE}"`,
    )
    writeFileSync(
      path.join(out, file),
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${shared.session_id}</title><style>${css}</style></head><body>${body}</body></html>`,
    )
  }
}
