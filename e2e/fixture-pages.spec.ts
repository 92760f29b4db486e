import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from '@playwright/test'
import { brokenTokens, WRAP_WIDTHS } from './support/wrap'

/**
 * Every fixture product (saved marketplace listings, stores, pasted text) in every template, as
 * shoppers get it with the built stylesheet: no figure or unit wraps inside a token at any width.
 */
test('no number or unit breaks across lines on any fixture page, 320 to 1920 px', async ({ page }, info) => {
  test.skip(info.project.name !== 'js', 'one pass is enough: layout does not depend on JavaScript')
  // 5 widths × every fixture page in every template: 1.5 min on an idle machine, over 3 under CI's full load.
  test.setTimeout(480_000)
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-fixture-pages-'))
  execFileSync('npx', ['tsx', 'e2e/support/render-fixture-pages.ts', dir], { stdio: 'pipe' })
  const pages: { file: string; name: string }[] = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'))
  expect(pages.length).toBeGreaterThan(20)
  const broken: string[] = []
  for (const width of WRAP_WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    for (const { file, name } of pages) {
      await page.goto(pathToFileURL(path.join(dir, file)).href)
      for (const token of await brokenTokens(page)) broken.push(`${width}px ${name}: ${token}`)
    }
  }
  expect(broken).toEqual([])
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(pathToFileURL(path.join(dir, pages[3].file)).href)
    await page.screenshot({ path: `test-results/fixture-page-${width}.png`, fullPage: true })
  }
})
