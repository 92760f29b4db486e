import { describe, expect, it } from 'vitest'
import { MAX_OPEN_TAGS, MAX_PAGE_DEPTH, parsePage, TOO_DEEP } from './parse-page'

describe('parsing an imported page', () => {
  it('reads a page as deep as a browser builds it', () => {
    const n = MAX_PAGE_DEPTH - 10
    const $ = parsePage(`<html><body>${'<div>'.repeat(n)}<h1>Deep but fine</h1>${'</div>'.repeat(n)}</body></html>`)
    expect($('h1').text()).toBe('Deep but fine')
  })
  it('refuses a page nested deeper, with words for the owner', () => {
    const n = MAX_PAGE_DEPTH + 100
    expect(() => parsePage(`<html><body>${'<div itemscope>'.repeat(n)}${'</div>'.repeat(n)}</body></html>`)).toThrow(TOO_DEEP)
  })
  it('refuses a page whose tags stand far deeper before parsing it, and counts only tags that stay open', () => {
    const n = MAX_OPEN_TAGS + 10
    expect(() => parsePage(`<html><body>${'<span>'.repeat(n)}x</body></html>`)).toThrow(TOO_DEEP)
    // Many tags in a row that close, void tags, and tags inside scripts and comments are not depth.
    const wide = `<html><body>${'<p>a</p><br><img src="x.jpg">'.repeat(n)}<script>${'<div>'.repeat(n)}</script><!-- ${'<div>'.repeat(n)} --><h1>Wide</h1></body></html>`
    expect(parsePage(wide)('h1').text()).toBe('Wide')
  })
})
