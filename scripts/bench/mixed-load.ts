import { readFile } from 'node:fs/promises'
import autocannon from 'autocannon'
import { request } from './http'
import { num, type Column } from './table'

/** One route of the mix: requested with `cookie` when given (signed in), anonymously otherwise. */
export interface Route {
  name: string
  path: string
  cookie?: string
}

export interface RouteResult {
  route: Route
  connections: number
  /** Answers received (any status). */
  requests: number
  rps: number
  /** Latency of the 2xx answers (autocannon records only those), ms. */
  p50: number
  p99: number
  max: number
  /** Answers by status code, e.g. { '200': 812 }. */
  statuses: Record<string, number>
  /** Answers other than 200. */
  unexpected: number
  /** Request errors (connection errors and timeouts), by kind, e.g. { ECONNRESET: 2, 'request timed out': 1 }. */
  errorKinds: Record<string, number>
  errors: number
  timeouts: number
}

export interface MixOptions {
  /** Total connections, split evenly between the routes. */
  connections: number
  seconds: number
  /** Per-request timeout, seconds. */
  timeoutSeconds: number
}

const headersFor = (route: Route): Record<string, string> => (route.cookie ? { cookie: route.cookie } : {})

/** Each route once, before any load: it must answer 200 as it is, or the load figures would mean nothing. */
export async function checkRoutes(baseUrl: string, routes: Route[]): Promise<void> {
  for (const route of routes) {
    const res = await request(baseUrl + route.path, { headers: headersFor(route) })
    if (res.status !== 200)
      throw new Error(
        `${route.name} GET ${route.path} answered ${res.status}${res.headers.location ? ` → ${res.headers.location}` : ''} before any load`,
      )
  }
}

/**
 * A mixed load: one autocannon instance per route, all at once against the same server, the
 * connections split evenly, so slow signed-in pages and fast anonymous ones compete for the server
 * the way a browser crowd would, and each route still gets its own counts and latencies.
 */
export function mixedLoad(baseUrl: string, routes: Route[], opts: MixOptions): Promise<RouteResult[]> {
  const per = Math.floor(opts.connections / routes.length)
  return Promise.all(
    routes.map((route, i) => {
      // The remainder goes to the first routes, so the total is exactly opts.connections.
      const connections = per + (i < opts.connections - per * routes.length ? 1 : 0)
      return loadRoute(baseUrl, route, connections, opts)
    }),
  )
}

function loadRoute(baseUrl: string, route: Route, connections: number, opts: MixOptions): Promise<RouteResult> {
  const statuses: Record<string, number> = {}
  const errorKinds: Record<string, number> = {}
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: baseUrl + route.path, connections, duration: opts.seconds, timeout: opts.timeoutSeconds, headers: headersFor(route) },
      (error: unknown, r) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)))
        const requests = Object.values(statuses).reduce((a, b) => a + b, 0)
        resolve({
          route,
          connections,
          requests,
          rps: requests / opts.seconds,
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          statuses,
          unexpected: requests - (statuses['200'] ?? 0),
          errorKinds,
          errors: r.errors,
          timeouts: r.timeouts,
        })
      },
    )
    instance.on('response', (_client, status) => {
      statuses[status] = (statuses[status] ?? 0) + 1
    })
    instance.on('reqError', (error: unknown) => {
      const e = error as { code?: string; message?: string }
      const kind = e.code ?? e.message ?? String(error)
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1
    })
  })
}

const entries = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([k, n]) => `${k}×${n}`)
    .join(', ') || '-'

export const ROUTE_COLUMNS: Column<RouteResult>[] = [
  { header: 'route', align: 'left', cell: (r) => `${r.route.name} ${r.route.path}${r.route.cookie ? ' (signed in)' : ''}` },
  { header: 'conns', cell: (r) => String(r.connections) },
  { header: 'requests', cell: (r) => num(r.requests) },
  { header: 'req/s', cell: (r) => num(r.rps, 1) },
  { header: 'p50 ms', cell: (r) => num(r.p50) },
  { header: 'p99 ms', cell: (r) => num(r.p99) },
  { header: 'max ms', cell: (r) => num(r.max) },
  { header: 'statuses', align: 'left', cell: (r) => entries(r.statuses) },
  { header: 'errors', cell: (r) => String(r.errors) },
  { header: 'timeouts', cell: (r) => String(r.timeouts) },
  { header: 'error kinds', align: 'left', cell: (r) => entries(r.errorKinds) },
]

/** What went wrong on a route, in words (empty when nothing did). */
export function routeProblems(r: RouteResult): string[] {
  const out: string[] = []
  const name = `${r.route.name} GET ${r.route.path}`
  if (r.requests === 0) out.push(`${name}: no answer at all`)
  if (r.unexpected > 0) out.push(`${name}: ${r.unexpected} of ${r.requests} answers were not 200 (${entries(r.statuses)})`)
  if (r.errors > 0) out.push(`${name}: ${r.errors} request errors, ${r.timeouts} of them timeouts (${entries(r.errorKinds)})`)
  return out
}

/** Resident memory of a process, bytes (VmRSS in /proc/<pid>/status, Linux). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const m = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)
  if (!m) throw new Error(`no VmRSS line in /proc/${pid}/status`)
  return Number(m[1]) * 1024
}

/** CPU time a process has used so far (user + system), seconds (/proc/<pid>/stat, in USER_HZ = 100 ticks a second on Linux). */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis): utime is the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
