import { describe, expect, it } from 'vitest'
import { networkKey } from './rate-limit'

describe('networkKey', () => {
  const secret = 'a-secret-of-32-characters-or-so!'
  const day = new Date('2026-11-28T10:00:00Z')
  it('names no address and stays the same for a network through one UTC day', () => {
    const key = networkKey(secret, '203.0.113.7', day)
    expect(key).not.toContain('203')
    expect(key).toMatch(/^[\w-]{22}$/)
    expect(networkKey(secret, '203.0.113.7', new Date('2026-11-28T23:59:59Z'))).toBe(key)
    expect(networkKey(secret, '203.0.113.8', day)).not.toBe(key)
  })
  it('links no two days and no two deployments', () => {
    const key = networkKey(secret, '203.0.113.7', day)
    expect(networkKey(secret, '203.0.113.7', new Date('2026-11-29T00:00:00Z'))).not.toBe(key)
    expect(networkKey('another-secret-of-32-characters!', '203.0.113.7', day)).not.toBe(key)
  })
})
