import { CookieJar, request } from './http'
import type { Product } from './product'
import { signUp } from './session'

export interface GenerationTiming {
  runs: number
  medianMs: number
  p90Ms: number
  minMs: number
  maxMs: number
  /** The session id of the last page, for the share-page rows. */
  lastSessionId: string
  /** Cookie header of that page's owner (for the owner's screens of it). */
  lastOwnerCookie: string
}

const DEMO_HANDLES = [
  'aurora-pour-over-set',
  'trailblazer-running-shoes',
  'lumi-kids-night-light',
  'nomad-canvas-backpack',
  'quiet-pro-wireless-earbuds',
]
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/**
 * Time from "Generate page" to the finished page, as a browser sees it: POST /generate, then poll
 * the progress page until it redirects to the owner's page view, /productv2/{id} (offline composer,
 * demo store). Staff accounts see pages at once; each account has credits for four pages, so it
 * signs up as needed.
 */
export async function timeGeneration(product: Product, runs = 20, storeOrigin = product.baseUrl): Promise<GenerationTiming> {
  const times: number[] = []
  let cookie = ''
  let lastSessionId = ''
  for (let i = 0; i < runs; i++) {
    if (i % 4 === 0) cookie = (await signUp(product)).cookie
    const jar = new CookieJar()
    const url = `${storeOrigin}/demo-store/products/${DEMO_HANDLES[i % DEMO_HANDLES.length]}`
    const started = performance.now()
    const created = await request(`${product.baseUrl}/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ mode: 'url', intent: 'generate', url }).toString(),
    })
    jar.update(created.headers)
    const progress = String(created.headers.location ?? '')
    if (created.status !== 302 || !progress.includes('session_id='))
      throw new Error(`generate answered ${created.status} → ${progress || '(no location)'}`)
    lastSessionId = new URL(progress, product.baseUrl).searchParams.get('session_id')!
    for (;;) {
      const res = await request(product.baseUrl + progress, { headers: { cookie } })
      if (res.status === 302 && String(res.headers.location).startsWith('/productv2/')) break
      if (res.status !== 200) throw new Error(`progress page answered ${res.status}`)
      if (performance.now() - started > 60_000) throw new Error('generation took over 60 s')
      await new Promise((r) => setTimeout(r, 20))
    }
    times.push(performance.now() - started)
  }
  const sorted = [...times].sort((a, b) => a - b)
  return {
    runs,
    medianMs: pct(sorted, 50),
    p90Ms: pct(sorted, 90),
    minMs: sorted[0],
    maxMs: sorted.at(-1)!,
    lastSessionId,
    lastOwnerCookie: cookie,
  }
}
