import { describe, expect, it } from 'vitest'
import { loadOnce } from './load-once'

describe('loadOnce', () => {
  it('loads once for callers at the same moment and after', async () => {
    let loads = 0
    const get = loadOnce(async () => ++loads)
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1])
    expect(await get()).toBe(1)
  })

  it('forgets a failed load: the next call tries again', async () => {
    let calls = 0
    const get = loadOnce(async () => {
      calls++
      if (calls === 1) throw new Error('disk hiccup')
      return 'module'
    })
    await expect(get()).rejects.toThrow('disk hiccup')
    expect(await get()).toBe('module')
    expect(calls).toBe(2)
  })
})
