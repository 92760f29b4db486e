/**
 * Writes every fixture product's shopper page (each template) as a standalone HTML file with the
 * built page stylesheet, so Playwright can check layouts of pages the running app cannot import
 * offline (marketplace listings). Usage: tsx e2e/support/render-fixture-pages.ts <out-dir>
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { publishedFixturePages } from '../../tests/fixtures/published-pages'
import { standalonePages } from './standalone-page'

const out = process.argv[2]
if (!out) throw new Error('usage: render-fixture-pages <out-dir>')
const write = standalonePages(out)
const index: { file: string; name: string }[] = []
for (const [i, { name, page }] of (await publishedFixturePages()).entries()) {
  const file = `page-${i}.html`
  write(file, { session_id: `fixture-${i}`, title: name, page, completed_at: null })
  index.push({ file, name })
}
writeFileSync(path.join(out, 'index.json'), JSON.stringify(index))
console.log(`${index.length} pages written to ${out}`)
