import { describe, expect, it } from 'vitest'
import { sampleByShape, shapeOf } from './sample'

describe('fuzz cases sampled by shape', () => {
  it('one shape whatever field, parameter or form a hostile input is put in', () => {
    expect(shapeOf('NUL + control chars in field title [the edit form]')).toBe(shapeOf('NUL + control chars in field url [generate]'))
    expect(shapeOf('{id}: a negative number')).toBe(shapeOf('{taskId}: a negative number'))
    expect(shapeOf('email is an array')).toBe(shapeOf('name is an array'))
    expect(shapeOf('email is an array')).not.toBe(shapeOf('email is 1 MB'))
    expect(shapeOf('10 MB body (urlencoded, 160 fields of 64 KB)')).not.toBe(shapeOf('empty urlencoded body'))
    // Bodies refused while they are parsed: one shape per encoding; a 10 MB body stays a shape of its own.
    expect(shapeOf('multipart, truncated (no closing boundary)')).toBe(shapeOf('multipart with a 300-char boundary'))
    expect(shapeOf('malformed JSON (truncated)')).toBe(shapeOf('malformed JSON (single quotes)'))
    expect(shapeOf('10 MB field (multipart)')).not.toBe(shapeOf('multipart without boundary'))
    expect(shapeOf('NUL in every string (\\u0000)')).not.toBe(shapeOf('JSON null'))
  })

  it('keeps one case of every shape, the same ones for the same seed, in their order', () => {
    const cases = ['a is null', 'b is null', 'c is null', 'a is 1 MB', 'b is 1 MB', 'JSON null'].map((input) => ({ input }))
    const one = sampleByShape(cases, 'seed-1')
    expect(one.map((c) => shapeOf(c.input))).toEqual(['{field} is null', '{field} is 1 MB', 'json body'])
    expect(sampleByShape(cases, 'seed-1')).toEqual(one)
    // Another seed may put the input in another field; over seeds every field is reached.
    const fields = new Set(Array.from({ length: 40 }, (_, i) => sampleByShape(cases, `s${i}`)[0].input))
    expect(fields).toEqual(new Set(['a is null', 'b is null', 'c is null']))
  })
})
