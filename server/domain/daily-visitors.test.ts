import { describe, expect, it } from 'vitest'
import { dailyEtag, dayCookieOf, daySetCookie, dayStamp, etagOfDay } from './daily-visitors'

describe('daily visitors without storing anyone', () => {
  const evening = new Date('2026-11-28T23:59:30Z')
  it('the day is the UTC day', () => {
    expect(dayStamp(evening)).toBe('20261128')
    expect(dayStamp(new Date('2026-11-29T00:00:00Z'))).toBe('20261129')
  })
  it('an ETag of today means counted today; yesterday’s, a weak form of today’s or none means a new visitor', () => {
    const tag = dailyEtag('"abc"', '20261128')
    expect(tag).toBe('"abc.20261128"')
    expect(etagOfDay(tag, '20261128')).toBe(true)
    expect(etagOfDay(`W/${tag}`, '20261128')).toBe(true)
    expect(etagOfDay(dailyEtag('"abc"', '20261127'), '20261128')).toBe(false)
    expect(etagOfDay('"abc"', '20261128')).toBe(false)
    expect(etagOfDay(undefined, '20261128')).toBe(false)
  })
  it('the day cookie holds only the day and lasts until midnight UTC', () => {
    const set = daySetCookie(7, evening, true)
    expect(set).toBe('pw_d7=20261128; Max-Age=30; Path=/; HttpOnly; SameSite=Lax; Secure')
    expect(dayCookieOf('a=1; pw_d7=20261128', 7, '20261128')).toBe(true)
    expect(dayCookieOf('pw_d7=20261127', 7, '20261128')).toBe(false)
    expect(dayCookieOf('pw_d8=20261128', 7, '20261128')).toBe(false)
    expect(dayCookieOf(undefined, 7, '20261128')).toBe(false)
  })
})
