import { describe, expect, it } from 'vitest'
import type { ProductFacts } from '../../server/domain/product-facts'
import { importProduct } from '../../server/generation/import'
import { ImportError, type RefusalKind } from '../../server/generation/import/types'
import { corpusEntries, corpusFetcher, figures, gradeProduct, table, type BlockTruth, type CorpusEntry, type ProductResult } from './corpus'

/**
 * The importer on real saved pages (tests/fixtures/corpus, issue 21). Every page is imported from its
 * original address through a fetcher that serves only that saved file; the facts are compared field
 * by field with what a person read on the page.
 *
 * Held-out pages (tests/fixtures/corpus/README.md, "The dev / held-out rule") are graded in every full
 * run and in CI, but only their figures are printed. Set CORPUS_HELDOUT=0 while working on the
 * importer (only the dev pages are read); CORPUS_HELDOUT_TABLE=1 prints their per-page table, which is
 * for recording a failure after the last change, never for tuning.
 */

const now = new Date('2026-03-10T12:00:00Z')
const HELDOUT = process.env.CORPUS_HELDOUT !== '0'
const HELDOUT_TABLE = process.env.CORPUS_HELDOUT_TABLE === '1'

/** Which refusal each kind of block page must get. */
const BLOCK_REASONS: Record<string, RefusalKind[]> = {
  captcha: ['robot-check'],
  'security-check': ['robot-check'],
  'access-denied': ['refused'],
  refused: ['refused'],
  error: ['site-down', 'not-found'],
  'not-found': ['not-found'],
  'site-down': ['site-down'],
}
// An app's empty shell (no wall, no words) is refused as what it is: a page that loads by script.
const ANY_BLOCK: RefusalKind[] = ['robot-check', 'refused', 'site-down', 'not-found', 'script-shell']

async function importEntry(entry: CorpusEntry): Promise<{ facts: ProductFacts | null; error: Error | null }> {
  const { url, fetcher } = corpusFetcher(entry)
  try {
    return { facts: await importProduct(url, fetcher, now), error: null }
  } catch (error) {
    return { facts: null, error: error as Error }
  }
}

interface BlockResult {
  id: string
  expected: string
  refused: boolean
  kind: RefusalKind | null
  transient: boolean | null
  message: string
  right: boolean
}

async function runSet(set: 'dev' | 'heldout') {
  const entries = corpusEntries(set)
  const products: ProductResult[] = []
  const blocks: BlockResult[] = []
  for (const entry of entries) {
    const { facts, error } = await importEntry(entry)
    if (entry.kind === 'product') {
      products.push(gradeProduct(entry, facts, error))
      continue
    }
    const truth = entry.facts as BlockTruth
    const kind = error instanceof ImportError ? (error.kind ?? null) : null
    const allowed = BLOCK_REASONS[truth.block] ?? ANY_BLOCK
    blocks.push({
      id: entry.id,
      expected: truth.block,
      refused: error instanceof ImportError,
      kind,
      transient: error instanceof ImportError ? error.transient : null,
      message: error?.message ?? '(imported)',
      // Its own reason: a refusal of the kind the site's page is, never "no images" or "no name".
      right: error instanceof ImportError && kind !== null && allowed.includes(kind) && (kind !== 'robot-check' || !error.transient),
    })
  }
  return { products, blocks }
}

function report(set: string, products: ProductResult[], blocks: BlockResult[], detail: boolean): string {
  const f = figures(products)
  const lines = [
    `corpus ${set}: fields right ${f.right}/${f.total} (${f.percent} %), invented numbers ${f.invented}, ` +
      `block pages refused with their own reason ${blocks.filter((b) => b.right).length}/${blocks.length}`,
  ]
  if (detail) {
    lines.push(table(products))
    for (const r of products) {
      if (r.error) lines.push(`  ${r.id}: refused: ${r.error.message}`)
      for (const [field, grade] of Object.entries(r.grades))
        if (grade !== 'ok') lines.push(`  ${r.id} ${field}: ${grade} (got ${JSON.stringify(r.got[field as keyof typeof r.got])})`)
    }
    for (const b of blocks)
      lines.push(
        `  block ${b.id} [${b.expected}] → ${b.right ? 'ok' : 'WRONG'} ${b.kind ?? '-'}${b.transient ? ' (retried)' : ''}: ${b.message}`,
      )
  }
  return lines.join('\n')
}

/**
 * Fields right on the dev pages at the last change: a fix raises it, and a count below it is a
 * regression. The goal of 95 % is the held-out pages' (below); the dev pages are every set that
 * missed it at its one reading, still being fixed (README, "The dev / held-out rule").
 */
const DEV_FIELDS_RIGHT_AT_LEAST = 5711

describe('the importer on the corpus of real saved pages', () => {
  it('dev pages: no invented number, every block page refused with its own reason, no field lost', async () => {
    const { products, blocks } = await runSet('dev')
    console.log(report('dev', products, blocks, true))
    expect(products.length).toBeGreaterThan(0)
    expect(products.flatMap((r) => r.invented.map((f) => `${r.id} ${f}`))).toEqual([])
    expect(blocks.filter((b) => !b.right).map((b) => `${b.id}: ${b.message}`)).toEqual([])
    expect(figures(products).right).toBeGreaterThanOrEqual(DEV_FIELDS_RIGHT_AT_LEAST)
    // About 370 pages of up to 2 MB each: two minutes on a quiet 2-core machine, four under load.
  }, 600_000)

  // A held-out set is read once (README, "Held-out sets are used once"); between sets there is none.
  it.runIf(HELDOUT && corpusEntries('heldout').length > 0)(
    'held-out pages: no invented number, every block page refused with its own reason, ≥ 95 % of fields right',
    async () => {
      const { products, blocks } = await runSet('heldout')
      console.log(report('held-out', products, blocks, HELDOUT_TABLE))
      const f = figures(products)
      expect(f.invented, 'invented numbers on held-out pages').toBe(0)
      expect(blocks.filter((b) => !b.right).length, 'held-out block pages refused without their own reason').toBe(0)
      expect(f.percent).toBeGreaterThanOrEqual(95)
    },
  )
})
