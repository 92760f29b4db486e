import { expect, test, type Page } from '@playwright/test'

const POST = { slug: 'ftc-fake-reviews-rule', title: 'The FTC rule on fake reviews: what it bans and what to do instead' }

/** Every script the page asks for, and every script element in it: reading pages have none. */
async function scriptsOf(page: Page, path: string) {
  const requested: string[] = []
  page.on('request', (r) => r.resourceType() === 'script' && requested.push(r.url()))
  const res = await page.goto(path)
  await page.waitForLoadState('load')
  return { status: res?.status(), requested, elements: await page.locator('script').count() }
}

test('the posts index lists the articles, newest first, and loads no script', async ({ page }) => {
  const { status, requested, elements } = await scriptsOf(page, '/posts')
  expect(status).toBe(200)
  expect(requested).toEqual([])
  expect(elements).toBe(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Guides for store owners' })).toBeVisible()
  const cards = page.locator('.post-card')
  expect(await cards.count()).toBeGreaterThanOrEqual(5)
  const days = await page.locator('.post-card time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime') ?? ''))
  expect(days).toEqual([...days].sort().reverse())
  await expect(cards.first()).toContainText('min read')
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    /^https?:\/\/.+\/posts\/rss\.xml$/,
  )
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/.+\/posts$/)

  await page.getByRole('link', { name: POST.title }).click()
  await expect(page).toHaveURL(new RegExp(`/posts/${POST.slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: POST.title })).toBeVisible()
})

test('a post has its title, meta tags, a way back and a sign-up link, and no script', async ({ page }) => {
  const { status, requested, elements } = await scriptsOf(page, `/posts/${POST.slug}`)
  expect(status).toBe(200)
  expect(requested).toEqual([])
  expect(elements).toBe(0)
  await expect(page).toHaveTitle(`${POST.title} · Pagewright`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^https?://[^/]+/posts/${POST.slug}$`))
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', POST.title)
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /civil penalties/)
  await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', /^\d{4}-\d{2}-\d{2}$/)
  // The article itself: headings, a table, and the source on ftc.gov.
  await expect(page.getByRole('heading', { level: 2, name: 'What the rule bans' })).toBeVisible()
  await expect(page.locator('.post-body table')).toHaveCount(1)
  await expect(page.locator('.post-body a[href^="https://www.ftc.gov/"]').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Try Pagewright free' })).toHaveAttribute('href', '/account/sign-up')
  await page.getByRole('link', { name: '← All posts' }).click()
  await expect(page).toHaveURL(/\/posts$/)
})

test('an unknown post is a 404 inside the posts frame, with a way on', async ({ page }) => {
  for (const path of ['/posts/no-such-post', '/posts/Not%20A%20Slug', `/posts/${'x'.repeat(300)}`]) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'There is no post at this address' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'See all posts' })).toHaveAttribute('href', '/posts')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect(page.getByRole('navigation', { name: 'Pagewright' })).toBeVisible()
    expect(await page.locator('script').count()).toBe(0)
  }
})

test('the RSS feed and the sitemap list the posts with absolute links', async ({ request }) => {
  const index = await request.get('/v2/posts/')
  expect(index.status()).toBe(200)
  const slugs: string[] = (await index.json()).items.map((p: { slug: string }) => p.slug)
  expect(slugs.length).toBeGreaterThanOrEqual(5)

  const rss = await request.get('/posts/rss.xml')
  expect(rss.status()).toBe(200)
  expect(rss.headers()['content-type']).toBe('application/rss+xml; charset=utf-8')
  const feed = await rss.text()
  expect(feed).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss version="2\.0"/)
  for (const slug of slugs) expect(feed).toMatch(new RegExp(`<link>https?://[^<]+/posts/${slug}</link>`))
  expect(feed).toContain(`<title>${POST.title}</title>`)
  expect(feed.match(/<item>/g)?.length).toBe(slugs.length)

  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8')
  const urls = await sitemap.text()
  for (const path of ['/lp/1', '/lp/2', '/posts', '/templates', '/sections', '/trending', '/docs', ...slugs.map((s) => `/posts/${s}`)])
    expect(urls).toMatch(new RegExp(`<loc>https?://[^<]+${path}</loc>`))
  expect(urls).toMatch(new RegExp(`/posts/${POST.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`))

  const robots = await request.get('/robots.txt')
  expect(robots.status()).toBe(200)
  expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m)
})
