import { expect, test, type Page } from '@playwright/test'
import { signUp, staffEmail } from './support/helpers'

const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/**
 * A page from the demo store with the owner's buy link (version 2, what /go counts and redirects
 * to) and a new heading (version 3, the live one): two versions to test against each other.
 */
async function pageWithVersions(page: Page): Promise<string> {
  await page.goto('/generate')
  await page.getByLabel('Product link').fill(new URL('/demo-store/products/aurora-pour-over-set', page.url()).toString())
  await page.getByRole('button', { name: 'Generate page' }).click()
  await expect(page).toHaveURL(/\/productv2\/[0-9a-f-]{36}$/, { timeout: 20_000 })
  const id = page.url().split('/').at(-1)!
  await page.goto(`/product-edit/${id}`)
  const owner = page.locator('#owner')
  await owner.getByLabel('Where the buy button goes').fill('https://mystore.example/products/aurora')
  await owner.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('page-preview').locator('#hero a.pw-button')).toHaveAttribute('href', /mystore\.example/)
  const hero = page.locator('#edit-hero')
  await hero.getByLabel('Heading', { exact: true }).fill('Pour-over, perfected')
  await hero.getByRole('button', { name: 'Save section' }).click()
  await expect(page.getByTestId('page-preview').getByRole('heading', { level: 1 })).toHaveText('Pour-over, perfected')
  return id
}

async function shoot(page: Page, name: string, project: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.locator('.insights').screenshot({ path: `test-results/experiments-${name}-${project}-${width}.png` })
  }
}

test('a Pro owner starts an experiment on a page, watches it beside the analytics, and makes the challenger live', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000)
  await signUp(page, staffEmail(info, 'experiments'))
  const id = await pageWithVersions(page)
  await page.goto(`/productv2/${id}`)

  const panel = page.getByTestId('experiment-panel')
  await expect(panel.getByTestId('experiment-intro')).toHaveText(
    'Show another version to half your shoppers and learn which one sells more.',
  )
  // No shopper yet: the analytics say so instead of drawing empty charts.
  await expect(page.getByTestId('analytics-empty')).toBeVisible()
  await expect(panel.getByLabel('Challenger')).toHaveValue('2')
  await expect(panel.getByLabel('Shoppers who see it (%)')).toHaveValue('50')
  await shoot(page, 'start', info.project.name)

  await panel.getByLabel('Shoppers who see it (%)').fill('40')
  await panel.getByRole('button', { name: 'Start' }).click()
  await expect(page.getByText('Experiment started: 40 % of new shoppers see version 2.')).toBeVisible()
  await expect(panel.getByText('Running', { exact: true }).first()).toBeVisible()
  const variants = panel.getByTestId('experiment-variants')
  await expect(variants.getByRole('columnheader')).toHaveText(['Live version (v3)', 'Challenger (v2)'])
  await expect(variants.getByRole('row', { name: /Shoppers/ })).toContainText('60 %')
  await expect(variants.getByRole('row', { name: /Shoppers/ })).toContainText('40 %')
  await expect(panel.getByTestId('experiment-decision')).toContainText('Running.')

  // A shopper (JS off, a person's browser) opens the shared page and presses the buy button.
  const shopper = await browser.newContext({ javaScriptEnabled: false, userAgent: PERSON })
  const view = await shopper.newPage()
  await view.goto(`/share/${id}`)
  await expect(view.locator('#hero a.pw-button')).toHaveAttribute('href', `/go/${id}`)
  const go = await shopper.request.get(`/go/${id}`, { maxRedirects: 0 })
  expect(go.status()).toBeGreaterThanOrEqual(300)
  expect(go.headers().location).toBe('https://mystore.example/products/aurora')
  await shopper.close()

  // Counts are written in batches (every 10 s): the charts appear once they are.
  await expect(async () => {
    await page.reload()
    // The view and the press may land in different batches: wait for both.
    await expect(page.getByTestId('chart-buy-clicks').locator('.chart__total')).toHaveText('1 in all', { timeout: 500 })
  }).toPass({ timeout: 40_000 })
  const views = page.getByTestId('chart-views')
  await expect(views.getByRole('img')).toHaveAttribute('aria-label', /^Views, .+: 1 in all; highest 1 on /)
  await expect(page.getByTestId('chart-conversion').getByRole('img')).toHaveAttribute('aria-label', /highest 100\.0\s%/)
  await expect(panel.getByTestId('experiment-variants').getByRole('row', { name: /Visitors/ })).toContainText('1')
  // The versions side by side in the analytics too, with a table behind the drawing.
  const rates = page.getByTestId('chart-experiment-rates')
  await expect(rates.getByRole('img')).toHaveAttribute('aria-label', /^Conversion by version: Live version \(v3\)/)
  await rates.getByText('Show the numbers').click()
  await expect(rates.getByRole('table')).toBeVisible()
  await shoot(page, 'running', info.project.name)

  await panel.getByRole('link', { name: 'Make version 2 live…' }).click()
  await expect(page).toHaveURL(/confirm=promote/)
  const dialog = page.getByTestId('promote-dialog')
  await expect(dialog.getByRole('heading')).toHaveText('Make version 2 the live page?')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `test-results/experiments-confirm-${info.project.name}-390.png` })
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.screenshot({ path: `test-results/experiments-confirm-${info.project.name}-1366.png` })
  await dialog.getByRole('button', { name: 'Yes, make version 2 live' }).click()

  // The page is in no store: the message does not speak of one.
  await expect(page.getByText(/Version 2 is live: every shopper sees it now \(saved as version 4\)/)).toBeVisible()
  await expect(page).not.toHaveURL(/confirm=promote/)
  await expect(page.getByTestId('promote-dialog')).toHaveCount(0)
  // The live page is the challenger's: the heading before the edit is back.
  await expect(page.getByTestId('page-preview').getByRole('heading', { level: 1 })).not.toHaveText('Pour-over, perfected')
  await expect(panel.getByRole('link', { name: /Make version/ })).toHaveCount(0)
  await expect(panel.getByTestId('experiment-start')).toBeVisible()
  await expect(panel.getByTestId('experiment-decision')).toContainText('Version 2 became the live page.')
  await shoot(page, 'promoted', info.project.name)

  // The lists show the page's conversion.
  await page.goto('/latest')
  await expect(
    page
      .getByTestId('task-card')
      .filter({ has: page.locator(`a[href="/productv2/${id}"]`) })
      .getByTestId('conversion'),
  ).toHaveText(/^100\.0\s% conversion$/)
})

