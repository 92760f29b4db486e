import { HttpResponse } from 'msw'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { UNREACHABLE } from '~/.server/api-failure'
import { referralCookie } from '~/.server/session'
import { loader as rootLoader } from '~/root'
import * as login from '~/routes/_blank.account.login'
import * as signUp from '~/routes/_blank.account.sign-up'
import * as verify from '~/routes/_blank.account.verify'
import * as latest from '~/routes/_default.latest'
import { contract } from '../../server/contract'
import { SESSION_ENDED } from '../../server/http/auth-middleware'
import { TOO_MANY_CODE_REQUESTS } from '../../server/modules/auth/service'
import { apiError, mockRoute } from './contract-mocks'
import { CookieJar, body, fakeUser, get, location, post, run, runResponse, sessionCookie, setCookie } from './helpers'
import { createMsw } from './msw'

const msw = createMsw()
beforeAll(() => msw.server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => msw.reset())
afterEach(() => msw.server.resetHandlers())
afterAll(() => msw.server.close())

const sendCodeOk = () => mockRoute(contract.auth.sendCode, () => ({ ok: true, retry_after: 30 }))
const WAIT_12 = 'Please wait 12 seconds before requesting again.'
const sendCodeTooSoon = () => mockRoute(contract.auth.sendCode, () => apiError(429, WAIT_12, { retry_after: 12 }))

/** /v2/auth/me: the user for `token`, 401 for anything else. */
const meFor = (token: string, user = fakeUser()) =>
  mockRoute(contract.auth.me, ({ request }) =>
    request.headers.get('authorization') === `Bearer ${token}` ? user : apiError(401, SESSION_ENDED),
  )

const ERROR_KEYS = ['email', 'name', 'code', '']
/** Every message a conform reply carries (field and form errors). */
async function messages(res: unknown): Promise<string[]> {
  const data = await body(res)
  const errors: Record<string, string[] | null> = data.result?.error ?? {}
  return Object.entries(errors)
    .filter(([k]) => ERROR_KEYS.includes(k))
    .flatMap(([, v]) => v ?? [])
}

describe('login action', () => {
  it('refuses an invalid e-mail with 400 and our form message (reference §8.2), asking the api nothing', async () => {
    const res = await runResponse(login.action, post('/account/login', { email: 'ana@example' }))
    expect(res.status).toBe(400)
    const data = await body(res)
    expect(data.result.error.email).toEqual(['Please enter a valid email'])
    expect(msw.seen).toHaveLength(0)
  })

  it('an empty e-mail is "This field is required"', async () => {
    const res = await runResponse(login.action, post('/account/login', { email: '  ' }))
    expect(res.status).toBe(400)
    expect(await messages(res)).toEqual(['This field is required'])
  })

  it('sends the code and moves to the verify page, remembering the e-mail in the session', async () => {
    msw.server.use(sendCodeOk())
    const res = await runResponse(login.action, post('/account/login', { email: ' Ana@Example.com ' }))
    expect(res.status).toBe(302)
    expect(location(res)).toBe('/account/verify')
    const session = setCookie(res, '__pw_session')
    expect(session?.value).toBeTruthy()
    expect(session?.attributes).toHaveProperty('httponly')

    const calls = msw.to('/v2/auth/send-code', 'POST')
    expect(calls).toHaveLength(1)
    expect(await calls[0].json()).toEqual({ email: 'ana@example.com' })

    // The verify page now knows the address and starts the 30 s resend wait.
    const jar = new CookieJar().take(res)
    const page = await body(await run(verify.loader, get('/account/verify', jar)))
    expect(page.email).toBe('ana@example.com')
    expect(page.waitSeconds).toBe(30)
  })

  it('a filled honeypot looks like success but reaches no api', async () => {
    const res = await runResponse(login.action, post('/account/login', { email: 'bot@example.com', website: 'http://spam.example' }))
    expect(location(res)).toBe('/account/verify')
    expect(res.status).toBe(302)
    expect(msw.seen).toHaveLength(0)
  })

  it('a too-early repeat (429) still lands on verify, with the api text as a warning snackbar', async () => {
    msw.server.use(sendCodeTooSoon())
    const res = await runResponse(login.action, post('/account/login', { email: 'ana@example.com' }))
    expect(location(res)).toBe('/account/verify')
    expect(setCookie(res, '__pw_flash')).toBeDefined()

    const jar = new CookieJar().take(res)
    const root = await body(await run(rootLoader, get('/account/verify', jar)))
    expect(root.toasts).toHaveLength(1)
    expect(root.toasts[0]).toMatchObject({ type: 'warning', text: WAIT_12 })
    // The countdown picks up where the api says.
    const page = await body(await run(verify.loader, get('/account/verify', jar)))
    expect(page.waitSeconds).toBe(12)
  })

  it('shows other api errors on the form with their status', async () => {
    msw.server.use(mockRoute(contract.auth.sendCode, () => apiError(429, TOO_MANY_CODE_REQUESTS)))
    const res = await runResponse(login.action, post('/account/login', { email: 'ana@example.com' }))
    expect(res.status).toBe(429)
    expect(await messages(res)).toEqual(['Too many sign-in requests from your network. Please try again in a few minutes.'])
  })

  it('an upstream 5xx is a 502 with the api text', async () => {
    const text = "We couldn't send the e-mail just now. Please try again in a minute."
    msw.server.use(mockRoute(contract.auth.sendCode, () => apiError(502, text)))
    const res = await runResponse(login.action, post('/account/login', { email: 'ana@example.com' }))
    expect(res.status).toBe(502)
    expect(await messages(res)).toEqual([text])
  })

  it('an unreachable api is a 5xx saying so', async () => {
    msw.server.use(mockRoute(contract.auth.sendCode, () => HttpResponse.error()))
    const res = await runResponse(login.action, post('/account/login', { email: 'ana@example.com' }))
    expect(res.status).toBeGreaterThanOrEqual(500)
    expect(await messages(res)).toEqual([UNREACHABLE])
  })
})

