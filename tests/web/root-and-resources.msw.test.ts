import { HttpResponse } from 'msw'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { preferencesCookie, referralCookie } from '~/.server/session'
import { loader as rootLoader } from '~/root'
import * as referral from '~/routes/_blank.r.$id'
import * as notFound from '~/routes/_default.$'
import * as logout from '~/routes/account.logout'
import * as checkout from '~/routes/resources.checkout'
import { contract } from '../../server/contract'
import { PAYMENTS_NOT_CONFIGURED } from '../../server/domain/billing'
import { DEFAULT_UPGRADE_TITLE_PAID } from '../../server/domain/permissions'
import type { Plan } from '../../server/domain/plans'
import { SESSION_ENDED, SIGN_IN_FIRST } from '../../server/http/auth-middleware'
import { apiError, mockRoute } from './contract-mocks'
import { CookieJar, body, fakeUser, get, location, post, run, runResponse, sessionCookie, setCookie } from './helpers'
import { createMsw } from './msw'

const msw = createMsw()
beforeAll(() => msw.server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => msw.reset())
afterEach(() => msw.server.resetHandlers())
afterAll(() => msw.server.close())

const meFor = (token: string, user = fakeUser()) =>
  mockRoute(contract.auth.me, ({ request }) =>
    request.headers.get('authorization') === `Bearer ${token}` ? user : apiError(401, SESSION_ENDED),
  )

const PLANS: Plan[] = [
  {
    id: 1,
    type: 'recurring',
    active: true,
    billing_cycle: 'month',
    amount: 19,
    value: 19,
    name: 'Pro 400',
    credit_value_month: 400,
    is_default: true,
    stripe_price_id: null,
    stripe_price_id_dev: null,
    version: '2',
  },
]

const loadRoot = async (url: string, cookie?: CookieJar | string) => {
  const res = await runResponse(rootLoader, get(url, cookie))
  return { res, data: await body(res.clone()) }
}

describe('root loader', () => {
  it('anonymous, no dialog: no user, no plans, and no api call', async () => {
    const { data } = await loadRoot('/')
    expect(data).toMatchObject({ user: null, userFetchFailed: false, toasts: [], plans: null, plansFailed: false })
    expect(msw.seen).toHaveLength(0)
  })

  it('?dialog=upgrade loads the plans', async () => {
    msw.server.use(mockRoute(contract.billing.plans, () => PLANS))
    const { data } = await loadRoot('/products?dialog=upgrade')
    expect(data.plans).toEqual(PLANS)
    expect(data.plansFailed).toBe(false)
    expect(msw.to('/v2/subscription/plans')[0].path).toBe('/v2/subscription/plans?version=2')
  })

  it('failing plans (500, after the one retry) give plansFailed and still render', async () => {
    // Bodiless: see the note in api-client.msw.test.ts on msw and body.cancel().
    msw.server.use(mockRoute(contract.billing.plans, () => new HttpResponse(null, { status: 500 })))
    const { res, data } = await loadRoot('/products?dialog=upgrade')
    expect(res.status).toBe(200)
    expect(data.plans).toBeNull()
    expect(data.plansFailed).toBe(true)
    expect(msw.to('/v2/subscription/plans')).toHaveLength(2)
  })

  it('shows the signed-in user', async () => {
    msw.server.use(meFor('pwt_good'))
    const { data } = await loadRoot('/', await sessionCookie({ token: 'pwt_good' }))
    expect(data.user).toEqual(fakeUser())
    expect(data.userFetchFailed).toBe(false)
  })

  it('a user fetch outage (503) is user: null, userFetchFailed: true, keeps the session, and does not throw', async () => {
    msw.server.use(mockRoute(contract.auth.me, () => apiError(503, 'Maintenance.')))
    const { res, data } = await loadRoot('/', await sessionCookie({ token: 'pwt_good' }))
    expect(res.status).toBe(200)
    expect(data.user).toBeNull()
    expect(data.userFetchFailed).toBe(true)
    expect(setCookie(res, '__pw_session')).toBeUndefined()
    expect(msw.to('/v2/auth/me')).toHaveLength(1)
  })

  it('a rejected token (401) clears the session', async () => {
    msw.server.use(meFor('pwt_other'))
    const { res, data } = await loadRoot('/', await sessionCookie({ token: 'pwt_revoked' }))
    expect(data.user).toBeNull()
    expect(data.userFetchFailed).toBe(false)
    expect(setCookie(res, '__pw_session')?.clears).toBe(true)
  })

  it('?gclid=abc when anonymous is kept in pw_prefs and not sent', async () => {
    const { res } = await loadRoot('/?gclid=abc')
    const prefs = setCookie(res, 'pw_prefs')
    expect(prefs).toBeDefined()
    expect(await preferencesCookie.parse(`pw_prefs=${prefs!.value}`)).toEqual({ gclid: 'abc' })
    expect(msw.seen).toHaveLength(0)
  })

  it('?gclid=abc when signed in is sent to the api once', async () => {
    msw.server.use(
      meFor('pwt_good'),
      mockRoute(contract.auth.updateClid, () => ({ ok: true, gclid: 'abc', fbclid: null })),
    )
    const jar = new CookieJar().take(await sessionCookie({ token: 'pwt_good' }))
    const first = await loadRoot('/?gclid=abc', jar)
    const calls = msw.to('/v2/auth/update-clid', 'POST')
    expect(calls).toHaveLength(1)
    expect(await calls[0].json()).toEqual({ gclid: 'abc' })
    expect(calls[0].headers.get('authorization')).toBe('Bearer pwt_good')
    expect(setCookie(first.res, 'pw_prefs')).toBeDefined()

    // The next pages (same click id still in the URL, or not) do not send it again.
    jar.take(first.res)
    await loadRoot('/?gclid=abc', jar)
    await loadRoot('/products', jar)
    expect(msw.to('/v2/auth/update-clid')).toHaveLength(1)

    // A new click id is sent.
    await loadRoot('/?gclid=def', jar)
    expect(msw.to('/v2/auth/update-clid')).toHaveLength(2)
    expect(await msw.to('/v2/auth/update-clid')[1].json()).toEqual({ gclid: 'def' })
  })

  it('a flashed snackbar is shown once', async () => {
    const res = await runResponse(checkout.action, post('/resources/checkout', { return_to: '/products' }))
    const jar = new CookieJar().take(res)
    msw.reset()
    const first = await loadRoot('/account/sign-up', jar)
    jar.take(first.res)
    expect((await loadRoot('/account/sign-up', jar)).data.toasts).toEqual([])
  })
})

