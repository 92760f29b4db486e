import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { SqlExecutor } from '../db/client'
import { runInRequest } from '../request-context'
import { BACKGROUND_WORKS } from './background-work'
import { PAGE_MEMORIES } from './page-memory'

/**
 * What an operator watches, in Prometheus text at /metrics (README "Metrics" lists every family):
 * requests and their durations by route pattern and status, job queues, webhook deliveries, the
 * page memories, the database pool, credits, and the process itself (memory, event loop).
 * Counts that live in the database (jobs, webhooks, credits) are read from it when scraped, so
 * every process of a deployment reports the same totals.
 */
export interface MetricsSources {
  /** Processes that hold the database report its queues, deliveries and credits. */
  sql?: SqlExecutor
  /** The Postgres pool, where there is one. */
  pool?: () => { total: number; idle: number; waiting: number }
}

/** Top-level paths we serve; anything else is counted as `other` (a scanner's paths must not make new series). */
const KNOWN = new Set(
  (
    'v2 v3 share sharev2 product productv2 product-edit review-bulk-edit latest products stores generate trending posts sections templates ' +
    'docs lp r subscription account auth guide guidev2 guidev3 connect-shopify google-shopping admin demo-store demo-shop media assets ' +
    'placeholder healthz metrics __version sitemap.xml robots.txt resources favicon.ico'
  ).split(' '),
)
const MAX_SEGMENTS = 5

/** A segment kept as it is: a word, not an id, a token, a hash or a shop's address. */
const isWord = (segment: string) => /^[a-z_][a-z0-9_.-]{0,40}$/.test(segment) && (segment.match(/\d/g) ?? []).length <= 2

/** The route pattern of a path, for labels: ids, tokens and shop addresses become `:id`. */
export function routePattern(pathname: string): string {
  const segments = pathname.split('?')[0].split('/').filter(Boolean)
  if (!segments.length) return '/'
  if (!KNOWN.has(segments[0])) return 'other'
  const kept = segments.slice(0, MAX_SEGMENTS).map((s, i) => (i === 0 || isWord(s) ? s : ':id'))
  return `/${kept.join('/')}${segments.length > MAX_SEGMENTS ? '/…' : ''}`
}

