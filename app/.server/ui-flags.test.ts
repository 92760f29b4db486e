import { describe, expect, it } from 'vitest'
import { guideStart } from '../../server/domain/onboarding'
import {
  finishGuide,
  flagsAfterGuideStart,
  flagsAfterSignIn,
  flagsOf,
  landingAfterSignIn,
  markGuideGenerate,
  takeGuideFinish,
  UI_FLAG_TTL_MS,
  uiFlagsAfterSignIn,
} from './ui-flags'

const ANA = 'a1a1a1a1-0000-4000-8000-000000000001'
const BEN = 'b2b2b2b2-0000-4000-8000-000000000002'
const PAGE = '5f0c7a8e-1111-4222-8333-444455556666'
const T0 = Date.UTC(2026, 9, 1, 12)

describe('the flags a sign-in sets', () => {
  it('a new account is fromSignUp, a returning one fromLogin — never both', () => {
    expect(flagsOf(flagsAfterSignIn(ANA, true, T0), ANA, T0)).toEqual({ fromSignUp: true, fromLogin: false, fromGuideGenerate: null })
    expect(flagsOf(flagsAfterSignIn(ANA, false, T0), ANA, T0)).toEqual({ fromSignUp: false, fromLogin: true, fromGuideGenerate: null })
  })

  it('belong to one account: another account on the same browser sees none', () => {
    expect(flagsOf(flagsAfterSignIn(ANA, true, T0), BEN, T0)).toEqual({ fromSignUp: false, fromLogin: false, fromGuideGenerate: null })
  })

  it('expire an hour after they were set (and a flag from the future beyond the clock slack is refused)', () => {
    const stored = flagsAfterSignIn(ANA, true, T0)
    expect(flagsOf(stored, ANA, T0 + UI_FLAG_TTL_MS - 1).fromSignUp).toBe(true)
    expect(flagsOf(stored, ANA, T0 + UI_FLAG_TTL_MS).fromSignUp).toBe(false)
    expect(flagsOf(stored, ANA, T0 - 5 * 60_000).fromSignUp).toBe(false)
  })

  it('a new sign-in replaces what an earlier one left', () => {
    const afterGuide = flagsAfterGuideStart(flagsAfterSignIn(ANA, true, T0), ANA, PAGE, T0)
    expect(flagsAfterSignIn(ANA, false, T0 + 1000)).toEqual({ user: ANA, entry: { kind: 'login', at: T0 + 1000 } })
    expect(flagsOf(afterGuide, ANA, T0).fromGuideGenerate).toBe(PAGE)
  })
})

describe('fromGuideGenerate', () => {
  it('names the page a guide step started and keeps the way in', () => {
    const stored = flagsAfterGuideStart(flagsAfterSignIn(ANA, true, T0), ANA, PAGE, T0 + 60_000)
    expect(flagsOf(stored, ANA, T0 + 60_000)).toEqual({ fromSignUp: true, fromLogin: false, fromGuideGenerate: PAGE })
  })

  it('drops another account’s and stale flags when it is set', () => {
    expect(flagsAfterGuideStart(flagsAfterSignIn(BEN, true, T0), ANA, PAGE, T0)).toEqual({ user: ANA, guideGenerate: { id: PAGE, at: T0 } })
    const late = T0 + UI_FLAG_TTL_MS + 1
    expect(flagsAfterGuideStart(flagsAfterSignIn(ANA, true, T0), ANA, PAGE, late)).toEqual({
      user: ANA,
      guideGenerate: { id: PAGE, at: late },
    })
  })

  it('a new account’s finished guide page says "first page", once; the next visit says nothing', () => {
    const stored = flagsAfterGuideStart(flagsAfterSignIn(ANA, true, T0), ANA, PAGE, T0)
    const first = finishGuide(stored, ANA, PAGE, T0 + 5000)
    expect(first).toEqual({ finish: 'firstPage', next: null })
    expect(finishGuide(first.next, ANA, PAGE, T0 + 6000).finish).toBeNull()
  })

  it('a returning account’s guide page says "page", and fromLogin stays', () => {
    const stored = flagsAfterGuideStart(flagsAfterSignIn(ANA, false, T0), ANA, PAGE, T0)
    const done = finishGuide(stored, ANA, PAGE, T0 + 5000)
    expect(done.finish).toBe('page')
    expect(flagsOf(done.next, ANA, T0 + 5000)).toEqual({ fromSignUp: false, fromLogin: true, fromGuideGenerate: null })
  })

  it('another page, another account or a late return says nothing', () => {
    const stored = flagsAfterGuideStart(flagsAfterSignIn(ANA, true, T0), ANA, PAGE, T0)
    expect(finishGuide(stored, ANA, 'another-page', T0).finish).toBeNull()
    expect(finishGuide(stored, BEN, PAGE, T0).finish).toBeNull()
    expect(finishGuide(stored, ANA, PAGE, T0 + UI_FLAG_TTL_MS + 1).finish).toBeNull()
    expect(finishGuide(null, ANA, PAGE, T0).finish).toBeNull()
  })
})

