import { describe, expect, it } from 'vitest'
import { safeRedirectPath, trailingSlashRedirect } from './routing'

describe('trailing slash rule', () => {
  it('leaves the root alone', () => expect(trailingSlashRedirect('/', '?a=1')).toBeNull())
  it('leaves paths without a trailing slash alone', () => expect(trailingSlashRedirect('/latest', '')).toBeNull())
  it('removes the slash and keeps the query', () => expect(trailingSlashRedirect('/latest/', '?gclid=x')).toBe('/latest?gclid=x'))
  it('removes several slashes', () => expect(trailingSlashRedirect('/account/login///', '')).toBe('/account/login'))
  it('never redirects to another host', () => {
    expect(trailingSlashRedirect('//evil.example/', '')).toBe('/evil.example')
    expect(trailingSlashRedirect('///', '')).toBe('/')
  })
})

describe('safe redirect paths', () => {
  it.each(['https://evil.example', '//evil.example', '/\\evil.example', '', null, 'latest'])('refuses %j', (p) =>
    expect(safeRedirectPath(p)).toBe('/'),
  )
  it('keeps local paths', () => expect(safeRedirectPath('/product/5?x=1')).toBe('/product/5?x=1'))
})