describe('checkout action', () => {
  it('a free user goes back to return_to with "payments not set up" when the server takes no payments', async () => {
    msw.server.use(meFor('pwt_good'))
    const jar = new CookieJar().take(await sessionCookie({ token: 'pwt_good' }))
    const res = await runResponse(checkout.action, post('/resources/checkout', { return_to: '/products?dialog=upgrade' }, jar))
    expect(res.status).toBe(302)
    expect(location(res)).toBe('/products?dialog=upgrade')
    jar.take(res)
    msw.server.use(mockRoute(contract.billing.plans, () => PLANS))
    const { data } = await loadRoot('/products?dialog=upgrade', jar)
    expect(data.toasts).toHaveLength(1)
    expect(data.toasts[0]).toMatchObject({
      type: 'error',
      text: PAYMENTS_NOT_CONFIGURED,
    })
  })

  it('a paid user is told to contact support', async () => {
    msw.server.use(meFor('pwt_good', fakeUser({ role: 'paid', plan: 'Pro 400' })))
    const jar = new CookieJar().take(await sessionCookie({ token: 'pwt_good' }))
    const res = await runResponse(checkout.action, post('/resources/checkout', { return_to: '/subscription' }, jar))
    expect(location(res)).toBe('/subscription')
    const { data } = await loadRoot('/subscription', jar.take(res))
    expect(data.toasts[0]).toMatchObject({ type: 'info', text: DEFAULT_UPGRADE_TITLE_PAID })
  })

  it.each(['https://evil.example', '//evil.example', ''])('return_to=%j goes home instead', async (returnTo) => {
    msw.server.use(meFor('pwt_good'))
    const res = await run(checkout.action, post('/resources/checkout', { return_to: returnTo }, await sessionCookie({ token: 'pwt_good' })))
    expect(location(res)).toBe('/')
  })

  it('anonymous: to sign-up, coming back to return_to afterwards', async () => {
    const res = await run(checkout.action, post('/resources/checkout', { return_to: '/products?dialog=upgrade' }))
    expect(location(res)).toBe(`/account/sign-up?redirectTo=${encodeURIComponent('/products?dialog=upgrade')}`)
    const evil = await run(checkout.action, post('/resources/checkout', { return_to: 'https://evil.example' }))
    expect(location(evil)).toBe('/account/sign-up?redirectTo=%2F')
  })
})