const DB_QUERIES = {
  jobs: `SELECT name, state, count(*)::int AS n, coalesce(extract(epoch FROM now() - min(created_on)), 0)::float AS age
           FROM pgboss.job WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
  webhooks: `SELECT source, topic, count(*)::int AS n FROM webhook_deliveries GROUP BY source, topic`,
  credits: `SELECT reason, coalesce(sum(delta) FILTER (WHERE delta > 0), 0)::bigint AS granted,
                  coalesce(-sum(delta) FILTER (WHERE delta < 0), 0)::bigint AS spent FROM credit_ledger GROUP BY reason`,
}

export function createMetrics(sources: MetricsSources = {}) {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry, prefix: 'pagewright_' })

  const requests = new Counter({
    name: 'pagewright_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    registers,
  })
  const durations = new Histogram({
    name: 'pagewright_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method.',
    labelNames: ['route', 'method'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })

  // The page memories: what they hold, their bound, and how often a read found its page.
  const seen = new Map<string, { hits: number; misses: number }>()
  new Gauge({
    name: 'pagewright_page_memory_entries',
    help: 'Pages kept in memory, by memory (shared, anonymous, signed_in).',
    labelNames: ['memory'],
    registers,
    collect() {
      for (const [name, memory] of PAGE_MEMORIES) this.set({ memory: name }, memory.size)
    },
  })
  new Gauge({
    name: 'pagewright_page_memory_bytes',
    help: 'Bytes held by each page memory.',
    labelNames: ['memory'],
    registers,
    collect() {
      for (const [name, memory] of PAGE_MEMORIES) this.set({ memory: name }, memory.calculatedSize)
    },
  })
  new Gauge({
    name: 'pagewright_page_memory_max_bytes',
    help: 'The bound of each page memory (least recently used pages leave first).',
    labelNames: ['memory'],
    registers,
    collect() {
      for (const [name, memory] of PAGE_MEMORIES) this.set({ memory: name }, memory.maxSize)
    },
  })
  new Counter({
    name: 'pagewright_page_memory_reads_total',
    help: 'Reads of a page memory, by result (hit: answered from memory; miss: rendered).',
    labelNames: ['memory', 'result'],
    registers,
    collect() {
      for (const [name, memory] of PAGE_MEMORIES) {
        const last = seen.get(name) ?? { hits: 0, misses: 0 }
        this.inc({ memory: name, result: 'hit' }, memory.hits - last.hits)
        this.inc({ memory: name, result: 'miss' }, memory.misses - last.misses)
        seen.set(name, { hits: memory.hits, misses: memory.misses })
      }
    },
  })

  // Work that waits its turn (recompressing popular pages): a queue that stays full means the
  // process is too busy to finish it, and refused jobs are tried again later.
  const counted = new Map<string, { done: number; failed: number; refused: number }>()
  new Gauge({
    name: 'pagewright_background_jobs_pending',
    help: 'Background jobs waiting or running in this process, by work.',
    labelNames: ['work'],
    registers,
    collect() {
      for (const [name, work] of BACKGROUND_WORKS) this.set({ work: name }, work.pending)
    },
  })
  new Counter({
    name: 'pagewright_background_jobs_total',
    help: 'Background jobs by work and result (done, failed, refused: the queue was full).',
    labelNames: ['work', 'result'],
    registers,
    collect() {
      for (const [name, work] of BACKGROUND_WORKS) {
        const last = counted.get(name) ?? { done: 0, failed: 0, refused: 0 }
        for (const result of ['done', 'failed', 'refused'] as const) this.inc({ work: name, result }, work[result] - last[result])
        counted.set(name, { done: work.done, failed: work.failed, refused: work.refused })
      }
    },
  })

  const pool = sources.pool
  if (pool) {
    new Gauge({
      name: 'pagewright_db_pool_connections',
      help: 'Postgres pool connections, by state (total, idle, waiting: requests waiting for one).',
      labelNames: ['state'],
      registers,
      collect() {
        const p = pool()
        this.set({ state: 'total' }, p.total)
        this.set({ state: 'idle' }, p.idle)
        this.set({ state: 'waiting' }, p.waiting)
      },
    })
  }

  const sql = sources.sql
  if (sql) {
    const rows = async (text: string) => (await sql.executeSql(text).catch(() => ({ rows: [] }))).rows as Record<string, unknown>[]
    new Gauge({
      name: 'pagewright_jobs',
      help: 'Jobs by queue and state: created and retry are waiting, active are running, failed gave up.',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset()
        for (const r of await rows(DB_QUERIES.jobs)) this.set({ queue: String(r.name), state: String(r.state) }, Number(r.n))
      },
    })
    new Gauge({
      name: 'pagewright_jobs_oldest_age_seconds',
      help: 'Age of the oldest job by queue and state (a waiting job growing old means the workers are behind).',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset()
        for (const r of await rows(DB_QUERIES.jobs)) this.set({ queue: String(r.name), state: String(r.state) }, Number(r.age))
      },
    })
    new Gauge({
      name: 'pagewright_webhook_deliveries',
      help: 'Webhook deliveries handled, by source (stripe, shopify) and topic; refused ones show as 4xx on their route.',
      labelNames: ['source', 'topic'],
      registers,
      async collect() {
        this.reset()
        for (const r of await rows(DB_QUERIES.webhooks)) this.set({ source: String(r.source), topic: String(r.topic) }, Number(r.n))
      },
    })
    new Gauge({
      name: 'pagewright_credits',
      help: 'Credits granted and spent since the start, by ledger reason.',
      labelNames: ['direction', 'reason'],
      registers,
      async collect() {
        this.reset()
        for (const r of await rows(DB_QUERIES.credits)) {
          this.set({ direction: 'granted', reason: String(r.reason) }, Number(r.granted))
          this.set({ direction: 'spent', reason: String(r.reason) }, Number(r.spent))
        }
      },
    })
  }

  /** The metrics as Prometheus text. */
  async function render(res: ServerResponse) {
    res.statusCode = 200
    res.setHeader('Content-Type', registry.contentType)
    res.setHeader('Cache-Control', 'no-store')
    res.end(await registry.metrics())
  }

  return {
    registry,
    render,
    /**
     * Wraps the node request listener: each request runs with its id (logs, X-Request-Id) and is
     * counted and timed by route pattern when it finishes.
     */
    instrument(listener: (req: IncomingMessage, res: ServerResponse) => void, opts: { token?: string; open?: boolean } = {}) {
      return (req: IncomingMessage, res: ServerResponse) => {
        const started = performance.now()
        const incoming = req.headers['x-request-id']
        const id = typeof incoming === 'string' && /^[\w.:-]{1,100}$/.test(incoming) ? incoming : randomUUID()
        res.setHeader('X-Request-Id', id)
        const route = routePattern(req.url ?? '/')
        res.once('finish', () => {
          const method = req.method ?? 'GET'
          requests.inc({ route, method, status: String(res.statusCode) })
          durations.observe({ route, method }, (performance.now() - started) / 1000)
        })
        if (route === '/metrics' && (opts.open || opts.token)) {
          const allowed = opts.open || req.headers.authorization === `Bearer ${opts.token}`
          if (allowed) return void render(res).catch(() => res.destroy())
          res.statusCode = 401
          res.setHeader('WWW-Authenticate', 'Bearer')
          return void res.end('Send the METRICS_TOKEN as a Bearer token.')
        }
        runInRequest(id, () => listener(req, res))
      }
    },
  }
}
