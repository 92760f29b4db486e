import { describe, expect, it } from 'vitest'
import { MAX_ROUTE_PRELOADS, preloadQueue } from './route-preload'

describe('route preloads', () => {
  it('never more than 5 at once, each module once', async () => {
    let running = 0
    let most = 0
    const loaded: string[] = []
    const finishers: (() => void)[] = []
    const queue = preloadQueue(MAX_ROUTE_PRELOADS, (url) => {
      running++
      most = Math.max(most, running)
      loaded.push(url)
      return new Promise<void>((resolve) => finishers.push(() => (running--, resolve())))
    })
    const urls = Array.from({ length: 12 }, (_, i) => `/assets/route-${i}.js`)
    queue(urls)
    queue(urls.slice(0, 3))
    expect(running).toBe(MAX_ROUTE_PRELOADS)
    while (finishers.length) {
      finishers.shift()!()
      await new Promise((r) => setTimeout(r, 0))
    }
    expect(most).toBe(MAX_ROUTE_PRELOADS)
    expect(loaded).toEqual(urls)
  })

  it('a failed load does not stop the rest', async () => {
    const loaded: string[] = []
    const queue = preloadQueue(1, async (url) => {
      loaded.push(url)
      if (url.endsWith('a.js')) throw new Error('gone')
    })
    queue(['/a.js', '/b.js'])
    await new Promise((r) => setTimeout(r, 5))
    expect(loaded).toEqual(['/a.js', '/b.js'])
  })
})
