import { loadOnce } from '../load-once'
import { checkUserUrl, type UrlCheck } from './address-policy'
import type { SafeFetchOptions } from './safe-fetch'
import { ImportError, type Fetcher } from './types'

/** Where product pages come from: the internet (through the safe fetcher) or the built-in demo store. */
export interface ProductSource {
  fetch: Fetcher
  check(raw: string): UrlCheck
}

/**
 * Demo-store URLs on our own origins are answered by the demo store in-process, never over the
 * network, so a newcomer can generate a page on an offline machine; everything else goes through
 * the SSRF-guarded fetcher.
 */
export function createProductSource(opts: {
  ownOrigins: string[]
  allowPrivateHosts: string[]
  demoStore: { fetch(request: Request): Response | Promise<Response> }
  safe?: SafeFetchOptions
}): ProductSource {
  // The fetcher (undici, the page decoder, the refusal rules: 0.3 s and some MB at start) loads when first used.
  const safeFetcher = loadOnce(() =>
    import('./safe-fetch').then((m) => m.createSafeFetcher({ ...opts.safe, allowPrivateHosts: opts.allowPrivateHosts })),
  )
  const safeFetch: Fetcher = async (raw, options) => (await safeFetcher())(raw, options)
  const own = new Set(opts.ownOrigins.map((o) => new URL(o).origin))
  const demoUrl = (raw: string): URL | null => {
    try {
      const url = new URL(raw.trim())
      return own.has(url.origin) && url.pathname.startsWith('/demo-store/') ? url : null
    } catch {
      return null
    }
  }
  return {
    check(raw) {
      const demo = demoUrl(raw)
      return demo ? { ok: true, url: demo } : checkUserUrl(raw, opts.allowPrivateHosts)
    },
    async fetch(raw, options = {}) {
      const demo = demoUrl(raw)
      if (!demo) return safeFetch(raw, options)
      const accept = options.accept === 'json' ? 'application/json' : options.accept === 'image' ? 'image/*' : 'text/html'
      const res = await opts.demoStore.fetch(new Request(demo, { headers: { accept } }))
      if (res.status === 404) throw new ImportError("We couldn't find that page (404). Check the link.")
      const contentType = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
      const doc = { url: demo.toString(), status: res.status, contentType, own: true }
      if (options.accept === 'image') return { ...doc, body: '', bytes: new Uint8Array(await res.arrayBuffer()) }
      return { ...doc, contentType: res.headers.get('content-type') ?? '', body: await res.text() }
    },
  }
}
