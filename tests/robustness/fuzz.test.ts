import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DB_KINDS, type DbKind } from '../helpers/db'
import { genericJsonVariants, SHALLOW_JSON_KINDS } from './fuzz/bodies'
import { postForms } from './fuzz/forms'
import { pool, send, type Reply } from './fuzz/http'
import { errorLine, judge, outputAfter } from './fuzz/judge'
import {
  API_PARAMS,
  apiCases,
  apiParamSample,
  DIALOG_ROUTES,
  FORM_PAGES,
  formsOf,
  ownPath,
  routeOf,
  SESSION_ROUTES,
  STATIC_FORMS,
  WEB_PATHS,
  webActionCases,
  webGetCases,
  type Auth,
  type Case,
  type FormSample,
} from './fuzz/plan'
import { discoverApiRoutes, discoverWebRoutes, type ApiRoute } from './fuzz/routes'
import { FUZZ_SEED, sampleByShape, sampledOn } from './fuzz/sample'
import { buildWorld, newAccount, startServer, stillSignedIn, type Server, type World } from './fuzz/world'

/**
 * Hostile input against every web action, web page and api endpoint of the built server ("Hardening",
 * issue 9), on PGlite and (with TEST_DATABASE_URL) Postgres. Routes are discovered from app/routes and
 * server/contract, so a new route is covered without touching this file; fuzz/plan.ts says what is
 * sent. Every case must get an answer within 15 s, never a 5xx, a 413 for a 10 MB body, and a 4xx
 * that explains itself (a readable page on the web, `{ "error": "…" }` from the api); after each
 * batch GET /healthz must still answer 200. FUZZ_REPORT=<file prefix> writes every failure as JSON.
 * Postgres gets one case of each shape per batch (fuzz/sample.ts; FUZZ_FULL=1 sends it every case).
 */

const CONCURRENCY = 8
const REQUEST_TIMEOUT_MS = 15_000
const REPLAYS_PER_BATCH = 2

const WEB = discoverWebRoutes()
const API = discoverApiRoutes()

interface Batch {
  name: string
  surface: 'web' | 'api'
  auth: Auth
  cases(w: World, forms: Map<string, FormSample[]>): Case[]
}

const webGetBatches: Batch[] = WEB.filter((r) => r.hasLoader || r.isPage).flatMap((r) =>
  (['signed-out', 'signed-in'] as const).map((auth) => ({
    name: `web GET ${r.pattern} (${auth})`,
    surface: 'web' as const,
    auth,
    cases: (w: World) => webGetCases(r, w),
  })),
)

const webActionBatches: Batch[] = WEB.filter((r) => r.hasAction).flatMap((r) =>
  (r.pattern.startsWith('/account/') ? (['signed-out', 'signing-in', 'signed-in'] as const) : (['signed-out', 'signed-in'] as const)).map(
    (auth) => ({
      name: `web POST ${r.isIndex ? '/?index' : r.pattern} (${auth})`,
      surface: 'web' as const,
      auth,
      cases: (w: World, forms: Map<string, FormSample[]>) => webActionCases(r, w, forms.get(r.file) ?? [], auth),
    }),
  ),
)

// Deletions last, so the store and products are still there for the other routes.
const apiOrder = (r: ApiRoute) => (r.method === 'DELETE' ? 1 : 0)
const apiBatches: Batch[] = [...API]
  .sort((a, b) => apiOrder(a) - apiOrder(b))
  .flatMap((r) =>
    (r.signedIn ? (['signed-out', 'signed-in'] as const) : (['signed-out'] as const)).map((auth) => ({
      name: `api ${r.method} ${r.path} (${auth})`,
      surface: 'api' as const,
      auth,
      cases: (w: World) => apiCases(r, w, auth),
    })),
  )

/** The POST forms the pages render, by the file of the route they post to. */
async function readForms(w: World): Promise<Map<string, FormSample[]>> {
  const pages: [string, string][] = [...FORM_PAGES(w)]
  for (const r of WEB.filter((r) => r.isPage && r.hasLoader)) {
    const path = ownPath(r, w)
    pages.push([path, w.owner.cookie], [path, ''])
  }
  const scraped = new Map<string, FormSample[]>()
  await pool(pages, CONCURRENCY, async ([path, cookie]) => {
    const res = await send(w.product.baseUrl, { method: 'GET', path, headers: cookie ? { cookie } : {} }, REQUEST_TIMEOUT_MS)
    if (res.status !== 200) return
    for (const f of postForms(res.body.toString('utf8'), w.product.baseUrl + path)) {
      const target = routeOf(WEB, f.action)
      if (!target?.hasAction) continue
      scraped.set(target.file, [...(scraped.get(target.file) ?? []), { ...f, fromPage: path }])
    }
  })
  return new Map(WEB.filter((r) => r.hasAction).map((r) => [r.file, formsOf(r, w, scraped.get(r.file) ?? [])]))
}

