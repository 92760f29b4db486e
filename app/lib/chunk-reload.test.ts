import { describe, expect, it } from 'vitest'
import { shouldReloadForChunkError } from '../../server/domain/chunk-reload'
import { isChunkLoadError } from './chunk-reload'

describe('chunk-load reload rule', () => {
  it('reloads the first time', () => expect(shouldReloadForChunkError(null, '/latest', 1000)).toBe(true))
  it('suppresses a second reload of the same path within 10 s', () =>
    expect(shouldReloadForChunkError({ path: '/latest', at: 1000 }, '/latest', 10_999)).toBe(false))
  it('allows it again after 10 s', () => expect(shouldReloadForChunkError({ path: '/latest', at: 1000 }, '/latest', 11_000)).toBe(true))
  it('another path reloads at once', () => expect(shouldReloadForChunkError({ path: '/latest', at: 1000 }, '/', 1500)).toBe(true))
  it('recognises chunk failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
  })
})
