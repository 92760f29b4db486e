import { describe, expect, it } from 'vitest'
import { countBoundedCache } from './count-bounded-cache'

describe('countBoundedCache', () => {
  it('holds at most its count, the least recently used going first and disposed of', () => {
    const gone: string[] = []
    const cache = countBoundedCache<string, number>(3, { dispose: (_value, key) => void gone.push(key) })
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('c', 3)
    expect(cache.get('a')).toBe(1) // a is now the most recent
    cache.set('d', 4)
    expect(cache.size).toBe(3)
    expect(cache.has('b')).toBe(false)
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd'])
    expect(gone).toEqual(['b'])
  })

  it('stays at its count however many entries pass through it', () => {
    const cache = countBoundedCache<number, number>(1_000)
    for (let i = 0; i < 25_000; i++) cache.set(i, i)
    expect(cache.size).toBe(1_000)
    expect(cache.get(24_999)).toBe(24_999)
    expect(cache.get(0)).toBeUndefined()
  })

  it('keeps its time-to-live option', async () => {
    const cache = countBoundedCache<string, string>(10, { ttl: 20 })
    cache.set('k', 'v')
    expect(cache.get('k')).toBe('v')
    await new Promise((r) => setTimeout(r, 40))
    expect(cache.get('k')).toBeUndefined()
  })
})
