/**
 * Load, bounded and on loopback: 200 connections for 15 s over login, home, a page, the list and a
 * shared page at once, against the built server on each database. Expected: every answer a 200, no
 * request error or timeout, the server still healthy, and its memory back near the warm-up level.
 * Prints a table per database (requests, req/s, p50/p99 per route, RSS) for the CI log.
 */
import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { timeGeneration } from '../../scripts/bench/generation'
import { request } from '../../scripts/bench/http'
import { checkRoutes, cpuSecondsOf, mb, mixedLoad, ROUTE_COLUMNS, routeProblems, rssOf, type Route } from '../../scripts/bench/mixed-load'
import { sleep, type Product } from '../../scripts/bench/product'
import type * as Session from '../../scripts/bench/session'
import { renderTable } from '../../scripts/bench/table'
import { DB_KINDS, type DbKind } from '../helpers/db'
import { startServerOn, type Server } from './server-on'

const CONNECTIONS = 200
// 15 s shows what 30 s did (no error, server alive, memory back) in half the CI time; the bench runs longer loads.
const SECONDS = 15
// Warm up at the full concurrency: the heap then has the size this load needs, and what RSS does
// after the run shows growth (a leak), not the first sizing of the heap.
const WARMUP = { connections: CONNECTIONS, seconds: 5 }
/** Signed-in pages serve tens of requests a second today; a queue of 40 connections must not time out. */
const TIMEOUT_SECONDS = 30
const SETTLE_MS = 20_000
const HEALTH_TIMEOUT_MS = 30_000
// PGlite's WebAssembly memory grows and is never given back, so a fixed margin, not an exact return.
const RSS_LIMIT = 1.5

// timeGeneration signs its own user up and keeps the cookie to itself; the page it makes is only
// visible to that user. Record the sign-ups (the real function runs) to browse the page as its owner.
const signUps = vi.hoisted(() => [] as { email: string; cookie: string }[])
vi.mock('../../scripts/bench/session', async (importOriginal) => {
  const real = await importOriginal<typeof Session>()
  return {
    ...real,
    signUp: async (product: Product) => {
      const user = await real.signUp(product)
      signUps.push(user)
      return user
    },
  }
})

describe.each(DB_KINDS)('load on %s', (kind: DbKind) => {
  let server: Server
  let product: Product

  beforeAll(async () => {
    server = await startServerOn(kind)
    product = server.product
  })

  afterAll(() => server?.stop())

  it(`${CONNECTIONS} connections × ${SECONDS} s over five routes: no error, server alive, memory back`, async () => {
    // One page, made by a new user through the web forms (its owner signed in, the page shared).
    const before = signUps.length
    const { lastSessionId } = await timeGeneration(product, 1)
    const owner = signUps[before]
    expect(owner, 'timeGeneration signed a user up').toBeDefined()
    const routes: Route[] = [
      { name: 'login', path: '/account/login' },
      { name: 'home', path: '/', cookie: owner.cookie },
      { name: 'product', path: `/productv2/${lastSessionId}`, cookie: owner.cookie },
      { name: 'list', path: '/latest', cookie: owner.cookie },
      { name: 'share', path: `/share/${lastSessionId}` },
    ]
    await checkRoutes(product.baseUrl, routes)

    const warm = await mixedLoad(product.baseUrl, routes, { ...WARMUP, timeoutSeconds: TIMEOUT_SECONDS })
    const rssWarm = await rssOf(product.pid)
    const cpuBefore = await cpuSecondsOf(product.pid)
    const loadBefore = os.loadavg()[0]
    const results = await mixedLoad(product.baseUrl, routes, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      timeoutSeconds: TIMEOUT_SECONDS,
    })
    const loadAfter = os.loadavg()[0]
    const total = results.reduce((s, r) => s + r.requests, 0)
    const report = [
      '',
      `Load on ${kind}: warm-up ${WARMUP.connections} connections × ${WARMUP.seconds} s, then ${CONNECTIONS} connections × ${SECONDS} s, ` +
        `${TIMEOUT_SECONDS} s per-request timeout`,
      renderTable(ROUTE_COLUMNS, warm),
      '',
      renderTable(ROUTE_COLUMNS, results),
      `total ${total} answers, ${(total / SECONDS).toFixed(1)} req/s · ` +
        `1-min load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, ${os.cpus().length} CPUs`,
    ]
    const serverOutput = () => `\n--- server output (tail) ---\n${product.outputTail().trim().slice(-6000)}\n---`
    const died = await Promise.race([product.exited, sleep(100).then(() => null)])
    if (died) {
      console.log(report.join('\n'))
      throw new Error(`the server exited during the load (${died})${serverOutput()}`)
    }
    report.push(`server CPU ${((await cpuSecondsOf(product.pid)) - cpuBefore).toFixed(1)} s during the ${SECONDS} s`)
    const rssPeak = await rssOf(product.pid)

    // Alive: /healthz answers once the server has worked off what was still queued when the load stopped.
    const healthStart = Date.now()
    const health = await request(`${product.baseUrl}/healthz`, { timeoutMs: HEALTH_TIMEOUT_MS }).then(
      (r) => `${r.status}`,
      (e: Error) => e.message,
    )
    const healthMs = Date.now() - healthStart
    report.push(`/healthz after the load: ${health} in ${healthMs} ms`)

    // Settle: the heap shrinks back. Poll until under the limit, for SETTLE_MS at most.
    const settleStart = Date.now()
    let rssAfter = await rssOf(product.pid)
    while (rssAfter > RSS_LIMIT * rssWarm && Date.now() - settleStart < SETTLE_MS) {
      await sleep(1_000)
      rssAfter = await rssOf(product.pid)
    }
    const later = `${((Date.now() - settleStart + healthMs) / 1000).toFixed(0)} s after the load`
    report.push(
      `RSS: ${mb(rssWarm)} after warm-up · ${mb(rssPeak)} at the end of the load · ${mb(rssAfter)} ${later} ` +
        `(${(rssAfter / rssWarm).toFixed(2)}× warm-up, limit ${RSS_LIMIT}×)`,
      '',
    )
    console.log(report.join('\n'))

    const problems = results.flatMap(routeProblems)
    if (health !== '200') problems.push(`GET /healthz after the load: ${health}`)
    if (rssAfter > RSS_LIMIT * rssWarm) problems.push(`RSS ${mb(rssAfter)} ${later} is over ${RSS_LIMIT}× the warm-up ${mb(rssWarm)}`)
    expect(problems, `${problems.join('\n')}${problems.length ? serverOutput() : ''}`).toEqual([])
  })
})
