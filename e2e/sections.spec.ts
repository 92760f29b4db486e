import { expect, test, type Page } from '@playwright/test'
import { SECTION_LIBRARY, SECTION_TOPICS, sectionsOfTopic } from '../server/domain/page/section-library'
import { SECTION_LABELS, SECTION_TYPES } from '../server/domain/page/section-types'

/** The sections library: public, server-rendered, no script at all (JS on and off alike). */

/** Opens a path and returns the scripts the browser was asked to load while doing so. */
async function open(page: Page, path: string, status = 200) {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  const res = await page.goto(path)
  expect(res?.status(), path).toBe(status)
  return scripts
}

test('/sections lists every section type with a live example, the facts it needs and its topics', async ({ page }) => {
  const scripts = await open(page, '/sections')
  await expect(page).toHaveTitle('Sections library · Pagewright')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/sections$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const cards = page.locator('li.sl-card')
  await expect(cards).toHaveCount(SECTION_TYPES.length)
  for (const type of SECTION_TYPES) {
    const card = page.locator(`li.sl-card[data-section="${type}"]`)
    await expect(card.getByRole('heading', { level: 2, name: SECTION_LABELS[type], exact: true })).toBeVisible()
    // The example is drawn by the published pages' renderer and says it is sample content.
    await expect(card.locator(`.pw-page [data-section-type="${type}"]`)).toHaveCount(1)
    await expect(card.locator('.sl-frame__bar')).toContainText(type === 'reviews' ? 'Sample reviews' : 'Sample content')
    await expect(card.getByText('Facts it needs')).toBeVisible()
    await expect(card.getByRole('link', { name: new RegExp(`How the ${SECTION_LABELS[type]} section works`, 'i') })).toHaveAttribute(
      'href',
      `/sections/${type}`,
    )
  }
  // The topic filter bar: plain links to each topic.
  const bar = page.getByRole('navigation', { name: 'Filter sections by topic' })
  for (const t of SECTION_TOPICS) await expect(bar.getByRole('link', { name: t.title })).toHaveAttribute('href', `/sections/t/${t.slug}`)
  await bar.getByRole('link', { name: 'Social proof' }).click()
  await expect(page).toHaveURL(/\/sections\/t\/social-proof$/)
  expect(scripts).toEqual([])
  await expect(page.locator('script')).toHaveCount(0)
})

test('a section page shows its honesty rule, its example, what it needs and the templates using it', async ({ page }) => {
  const scripts = await open(page, '/sections/reviews')
  await expect(page).toHaveTitle('Reviews section · Pagewright sections library')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/sections\/reviews$/)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /only imported or owner-imported reviews/)
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible()
  const rule = page.getByRole('complementary', { name: 'Honesty rule' })
  await expect(rule).toContainText('Reviews: only imported or owner-imported reviews, each with its source; never invented.')
  // The example is what a shopper sees (the neutral disclosure), clearly labelled as sample reviews.
  const example = page.locator('.sl-variant').first()
  await expect(example.locator('[data-section-type="reviews"]')).toBeVisible()
  await expect(example.getByText('Reviews from buyers of this product.')).toBeVisible()
  await expect(example.getByRole('note')).toContainText('They are not real customer reviews.')
  await expect(page.getByRole('heading', { name: 'Facts it needs' })).toBeVisible()
  await expect(page.getByText('Without imported reviews there is no reviews section')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'What the owner can edit' })).toBeVisible()
  await expect(page.locator('section[aria-labelledby="used-title"] a[href="/templates/1"]')).toBeVisible()
  expect(scripts).toEqual([])
  await expect(page.locator('script')).toHaveCount(0)
})

test('a section with several layouts shows a live example of each', async ({ page }) => {
  for (const entry of SECTION_LIBRARY.filter((e) => e.variants.length > 1)) {
    await open(page, `/sections/${entry.slug}`)
    for (const v of entry.variants) {
      const variant = page.locator(`.sl-variant[data-variant="${v.slug}"]`)
      await expect(variant.getByRole('heading', { level: 3, name: v.name })).toBeVisible()
      await expect(variant.locator(`[data-section-type="${entry.slug}"]`)).toHaveCount(1)
    }
  }
  // The image-with-text layouts really differ: the photo sits on the other side.
  await open(page, '/sections/image-with-text')
  await expect(page.locator('.sl-variant[data-variant="image-left"] .pw-split--left')).toHaveCount(1)
  await expect(page.locator('.sl-variant[data-variant="image-right"] .pw-split--right')).toHaveCount(1)
})

test('a topic page lists its sections with the topic’s description', async ({ page }) => {
  const topic = SECTION_TOPICS.find((t) => t.slug === 'social-proof')
  if (!topic) throw new Error('social-proof topic')
  const scripts = await open(page, '/sections/t/social-proof')
  await expect(page).toHaveTitle('Social proof sections · Pagewright sections library')
  await expect(page.getByRole('heading', { level: 1, name: 'Social proof' })).toBeVisible()
  await expect(page.getByText(topic.description)).toBeVisible()
  const expected = sectionsOfTopic('social-proof').map((e) => e.slug)
  await expect(page.locator('li.sl-card')).toHaveCount(expected.length)
  for (const slug of expected) await expect(page.locator(`li.sl-card[data-section="${slug}"] .pw-page`)).toHaveCount(1)
  await expect(page.locator('li.sl-card[data-section="hero"]')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Social proof', exact: true }).first()).toHaveAttribute('aria-current', 'page')
  expect(scripts).toEqual([])
})

test('unknown sections and topics answer 404 inside the library, with the way on', async ({ page }) => {
  await open(page, '/sections/testimonials', 404)
  await expect(page.getByRole('heading', { level: 1, name: 'There is no such section' })).toBeVisible()
  await expect(page.getByText('The library has no section called “testimonials”')).toBeVisible()
  await page.getByRole('link', { name: 'Guarantee' }).click()
  await expect(page).toHaveURL(/\/sections\/guarantee$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Guarantee' })).toBeVisible()

  await open(page, '/sections/t/hero', 404)
  await expect(page.getByRole('heading', { level: 1, name: 'There is no such topic' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Trust' })).toHaveAttribute('href', '/sections/t/trust')
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/login')
  await open(page, `/sections/${'%3Cscript%3E'.repeat(3)}`, 404)
  await expect(page.getByRole('heading', { level: 1, name: 'There is no such section' })).toBeVisible()
})
