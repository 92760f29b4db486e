import { timeGeneration } from './generation'
import { freePort } from './http'
import { measureLoad, type LoadResult } from './measure'
import type { PageCase } from './pages'
import { createPostgresDatabase, deploymentSecrets } from './postgres'
import { startProduct, type Product } from './product'
import { signUp } from './session'

export interface SplitRow {
  page: PageCase
  /** Both webs at once, half the connections each: summed req/s, the worse p99. */
  load: LoadResult
}

/**
 * The same pages on Postgres with separate processes (api ×1, worker ×1, web ×2), in a database of
 * its own created from `adminUrl` and dropped afterwards.
 */
export async function benchSplit(
  adminUrl: string,
  cases: PageCase[],
  opts: { seconds: number; connections: number },
  onStep: (msg: string) => void,
): Promise<SplitRow[]> {
  const database = await createPostgresDatabase(adminUrl, 'pw_bench')
  const url = database.url
  const started: Product[] = []
  try {
    const ports = [await freePort(), await freePort()]
    const common = { ...deploymentSecrets(), PUBLIC_URL: `http://127.0.0.1:${ports[0]}` }
    onStep('split: starting api, worker and two webs on Postgres')
    const api = await startProduct({ mode: 'api', env: { ...common, DATABASE_URL: url } })
    started.push(api)
    started.push(await startProduct({ mode: 'worker', env: { ...common, DATABASE_URL: url }, waitHealthy: false }))
    const webs = await Promise.all(ports.map((port) => startProduct({ mode: 'web', env: { ...common, API_URL: api.baseUrl }, port })))
    started.push(...webs)
    const web = { ...webs[0], loginCode: (email: string, ms?: number) => api.loginCode(email, ms) }
    const { cookie } = await signUp(web)
    const { lastSessionId } = await timeGeneration(web, 1)
    const rows: SplitRow[] = []
    for (const c of cases) {
      const page = c.name === 'share' ? { ...c, path: `/share/${lastSessionId}` } : c
      onStep(`split: ${page.name} on both webs (${opts.connections} connections, ${opts.seconds} s)`)
      const headers: Record<string, string> = page.needsSession ? { cookie } : {}
      const half = Math.max(1, Math.floor(opts.connections / 2))
      const both = await Promise.all(
        webs.map((w) => measureLoad(new URL(page.path, w.baseUrl).href, { seconds: opts.seconds, connections: half, headers })),
      )
      rows.push({
        page,
        load: {
          rps: both[0].rps + both[1].rps,
          p50: Math.max(both[0].p50, both[1].p50),
          p99: Math.max(both[0].p99, both[1].p99),
          requests: both[0].requests + both[1].requests,
          non2xx: both[0].non2xx + both[1].non2xx,
          errors: both[0].errors + both[1].errors,
          timeouts: both[0].timeouts + both[1].timeouts,
        },
      })
    }
    return rows
  } finally {
    await Promise.allSettled(started.reverse().map((p) => p.stop()))
    await database.drop()
  }
}
