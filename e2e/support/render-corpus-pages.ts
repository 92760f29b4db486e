/**
 * Writes a few corpus products (tests/fixtures/corpus, dev pages only) as shoppers get them: imported
 * from the saved page, written by the built-in writer as a generation writes it, published with the
 * owner's defaults, rendered by the app's section components with the built page stylesheet.
 * Usage: tsx e2e/support/render-corpus-pages.ts <out-dir> [id…]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { SharedPageView } from '../../app/components/SharedPageView'
import { isMarketplace, publishableFacts, shopperPage, withOwnerDefaults } from '../../server/domain/page/shopper'
import { bestTemplateFor } from '../../server/domain/templates'
import { createOfflineComposer } from '../../server/generation/compose'
import { factsLanguage } from '../../server/generation/compose/offline/language'
import { corpusProducts, importCorpusPage } from '../../tests/corpus/writer-corpus'

/** One rendered page, as index.json lists it (a page the importer cannot read yet has no file). */
export interface CorpusRendered {
  file: string
  id: string
  lang: string
  skipped?: string
}

/** Pages looked at while working on the writer (dev set only: held-out pages are never rendered here). */
export const CORPUS_SCREENSHOT_PAGES = [
  'amazon-com-skullcandy-crusher',
  'amazon-com-whole-truth-kindle',
  'amazon-com-sainsmart-relay',
  'amazon-es-cecotec-windroid-no-buybox',
  'amazon-de-maxinutrition-deal-2019',
  'aliexpress-il-heated-insoles-init-data',
]

const [out, ...asked] = process.argv.slice(2)
if (!out) throw new Error('usage: render-corpus-pages <out-dir> [id…]')
const ids = asked.length ? asked : CORPUS_SCREENSHOT_PAGES
const assets = path.resolve('build/client/assets')
const cssFile = readdirSync(assets).find((f) => /^page-.*\.css$/.test(f))
if (!cssFile) throw new Error('build/client/assets/page-*.css is missing: run `npm run build` first')
const css = readFileSync(path.join(assets, cssFile), 'utf8')
// The product photos are remote; a neutral inline picture keeps the layout real without the network.
const picture = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#ddd"/></svg>')}`

mkdirSync(out, { recursive: true })
const composer = createOfflineComposer()
const index: CorpusRendered[] = []
for (const entry of corpusProducts(false).filter((e) => ids.includes(e.id))) {
  const imported = await importCorpusPage(entry)
  if ('skipped' in imported) {
    index.push({ file: '', id: entry.id, lang: '', skipped: imported.skipped })
    continue
  }
  const facts = publishableFacts(imported.facts)
  const template = bestTemplateFor(facts)
  const research = await composer.research(facts)
  const { page } = await composer.compose(facts, await composer.outline(facts, research, template), template)
  const published = shopperPage(withOwnerDefaults(page, imported.facts), { fromMarketplace: isMarketplace(facts.source.platform) })
  const lang = factsLanguage(facts).code
  const body = renderToStaticMarkup(
    createElement(SharedPageView, {
      shared: { session_id: entry.id, title: facts.title, page: published, completed_at: null },
      variant: 'v1',
    }),
  ).replace(/ src="[^"]*"/g, ` src="${picture}"`)
  const file = `${entry.id}.html`
  writeFileSync(
    path.join(out, file),
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${entry.id}</title><style>${css}</style></head><body>${body}</body></html>`,
  )
  index.push({ file, id: entry.id, lang })
}
writeFileSync(path.join(out, 'index.json'), JSON.stringify(index))
console.log(`${index.filter((p) => p.file).length} pages written to ${out}`)
