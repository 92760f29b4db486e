import { describe, expect, it } from 'vitest'
import { applyHideWindow, hiddenUntil } from './visibility'

const now = new Date('2026-11-23T12:00:00Z')
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString()

describe('free-user hide window (spec §6)', () => {
  it('hides a free user’s page for 45 minutes after created_at', () => {
    expect(hiddenUntil('free', minutesAgo(10), now)?.toISOString()).toBe('2026-11-23T12:35:00.000Z')
    expect(hiddenUntil('free', minutesAgo(45), now)).toBeNull()
    expect(hiddenUntil('free', minutesAgo(44.99), now)).not.toBeNull()
  })
  it('paid and admin users see everything at once', () => {
    expect(hiddenUntil('paid', minutesAgo(0), now)).toBeNull()
    expect(hiddenUntil('admin', minutesAgo(0), now)).toBeNull()
  })
  it('the window is a setting', () => expect(hiddenUntil('free', minutesAgo(10), now, 5)).toBeNull())
  it('splits a list and names the earliest ready time', () => {
    const r = applyHideWindow('free', [{ created_at: minutesAgo(50) }, { created_at: minutesAgo(5) }, { created_at: minutesAgo(30) }], now)
    expect(r.visible).toHaveLength(1)
    expect(r.hiddenCount).toBe(2)
    expect(r.nextReadyAt).toBe('2026-11-23T12:15:00.000Z')
  })
})
