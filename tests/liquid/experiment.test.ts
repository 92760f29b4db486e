import { readFileSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import { load } from 'cheerio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../server/domain/page/schema'
import { renderProductPage } from '../../server/liquid/storefront'
import { themeFilesToPublish } from '../../server/liquid/theme-files'
import { samplePage } from '../fixtures/pages/sample-page'
import { absoluteImages, APP_ID, productWith, storefrontContext, theme, themeWithAppBlock } from './helpers'

/**
 * A page under an experiment in the store (the app block): both versions in the HTML, the inline
 * script choosing one before the first paint with the share page's cookie rules, checked in Chromium.
 */
const SNIPPET = new URL('../../extensions/pagewright-theme/snippets/pagewright-experiment.liquid', import.meta.url)
const SCRIPT = /<script[^>]*>\n?([\s\S]*?)\n?\s*<\/script>/.exec(readFileSync(SNIPPET, 'utf8'))![1]

const headed = (page: Page, heading: string, idSuffix = ''): Page => ({
  ...page,
  sections: page.sections.map((s) => ({ ...s, id: `${s.id}${idSuffix}`, ...(s.type === 'hero' ? { heading } : {}) })),
})
const gallery = [
  { src: 'https://cdn.example.com/a.jpg', alt: 'Sage bottle' },
  { src: 'https://cdn.example.com/b.jpg', alt: 'Lid' },
]
const control = absoluteImages(headed({ ...samplePage, gallery }, 'Control headline'))
const challenger = absoluteImages(headed({ ...samplePage, gallery }, 'Challenger headline', '-b'))
const EXPERIMENT = 7
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'

async function productHtml(withChallenger: boolean, split = 50, way: 'block' | 'template' = 'block') {
  const metafields = productWith(control).metafields
  if (withChallenger)
    metafields.push({
      namespace: `app--${APP_ID}--pagewright`,
      key: 'page_challenger',
      type: 'json',
      value: JSON.stringify({ experiment: EXPERIMENT, split, page: challenger }),
    })
  if (way === 'block')
    return renderProductPage(themeWithAppBlock('Harbor', 'main'), productWith(control, { metafields }), storefrontContext())
  // Pagewright's own section in the alternate template (where Shopify lets the app write theme files).
  const t = theme('Harbor')
  const files = themeFilesToPublish({ appId: APP_ID, productTemplateJson: t.files['templates/product.json']! })
  const written = { ...t, files: { ...t.files, ...Object.fromEntries(files.map((f) => [f.filename, f.content])) } }
  return renderProductPage(written, productWith(control, { metafields, templateSuffix: 'pagewright' }), storefrontContext())
}

describe('the app block under an experiment', () => {
  it('renders both versions, the challenger hidden, with the script of at most 600 bytes before them', async () => {
    expect(Buffer.byteLength(SCRIPT)).toBeLessThanOrEqual(600)
    const html = await productHtml(true)
    const $ = load(html)
    const box = $('.pw-x')
    expect(box.attr('data-pw-experiment')).toBe(String(EXPERIMENT))
    expect(box.children('script').attr('data-x')).toBe(String(EXPERIMENT))
    expect(box.children('script').attr('data-s')).toBe('50')
    expect(box.children('script').html()).toContain(SCRIPT)
    expect(
      box
        .children()
        .toArray()
        .map((el) => $(el).attr('class') ?? el.tagName),
    ).toEqual(['style', 'script', 'pw-x-c', 'pw-x-h'])
    expect(box.find('.pw-x-c').text()).toContain('Control headline')
    expect(box.find('.pw-x-h').attr('hidden')).toBeDefined()
    expect(box.find('.pw-x-h').text()).toContain('Challenger headline')
  })

  it('has no id twice in the store’s HTML, and each version’s references stay inside it', async () => {
    for (const way of ['block', 'template'] as const) {
      const $ = load(await productHtml(true, 50, way))
      const ids = $('[id]')
        .toArray()
        .map((el) => $(el).attr('id')!)
      expect(
        ids.filter((id, i) => ids.indexOf(id) !== i),
        way,
      ).toEqual([])
      // The in-page buy anchor of each version (and the gallery inputs, the headings) is its own.
      expect($('.pw-x-c #buy').length, way).toBe(1)
      expect($('.pw-x-h #buy-b').length, way).toBe(1)
      expect($('.pw-x-h .pw-gallery__radio').length, way).toBeGreaterThan(1)
      for (const version of ['.pw-x-c', '.pw-x-h']) {
        const within = $(version)
        const refs = within
          .find('[for], [aria-labelledby]')
          .toArray()
          .map((el) => $(el).attr('for') ?? $(el).attr('aria-labelledby')!)
        expect(refs.length).toBeGreaterThan(5)
        for (const ref of refs) expect(within.find(`[id="${ref}"]`).length, `${way} ${version} ${ref}`).toBe(1)
      }
    }
  })

  it('is the same in Pagewright’s own section (the template way)', async () => {
    const $ = load(await productHtml(true, 20, 'template'))
    expect($('.pw-x > script').attr('data-s')).toBe('20')
    expect($('.pw-x > .pw-x-c').text()).toContain('Control headline')
    expect($('.pw-x > .pw-x-h[hidden]').text()).toContain('Challenger headline')
    expect(await productHtml(false, 50, 'template')).not.toContain('pw-x')
  })

  it('is the plain page, no script, without a running experiment', async () => {
    const html = await productHtml(false)
    expect(html).toContain('Control headline')
    expect(html).not.toContain('pw-x')
    expect(html).not.toContain('Challenger headline')
  })
})

describe('the experiment script in Chromium', () => {
  let browser: Browser
  const URL_ = 'https://shop.example/products/trailhead-bottle'
  let split50 = ''

  beforeAll(async () => {
    split50 = await productHtml(true)
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
  })
  afterAll(() => browser?.close())

  /** A shop's product page in a fresh browser: the HTML above, nothing else loaded. */
  async function visit(opts: { js?: boolean; cookie?: string; random?: number; bot?: boolean } = {}) {
    const context: BrowserContext = await browser.newContext({
      javaScriptEnabled: opts.js ?? true,
      // Headless Chromium names itself in its user agent and says navigator.webdriver: a person's browser does neither.
      ...(opts.bot ? {} : { userAgent: PERSON }),
    })
    if (!opts.bot) await context.addInitScript(() => Object.defineProperty(navigator, 'webdriver', { get: () => false }))
    if (opts.random !== undefined) await context.addInitScript((r) => (Math.random = () => r), opts.random)
    if (opts.cookie) {
      const [name, value] = opts.cookie.split('=')
      await context.addCookies([{ name, value, url: 'https://shop.example' }])
    }
    await context.route('**/*', (route) =>
      route.request().url() === URL_
        ? route.fulfill({ status: 200, contentType: 'text/html', body: split50 })
        : route.fulfill({ status: 404, body: '' }),
    )
    const page = await context.newPage()
    await page.goto(URL_)
    const shown = {
      control: await page.locator('.pw-x-c').isVisible(),
      challenger: await page.locator('.pw-x-h').isVisible(),
      challengerText: await page.locator('.pw-x-h h2, .pw-x-h h1').first().isVisible(),
    }
    const cookies = await context.cookies()
    await context.close()
    return { ...shown, cookie: cookies.find((c) => c.name === `pw_x${EXPERIMENT}`) ?? null }
  }

  it('shows the live page with scripts off, and sets nothing', async () => {
    const seen = await visit({ js: false, random: 0 })
    expect(seen).toMatchObject({ control: true, challenger: false, cookie: null })
  })

  it("keeps a visitor whose cookie says 'h' on the challenger, and 'c' on the live page", async () => {
    const h = await visit({ cookie: `pw_x${EXPERIMENT}=abcdefghij0123456789KL.h`, random: 0.99 })
    expect(h).toMatchObject({ control: false, challenger: true, challengerText: true })
    expect(h.cookie!.value).toBe('abcdefghij0123456789KL.h')
    const c = await visit({ cookie: `pw_x${EXPERIMENT}=abcdefghij0123456789KL.c`, random: 0 })
    expect(c).toMatchObject({ control: true, challenger: false })
  })

  it('assigns a new visitor by the split and keeps them there for 90 days with a random id', async () => {
    const toChallenger = await visit({ random: 0.49 })
    expect(toChallenger).toMatchObject({ control: false, challenger: true })
    expect(toChallenger.cookie!.value).toMatch(/^[a-z0-9]{22}\.h$/)
    expect(toChallenger.cookie).toMatchObject({ path: '/', sameSite: 'Lax', secure: true, httpOnly: false })
    const days = (toChallenger.cookie!.expires * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(89.9)
    expect(days).toBeLessThanOrEqual(90)
    const toControl = await visit({ random: 0.5 })
    expect(toControl).toMatchObject({ control: true, challenger: false })
    expect(toControl.cookie!.value).toMatch(/^[a-z0-9]{22}\.c$/)
    expect(toControl.cookie!.value).not.toBe(toChallenger.cookie!.value.replace(/h$/, 'c'))
  })

  it('gives a bot (navigator.webdriver, a headless or crawler user agent) the live page and no cookie', async () => {
    const seen = await visit({ bot: true, random: 0 })
    expect(seen).toMatchObject({ control: true, challenger: false, cookie: null })
  })
})
