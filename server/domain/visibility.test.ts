import { describe, expect, it } from 'vitest'
import { hiddenUntil, taskHiddenUntil } from './visibility'

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
  it('holds back only finished pages: one still being made shows its progress', () => {
    expect(taskHiddenUntil('free', { status: 10, createdAt: minutesAgo(5) }, now)?.toISOString()).toBe('2026-11-23T12:40:00.000Z')
    expect(taskHiddenUntil('free', { status: 5, createdAt: minutesAgo(5) }, now)).toBeNull()
    expect(taskHiddenUntil('free', { status: 90, createdAt: minutesAgo(5) }, now)).toBeNull()
  })
})
