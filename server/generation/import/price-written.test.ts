import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { isAmountWritten, isInstalmentOnly } from './price-written'

const page = (body: string) => load(`<html><body><main><h1>Espresso machine 4711</h1>${body}</main></body></html>`)

describe('a structured price as the page writes it', () => {
  it('finds it in any of the ways pages write an amount, never inside another number or in a script', () => {
    expect(isAmountWritten(page('<p>Only <b>1.099,99</b> lei</p>'), 1099.99)).toBe(true)
    expect(isAmountWritten(page('<p>$1,099.99</p>'), 1099.99)).toBe(true)
    expect(isAmountWritten(page('<p>1 099,99 €</p>'), 1099.99)).toBe(true)
    expect(isAmountWritten(page('<p>Was $200, now less</p>'), 200)).toBe(true)
    expect(isAmountWritten(page('<p>$11,099.99</p>'), 1099.99)).toBe(false)
    expect(isAmountWritten(page('<p>53,11 €</p><script>var p = 43.90</script>'), 43.9)).toBe(false)
    // Two elements' texts never run together ("$200" beside "2 bids").
    expect(isAmountWritten(page('<span>$200</span><span>2 bids</span>'), 2002)).toBe(false)
  })

  it('knows an amount written only per month, in the languages of the shops', () => {
    expect(isInstalmentOnly(page('<div><span>$</span>24.96<span>/mo.</span></div><p>$24.96/mo. for 24 months</p>'), 24.96, 'en')).toBe(true)
    expect(isInstalmentOnly(page('<p>24,96 € al mes</p>'), 24.96, 'es')).toBe(true)
    // Written once as a price too, or not at all: not an instalment.
    expect(isInstalmentOnly(page('<p>$24.96/mo.</p><p>Total: <span>$24.96</span></p>'), 24.96, 'en')).toBe(false)
    expect(isInstalmentOnly(page('<p>$649.99</p>'), 24.96, 'en')).toBe(false)
  })
})
