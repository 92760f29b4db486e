import autocannon from 'autocannon'
import { num } from './table'

/**
 * Ranks 0 … n-1 drawn with probability ∝ 1 / (rank + 1)^s (Zipf; s = 1 is the classic "a few pages
 * get most of the views, most pages are seen now and then"), by a binary search in the cumulative
 * distribution.
 */
export function zipfSampler(n: number, s: number, random: () => number): () => number {
  const cdf = new Float64Array(n)
  let total = 0
  for (let k = 0; k < n; k++) cdf[k] = total += 1 / Math.pow(k + 1, s)
  for (let k = 0; k < n; k++) cdf[k] /= total
  return () => {
    const u = random()
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (cdf[mid] < u) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

/** The request a load sends next: a path (with its query) and extra headers. */
export interface NextRequest {
  path: string
  headers?: Record<string, string>
}

export interface PathLoadResult {
  rps: number
  requests: number
  p50: number
  p90: number
  p99: number
  max: number
  statuses: Record<string, number>
  /** Answers other than 200. */
  unexpected: number
  errors: number
  timeouts: number
  errorKinds: Record<string, number>
  /** Distinct paths requested during the measured run. */
  distinct: number
}

export interface PathLoadOptions {
  connections: number
  seconds: number
  /** Seconds of the same load first, not recorded (default 0). */
  warmupSeconds?: number
  /** Per-request timeout, seconds (default 30). */
  timeoutSeconds?: number
  /** Stop after this many requests instead of after `seconds` (req/s then over the time they took). */
  amount?: number
}

/**
 * autocannon against `baseUrl` where every request's path and headers come from `next()` (a Zipf
 * sample, a viewer's next page), so one run spreads over many addresses; answers counted by status.
 */
export async function loadPaths(baseUrl: string, next: () => NextRequest, opts: PathLoadOptions): Promise<PathLoadResult> {
  if (opts.warmupSeconds) await run(baseUrl, next, { ...opts, seconds: opts.warmupSeconds })
  return run(baseUrl, next, opts)
}

function run(baseUrl: string, next: () => NextRequest, opts: PathLoadOptions): Promise<PathLoadResult> {
  const statuses: Record<string, number> = {}
  const errorKinds: Record<string, number> = {}
  const seen = new Set<string>()
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: opts.connections,
        duration: opts.seconds,
        ...(opts.amount ? { amount: opts.amount } : {}),
        timeout: opts.timeoutSeconds ?? 30,
        requests: [
          {
            setupRequest: (req) => {
              const n = next()
              seen.add(n.path)
              return { ...req, method: 'GET', path: n.path, headers: { ...req.headers, ...n.headers } }
            },
          },
        ],
      },
      (error: unknown, r) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)))
        const requests = Object.values(statuses).reduce((a, b) => a + b, 0)
        resolve({
          rps: requests / (opts.amount ? (performance.now() - started) / 1000 : opts.seconds),
          requests,
          p50: r.latency.p50,
          p90: r.latency.p90,
          p99: r.latency.p99,
          max: r.latency.max,
          statuses,
          unexpected: requests - (statuses['200'] ?? 0),
          errors: r.errors,
          timeouts: r.timeouts,
          errorKinds,
          distinct: seen.size,
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

export const counts = (c: Record<string, number>) =>
  Object.entries(c)
    .map(([k, n]) => `${k}×${num(n)}`)
    .join(', ') || '-'

/** Errors of a path load in words (empty when every answer was a 200 and nothing failed). */
export function pathLoadProblems(name: string, r: PathLoadResult): string[] {
  const out: string[] = []
  if (r.requests === 0) out.push(`${name}: no answer at all`)
  if (r.unexpected > 0) out.push(`${name}: ${r.unexpected} of ${r.requests} answers were not 200 (${counts(r.statuses)})`)
  if (r.errors > 0) out.push(`${name}: ${r.errors} request errors, ${r.timeouts} of them timeouts (${counts(r.errorKinds)})`)
  return out
}
