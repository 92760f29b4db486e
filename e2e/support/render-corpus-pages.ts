/**
 * Writes a few corpus products (tests/fixtures/corpus, dev pages only) as shoppers get them: imported
 * from the saved page, written by the built-in writer as a generation writes it, published with the
 * owner's defaults, rendered by the app's section components with the built page stylesheet.
 * Usage: tsx e2e/support/render-corpus-pages.ts <out-dir> [id…]
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { isMarketplace, publishableFacts, shopperPage, withOwnerDefaults } from '../../server/domain/page/shopper'
import { bestTemplateFor } from '../../server/domain/templates'
import { pageLanguage } from '../../server/generation/compose/offline/compose'
import { composeWith } from '../../server/generation/compose/testing'
import { corpusProducts, importCorpusPage } from '../../tests/corpus/writer-corpus'
import { standalonePages } from './standalone-page'

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
const write = standalonePages(out)
const index: CorpusRendered[] = []
for (const entry of corpusProducts(false).filter((e) => ids.includes(e.id))) {
  const imported = await importCorpusPage(entry)
  if ('skipped' in imported) {
    index.push({ file: '', id: entry.id, lang: '', skipped: imported.skipped })
    continue
  }
  const facts = publishableFacts(imported.facts)
  const page = await composeWith(facts, bestTemplateFor(facts))
  const published = shopperPage(withOwnerDefaults(page, imported.facts), { fromMarketplace: isMarketplace(facts.source.platform) })
  const lang = pageLanguage(facts).code
  const file = `${entry.id}.html`
  write(file, { session_id: entry.id, title: facts.title, page: published, completed_at: null }, lang)
  index.push({ file, id: entry.id, lang })
}
writeFileSync(path.join(out, 'index.json'), JSON.stringify(index))
console.log(`${index.filter((p) => p.file).length} pages written to ${out}`)
