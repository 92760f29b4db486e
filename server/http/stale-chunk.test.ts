import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { CHUNK_RELOAD_KEY, shouldReloadForChunkError, type LastReload } from '../domain/chunk-reload'
import { isStaleChunkPath, STALE_CHUNK_MODULE } from './stale-chunk'

/** Runs the module as a browser would, on a fake page; returns whether it reloaded and the note it showed. */
async function runModule(last: LastReload | null, path: string, now: number) {
  const storage = new Map<string, string>(last ? [[CHUNK_RELOAD_KEY, JSON.stringify(last)]] : [])
  let reloaded = false
  const appended: { id: string; textContent: string }[] = []
  const context = vm.createContext({
    location: { pathname: path, reload: () => (reloaded = true) },
    sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
    Date: { now: () => now },
    JSON,
    Promise,
    document: {
      getElementById: () => null,
      createElement: () => ({ id: '', textContent: '', style: {}, setAttribute() {} }),
      body: { append: (el: { id: string; textContent: string }) => appended.push(el) },
    },
  })
  // The module's last line never settles (so Remix never reloads by itself): give it a moment, then read.
  const body = STALE_CHUNK_MODULE.replace('await new Promise(() => {})', '')
  new vm.Script(`(async () => {${body}})()`).runInContext(context)
  await new Promise((r) => setTimeout(r, 5))
  return { reloaded, note: appended[0]?.textContent ?? null, stored: storage.get(CHUNK_RELOAD_KEY) }
}

describe('the module served for an older build’s script', () => {
  it('decides as shouldReloadForChunkError does, on every case', async () => {
    const now = 1_800_000_000_000
    const cases: [LastReload | null, string][] = [
      [null, '/latest'],
      [{ path: '/latest', at: now - 2_000 }, '/latest'],
      [{ path: '/latest', at: now - 9_999 }, '/latest'],
      [{ path: '/latest', at: now - 10_000 }, '/latest'],
      [{ path: '/products', at: now - 1_000 }, '/latest'],
    ]
    for (const [last, path] of cases) {
      const ran = await runModule(last, path, now)
      const expected = shouldReloadForChunkError(last, path, now)
      expect(ran.reloaded, JSON.stringify({ last, path })).toBe(expected)
      if (expected) expect(JSON.parse(ran.stored!)).toEqual({ path, at: now })
      else expect(ran.note).toMatch(/Reload the page/)
    }
  })

  it('never settles, so Remix does not reload on its own', () => {
    expect(STALE_CHUNK_MODULE.trim().endsWith('await new Promise(() => {})')).toBe(true)
  })

  it('answers only script paths under /assets/', () => {
    expect(isStaleChunkPath('/assets/_default.latest-DzAj2ANY.js')).toBe(true)
    expect(isStaleChunkPath('/assets/app-CZDxoWrP.css')).toBe(false)
    expect(isStaleChunkPath('/assets/../secrets.js')).toBe(false)
    expect(isStaleChunkPath('/demo-store/x.js')).toBe(false)
  })
})
