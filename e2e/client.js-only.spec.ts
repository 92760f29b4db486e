// Behaviour that exists only with JavaScript on: the no-js project ignores *.js-only.spec.ts.
import { expect, test } from '@playwright/test'
import { signUp, uniqueEmail } from './support/helpers'

test('a newer build on the server is offered as a reload', async ({ page }) => {
  await page.route('**/__version', (route) => route.fulfill({ json: { version: 'a-newer-build' } }))
  await page.goto('/account/login')
  await expect(page.getByTestId('new-build')).toContainText('A new version of Pagewright is available.')
  await expect(page.getByTestId('new-build').getByRole('button', { name: 'Reload' })).toBeVisible()
})

test('the same build shows no banner', async ({ page }) => {
  const checked = page.waitForResponse('**/__version')
  await page.goto('/account/login')
  await checked
  await page.waitForTimeout(200)
  await expect(page.getByTestId('new-build')).toHaveCount(0)
})

test('the user is re-fetched every 60 s while signed in', async ({ page }, info) => {
  await page.clock.install()
  await signUp(page, uniqueEmail(info, 'poll'))
  let refetches = 0
  page.on('request', (r) => {
    if (r.url().includes('_data=root')) refetches++
  })
  await page.clock.runFor(61_000)
  await expect.poll(() => refetches).toBeGreaterThanOrEqual(1)
})
