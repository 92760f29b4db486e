import { expect, test } from '@playwright/test'
import { DEFAULT_HIDE_WINDOW_MINUTES } from '../server/domain/entitlements'
import { signUp, staffEmail, uniqueEmail } from './support/helpers'

// A viewer in Berlin: without JS the server reads the zone from Accept-Language (de-DE), with JS
// the browser's own zone. Either way no time is said in UTC.
test.use({ timezoneId: 'Europe/Berlin', locale: 'de-DE' })

test('a free user: demo product in one click, local ready time, and a favourite shown as waiting', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'waiting'))
  await page.goto('/generate')
  await page.getByRole('button', { name: 'Try with a demo product' }).click()
  await expect(page).toHaveURL(/\/productv2\//, { timeout: 20_000 })
  const hidden = page.getByTestId('hidden-page')
  await expect(hidden.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
  await expect(hidden.locator('time')).toHaveText(/^\d\d:\d\d MES?Z$/)
  await expect(hidden).toContainText(`(in ${DEFAULT_HIDE_WINDOW_MINUTES} minutes)`)
  await expect(hidden).toContainText(`Free accounts see new pages ${DEFAULT_HIDE_WINDOW_MINUTES} minutes after they are made.`)

  await page.getByRole('button', { name: 'Add to favourites' }).click()
  await expect(page.getByText('Added to favourites.')).toBeVisible()
  await page.goto('/?view=favorites')
  await expect(page.getByText('No favourites yet')).toHaveCount(0)
  const card = page.getByTestId('waiting-card')
  await expect(card).toContainText('Aurora Ceramic Pour-Over Coffee Set')
  await expect(card.locator('time')).toHaveText(/^\d\d:\d\d MES?Z$/)
})

test('sharing from the list, and outline edits come back to the section', async ({ page }, info) => {
  await signUp(page, staffEmail(info, 'share-list'))
  await page.goto('/generate')
  await page.getByRole('button', { name: 'Try with a demo product' }).click()
  await expect(page).toHaveURL(/\/productv2\//, { timeout: 20_000 })
  const sessionId = page.url().split('/').pop()!
  await page.goto('/')
  const card = page.getByTestId('task-card').first()
  if (info.project.name === 'no-js') {
    await card.getByRole('link', { name: 'Share' }).click()
    await expect(page).toHaveURL(new RegExp(`\\?share=${sessionId}#task-${sessionId}$`))
    await expect(page.getByTestId('share-panel').getByRole('textbox')).toHaveValue(new RegExp(`/share/${sessionId}$`))
  } else {
    await expect(card.getByRole('button', { name: 'Share' })).toBeVisible()
  }

  await page.goto('/generate')
  await page.getByLabel('Product link').fill(new URL('/demo-store/products/nomad-canvas-backpack', page.url()).toString())
  await page.getByRole('button', { name: 'Review the outline first' }).click()
  await expect(page).toHaveURL(/\/guidev3\/outline\?session_id=/, { timeout: 20_000 })
  const third = page.getByTestId('outline-section').nth(2)
  const id = await third.getAttribute('id')
  await third.getByRole('button', { name: /^Move .* up$/ }).click()
  await expect(page).toHaveURL(new RegExp(`#${id}$`))
  await expect(page.getByTestId('outline-section').nth(1)).toHaveAttribute('id', id!)
})
