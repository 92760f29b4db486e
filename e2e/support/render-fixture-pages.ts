/**
 * Writes every fixture product's shopper page (each template) as a standalone HTML file with the
 * built page stylesheet, so Playwright can check layouts of pages the running app cannot import
 * offline (marketplace listings). Usage: tsx e2e/support/render-fixture-pages.ts <out-dir>
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { SharedPageView } from '../../app/components/SharedPageView'
import { publishedFixturePages } from '../../tests/fixtures/published-pages'

const out = process.argv[2]
if (!out) throw new Error('usage: render-fixture-pages <out-dir>')
const assets = path.resolve('build/client/assets')
const cssFile = readdirSync(assets).find((f) => /^page-.*\.css$/.test(f))
if (!cssFile) throw new Error('build/client/assets/page-*.css is missing: run `npm run build` first')
const css = readFileSync(path.join(assets, cssFile), 'utf8')
// Images are our own /media files in the app; here a neutral inline picture keeps the layout real.
const picture = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#ddd"/></svg>')}`

mkdirSync(out, { recursive: true })
const index: { file: string; name: string }[] = []
for (const [i, { name, page }] of (await publishedFixturePages()).entries()) {
  const body = renderToStaticMarkup(
    createElement(SharedPageView, { shared: { session_id: `fixture-${i}`, title: name, page, completed_at: null }, variant: 'v1' }),
  ).replace(/ src="[^"]*"/g, ` src="${picture}"`)
  const file = `page-${i}.html`
  writeFileSync(
    path.join(out, file),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${i}</title><style>${css}</style></head><body>${body}</body></html>`,
  )
  index.push({ file, name })
}
writeFileSync(path.join(out, 'index.json'), JSON.stringify(index))
console.log(`${index.length} pages written to ${out}`)
