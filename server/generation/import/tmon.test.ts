import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { isTmonDeal, parseTmon } from './tmon'

describe('TMON deals', () => {
  it('knows a deal’s address', () => {
    expect(isTmonDeal(new URL('http://www.tmon.co.kr/deal/4548094738'))).toBe(true)
    expect(isTmonDeal(new URL('https://www.tmon.co.kr/planning/123'))).toBe(false)
  })
  it('reads the deal’s own title block, selling price and buyers’ rating; never another deal’s heading or the seller’s index', () => {
    const $ = load(`<html><body><h1>[키즈] 다른 상품</h1>
      <h2 class="deal_title_main"> 좋은생각 : 정기구독 1년 ( 선물 ) </h2>
      <p class="deal_price_sell"><strong class="number_unit" aria-label="판매가"> 30,000<sub>원~</sub></strong></p>
      <div class="grade_average" aria-label="구매후기 5점 만점 중 4.5점 1,203명 참여"></div>
      <p>판매자 품질 만족지수 상품 91점</p></body></html>`)
    expect(parseTmon($)).toEqual({
      title: '좋은생각 : 정기구독 1년 ( 선물 )',
      price: 30000,
      currency: 'KRW',
      listingRating: { average: '4.5', count: '1203', scale: '5' },
    })
    expect(parseTmon(load('<html><body><h1>Other</h1></body></html>'))).toEqual({
      title: null,
      price: null,
      currency: null,
      listingRating: null,
    })
  })
})