describe('sign-up action', () => {
  it('a missing name is "This field is required", and nothing is sent', async () => {
    const res = await runResponse(signUp.action, post('/account/sign-up', { name: '', email: 'nia@example.com' }))
    expect(res.status).toBe(400)
    const data = await body(res)
    expect(data.result.error.name).toEqual(['This field is required'])
    expect(msw.seen).toHaveLength(0)
  })

  it('sends the name, and no inviter without a referral cookie', async () => {
    msw.server.use(sendCodeOk())
    const res = await runResponse(signUp.action, post('/account/sign-up', { name: ' Nia Okafor ', email: 'nia@example.com' }))
    expect(location(res)).toBe('/account/verify')
    const [call] = msw.to('/v2/auth/send-code', 'POST')
    expect(await call.json()).toEqual({ email: 'nia@example.com', name: 'Nia Okafor' })
  })

  it('sends invited_by from the pw_ref cookie', async () => {
    msw.server.use(sendCodeOk())
    const ref = (await referralCookie.serialize('FRIEND42')).split(';')[0]
    const res = await runResponse(signUp.action, post('/account/sign-up', { name: 'Nia Okafor', email: 'nia@example.com' }, ref))
    expect(location(res)).toBe('/account/verify')
    const [call] = msw.to('/v2/auth/send-code', 'POST')
    expect(await call.json()).toEqual({ email: 'nia@example.com', name: 'Nia Okafor', invited_by: 'FRIEND42' })
  })

  it('the sign-up page says a friend invited you when pw_ref is set', async () => {
    const ref = (await referralCookie.serialize('FRIEND42')).split(';')[0]
    expect((await body(await run(signUp.loader, get('/account/sign-up', ref)))).invited).toBe(true)
    expect((await body(await run(signUp.loader, get('/account/sign-up')))).invited).toBe(false)
  })
})

