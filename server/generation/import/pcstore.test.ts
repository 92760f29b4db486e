import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { isPcstoreItem, parsePcstore } from './pcstore'

describe('PChome 商店街 items', () => {
  it('knows an item’s address', () => {
    expect(isPcstoreItem(new URL('https://www.pcstore.com.tw/pchome24h/M67296549.htm'))).toBe(true)
    expect(isPcstoreItem(new URL('https://www.pcstore.com.tw/pchome24h/'))).toBe(false)
  })
  it('reads the special price, the struck suggested price and the maker in the name’s brackets; never an instalment', () => {
    const $ = load(`<html><body><h1>【下營農會】鵝肉鬆-原味-250g-罐</h1><table>
      <tr><td><strong>建議售價</strong> <font><del>$420</del></font><span>元</span></td></tr>
      <tr><td><strong>一次付清特價</strong><b> <font>7</font> 折</b> <span>294</span><span> 元 </span></td></tr>
      <tr><td><strong>0利率分期價</strong> 3 期 每期 $98 元</td></tr></table></body></html>`)
    expect(parsePcstore($)).toEqual({ price: 294, compareAtPrice: 420, currency: 'TWD', vendor: '下營農會' })
    // A coupon link after the amount in the same cell.
    const coupon =
      load(`<html><body><h1>露營碗籃組</h1><table><tr><td><strong>一次付清特價</strong><b> 72 折</b> <span>2320</span><span> 元 </span>
      <a href="https://paystore.pcstore.com.tw/coupon">領券 滿 1000 元折 100 元</a></td></tr></table></body></html>`)
    expect(parsePcstore(coupon)).toMatchObject({ price: 2320, currency: 'TWD' })
    // No special price: nothing is borrowed from another row.
    expect(
      parsePcstore(load('<html><body><h1>鵝肉鬆</h1><table><tr><td><strong>0利率分期價</strong> $98 元</td></tr></table></body></html>')),
    ).toEqual({
      price: null,
      compareAtPrice: null,
      currency: null,
      vendor: null,
    })
  })
})
