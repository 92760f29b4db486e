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

  // What a hostile link may put in redirectTo or return_to: other sites (however a browser would
  // forgive the spelling), script, header injection, or no path at all. Each gets the fallback.
  it.each([
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    'https://evil.com',
    'HTTPS://evil.com/guide/pick-product',
    'http:evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    ' /guide',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r\n/evil.com',
    '/guide\r\nSet-Cookie: x=1',
    '/\u0000/evil.com',
    '%2F%2Fevil.com',
    `/${'a'.repeat(2048)}`,
  ])('refuses the hostile %j', (p) => expect(safeRedirectPath(p, '/products')).toBe('/products'))

  it.each(['/guide/pick-product?guide=v1', '/productv2/5f0c7a8e-1111-4222-8333-444455556666', '/%2F%2Fevil.com', '/a//b', '/search?q=//x'])(
    'keeps the same-site %j',
    (p) => expect(safeRedirectPath(p)).toBe(p),
  )
})
