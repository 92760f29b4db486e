import { describe, expect, it } from 'vitest'
import { chooseEncoding, notModified } from './negotiation'

const OFFERED = ['br', 'gzip'] as const

describe('negotiation', () => {
  it('If-None-Match: one tag, a list, weak, star', () => {
    expect(notModified('"a"', '"a"')).toBe(true)
    expect(notModified('W/"a"', '"a"')).toBe(true)
    expect(notModified('"b", "a"', '"a"')).toBe(true)
    expect(notModified('*', '"a"')).toBe(true)
    expect(notModified('"b"', '"a"')).toBe(false)
    expect(notModified(undefined, '"a"')).toBe(false)
  })
  it('Accept-Encoding: brotli first, q=0 refuses, * accepts', () => {
    expect(chooseEncoding('gzip, deflate, br', OFFERED)).toBe('br')
    expect(chooseEncoding('br;q=0, gzip', OFFERED)).toBe('gzip')
    expect(chooseEncoding('identity', OFFERED)).toBe(null)
    expect(chooseEncoding('*', OFFERED)).toBe('br')
    expect(chooseEncoding('*;q=0', OFFERED)).toBe(null)
    expect(chooseEncoding(undefined, OFFERED)).toBe(null)
  })
})