describe('logout action', () => {
  it('revokes the token at the api, clears the session and says so', async () => {
    msw.server.use(mockRoute(contract.auth.logout, () => ({ ok: true })))
    const jar = new CookieJar().take(await sessionCookie({ token: 'pwt_good' }))
    const res = await runResponse(logout.action, post('/account/logout', {}, jar))
    expect(location(res)).toBe('/account/login')
    const calls = msw.to('/v2/auth/logout', 'POST')
    expect(calls).toHaveLength(1)
    expect(calls[0].headers.get('authorization')).toBe('Bearer pwt_good')
    expect(setCookie(res, '__pw_session')?.clears).toBe(true)

    jar.take(res)
    expect(jar.has('__pw_session')).toBe(false)
    const { data } = await loadRoot('/account/login', jar)
    expect(data.toasts.map((t: { text: string }) => t.text)).toEqual(['You are signed out.'])
    expect(data.user).toBeNull()
  })

  it('still signs out locally when the api already forgot the token (401)', async () => {
    msw.server.use(mockRoute(contract.auth.logout, () => apiError(401, SIGN_IN_FIRST)))
    const res = await runResponse(logout.action, post('/account/logout', {}, await sessionCookie({ token: 'pwt_revoked' })))
    expect(location(res)).toBe('/account/login')
    expect(setCookie(res, '__pw_session')?.clears).toBe(true)
  })

  it('still signs out locally when the api is down', async () => {
    msw.server.use(mockRoute(contract.auth.logout, () => HttpResponse.error()))
    const res = await runResponse(logout.action, post('/account/logout', {}, await sessionCookie({ token: 'pwt_good' })))
    expect(location(res)).toBe('/account/login')
    expect(setCookie(res, '__pw_session')?.clears).toBe(true)
  })

  it('without a session, calls no api', async () => {
    const res = await runResponse(logout.action, post('/account/logout', {}))
    expect(location(res)).toBe('/account/login')
    expect(msw.seen).toHaveLength(0)
  })
})

describe('referral link /r/:id', () => {
  it('names the inviter, remembers the code (upper-cased) for 30 days, and leads to sign-up', async () => {
    msw.server.use(mockRoute(contract.referrals.inviter, () => ({ code: 'FRIEND42', first_name: 'Ivo' })))
    const res = await runResponse(referral.loader, get('/r/friend42'), { params: { id: 'friend42' } })
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({ inviter: 'Ivo', known: true })
    const cookie = setCookie(res, 'pw_ref')
    expect(cookie?.attributes['max-age']).toBe(String(30 * 86_400))
    expect(await referralCookie.parse(`pw_ref=${cookie!.value}`)).toBe('FRIEND42')
  })

  it('an unknown code still shows the sign-up page, without an error and without a cookie', async () => {
    msw.server.use(mockRoute(contract.referrals.inviter, () => apiError(404, 'There is no referral link with this code.')))
    const res = await runResponse(referral.loader, get('/r/NOSUCH42'), { params: { id: 'NOSUCH42' } })
    expect(res.status).toBe(200)
    expect(await body(res)).toEqual({ inviter: null, known: false })
    expect(setCookie(res, 'pw_ref')).toBeUndefined()
  })

  it.each(['abc', 'way-too-long-code-123', 'bad!code'])('an invalid code (%s) sets no cookie and asks nothing', async (id) => {
    const res = await runResponse(referral.loader, get(`/r/${encodeURIComponent(id)}`), { params: { id } })
    expect(res.status).toBe(200)
    expect(setCookie(res, 'pw_ref')).toBeUndefined()
  })
})

describe('catch-all route', () => {
  it('throws a 404 naming the path', async () => {
    const thrown = await Promise.resolve(notFound.loader({ request: get('/nope'), context: {}, params: { '*': 'nope' } })).catch(
      (e: unknown) => e,
    )
    expect(thrown).toBeInstanceOf(Response)
    const res = thrown as Response
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Page not found: /nope' })
  })
})
