import { describe, expect, it } from 'vitest'
import { loadServerEnv } from './env'
import { applyHeapGrowth } from './memory-settings'

describe('the heap’s growth', () => {
  it('is capped at 25 % by default, at HEAP_GROWTH_PERCENT when set, and left to V8 at 0', () => {
    const flags: string[] = []
    const set = (f: string) => flags.push(f)
    applyHeapGrowth(loadServerEnv({ NODE_ENV: 'test' }).HEAP_GROWTH_PERCENT, set)
    applyHeapGrowth(loadServerEnv({ NODE_ENV: 'test', HEAP_GROWTH_PERCENT: '50' }).HEAP_GROWTH_PERCENT, set)
    applyHeapGrowth(loadServerEnv({ NODE_ENV: 'test', HEAP_GROWTH_PERCENT: '0' }).HEAP_GROWTH_PERCENT, set)
    expect(flags).toEqual(['--heap-growing-percent=25', '--heap-growing-percent=50'])
  })

  it('refuses a value that is not a whole percent', () => {
    expect(() => loadServerEnv({ NODE_ENV: 'test', HEAP_GROWTH_PERCENT: 'lots' })).toThrow(/HEAP_GROWTH_PERCENT/)
    expect(() => loadServerEnv({ NODE_ENV: 'test', HEAP_GROWTH_PERCENT: '-5' })).toThrow(/HEAP_GROWTH_PERCENT/)
  })
})
