import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { writtenAs } from './price-written'

const page = (body: string) => load(`<html><body><main><h1>Espresso machine 4711</h1>${body}</main></body></html>`)

describe('a structured price as the page writes it', () => {
  it('finds it in any of the ways pages write an amount, never inside another number or in a script', () => {
    expect(writtenAs(page('<p>Only <b>1.099,99</b> lei</p>'), 1099.99)).not.toBe('nowhere')
    expect(writtenAs(page('<p>$1,099.99</p>'), 1099.99)).not.toBe('nowhere')
    expect(writtenAs(page('<p>1 099,99 €</p>'), 1099.99)).not.toBe('nowhere')
    expect(writtenAs(page('<p>Was $200, now less</p>'), 200)).not.toBe('nowhere')
    expect(writtenAs(page('<p>$11,099.99</p>'), 1099.99)).toBe('nowhere')
    expect(writtenAs(page('<p>53,11 €</p><script>var p = 43.90</script>'), 43.9)).toBe('nowhere')
    // Two elements' texts never run together ("$200" beside "2 bids").
    expect(writtenAs(page('<span>$200</span><span>2 bids</span>'), 2002)).toBe('nowhere')
    // A share is no amount ("25% Cotton"); another product's card, given the page's address, is not this one's.
    expect(writtenAs(page('<p>50% Polyester / 25% Cotton</p>'), 25)).toBe('nowhere')
    const card = page('<a href="/listing/7"><img src="/7.jpg"><span>$25.00</span></a>')
    expect(writtenAs(card, 25)).toBe('elsewhere')
    expect(writtenAs(card, 25, 'https://shop.example/listing/1')).toBe('nowhere')
  })

  it('knows an amount written only per month, in the languages of the shops', () => {
    expect(writtenAs(page('<div><span>$</span>24.96<span>/mo.</span></div><p>$24.96/mo. for 24 months</p>'), 24.96)).toBe('per-month')
    expect(writtenAs(page('<p>24,96 € al mes</p>'), 24.96)).toBe('per-month')
    // Written once as a price too, or not at all: not an instalment.
    expect(writtenAs(page('<p>$24.96/mo.</p><p>Total: <span>$24.96</span></p>'), 24.96)).not.toBe('per-month')
    expect(writtenAs(page('<p>$649.99</p>'), 24.96)).not.toBe('per-month')
  })
})