describe('where a sign-in lands', () => {
  const base = { redirectTo: null, guide: null, defaultFlow: 'v3' as const }
  it('a new account (fromSignUp) starts the configured guide, or the one its sign-up link named', () => {
    expect(landingAfterSignIn({ ...base, newAccount: true })).toBe(guideStart('v3'))
    expect(landingAfterSignIn({ ...base, newAccount: true, guide: 'v1' })).toBe(guideStart('v1'))
    expect(landingAfterSignIn({ ...base, newAccount: true, guide: 'v2', defaultFlow: null })).toBe(guideStart('v2'))
    expect(landingAfterSignIn({ ...base, newAccount: true, defaultFlow: null })).toBe('/')
  })

  it('a returning account (fromLogin) is never pushed into a guide', () => {
    expect(landingAfterSignIn({ ...base, newAccount: false })).toBe('/')
    expect(landingAfterSignIn({ ...base, newAccount: false, guide: 'v1' })).toBe('/')
  })

  it('anyone on their way somewhere goes there, if it is on this site', () => {
    for (const newAccount of [true, false]) {
      expect(landingAfterSignIn({ ...base, newAccount, redirectTo: '/products?page=2' })).toBe('/products?page=2')
      expect(landingAfterSignIn({ ...base, newAccount, redirectTo: '//evil.example' })).toBe(newAccount ? guideStart('v3') : '/')
    }
  })
})

describe('the cookie', () => {
  const withCookies = (...setCookies: string[]) =>
    new Request('http://pagewright.test/productv2/x', { headers: { cookie: setCookies.map((c) => c.split(';')[0]).join('; ') } })

  it('is signed, HttpOnly, SameSite=Lax and short-lived', async () => {
    const set = await uiFlagsAfterSignIn(ANA, true, T0)
    expect(set).toMatch(/^__pw_ui=/)
    expect(set).toMatch(/HttpOnly/i)
    expect(set).toMatch(/SameSite=Lax/i)
    expect(set).toMatch(new RegExp(`Max-Age=${UI_FLAG_TTL_MS / 1000}`))
  })

  it('carries sign-in → guide start → the finished page, and the greeting is spent', async () => {
    const now = Date.now()
    const signedIn = await uiFlagsAfterSignIn(ANA, true, now)
    const started = await markGuideGenerate(withCookies(signedIn), ANA, PAGE, now)
    const done = await takeGuideFinish(withCookies(started), ANA, PAGE, now)
    expect(done.finish).toBe('firstPage')
    expect(done.setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
    expect((await takeGuideFinish(withCookies(done.setCookie!), ANA, PAGE, now)).finish).toBeNull()
  })

  it('a forged or edited value reads as no flags', async () => {
    const forged = `__pw_ui=${btoa(JSON.stringify({ user: ANA, guideGenerate: { id: PAGE, at: Date.now() } }))}`
    expect((await takeGuideFinish(withCookies(forged), ANA, PAGE)).finish).toBeNull()
    const real = await markGuideGenerate(withCookies(), ANA, PAGE)
    const edited = real.replace(/^__pw_ui=([^.;]+)/, (_m, v: string) => `__pw_ui=${v.slice(0, -2)}AA`)
    expect((await takeGuideFinish(withCookies(edited), ANA, PAGE)).finish).toBeNull()
    expect((await takeGuideFinish(withCookies(real), ANA, PAGE)).finish).toBe('page')
  })
})
