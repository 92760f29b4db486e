import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaReader } from './media'
import { createHost } from './web-server'

const HASH = 'ab'.repeat(32)
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b])
const read: MediaReader = async (hash) => (hash === HASH ? { hash, mime: 'image/gif', bytes: GIF } : null)

describe('/media on a web deployed alone (API_URL): asked of the api front', () => {
  let api: ReturnType<typeof serve>
  let apiOrigin: string
  const asked: string[] = []
  beforeAll(async () => {
    const front = createHost({ publicUrl: 'http://api.test', trustProxy: false, media: read })
    api = serve({
      fetch: (req) => (asked.push(new URL(req.url).pathname), front.fetch(req)),
      port: 0,
      hostname: '127.0.0.1',
    })
    await new Promise((r) => api.once('listening', r))
    apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
  })
  afterAll(() => api.close())
  const web = () => createHost({ publicUrl: 'http://web.test', trustProxy: false, mediaOrigin: apiOrigin })

  it('passes on the image with its headers, and 304', async () => {
    const res = await web().request(`/media/${HASH}.gif`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/gif')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('etag')).toBe(`"${HASH}"`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(GIF)
    const again = await web().request(`/media/${HASH}.gif`, { headers: { 'if-none-match': `"${HASH}"` } })
    expect(again.status).toBe(304)
  })

  it('asks only for well-formed names; unknown ones are 404', async () => {
    asked.length = 0
    expect((await web().request(`/media/${'cd'.repeat(32)}.gif`)).status).toBe(404)
    expect(asked).toEqual([`/media/${'cd'.repeat(32)}.gif`])
    asked.length = 0
    for (const bad of ['/media/healthz', `/media/..%2Fv2%2Fusers.gif`, `/media/${HASH}.gif/..`])
      expect((await web().request(bad)).status, bad).toBe(404)
    expect(asked).toEqual([])
  })
})
