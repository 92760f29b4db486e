import { describe, expect, it } from 'vitest'
import { DANGEROUS_MARKUP, XSS_PAYLOADS } from '../../tests/fixtures/xss-payloads'
import { htmlToText, sanitize } from './sanitize'

describe('sanitize: the one allowlist', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    const out = sanitize(`<p>Before</p>${payload}<p>After</p>`)
    for (const marker of DANGEROUS_MARKUP) expect(out).not.toMatch(marker)
    expect(out).toContain('<p>Before</p>')
  })
  it('keeps structure, https links and https images', () => {
    const out = sanitize(
      '<h2>Fit</h2><ul><li><strong>Soft</strong> cotton</li></ul><a href="https://shop.example/x">More</a><img src="https://cdn.example/a.jpg" alt="A">',
    )
    expect(out).toBe(
      '<h2>Fit</h2><ul><li><strong>Soft</strong> cotton</li></ul><a href="https://shop.example/x" rel="nofollow noopener noreferrer" target="_blank">More</a><img src="https://cdn.example/a.jpg" alt="A" />',
    )
  })
  it('drops http and relative images', () => {
    expect(sanitize('<img src="http://x/a.jpg"><img src="a.jpg">')).toBe('')
  })
  it('turns HTML into readable text with line breaks between blocks', () => {
    expect(htmlToText('<span>Size guide</span><p>Lifetime&nbsp;warranty</p><ul><li>One</li><li>Two &amp; three</li></ul>')).toBe(
      'Size guide\nLifetime warranty\nOne\nTwo & three',
    )
  })
})
