/**
 * A sign-in goes back to where its own tab was going. Two tabs share one cookie jar (as they share
 * the browser's cookies); each carries its target in its verify page's address. Against the real
 * api in process (PGlite, and Postgres when TEST_DATABASE_URL is set).
 */
import { randomUUID } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as login from '~/routes/_blank.account.login'
import * as signUp from '~/routes/_blank.account.sign-up'
import * as verify from '~/routes/_blank.account.verify'
import { guideStart } from '../../server/domain/onboarding'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { CookieJar, body, get, location, post, run, runResponse, sessionCookie } from './helpers'

describe.each(DB_KINDS)('sign-in target per tab on %s', (kind) => {
  let t: TestApi
  const ctx: AppLoadContext = {
    apiFetch: (req) => Promise.resolve(t.app.fetch(req, { inProcess: true })),
    clientIp: '198.51.100.23',
  }

  beforeAll(async () => {
    t = await createTestApi(kind)
  })
  afterAll(() => t?.close())

  let n = 0
  /** A fresh account that exists already (a returning login lands on `/` without a target). */
  async function returningEmail() {
    const email = `tab-${++n}@example.com`
    await t.signIn(email, 'Tess Tabs')
    return email
  }
  const lastCode = (email: string) => t.mails.filter((m) => m.to === email).at(-1)!.code

  /** A tab asks for a code on the login page it was sent to; returns the verify page it lands on. */
  async function startLogin(jar: CookieJar, email: string, redirectTo: string) {
    const page = await body(await run(login.loader, get(`/account/login?${new URLSearchParams({ redirectTo })}`, jar), { context: ctx }))
    // The login form posts what the page put in its hidden field.
    const sent = await runResponse(login.action, post('/account/login', { email, redirectTo: page.redirectTo }, jar), { context: ctx })
    jar.take(sent)
    return location(sent)
  }
  /** The tab types the e-mailed code on its verify page (the form posts back to the page's address). */
  async function typeCode(jar: CookieJar, verifyPage: string, email: string) {
    const res = await runResponse(verify.action, post(verifyPage, { intent: 'verify', code: lastCode(email) }, jar), { context: ctx })
    jar.take(res)
    return location(res)
  }

  it('two tabs log in for different pages: each lands on its own, whichever finishes first', async () => {
    for (const firstToFinish of ['a', 'b'] as const) {
      const email = await returningEmail()
      const browser = new CookieJar()
      const tabA = await startLogin(browser, email, '/subscription')
      // The second tab asks within the 30 s wait: no second mail, but it still reaches its verify page.
      const tabB = await startLogin(browser, email, '/latest?page=2')
      expect(tabA).toBe('/account/verify?redirectTo=%2Fsubscription')
      expect(tabB).toBe('/account/verify?redirectTo=%2Flatest%3Fpage%3D2')

      if (firstToFinish === 'a') {
        expect(await typeCode(browser, tabA, email)).toBe('/subscription')
        // Tab B, signed in meanwhile: typing the code (or coming back to it) goes on to its own page.
        expect(await typeCode(browser, tabB, email)).toBe('/latest?page=2')
        expect(location(await run(verify.loader, get(tabB, browser), { context: ctx }))).toBe('/latest?page=2')
      } else {
        expect(await typeCode(browser, tabB, email)).toBe('/latest?page=2')
        expect(await typeCode(browser, tabA, email)).toBe('/subscription')
      }
    }
  })

  it.each(['//evil.example', 'https://evil.example', '/\\evil', '/\\evil.example/x'])(
    'an off-site target (%s) lands on /, while the other tab still lands on its own',
    async (evil) => {
      const email = await returningEmail()
      const browser = new CookieJar()
      const good = await startLogin(browser, email, '/latest')
      const bad = await startLogin(browser, email, evil)
      expect(bad).toBe('/account/verify')
      expect(await typeCode(browser, bad, email)).toBe('/')
      expect(location(await run(verify.loader, get(good, browser), { context: ctx }))).toBe('/latest')
    },
  )

  it('a verify address edited to point off-site lands on /', async () => {
    const email = await returningEmail()
    const browser = new CookieJar()
    await startLogin(browser, email, '/latest')
    const edited = `/account/verify?${new URLSearchParams({ redirectTo: '//evil.example' })}`
    expect(await typeCode(browser, edited, email)).toBe('/')
  })

  it('a new account keeps its tab: the guide its sign-up link named, or the page another tab was going to', async () => {
    const email = 'nova@example.com'
    const browser = new CookieJar()
    const signUpIn = async (path: string) => {
      const query = Object.fromEntries(new URL(path, 'http://x').searchParams)
      const res = await runResponse(signUp.action, post(path, { name: 'Nova New', email, ...query }, browser), { context: ctx })
      browser.take(res)
      return location(res)
    }
    const guided = await signUpIn('/account/sign-up?guide=v1')
    const going = await signUpIn('/account/sign-up?redirectTo=%2Fgenerate')
    expect(guided).toBe('/account/verify?guide=v1')
    expect(going).toBe('/account/verify?redirectTo=%2Fgenerate')
    // The code makes the account in the guided tab: it starts guide v1, the other tab goes on to /generate.
    expect(await typeCode(browser, guided, email)).toBe(guideStart('v1'))
    expect(location(await run(verify.loader, get(going, browser), { context: ctx }))).toBe('/generate')
  })

  it('an install from Shopify still lands where its rule says: an existing account on its products, a new one in guide v1', async () => {
    for (const [email, landing] of [
      [await returningEmail(), '/products'],
      ['installer@example.com', guideStart('v1')],
    ]) {
      t.clock.advance(31_000)
      expect((await t.call('POST', '/v2/auth/send-code', { email })).status).toBe(200)
      // What the install callback leaves in the session (it sends the browser to a plain /account/verify).
      const browser = new CookieJar()
      browser.take(
        await sessionCookie({
          email,
          lastRequestCode: Date.now(),
          guide: 'v1',
          shopifyLoginSessionId: randomUUID(),
          fromShopifySignUp: true,
        }),
      )
      expect(await typeCode(browser, '/account/verify', email)).toBe(landing)
    }
  })
})
