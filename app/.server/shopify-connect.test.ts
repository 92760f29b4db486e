import { describe, expect, it } from 'vitest'
import { AFTER_CONNECT, CALLBACK_PATH, clearOAuthCookies, connectReturnOf, savedReturn, toShopify, withHost } from './shopify-connect'

const APPROVAL = 'http://localhost:3000/demo-shop/pagewright-demo-1.myshopify.com/admin/oauth/authorize?client_id=x&state=st-123'
const begin = { url: APPROVAL, set_cookies: ['shopify_app_state=st-123; Path=/connect-shopify/callback'] }
const GUIDE_NEXT = '/guide/pick-product?guide=v1'
/** Where the callback lands once connected: the saved target, else the catalogue. */
const returnAfterConnect = async (request: Request) => (await savedReturn(request)).to ?? AFTER_CONNECT

const returnCookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('pw_connect_return='))!
/** The callback as Shopify sends the browser back, with the cookies the browser kept. */
const callback = (state: string, ...setCookies: string[]) =>
  new Request(`http://localhost:3000${CALLBACK_PATH}?code=c&shop=pagewright-demo-1.myshopify.com&state=${state}`, {
    headers: { cookie: setCookies.map((c) => c.split(';')[0]).join('; ') },
  })

describe('coming back from Shopify to where connecting started', () => {
  it('returns to the guide step the attempt started from, bound to its OAuth state', async () => {
    const res = await toShopify(begin, GUIDE_NEXT)
    expect(res.headers.get('location')).toBe(APPROVAL)
    const saved = returnCookieOf(res)
    expect(saved).toMatch(new RegExp(`Path=${CALLBACK_PATH}`))
    expect(saved).toMatch(/HttpOnly/i)
    // As long as Shopify's state cookie is made to last: a merchant may have to sign in to Shopify first.
    expect(saved).toMatch(/Max-Age=900/)
    expect(await returnAfterConnect(callback('st-123', saved))).toBe(GUIDE_NEXT)
  })

  it('another attempt’s state, no cookie or a forged one goes to the catalogue', async () => {
    const saved = returnCookieOf(await toShopify(begin, GUIDE_NEXT))
    expect(await returnAfterConnect(callback('st-other', saved))).toBe(AFTER_CONNECT)
    expect(await returnAfterConnect(callback('st-123'))).toBe(AFTER_CONNECT)
    const forged = `pw_connect_return=${encodeURIComponent(btoa(JSON.stringify({ state: 'st-123', to: '//evil.com' })))}`
    expect(await returnAfterConnect(callback('st-123', forged))).toBe(AFTER_CONNECT)
  })

  it.each(['//evil.com', '/\\evil.com', 'https://evil.com', 'javascript:alert(1)', '/\t/evil.com', ''])(
    'never keeps the hostile return target %j',
    async (hostile) => {
      expect(connectReturnOf(hostile)).toBeNull()
      const res = await toShopify(begin, hostile)
      // Nothing is saved (an earlier attempt's target is cleared), so the callback lands on the catalogue.
      expect(returnCookieOf(res)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
      expect(await returnAfterConnect(callback('st-123', returnCookieOf(res)))).toBe(AFTER_CONNECT)
    },
  )

  it('keeps the Shopify admin’s host through the round trip, and only a real one', async () => {
    const host = btoa('admin.shopify.com/store/pagewright-demo-1').replace(/=+$/, '')
    const saved = returnCookieOf(await toShopify(begin, null, host))
    expect(await savedReturn(callback('st-123', saved))).toEqual({ to: null, host })
    expect(withHost('/products', host)).toBe(`/products?host=${host}`)
    expect(withHost('/guide/pick-product?guide=v1', host)).toBe(`/guide/pick-product?guide=v1&host=${host}`)
    const evil = btoa('evil.example.com/admin')
    expect((await savedReturn(callback('st-123', returnCookieOf(await toShopify(begin, null, evil))))).host).toBeNull()
  })

  it('the callback clears the target with Shopify’s state cookies', async () => {
    const headers = new Headers()
    await clearOAuthCookies(headers)
    const cleared = headers.getSetCookie().map((c) => c.split('=')[0])
    expect(cleared).toEqual(['shopify_app_state', 'shopify_app_state.sig', 'pw_connect_return'])
  })
})
