import { expect, test, type Page } from '@playwright/test'
import { signUp, uniqueEmail } from './support/helpers'

const card = (page: Page, name: string) =>
  page.getByTestId('template-card').filter({ has: page.getByRole('heading', { name, exact: true }) })

test.describe('page templates', () => {
  test('the gallery shows every template as a live preview, filters by category and search', async ({ page }) => {
    await page.goto('/templates')
    await expect(page.getByRole('heading', { level: 1, name: 'Page templates' })).toBeVisible()
    const cards = page.getByTestId('template-card')
    expect(await cards.count()).toBeGreaterThanOrEqual(8)
    // Each preview is a real page render (the sample product's hero), not a picture.
    const previews = page.getByTestId('template-preview-card')
    expect(await previews.count()).toBe(await cards.count())
    await expect(previews.first().locator('.pw-page .pw-hero')).toHaveCount(1)
    await expect(previews.first()).toContainText('Aurora Ceramic Pour-Over Coffee Set')
    await expect(page.getByRole('link', { name: 'Sign in to save favourites' }).first()).toBeVisible()
    await expect(page.getByTestId('favorite-toggle')).toHaveCount(0)
    await expect(page.getByRole('link', { name: '★ Favourites' })).toHaveCount(0)

    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Pets' }).click()
    await expect(page).toHaveURL(/\/templates\?category=pets$/)
    const pets = await cards.count()
    expect(pets).toBeGreaterThan(0)
    expect(pets).toBeLessThan(8)
    for (let i = 0; i < pets; i++) await expect(cards.nth(i).getByRole('list', { name: 'Suits' })).toContainText('Pets')

    // The search form keeps the category (a GET form: works without JS).
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('safety')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\?q=safety&category=pets$/)
    await expect(cards).toHaveCount(1)
    await expect(card(page, 'Peace of mind')).toBeVisible()

    await page.goto('/templates?q=no+such+design')
    await expect(page.getByTestId('templates-empty')).toContainText('No template matches “no such design”.')
  })

  test('a template page shows desktop and phone previews and its details', async ({ page }) => {
    await page.goto('/templates')
    await card(page, 'Spec sheet').getByRole('link', { name: 'Spec sheet' }).click()
    await expect(page).toHaveURL(/\/templates\/4$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Spec sheet' })).toBeVisible()
    await expect(page.getByTestId('template-preview-desktop').locator('.pw-page[data-device="desktop"]')).toHaveCount(1)
    await expect(page.getByTestId('template-preview-mobile').locator('.pw-page[data-device="mobile"]')).toHaveCount(1)
    await expect(page.getByRole('list').filter({ hasText: 'Specifications' }).first()).toBeVisible()
    await expect(page.getByText('Best for:')).toBeVisible()
    // Signed out, "Use this template" goes through the sign-in.
    await page.getByTestId('use-template').click()
    await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Fgenerate%3Ftemplate%3D4/)
  })

  test('an unknown or malformed template id is a 404 inside the page', async ({ page }) => {
    for (const path of ['/templates/999', '/templates/abc', '/templates/0']) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(404)
      await expect(page.getByTestId('template-not-found')).toContainText('Template not found')
      await expect(page.getByRole('link', { name: 'See all templates' })).toBeVisible()
    }
  })

  test('signed in: favourites toggle, the Favourites filter shows the change at once, and Use this template selects it', async ({
    page,
  }, info) => {
    await signUp(page, uniqueEmail(info, 'templates'))
    await page.goto('/templates?category=beauty')
    const glow = card(page, 'Glow')
    await expect(glow.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'false')
    await glow.getByRole('button', { name: 'Save Glow to favourites' }).click()
    // Back on the same filters, with the new state.
    await expect(page).toHaveURL(/\/templates\?category=beauty$/)
    await expect(card(page, 'Glow').getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true')
    await expect(card(page, 'Glow').getByTestId('favorite-toggle')).toHaveText(/Saved/)

    await page.getByRole('link', { name: '★ Favourites' }).click()
    await expect(page).toHaveURL(/category=beauty&favorites=1/)
    await expect(page.getByTestId('template-card')).toHaveCount(1)
    await expect(card(page, 'Glow')).toBeVisible()

    // The template page agrees, and can unmark it.
    await page.goto('/templates/6')
    const toggle = page.getByTestId('favorite-toggle')
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await toggle.click()
    await expect(page).toHaveURL(/\/templates\/6$/)
    await expect(page.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'false')
    await page.goto('/templates?favorites=1')
    await expect(page.getByTestId('templates-empty')).toContainText('No favourite templates here yet.')

    await page.goto('/templates/6')
    await page.getByTestId('use-template').click()
    await expect(page).toHaveURL(/\/generate\?template=6$/)
    await expect(page.locator('input[name="page_template_id"][value="6"]')).toBeChecked()
    await expect(page.getByRole('link', { name: 'See full previews' })).toHaveAttribute('href', '/templates')
  })
})
