import { describe, expect, it } from 'vitest'
import { SIGNED_IN_CACHE_HEADER, signedInPageHeaders, VIEWER_HEADER } from './page-cache'

describe('how long a signed-in screen is kept', () => {
  const now = Date.parse('2026-11-28T12:00:00Z')
  const seconds = (changesAt: (string | null)[]) => Number(signedInPageHeaders(7, changesAt, now)[SIGNED_IN_CACHE_HEADER])

  it('a minute, for its viewer', () => {
    expect(signedInPageHeaders(7, [], now)).toEqual({ [SIGNED_IN_CACHE_HEADER]: '60', [VIEWER_HEADER]: '7' })
  })

  it('until the screen changes by itself: the first hide window to end', () => {
    expect(seconds(['2026-11-28T12:00:12.300Z', '2026-11-28T12:00:40Z'])).toBe(13)
    expect(seconds(['2026-11-28T13:00:00Z'])).toBe(60)
    // Moments past or unknown change nothing.
    expect(seconds(['2026-11-28T11:59:00Z', null, 'not a time'])).toBe(60)
  })
})
