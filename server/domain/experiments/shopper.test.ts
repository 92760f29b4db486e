import { describe, expect, it } from 'vitest'
import {
  assignmentFromCookies,
  assignVariant,
  experimentOfVersion,
  experimentSetCookie,
  goPageId,
  safeBuyTarget,
  versionWithExperiment,
} from './shopper'

describe('experiments for shoppers', () => {
  it('reads only its own well-formed cookie for this experiment', () => {
    const a = { visitorId: 'A1b2C3d4E5f6G7h8I9j0Kl', variant: 'challenger' as const }
    const cookie = experimentSetCookie(7, a, true)
    expect(cookie).toBe('pw_x7=A1b2C3d4E5f6G7h8I9j0Kl.h; Max-Age=7776000; Path=/; HttpOnly; SameSite=Lax; Secure')
    expect(assignmentFromCookies(`x=1; ${cookie.split(';')[0]}`, 7)).toEqual(a)
    expect(assignmentFromCookies(cookie.split(';')[0], 8)).toBeNull()
    expect(assignmentFromCookies('pw_x7=short.h', 7)).toBeNull()
    expect(assignmentFromCookies('pw_x7=A1b2C3d4E5f6G7h8I9j0Kl.z', 7)).toBeNull()
    expect(assignmentFromCookies(undefined, 7)).toBeNull()
  })

  it('assigns by the split', () => {
    expect(assignVariant(50, 0.49)).toBe('challenger')
    expect(assignVariant(50, 0.5)).toBe('control')
    expect(assignVariant(1, 0.011)).toBe('control')
  })

  it('carries the running experiment in the share version, leaving other versions as they are', () => {
    expect(versionWithExperiment('12.345', null)).toBe('12.345')
    expect(experimentOfVersion('12.345')).toBeNull()
    expect(experimentOfVersion(versionWithExperiment('12.345', { id: 9, split: 30 }))).toEqual({ id: 9, split: 30 })
  })

  it('redirects only to http(s) addresses or paths of this site', () => {
    expect(safeBuyTarget('https://shop.example/p?x=1')).toBe('https://shop.example/p?x=1')
    expect(safeBuyTarget('/demo-store/products/a')).toBe('/demo-store/products/a')
    for (const bad of ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'data:text/html,x', 'not a url', '', null])
      expect(safeBuyTarget(bad)).toBeNull()
    expect(goPageId('/go/abc')).toBe('abc')
    expect(goPageId('/go/abc/x')).toBeNull()
  })
})