describe('verify action', () => {
  const emailSession = (extra: Record<string, unknown> = {}) =>
    sessionCookie({ email: 'ana@example.com', lastRequestCode: Date.now(), ...extra })

  it('without a code request in progress, sends the browser back to login', async () => {
    const res = await run(verify.action, post('/account/verify', { intent: 'verify', code: '123456' }))
    expect(location(res)).toBe('/account/login')
    expect(msw.seen).toHaveLength(0)
  })

  it('"12a456" is refused with 400 "This field can only contain numbers"', async () => {
    const res = await runResponse(verify.action, post('/account/verify', { intent: 'verify', code: '12a456' }, await emailSession()))
    expect(res.status).toBe(400)
    const data = await body(res)
    expect(data.result.error.code).toEqual(['This field can only contain numbers'])
    expect(msw.seen).toHaveLength(0)
  })

  it('a wrong code shows the api message under the code field', async () => {
    const wrong = 'That code is not correct. You have 4 tries left.'
    msw.server.use(mockRoute(contract.auth.verify, () => apiError(400, wrong, { field: 'code' })))
    const res = await runResponse(verify.action, post('/account/verify', { intent: 'verify', code: '123456' }, await emailSession()))
    expect(res.status).toBe(400)
    const data = await body(res)
    expect(data.result.error.code).toEqual([wrong])
    expect(setCookie(res, '__pw_session')).toBeUndefined()
    // The e-mail comes from the session, never from the form.
    const [call] = msw.to('/v2/auth/verify', 'POST')
    expect(await call.json()).toEqual({ email: 'ana@example.com', code: '123456' })
  })

  it('a tab left on the page of an address another tab has since replaced is told so; its code is not tried, nothing is sent', async () => {
    const other =
      'This page was for bob@example.com, but a code has since been asked for ana@example.com in another tab or window. Enter the code sent to ana@example.com, or use a different e-mail to ask for bob@example.com again.'
    const cookie = await emailSession()
    const res = await runResponse(
      verify.action,
      post('/account/verify', { intent: 'verify', code: '123456', shown_email: 'bob@example.com' }, cookie),
    )
    expect(res.status).toBe(409)
    expect(await messages(res)).toEqual([other])
    const resend = await runResponse(verify.action, post('/account/verify', { intent: 'resend', shown_email: 'bob@example.com' }, cookie))
    expect(resend.status).toBe(409)
    expect((await body(resend)).resendError).toBe(other)
    expect(msw.seen).toHaveLength(0)
    // The page this tab shows next names the address the session holds.
    const page = await body(await run(verify.loader, get('/account/verify', cookie)))
    expect(page.email).toBe('ana@example.com')
  })

  it('the same address in another case is the same page: the code is tried', async () => {
    msw.server.use(mockRoute(contract.auth.verify, () => apiError(400, 'nope', { field: 'code' })))
    const res = await runResponse(
      verify.action,
      post('/account/verify', { intent: 'verify', code: '123456', shown_email: 'Ana@Example.com' }, await emailSession()),
    )
    expect(res.status).toBe(400)
    expect(msw.to('/v2/auth/verify', 'POST')).toHaveLength(1)
  })

  it('the e-mail in the form is ignored: the session decides who signs in', async () => {
    msw.server.use(mockRoute(contract.auth.verify, () => apiError(400, 'nope')))
    await run(verify.action, post('/account/verify', { intent: 'verify', code: '123456', email: 'eve@example.com' }, await emailSession()))
    expect(await msw.to('/v2/auth/verify')[0].json()).toMatchObject({ email: 'ana@example.com' })
  })

  it('the right code signs in: redirect home with a session cookie holding the token', async () => {
    const user = fakeUser()
    msw.server.use(
      mockRoute(contract.auth.verify, () => ({
        access_token: 'pwt_good',
        expires_in: 2_592_000,
        token_type: 'bearer',
        user,
        new_account: false,
      })),
      meFor('pwt_good', user),
      mockRoute(contract.tasks.list, () => ({
        items: [],
        total: 0,
        page: 1,
        page_size: 24,
        hidden: { count: 0, next_ready_at: null },
        waiting: [],
      })),
    )
    const jar = new CookieJar()
    jar.take(await referralCookie.serialize('FRIEND42'))
    jar.take(await emailSession())
    const res = await runResponse(verify.action, post('/account/verify', { intent: 'verify', code: '123456' }, jar))
    expect(res.status).toBe(302)
    expect(location(res)).toBe('/')
    expect(setCookie(res, '__pw_session')?.clears).toBe(false)
    expect(setCookie(res, 'pw_ref')?.clears).toBe(true)
    jar.take(res)
    expect(jar.has('pw_ref')).toBe(false)

    // A guarded page now opens, with the token sent to the api.
    msw.reset()
    const page = await runResponse(latest.loader, get('/latest', jar))
    expect(page.status).toBe(200)
    expect((await body(page)).user).toEqual(user)
    expect(msw.to('/v2/auth/me')[0].headers.get('authorization')).toBe('Bearer pwt_good')
    expect(msw.to('/v2/tasks/')[0].headers.get('authorization')).toBe('Bearer pwt_good')
    // And the root loader shows the user.
    expect((await body(await run(rootLoader, get('/latest', jar)))).user).toEqual(user)
  })

  it("goes on to the page the person was headed for (the verify page's redirectTo, not the shared session's)", async () => {
    msw.server.use(
      mockRoute(contract.auth.verify, () => ({
        access_token: 'pwt_good',
        expires_in: 2_592_000,
        token_type: 'bearer',
        user: fakeUser(),
        new_account: false,
      })),
    )
    // Another tab's login wrote its target into the shared cookie: this tab keeps its own.
    const cookie = await emailSession({ redirectTo: '/latest' })
    const res = await run(
      verify.action,
      post('/account/verify?redirectTo=%2Fproducts%3Ftab%3D2', { intent: 'verify', code: '123456' }, cookie),
    )
    expect(location(res)).toBe('/products?tab=2')
  })

  it('login → verify keeps a safe redirectTo and drops an unsafe one', async () => {
    msw.server.use(
      sendCodeOk(),
      mockRoute(contract.auth.verify, () => ({
        access_token: 'pwt_good',
        expires_in: 2_592_000,
        token_type: 'bearer',
        user: fakeUser(),
        new_account: false,
      })),
    )
    for (const [redirectTo, expected] of [
      ['/subscription', '/subscription'],
      ['//evil.example/x', '/'],
      ['https://evil.example', '/'],
    ]) {
      const jar = new CookieJar()
      const sent = await runResponse(login.action, post('/account/login', { email: 'ana@example.com', redirectTo }))
      jar.take(sent)
      // The verify form posts back to its own address.
      const res = await run(verify.action, post(location(sent), { intent: 'verify', code: '123456' }, jar))
      expect(location(res), redirectTo).toBe(expected)
    }
  })

  it('resend too early: 429 with the api message word for word', async () => {
    msw.server.use(sendCodeTooSoon())
    const res = await runResponse(verify.action, post('/account/verify', { intent: 'resend' }, await emailSession()))
    expect(res.status).toBe(429)
    const data = await body(res)
    expect(data.resendError).toBe(WAIT_12)
  })

  it('resend sends the session e-mail and name again and stays on verify', async () => {
    msw.server.use(sendCodeOk())
    const cookie = await emailSession({ name: 'Ana Lima' })
    const res = await runResponse(verify.action, post('/account/verify', { intent: 'resend' }, cookie))
    expect(location(res)).toBe('/account/verify')
    const [call] = msw.to('/v2/auth/send-code', 'POST')
    expect(await call.json()).toEqual({ email: 'ana@example.com', name: 'Ana Lima' })
  })
})

