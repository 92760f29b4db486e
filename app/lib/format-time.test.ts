import { describe, expect, it } from 'vitest'
import { DEFAULT_HIDE_WINDOW_MINUTES } from '../../server/domain/entitlements'
import { formatClockTime, formatCountdown, hideWindowSentence } from './format-time'
import { isTimeZone } from './time-zone'

const AT = '2026-07-01T14:05:00.000Z'

describe('hide-window times', () => {
  it("formats the clock in the viewer's zone and language, not UTC", () => {
    expect(formatClockTime(AT, { timeZone: 'Europe/Lisbon', locale: 'en-US' })).toMatch(/^03:05\sPM GMT\+1$/)
    expect(formatClockTime(AT, { timeZone: 'America/New_York', locale: 'en-US' })).toMatch(/^10:05\sAM EDT$/)
    expect(formatClockTime(AT, { timeZone: 'Europe/Berlin', locale: 'de-DE' })).toMatch(/^16:05 MESZ$/)
    expect(formatClockTime(AT)).toMatch(/^02:05\sPM UTC$/)
  })

  it('accepts only zones Intl knows', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    for (const bad of ['Mars/Olympus', '', '<script>', 'a'.repeat(80), null]) expect(isTimeZone(bad)).toBe(false)
  })

  it('counts down in words', () => {
    const now = new Date('2026-07-01T13:27:00.000Z')
    expect(formatCountdown(AT, now)).toBe('in 38 minutes')
    expect(formatCountdown(AT, new Date('2026-07-01T14:04:30.000Z'))).toBe('in less than a minute')
    expect(formatCountdown(AT, new Date('2026-07-01T12:00:00.000Z'))).toBe('in 2 hours 5 minutes')
    expect(formatCountdown(AT, new Date('2026-07-01T13:05:00.000Z'))).toBe('in 1 hour')
    expect(formatCountdown(AT, new Date('2026-07-01T15:00:00.000Z'))).toBe('any moment now')
  })

  it('says the rule with the configured window', () => {
    expect(hideWindowSentence(DEFAULT_HIDE_WINDOW_MINUTES)).toBe(
      `Free accounts see new pages ${DEFAULT_HIDE_WINDOW_MINUTES} minutes after they are made.`,
    )
    expect(hideWindowSentence(10)).toBe('Free accounts see new pages 10 minutes after they are made.')
  })
})
