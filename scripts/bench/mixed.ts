import { checkRoutes, mb, mixedLoad, ROUTE_COLUMNS, routeProblems, rssOf, type Route, type RouteResult } from './mixed-load'
import { type Product, sleep } from './product'
import { renderTable } from './table'

export interface MixedResult {
  connections: number
  seconds: number
  results: RouteResult[]
  total: number
  rssWarm: number
  rssAfter: number
  problems: string[]
}

/** The five pages of the mix: login and share anonymously, the owner's home, page and list signed in. */
export const mixedRoutes = (sessionId: string, ownerCookie: string): Route[] => [
  { name: 'share', path: `/share/${sessionId}` },
  { name: 'home', path: '/', cookie: ownerCookie },
  { name: 'product', path: `/productv2/${sessionId}`, cookie: ownerCookie },
  { name: 'list', path: '/latest', cookie: ownerCookie },
  { name: 'login', path: '/account/login' },
]

/** How long the warm-up runs: shorter ones end while the heap is still growing to its working size. */
const WARMUP_SECONDS = 30
/** RSS is read this long after each load stops, the same way after the warm-up and after the run. */
const SETTLE_MS = 3_000

/**
 * Many connections for a long run over the mix, after a warm-up at the same concurrency (so the
 * heap has its working size): answers per route, and the server's RSS a few seconds after the
 * warm-up and a few seconds after the run.
 */
export async function benchMixed(product: Product, routes: Route[], opts: { connections: number; seconds: number }): Promise<MixedResult> {
  await checkRoutes(product.baseUrl, routes)
  await mixedLoad(product.baseUrl, routes, { connections: opts.connections, seconds: WARMUP_SECONDS, timeoutSeconds: 30 })
  await sleep(SETTLE_MS)
  const rssWarm = await rssOf(product.pid)
  const results = await mixedLoad(product.baseUrl, routes, { ...opts, timeoutSeconds: 30 })
  await sleep(SETTLE_MS)
  const rssAfter = await rssOf(product.pid)
  return {
    ...opts,
    results,
    total: results.reduce((s, r) => s + r.requests, 0),
    rssWarm,
    rssAfter,
    problems: results.flatMap(routeProblems),
  }
}

export function renderMixed(m: MixedResult): string {
  return [
    `Mixed load: ${m.connections} connections × ${m.seconds} s over ${m.results.map((r) => r.route.name).join(', ')} ` +
      `(after a ${m.connections} × ${WARMUP_SECONDS} s warm-up): ${m.total.toLocaleString('en-US')} answers, ${(m.total / m.seconds).toFixed(0)} req/s`,
    renderTable(ROUTE_COLUMNS, m.results),
    `RSS ${mb(m.rssWarm)} ${SETTLE_MS / 1000} s after the warm-up, ${mb(m.rssAfter)} ${SETTLE_MS / 1000} s after the run: ${(m.rssAfter / m.rssWarm).toFixed(2)}× (goal ≤ 1.2×)` +
      (m.problems.length ? `\nproblems: ${m.problems.join('; ')}` : ' · 0 errors, 0 timeouts, every answer 200'),
  ].join('\n')
}
