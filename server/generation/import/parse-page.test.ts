import { describe, expect, it } from 'vitest'
import { MAX_PAGE_DEPTH, parsePage, TOO_DEEP } from './parse-page'

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
})
