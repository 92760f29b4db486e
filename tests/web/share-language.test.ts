/**
 * The shared page says its language (issue 21): `<html lang>` is the page's, and the words the
 * renderers write (the review summary, the credit line) are in it. Rendered by Remix from the app's
 * own Vite config against the in-process api; PGlite only (rendering does not depend on the database).
 */
import type { AppLoadContext } from '@remix-run/node'
import { load } from 'cheerio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../helpers/api'
import { startWebDocuments, type WebDocuments } from './document'
import { WEB } from './helpers'

describe('the shared page in the page’s language', () => {
  let t: TestApi
  let web: WebDocuments
  let token: string
  const ctx: AppLoadContext = { apiFetch: (req) => Promise.resolve(t.app.fetch(req, { inProcess: true })), clientIp: '198.51.100.41' }
  const html = async (path: string) => (await (await web.fetch(new Request(`${WEB}${path}`), ctx)).text()).replace(/<!-- -->/g, '')

  beforeAll(async () => {
    t = await createTestApi('pglite')
    web = await startWebDocuments()
    ;({ token } = await t.signIn('lang@example.com', 'Lena Lang'))
    await t.setUser('lang@example.com', { role: 'paid', credits: 400 })
  }, 120_000)
  afterAll(async () => {
    await web?.close()
    await t?.close()
  })

  async function sharedPage(language: string | undefined) {
    const created = await t.call('POST', '/v2/tasks/create', { url: `${TEST_ORIGIN}/demo-store/products/aurora-pour-over-set` }, token)
    expect(created.status).toBe(201)
    await t.drainJobs()
    const id = created.body.session_id as string
    if (language) {
      const current = await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)
      const saved = await t.call(
        'PUT',
        `/v2/tasks/${id}/page`,
        { page: { ...current.body.page, language }, base_version: current.body.version },
        token,
      )
      expect(saved.status).toBe(200)
    }
    return id
  }

  it('is English for a page without a language', async () => {
    const $ = load(await html(`/share/${await sharedPage(undefined)}`))
    expect($('html').attr('lang')).toBe('en')
    expect($('.pw-page').attr('lang')).toBeUndefined()
    expect($('.shopper-footer').text()).toContain('Made with Pagewright')
  })

  it('says the page’s language, and writes the renderers’ words in it', async () => {
    const id = await sharedPage('es')
    for (const path of [`/share/${id}`, `/sharev2/${id}`]) {
      const $ = load(await html(path))
      expect($('html').attr('lang'), path).toBe('es')
      expect($('.pw-page').attr('lang'), path).toBe('es')
      expect($('.shopper-footer').text(), path).toContain('Hecho con Pagewright')
      const labels = $('[aria-label]')
        .toArray()
        .map((el) => $(el).attr('aria-label'))
      expect(
        labels.some((l) => l?.startsWith('Valoración: ')),
        path,
      ).toBe(true)
      expect(
        labels.some((l) => l?.startsWith('Rated ')),
        path,
      ).toBe(false)
    }
  })
})