test('an edit of the live page during an experiment ends it: the editor warns first, the panel says why', async ({ page }, info) => {
  test.setTimeout(90_000)
  await signUp(page, staffEmail(info, 'experiment-edit'))
  const id = await pageWithVersions(page)
  await page.goto(`/productv2/${id}`)
  const panel = page.getByTestId('experiment-panel')
  await panel.getByRole('button', { name: 'Start' }).click()
  await expect(panel.getByText('Running', { exact: true }).first()).toBeVisible()

  await page.goto(`/product-edit/${id}`)
  const notice = page.getByTestId('editor-experiment')
  await expect(notice).toContainText('An experiment is running on this page: version 3 (live) against version 2.')
  await expect(notice).toContainText('Saving a change makes a new live version and ends the experiment')
  await page.setViewportSize({ width: 390, height: 844 })
  await notice.screenshot({ path: `test-results/experiments-editor-notice-${info.project.name}-390.png` })
  const hero = page.locator('#edit-hero')
  await hero.getByLabel('Heading', { exact: true }).fill('Pour-over, again')
  await hero.getByRole('button', { name: 'Save section' }).click()
  await expect(page.getByTestId('page-preview').getByRole('heading', { level: 1 })).toHaveText('Pour-over, again')
  await expect(page.getByTestId('editor-experiment')).toHaveCount(0)

  await page.goto(`/productv2/${id}`)
  await expect(panel.getByTestId('experiment-decision')).toContainText(
    'Stopped before a decision: the live page was changed (an edit, a restore or a new draft), so the version it was compared against is gone.',
  )
  await expect(panel.getByTestId('experiment-start')).toBeVisible()
  await shoot(page, 'ended-by-edit', info.project.name)
})