interface Failure {
  batch: string
  input: string
  method: string
  path: string
  status: number
  problem: string
  log: string
}

const short = (p: string) => (p.length > 110 ? `${p.slice(0, 100)}…(${p.length} chars)` : p)
const isExited = (s: Server) =>
  Promise.race([s.product.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 20))])

describe.each(DB_KINDS)('hostile input against every route (%s)', (kind: DbKind) => {
  let server: Server
  let world: World
  let forms: Map<string, FormSample[]>
  const failures: Failure[] = []
  const timings: { batch: string; cases: number; ms: number; slowest: string[] }[] = []
  const notes: string[] = []
  let total = 0
  let offered = 0
  let started = 0

  beforeAll(async () => {
    started = Date.now()
    server = await startServer(kind)
    world = await buildWorld(server.product)
    forms = await readForms(world)
    notes.push(...world.notes, `ready in ${Math.round((Date.now() - started) / 1000)} s`)
  }, 300_000)

  afterAll(async () => {
    await server?.stop()
    const seconds = Math.round((Date.now() - started) / 1000)
    console.log(
      `fuzz (${kind}): ${total} cases${total < offered ? ` of ${offered} (one of each shape per batch, FUZZ_SEED=${FUZZ_SEED})` : ''} in ${seconds} s, ${failures.length} failing${notes.length ? `; notes: ${notes.join(' | ')}` : ''}`,
    )
    if (process.env.FUZZ_REPORT)
      writeFileSync(
        `${process.env.FUZZ_REPORT}.${kind}.json`,
        JSON.stringify({ kind, cases: total, seconds, notes, failures, timings }, null, 1),
      )
  })

  it('discovery: every route found has samples, every table entry names a route', () => {
    expect(WEB.length).toBeGreaterThan(20)
    expect(API.length).toBeGreaterThan(50)
    const withParams = WEB.filter((r) => r.params.length).map((r) => r.pattern)
    expect(
      withParams.filter((p) => !WEB_PATHS[p]),
      'web routes with an id and no WEB_PATHS sample (tests/robustness/fuzz/plan.ts)',
    ).toEqual([])
    expect(
      Object.keys(WEB_PATHS).filter((p) => !withParams.includes(p)),
      'WEB_PATHS entries for routes that no longer exist',
    ).toEqual([])
    const named = [...DIALOG_ROUTES, ...SESSION_ROUTES].filter((p) => !WEB.some((r) => r.pattern === p))
    expect(named, 'DIALOG_ROUTES / SESSION_ROUTES entries that are no route').toEqual([])
    const actions = WEB.filter((r) => r.hasAction)
    expect(
      actions.filter((r) => !forms.get(r.file)?.length).map((r) => r.pattern),
      'action routes with no form (add to STATIC_FORMS)',
    ).toEqual([])
    expect(
      Object.keys(STATIC_FORMS).filter((p) => !actions.some((r) => r.pattern === p)),
      'STATIC_FORMS entries for routes without an action',
    ).toEqual([])
    const missing = API.flatMap((r) => r.params.filter((p) => !apiParamSample(r, p)).map((p) => `${r.method} ${r.path} {${p}}`))
    expect(missing, 'api path parameters with no API_PARAMS sample').toEqual([])
    const kinds = genericJsonVariants({}, 'array').map((v) => v.input)
    expect(
      [...SHALLOW_JSON_KINDS].filter((k) => !kinds.includes(k)),
      'SHALLOW_JSON_KINDS names no body kind',
    ).toEqual([])
    const stale = Object.keys(API_PARAMS).filter(
      (k) => k.includes(':') && !API.some((r) => k === `${r.path}:${k.split(':')[1]}` && r.params.includes(k.split(':')[1])),
    )
    expect(stale, 'API_PARAMS entries for routes that no longer exist').toEqual([])
  })

  async function authHeaders(surface: 'web' | 'api', auth: Auth, fresh: boolean): Promise<Record<string, string>> {
    if (auth === 'signed-out') return {}
    if (auth === 'signing-in') return { cookie: world.signingInCookie }
    const account = fresh ? await newAccount(world.product, { withPage: false }) : world.owner
    return surface === 'web' ? { cookie: account.cookie } : { authorization: `Bearer ${account.token}` }
  }

  async function sendCase(b: Batch, c: Case): Promise<Reply> {
    const headers = { ...(await authHeaders(b.surface, b.auth, !!c.fresh)), ...c.headers }
    return send(world.product.baseUrl, { method: c.method, path: c.path, headers, body: c.body }, REQUEST_TIMEOUT_MS)
  }

  /**
   * A line of the server's own in its output, to read what a replayed request makes it write: a
   * sign-in code asked for a fresh e-mail is printed with that e-mail (no SMTP_URL).
   */
  async function logMark(): Promise<string> {
    const email = `log-mark-${randomBytes(5).toString('hex')}@staff.bench.test`
    const body = JSON.stringify({ email })
    await send(
      world.product.baseUrl,
      { method: 'POST', path: '/v2/auth/send-code', headers: { 'content-type': 'application/json' }, body },
      REQUEST_TIMEOUT_MS,
    )
    await world.product.loginCode(email, 5_000).catch(() => {})
    return `email=${email} `
  }

  /** If a batch brought the server down, start a new one so the rest still run (the batch has failed). */
  async function recover(reason: string) {
    notes.push(`${reason}: server restarted`)
    const old = server
    await old.stop().catch(() => {})
    server = await startServer(kind)
    world = await buildWorld(server.product)
    forms = await readForms(world)
  }

  for (const b of [...webGetBatches, ...apiBatches, ...webActionBatches]) {
    it(b.name, async () => {
      if (b.auth === 'signed-in' && !(await stillSignedIn(world.product, world.owner.token))) {
        notes.push(`the owner's session had ended before "${b.name}"; a new owner was made`)
        world.owner = await newAccount(world.product, { withPage: true })
      }
      // The 10 MB bodies first: they take longest, and the rest run alongside them.
      const every = b.cases(world, forms)
      const cases = (sampledOn(kind) ? sampleByShape(every, FUZZ_SEED) : every).sort((x, y) => Number(!!y.oversize) - Number(!!x.oversize))
      total += cases.length
      offered += every.length
      const batchStart = Date.now()
      const results = await pool(cases, CONCURRENCY, async (c) => {
        const reply = await sendCase(b, c)
        return { c, reply, problem: judge(b.surface, !!c.oversize, reply) }
      })
      timings.push({
        batch: b.name,
        cases: cases.length,
        ms: Date.now() - batchStart,
        slowest: [...results]
          .sort((x, y) => y.reply.ms - x.reply.ms)
          .slice(0, 3)
          .map((r) => `${r.reply.ms} ms ${r.c.input}`),
      })
      const failing = results.filter((r) => r.problem).map((r) => ({ ...r, log: '' }))
      // Replay server errors one at a time to pair each with the server's own words about it (a few per batch).
      for (const f of failing
        .filter((f) => f.reply.status >= 500 || (f.reply.error && !/hang/.test(f.reply.error)))
        .slice(0, REPLAYS_PER_BATCH)) {
        const mark = await logMark()
        await sendCase(b, f.c)
        // The server's error lines may reach its stdout a little after the answer.
        for (let waited = 0; waited < 500 && !f.log; waited += 25) {
          await new Promise((r) => setTimeout(r, 25))
          f.log = errorLine(outputAfter(mark, world.product.outputTail()))
        }
      }
      const batchFailures: Failure[] = failing.map((f) => ({
        batch: b.name,
        input: f.c.input,
        method: f.c.method,
        path: short(f.c.path),
        status: f.reply.status,
        problem: f.problem!,
        log: f.log,
      }))
      failures.push(...batchFailures)
      const health = await send(world.product.baseUrl, { method: 'GET', path: '/healthz' }, REQUEST_TIMEOUT_MS)
      if (health.status !== 200) {
        const exited = await isExited(server)
        failures.push({
          batch: b.name,
          input: '(after the batch)',
          method: 'GET',
          path: '/healthz',
          status: health.status,
          problem: exited
            ? `server process exited (${await server.product.exited})`
            : `health check failed: ${health.error ?? health.status}`,
          log: errorLine(world.product.outputTail(), { last: true }),
        })
        await recover(`after "${b.name}" GET /healthz answered ${health.status || health.error}`)
      }
      const lines = batchFailures.map((f) => `${f.method} ${f.path} [${f.input}] → ${f.problem}${f.log ? `\n      server: ${f.log}` : ''}`)
      expect(lines, `${batchFailures.length} of ${cases.length} hostile requests failed`).toEqual([])
      expect(health.status, 'GET /healthz after the batch').toBe(200)
    })
  }
})