describe('guards', () => {
  it('requireUser without a cookie: to login, coming back afterwards', async () => {
    const res = await runResponse(latest.loader, get('/latest'))
    expect(res.status).toBe(302)
    expect(location(res)).toBe('/account/login?redirectTo=%2Flatest')
    expect(setCookie(res, '__pw_session')).toBeUndefined()
    expect(msw.seen).toHaveLength(0)
  })

  it('requireUser keeps the query in redirectTo', async () => {
    expect(location(await run(latest.loader, get('/latest?page=2&q=a b')))).toBe(
      `/account/login?redirectTo=${encodeURIComponent('/latest?page=2&q=a%20b')}`,
    )
  })

  it('requireUser with a token the api rejects (401): to login, and the session cookie is cleared', async () => {
    msw.server.use(meFor('pwt_other'))
    const res = await runResponse(latest.loader, get('/latest', await sessionCookie({ token: 'pwt_revoked' })))
    expect(res.status).toBe(302)
    expect(location(res)).toMatch(/^\/account\/login(\?|$)/)
    const cleared = setCookie(res, '__pw_session')
    expect(cleared?.clears).toBe(true)
    expect(cleared?.value).toBe('')
  })

  it('requireUser during an api outage does not sign the person out', async () => {
    msw.server.use(mockRoute(contract.auth.me, () => apiError(503, 'Something went wrong on our side.')))
    const outcome = await run(latest.loader, get('/latest', await sessionCookie({ token: 'pwt_good' }))).catch((e: unknown) => e)
    // The api's 503 is a page with that status and its message: no redirect, the session cookie kept.
    expect(outcome).toBeInstanceOf(Response)
    const res = outcome as Response
    expect(res.status).toBe(503)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await res.json()).toEqual({ message: 'Something went wrong on our side.' })
  })

  it('requireAnonymous lets an anonymous person see the login page', async () => {
    const data = await body(await run(login.loader, get('/account/login?redirectTo=/products')))
    expect(data).toEqual({ redirectTo: '/products', googleEnabled: false })
  })

  it('requireAnonymous lets a person with a dead token log in again', async () => {
    msw.server.use(meFor('pwt_other'))
    const data = await body(await run(login.loader, get('/account/login', await sessionCookie({ token: 'pwt_revoked' }))))
    expect(data.redirectTo).toBeNull()
  })

  describe('requireAnonymous with a valid token', () => {
    it.each([
      ['/account/login', '/'],
      ['/account/login?redirectTo=%2Fproducts%3Fa%3D1', '/products?a=1'],
      ['/account/login?redirectTo=https%3A%2F%2Fevil.example', '/'],
      ['/account/login?redirectTo=%2F%2Fevil.example', '/'],
      ['/account/login?redirectTo=%2F%5Cevil.example', '/'],
    ])('%s → %s', async (url, expected) => {
      msw.server.use(meFor('pwt_good'))
      const res = await runResponse(login.loader, get(url, await sessionCookie({ token: 'pwt_good' })))
      expect(res.status).toBe(302)
      expect(location(res)).toBe(expected)
    })

    it('also on sign-up and verify', async () => {
      msw.server.use(meFor('pwt_good'))
      const cookie = await sessionCookie({ token: 'pwt_good', email: 'ana@example.com' })
      expect(location(await run(signUp.loader, get('/account/sign-up', cookie)))).toBe('/')
      expect(location(await run(verify.action, post('/account/verify', { intent: 'verify', code: '123456' }, cookie)))).toBe('/')
      expect(msw.to('/v2/auth/verify')).toHaveLength(0)
    })
  })
})
