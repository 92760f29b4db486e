/**
 * The web's loaders and actions against the real api, in process, on a real database (PGlite,
 * and Postgres when TEST_DATABASE_URL is set). No mocks between the form and the database.
 */
import type { AppLoadContext } from '@remix-run/node'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as rootLoader } from '~/root'
import * as login from '~/routes/_blank.account.login'
import * as signUp from '~/routes/_blank.account.sign-up'
import * as verify from '~/routes/_blank.account.verify'
import * as referral from '~/routes/_blank.r.$id'
import * as latest from '~/routes/_default.latest'
import * as logout from '~/routes/account.logout'
import { referrals, users } from '../../server/db/schema'
import { DEFAULT_GUIDE_FLOW, guideStart } from '../../server/domain/onboarding'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { CookieJar, body, get, location, post, run, runResponse, setCookie } from './helpers'

describe.each(DB_KINDS)('web against the in-process api on %s', (kind) => {
  let t: TestApi
  /** The load context server/web-server.ts gives the web: the in-process api, and the browser's address. */
  const ctx: AppLoadContext = {
    apiFetch: (req) => Promise.resolve(t.app.fetch(req, { inProcess: true })),
    clientIp: '198.51.100.7',
  }

  beforeAll(async () => {
    t = await createTestApi(kind)
  })
  afterAll(() => t?.close())

  const lastCodeFor = (email: string) => {
    const mail = t.mails.filter((m) => m.to === email).at(-1)
    if (!mail) throw new Error(`no mail to ${email}`)
    return mail.code
  }

  it('sign up → code by e-mail → verify → guarded page → log out → the old cookie is refused', async () => {
    const jar = new CookieJar()
    const signedUp = await runResponse(signUp.action, post('/account/sign-up', { name: 'Nia Okafor', email: 'Nia@Example.com' }, jar), {
      context: ctx,
    })
    expect(location(signedUp)).toBe('/account/verify')
    jar.take(signedUp)

    // The verify page knows the address the code went to.
    expect((await body(await run(verify.loader, get('/account/verify', jar), { context: ctx }))).email).toBe('nia@example.com')
    const code = lastCodeFor('nia@example.com')
    expect(code).toMatch(/^\d{6}$/)

    const verified = await runResponse(verify.action, post('/account/verify', { intent: 'verify', code }, jar), { context: ctx })
    expect(verified.status).toBe(302)
    // A new account lands on the first step of the default guide (ONBOARDING_FLOW unset: v3).
    expect(location(verified)).toBe(guideStart(DEFAULT_GUIDE_FLOW))
    jar.take(verified)

    const page = await runResponse(latest.loader, get('/latest', jar), { context: ctx })
    expect(page.status).toBe(200)
    expect(await body(page)).toMatchObject({ items: [], total: 0, user: { email: 'nia@example.com' } })
    const root = await body(await run(rootLoader, get('/latest', jar), { context: ctx }))
    expect(root.user).toMatchObject({ email: 'nia@example.com', name: 'Nia Okafor', first_name: 'Nia', role: 'free' })
    // Signed in, the login page sends the person on.
    expect(location(await run(login.loader, get('/account/login?redirectTo=%2Fproducts', jar), { context: ctx }))).toBe('/products')

    const stolen = jar.clone()
    const loggedOut = await runResponse(logout.action, post('/account/logout', {}, jar), { context: ctx })
    expect(location(loggedOut)).toBe('/account/login')
    jar.take(loggedOut)
    expect(jar.has('__pw_session')).toBe(false)
    expect(location(await run(latest.loader, get('/latest', jar), { context: ctx }))).toBe('/account/login?redirectTo=%2Flatest')

    // The cookie from before the logout holds a revoked token: refused, and cleared.
    const refused = await runResponse(latest.loader, get('/latest', stolen), { context: ctx })
    expect(location(refused)).toBe('/account/login?redirectTo=%2Flatest')
    expect(setCookie(refused, '__pw_session')?.clears).toBe(true)
    const after = await body(await run(rootLoader, get('/', stolen), { context: ctx }))
    expect(after.user).toBeNull()
    expect(after.userFetchFailed).toBe(false)
  })

  it('five wrong codes kill the code: the right one is refused after, until a new code is requested', async () => {
    const email = 'ana@example.com'
    const jar = new CookieJar()
    jar.take(await runResponse(login.action, post('/account/login', { email }), { context: ctx }))
    const code = lastCodeFor(email)
    const wrong = code === '000000' ? '111111' : '000000'

    const seen: string[] = []
    for (let i = 0; i < 5; i++) {
      const res = await runResponse(verify.action, post('/account/verify', { intent: 'verify', code: wrong }, jar), { context: ctx })
      expect(res.status).toBe(400)
      expect(setCookie(res, '__pw_session')).toBeUndefined()
      seen.push(...(await body(res)).result.error.code)
    }
    expect(seen).toEqual([
      'That code is not correct. You have 4 tries left.',
      'That code is not correct. You have 3 tries left.',
      'That code is not correct. You have 2 tries left.',
      'That code is not correct. You have 1 try left.',
      'That code is not correct. Please request a new code.',
    ])

    const late = await runResponse(verify.action, post('/account/verify', { intent: 'verify', code }, jar), { context: ctx })
    expect(late.status).toBe(400)
    expect((await body(late)).result.error.code).toEqual(['This code has expired or was already used. Please request a new one.'])
    expect(setCookie(late, '__pw_session')).toBeUndefined()
    expect(location(await run(latest.loader, get('/latest', jar), { context: ctx }))).toBe('/account/login?redirectTo=%2Flatest')

    // Asking again at once is refused with the api's wait, word for word.
    const tooSoon = await runResponse(verify.action, post('/account/verify', { intent: 'resend' }, jar), { context: ctx })
    expect(tooSoon.status).toBe(429)
    expect((await body(tooSoon)).resendError).toMatch(/^Please wait \d+ seconds? before requesting again\.$/)

    // After the 30 s wait a new code is sent, and it works.
    t.clock.advance(31_000)
    const resent = await runResponse(verify.action, post('/account/verify', { intent: 'resend' }, jar), { context: ctx })
    expect(location(resent)).toBe('/account/verify')
    jar.take(resent)
    const fresh = lastCodeFor(email)
    expect(fresh).not.toBe(code)
    const ok = await runResponse(verify.action, post('/account/verify', { intent: 'verify', code: fresh }, jar), { context: ctx })
    // The code made the account (a login form, but a new e-mail): it starts the guide.
    expect(location(ok)).toBe(guideStart(DEFAULT_GUIDE_FLOW))
    jar.take(ok)
    const page = await runResponse(latest.loader, get('/latest', jar), { context: ctx })
    expect(page.status).toBe(200)
    expect((await body(page)).user.email).toBe(email)
  })

  it('a code works once', async () => {
    t.clock.advance(31_000)
    const email = 'once@example.com'
    const first = new CookieJar().take(await runResponse(login.action, post('/account/login', { email }), { context: ctx }))
    const second = first.clone()
    const code = lastCodeFor(email)
    expect(location(await run(verify.action, post('/account/verify', { intent: 'verify', code }, first), { context: ctx }))).toBe(
      guideStart(DEFAULT_GUIDE_FLOW),
    )
    const again = await runResponse(verify.action, post('/account/verify', { intent: 'verify', code }, second), { context: ctx })
    expect(again.status).toBe(400)
    expect((await body(again)).result.error.code).toEqual(['This code has expired or was already used. Please request a new one.'])
  })

  it('fromSignUp and fromLogin: a new account starts its guide, a returning one goes home or back, never into a guide', async () => {
    t.clock.advance(31_000)
    const email = 'returning@example.com'
    const signUpLink = '/account/sign-up?guide=v1'
    const codeThrough = async (jar: CookieJar, path: string, form: Record<string, string>) => {
      const { searchParams } = new URL(path, 'http://x')
      const full = { ...form, ...Object.fromEntries(searchParams) }
      jar.take(await runResponse(signUp.action, post(path, full, jar), { context: ctx }))
      const verified = await runResponse(verify.action, post('/account/verify', { intent: 'verify', code: lastCodeFor(email) }, jar), {
        context: ctx,
      })
      jar.take(verified)
      return verified
    }
    // The sign-up link names guide v1: the new account starts there, flagged fromSignUp.
    const first = new CookieJar()
    const created = await codeThrough(first, signUpLink, { name: 'Rui Returning', email })
    expect(location(created)).toBe(guideStart('v1'))
    expect(setCookie(created, '__pw_ui')?.value).toBeTruthy()

    // The same link later, for the account that now exists: home, not the guide (fromLogin).
    t.clock.advance(31_000)
    const back = await codeThrough(new CookieJar(), signUpLink, { name: 'Rui Returning', email })
    expect(location(back)).toBe('/')
    // And a login on its way somewhere goes back there.
    t.clock.advance(31_000)
    const jar = new CookieJar()
    const sent = await runResponse(login.action, post('/account/login', { email, redirectTo: '/latest?view=grid' }), { context: ctx })
    jar.take(sent)
    // The verify page carries where this tab is going; its form posts back to it.
    const verified = await runResponse(verify.action, post(location(sent), { intent: 'verify', code: lastCodeFor(email) }, jar), {
      context: ctx,
    })
    expect(location(verified)).toBe('/latest?view=grid')
  })

  it('a referral link and a gclid seen before signing up end up on the new account', async () => {
    t.clock.advance(31_000)
    const inviter = await t.signIn('inviter@example.com', 'Ivo Inviter')
    const jar = new CookieJar()
    jar.take(
      await runResponse(referral.loader, get(`/r/${inviter.user.invitation_code}`), {
        params: { id: inviter.user.invitation_code },
        context: ctx,
      }),
    )
    jar.take(await runResponse(rootLoader, get('/?gclid=ad-click-1', jar), { context: ctx }))
    expect(jar.has('pw_ref')).toBe(true)
    expect(jar.has('pw_prefs')).toBe(true)

    jar.take(
      await runResponse(signUp.action, post('/account/sign-up', { name: 'Gus Guest', email: 'gus@example.com' }, jar), { context: ctx }),
    )
    const done = await runResponse(
      verify.action,
      post('/account/verify', { intent: 'verify', code: lastCodeFor('gus@example.com') }, jar),
      {
        context: ctx,
      },
    )
    expect(location(done)).toBe(guideStart(DEFAULT_GUIDE_FLOW))
    jar.take(done)
    expect(jar.has('pw_ref')).toBe(false)

    const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, 'gus@example.com'))
    expect(row.gclid).toBe('ad-click-1')
    const [ref] = await t.deps.database.db.select().from(referrals).where(eq(referrals.inviteeId, row.id))
    expect(ref?.inviterId).toBe(inviter.user.id)
  })
})
