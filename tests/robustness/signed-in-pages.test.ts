/**
 * Signed-in lists and page views kept in memory per viewer (server/http/signed-in-front.ts), against the built
 * server on each database: whatever changes a person's rows — their own form posts, the worker
 * finishing a page, another tab, signing out — shows on their next read, and nobody else is answered with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieJar, request } from '../../scripts/bench/http'
import { sleep, type Product } from '../../scripts/bench/product'
import { signUp } from '../../scripts/bench/session'
import { DB_KINDS, type DbKind } from '../helpers/db'
import { startServerOn, type Server } from './server-on'

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const creditsIn = (html: string) => Number(/"remaining_credit_count":(\d+)/.exec(html)?.[1])
const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""')

describe.each(DB_KINDS)('signed-in lists from memory on %s', (kind: DbKind) => {
  let server: Server
  let product: Product

  beforeAll(async () => {
    server = await startServerOn(kind)
    product = server.product
  })
  afterAll(() => server?.stop())

  /** A browser of one person: keeps what the server sets, as a browser does. */
  function browser(cookie: string) {
    const jar = new CookieJar()
    jar.update({ 'set-cookie': cookie.split('; ') })
    const send = async (path: string, init: { method?: string; body?: string; cookie?: string } = {}) => {
      const headers: Record<string, string> = { cookie: init.cookie ?? jar.header() }
      if (init.body !== undefined) Object.assign(headers, { 'content-type': 'application/x-www-form-urlencoded', origin: product.baseUrl })
      const res = await request(product.baseUrl + path, { method: init.method, headers, body: init.body })
      if (!init.cookie) jar.update(res.headers)
      return { status: res.status, location: String(res.headers.location ?? ''), html: res.body.toString() }
    }
    return {
      cookie: () => jar.header(),
      get: (path: string, cookie?: string) => send(path, { cookie }),
      post: (path: string, fields: Record<string, string>) => send(path, { method: 'POST', body: form(fields) }),
      /** A read after the one that takes a flashed message away: the cookies are as before the post. */
      async after(path: string) {
        await send(path)
        await sleep(50)
        return send(path)
      },
    }
  }

  it('a form post, the worker and signing out each show on the next read; another person never gets the page', async () => {
    const ana = browser((await signUp(product)).cookie)
    const bo = browser((await signUp(product)).cookie)

    const first = await ana.get('/')
    await sleep(50)
    const again = await ana.get('/')
    expect(again.status).toBe(200)
    expect(withoutNonces(again.html)).toBe(withoutNonces(first.html))
    const credits = creditsIn(again.html)
    const cookieBefore = ana.cookie()

    // Her own form post: the debit shows at once, and the page as soon as the worker finishes it.
    const made = await ana.post('/generate', {
      mode: 'url',
      intent: 'generate',
      url: `${product.baseUrl}/demo-store/products/aurora-pour-over-set`,
    })
    expect(made.status).toBe(302)
    const sessionId = /session_id=([0-9a-f-]{36})/.exec(made.location)![1]
    const next = await ana.after('/')
    expect(ana.cookie()).toBe(cookieBefore) // the same key as the page kept before the post
    expect(creditsIn(next.html)).toBe(credits - 40)
    let listed = false
    for (let i = 0; i < 100 && !listed; i++) {
      listed = (await ana.get('/')).html.includes(sessionId)
      if (!listed) await sleep(200)
    }
    expect(listed).toBe(true)
    await bo.get('/')
    expect((await bo.get('/')).html).not.toContain(sessionId)

    // The owner's page view is kept as well. A change that reaches it only through the database (her
    // post from another tab, whose cookies this web has never seen) shows on the next read.
    const view = `/productv2/${sessionId}`
    const shown = await ana.get(view)
    await sleep(50)
    expect(withoutNonces((await ana.get(view)).html)).toBe(withoutNonces(shown.html))
    expect(shown.html).toContain('Public · Make private')
    const otherTab = await request(product.baseUrl + view, {
      method: 'POST',
      headers: { cookie: `${ana.cookie()}; pw_other_tab=1`, 'content-type': 'application/x-www-form-urlencoded', origin: product.baseUrl },
      body: form({ intent: 'make-private', session_id: sessionId }),
    })
    expect(otherTab.status).toBe(302)
    let privateShown = false
    for (let i = 0; i < 20 && !privateShown; i++) {
      privateShown = (await ana.get(view)).html.includes('Private · Make public')
      if (!privateShown) await sleep(50)
    }
    expect(privateShown).toBe(true)
    expect((await bo.get(view)).status).toBe(404)

    // Archiving moves it between the views at once.
    await ana.get('/?view=archived')
    await sleep(50)
    expect((await ana.post('/?index', { intent: 'archive', session_id: sessionId })).status).toBe(302)
    expect((await ana.after('/')).html).not.toContain(sessionId)
    expect((await ana.get('/?view=archived')).html).toContain(sessionId)

    // Signing out revokes the token: a copy of the old cookies is sent to sign in, never given the kept list.
    const copy = ana.cookie()
    expect((await ana.get('/', copy)).status).toBe(200)
    expect((await ana.post('/account/logout', {})).status).toBe(302)
    const stolen = await ana.get('/', copy)
    expect(stolen.status).toBe(302)
    expect(stolen.location).toMatch(/^\/account\/login/)
  })
})
