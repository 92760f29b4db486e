/**
 * Would `npm start` (the embedded PGlite default) serve more with a second core? PGlite lives in one
 * process, so a second process can only be a web that asks that process's api over HTTP (API_URL).
 * This measures the same pages against one `all` process, then against that process plus one such
 * web (half the connections each, as a round-robin balancer would share them), and prints both.
 *
 *   npm run build && npx tsx scripts/bench-cores.ts   (BENCH_SECONDS, BENCH_CONNECTIONS to change the load)
 */
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { timeGeneration } from './bench/generation'
import { measureLoad, type LoadResult } from './bench/measure'
import { startProduct, stopAllProducts, type Product } from './bench/product'
import { num, ratio, renderTable } from './bench/table'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)

interface Row {
  page: string
  one: LoadResult
  two: LoadResult
}

async function loadOn(products: Product[], path: string, headers: Record<string, string>): Promise<LoadResult> {
  const share = Math.max(1, Math.floor(connections / products.length))
  const each = await Promise.all(products.map((p) => measureLoad(new URL(path, p.baseUrl).href, { seconds, connections: share, headers })))
  return {
    rps: each.reduce((s, r) => s + r.rps, 0),
    p50: Math.max(...each.map((r) => r.p50)),
    p99: Math.max(...each.map((r) => r.p99)),
    requests: each.reduce((s, r) => s + r.requests, 0),
    non2xx: each.reduce((s, r) => s + r.non2xx, 0),
    errors: each.reduce((s, r) => s + r.errors, 0),
    timeouts: each.reduce((s, r) => s + r.timeouts, 0),
  }
}

async function main() {
  const load = () => os.loadavg()[0].toFixed(2)
  console.log(`${os.cpus().length} CPUs · 1-min load average ${load()} before · ${connections} connections × ${seconds} s per page`)
  const all = await startProduct()
  const { lastSessionId, lastOwnerCookie } = await timeGeneration(all, 1)
  const pages: { page: string; path: string; headers: Record<string, string> }[] = [
    { page: 'login', path: '/account/login', headers: {} },
    { page: 'home (signed in)', path: '/', headers: { cookie: lastOwnerCookie } },
    { page: 'list /latest (signed in)', path: '/latest', headers: { cookie: lastOwnerCookie } },
    { page: 'page view (signed in)', path: `/productv2/${lastSessionId}`, headers: { cookie: lastOwnerCookie } },
    { page: 'share', path: `/share/${lastSessionId}`, headers: {} },
  ]
  const one: LoadResult[] = []
  for (const p of pages) one.push(await loadOn([all], p.path, p.headers))
  // The second core: a web on its own that asks the first process's api, with its secrets.
  const secrets = JSON.parse(await readFile(path.join(all.dataDir, 'secrets.json'), 'utf8')) as Record<string, string>
  const web = await startProduct({
    mode: 'web',
    env: { API_URL: all.baseUrl, SESSION_SECRET: secrets.SESSION_SECRET, AUTH_SECRET: secrets.AUTH_SECRET },
  })
  const rows: Row[] = []
  for (const [i, p] of pages.entries()) rows.push({ page: p.page, one: one[i], two: await loadOn([all, web], p.path, p.headers) })
  await stopAllProducts()
  const ms = (n: number) => `${num(n)} ms`
  console.log(
    renderTable<Row>(
      [
        { header: 'page', cell: (r) => r.page, align: 'left' },
        { header: 'one process req/s', cell: (r) => num(r.one.rps) },
        { header: 'p99', cell: (r) => ms(r.one.p99) },
        { header: '+ a web process req/s', cell: (r) => num(r.two.rps) },
        { header: 'p99 ', cell: (r) => ms(r.two.p99) },
        { header: 'change', cell: (r) => ratio(r.two.rps, r.one.rps) },
        { header: 'errors', cell: (r) => num(r.one.errors + r.two.errors + r.one.timeouts + r.two.timeouts) },
      ],
      rows,
    ),
  )
  console.log(`1-min load average ${load()} after`)
}

main().catch(async (error: unknown) => {
  console.error(error)
  await stopAllProducts()
  process.exit(1)
})
