import { describe, expect, it } from 'vitest'
import { publishableFacts } from '../../server/domain/page/shopper'
import type { ProductFacts } from '../../server/domain/product-facts'
import { bestTemplateFor } from '../../server/domain/templates'
import { createOfflineComposer } from '../../server/generation/compose'
import { pageLanguage } from '../../server/generation/compose/offline/compose'
import { corpusProducts, demoProducts, importCorpusPage, type CorpusProduct } from './writer-corpus'
import { closingLine, closingVaries, PAGE_RULES, RULE_NAMES, type WrittenPage } from './writer-rules'

/**
 * The built-in writer on real data (issue 21, point 6): every product page of the corpus
 * (tests/fixtures/corpus) imported from its original address, and the demo store's products, each
 * written by the offline writer as a generation writes it (publishable facts, the best template),
 * then checked by every rule of writer-rules.ts. The table of pages × rules is printed; every rule
 * must pass on every dev and demo page, and on 90 % of held-out page × rule cells (first final run:
 * 77/80, the two pages that miss are named in the table). A page the importer cannot read yet is
 * skipped and counted.
 *
 * Held-out pages (tests/fixtures/corpus/README.md) are read in a full run. CORPUS_HELDOUT=0 leaves
 * them out: tune the writer on dev pages only, and never by reading a held-out page's output (the
 * test prints only whether each rule holds on a held-out page, never its texts).
 */

interface Row extends WrittenPage {
  set: 'dev' | 'heldout' | 'demo'
  lang: string
  manifestLang: string | null
}

async function write(id: string, imported: ProductFacts): Promise<WrittenPage> {
  const composer = createOfflineComposer()
  const facts = publishableFacts(imported)
  const template = bestTemplateFor(facts)
  const research = await composer.research(facts)
  const outline = await composer.outline(facts, research, template)
  const { page, note } = await composer.compose(facts, outline, template)
  return { id, facts, page, research, note }
}

function table(rows: Row[], problems: Map<string, Map<string, string[]>>): string {
  const width = Math.max(...rows.map((r) => r.id.length), 4)
  const cols = RULE_NAMES.map((n) => n.length)
  const head = ['page'.padEnd(width), 'set    ', 'lang ', ...RULE_NAMES].join(' ')
  const lines = rows.map((r) =>
    [
      r.id.padEnd(width),
      r.set.padEnd(7),
      `${r.lang}${r.manifestLang && r.manifestLang !== r.lang ? `*` : ''}`.padEnd(5),
      ...RULE_NAMES.map((n, i) => ((problems.get(r.id)?.get(n)?.length ?? 0) === 0 ? 'ok' : 'FAIL').padEnd(cols[i])),
    ].join(' '),
  )
  return [head, ...lines].join('\n')
}

describe('the offline writer on the corpus and the demo store', async () => {
  const entries = corpusProducts()
  const skipped: { entry: CorpusProduct; reason: string }[] = []
  const rows: Row[] = []
  for (const entry of entries) {
    const result = await importCorpusPage(entry)
    if ('skipped' in result) {
      skipped.push({ entry, reason: result.skipped })
      continue
    }
    const written = await write(entry.id, result.facts)
    const readLanguages = [entry.facts.language, entry.facts.product_language].filter((l): l is string => !!l)
    rows.push({ ...written, readLanguages, set: entry.set, lang: pageLanguage(written.facts).code, manifestLang: entry.facts.language })
  }
  for (const [id, facts] of await demoProducts()) {
    const written = await write(id, facts)
    rows.push({ ...written, readLanguages: ['en'], set: 'demo', lang: pageLanguage(written.facts).code, manifestLang: null })
  }

  const problems = new Map<string, Map<string, string[]>>()
  const closing = closingVaries(rows)
  for (const row of rows) {
    const byRule = new Map<string, string[]>()
    for (const rule of PAGE_RULES) byRule.set(rule.name, rule.check(row))
    byRule.set('closing-varies', closing.get(row.id) ?? [])
    problems.set(row.id, byRule)
  }

  const count = (set: string) => ({
    imported: rows.filter((r) => r.set === set).length,
    skipped: skipped.filter((s) => s.entry.set === set).length,
  })
  const passing = (set: string, rule: string) => rows.filter((r) => r.set === set && !problems.get(r.id)?.get(rule)?.length).length
  const summary = ['dev', 'heldout', 'demo'].map((set) => {
    const c = count(set)
    const rules = RULE_NAMES.map((n) => `${n} ${passing(set, n)}/${c.imported}`).join(', ')
    return `${set}: ${c.imported} written, ${c.skipped} skipped (not imported yet) — ${rules}`
  })
  console.log(
    [
      'The offline writer on real pages (issue 21): page × rule (lang * = differs from the page language in the manifest)',
      table(rows, problems),
      '',
      ...summary,
      ...(skipped.length
        ? ['', 'Skipped (the importer cannot read them yet):', ...skipped.map((s) => `  ${s.entry.id} (${s.entry.set}): ${s.reason}`)]
        : []),
      '',
      'Closing lines (held-out pages not shown):',
      ...rows.filter((r) => r.set !== 'heldout').map((r) => `  ${r.id}: ${closingLine(r.page) || '(none)'}`),
    ].join('\n'),
  )
  const failures = rows.flatMap((r) =>
    [...(problems.get(r.id) ?? [])].flatMap(([rule, list]) =>
      r.set === 'heldout' ? list.map(() => `${r.id} ${rule} heldout `) : list.map((p) => `${r.id} ${rule}: ${p}`),
    ),
  )

  it('writes every corpus page that imports and every demo product', () => {
    expect(rows.filter((r) => r.set === 'demo').length).toBe(7)
    expect(rows.length + skipped.length).toBe(entries.length + 7)
  })

  // Rules hold on every page the writer was developed on (dev and demo). Held-out pages measure how
  // the writer does on pages nobody tuned it on: reported above, and held to 90 % of page × rule cells.
  it.each(RULE_NAMES)('%s holds on every dev and demo page', (rule) => {
    const broken = failures.filter((f) => !f.includes(' heldout ') && f.split(' ')[1].replace(/:$/, '') === rule)
    expect(broken).toEqual([])
  })

  it('holds on at least 90 % of the held-out pages × rules', () => {
    const heldout = rows.filter((r) => r.set === 'heldout')
    const cells = heldout.length * RULE_NAMES.length
    const broken = heldout.reduce((n, r) => n + RULE_NAMES.filter((rule) => problems.get(r.id)?.get(rule)?.length).length, 0)
    console.log(`held-out: ${cells - broken}/${cells} page × rule cells hold`)
    if (cells > 0) expect((cells - broken) / cells).toBeGreaterThanOrEqual(0.9)
  })

  it('tells the owner the language of a page whose source is not in English', () => {
    for (const r of rows) {
      if (r.lang === 'en') expect(r.note, r.id).toBeUndefined()
      else expect(r.note, r.id).toMatch(/^This page is in [\p{L} ]+, as the product's source is/u)
    }
  })
})
