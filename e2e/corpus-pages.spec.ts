import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from '@playwright/test'
import type { CorpusRendered } from './support/render-corpus-pages'
import { brokenTokens } from './support/wrap'

/**
 * Real corpus products (issue 21) as shoppers get them from the built-in writer, at a phone and a
 * desktop width: nothing overflows the page, no figure wraps inside itself, no section is empty.
 * The screenshots land in test-results/corpus/ for a person to look at.
 */
test('corpus pages written by the built-in writer render cleanly at 390 and 1366 px', async ({ page }, info) => {
  test.skip(info.project.name !== 'js', 'one pass is enough: layout does not depend on JavaScript')
  test.setTimeout(180_000)
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-corpus-pages-'))
  execFileSync('npx', ['tsx', 'e2e/support/render-corpus-pages.ts', dir], { stdio: 'pipe' })
  const pages: CorpusRendered[] = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'))
  const written = pages.filter((p) => p.file)
  expect(written.length).toBeGreaterThanOrEqual(5)
  mkdirSync('test-results/corpus', { recursive: true })
  const problems: string[] = []
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    for (const { file, id } of written) {
      await page.goto(pathToFileURL(path.join(dir, file)).href)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      if (overflow > 0) problems.push(`${width}px ${id}: ${overflow}px wider than the screen`)
      for (const token of await brokenTokens(page)) problems.push(`${width}px ${id}: ${token}`)
      const empty = await page.evaluate(() =>
        [...document.querySelectorAll('section')].filter((s) => !(s.textContent ?? '').trim()).map((s) => s.id || s.className),
      )
      for (const s of empty) problems.push(`${width}px ${id}: empty section ${s}`)
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('h1, h2, h3, p, li, dd, dt, td, th')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
          .map((el) => (el.textContent ?? '').slice(0, 40)),
      )
      for (const w of wide) problems.push(`${width}px ${id}: text cut off (${w})`)
      await page.screenshot({ path: `test-results/corpus/${id}-${width}.png`, fullPage: true })
    }
  }
  expect(problems).toEqual([])
})
