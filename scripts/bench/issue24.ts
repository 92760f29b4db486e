/**
 * Issue 24's goals ("Performance and operations, raised"), measured and printed beside the bare
 * server of the same run: memory of the server process (at start, idle, after the mixed load),
 * start time of the start command and of `npm start`, 5,000 shared pages under a Zipf load, 500
 * signed-in viewers, first renders, a CPU profile of the Zipf load, and a web on its own against
 * the single process on Postgres. `npm run bench` runs it after the issue-10 sections;
 * `npm run bench -- --only=issue24` (or BENCH_ONLY=issue24) runs just this.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { seededRandom } from '../seeded-random'
import { copyPages } from './copy-pages'
import { timeGeneration } from './generation'
import { request } from './http'
import { startBareServer } from './measure'
import { MEMORY_PROBE_ARGS, probeEnv, readMemory, type MemoryReading } from './memory'
import { pageMemories, type PageMemoryFigures } from './metrics'
import { benchMixed, mixedRoutes, type MixedResult } from './mixed'
import { checkRoutes } from './mixed-load'
import { startProduct, type Product } from './product'
import { readServerProfile, summarise } from './profile'
import { benchScaleOut, type ScaleOutRow } from './scale-out'
import { signUp } from './session'
import { timeBuildCheck, timeStart, type StartRun } from './start-time'
import { num } from './table'
import { loadPaths, zipfSampler, type NextRequest, type PathLoadResult } from './zipf'

export interface Issue24Options {
  /** Measured seconds of each load (Zipf, viewers), after `warmupSeconds` of the same load. */
  seconds: number
  warmupSeconds: number
  connections: number
  /** Seconds of the mixed load (after its 30 s warm-up); 0 skips it. */
  mixedSeconds: number
  pages: number
  zipfS: number
  viewers: number
  /** Timed starts of each kind on an existing folder. */
  starts: number
  /** Sequential requests per first-render figure. */
  renders: number
  /**
   * A CPU profile (a run of its own, with --cpu-prof) of the Zipf load, or of first renders only:
   * every shared page asked for once, one at a time (where a cache miss's time goes).
   */
  profile: 'zipf' | 'renders' | 'views' | false
  /** Postgres admin URL for the scale-out figure; none: skipped. */
  postgres?: string
  scaleOut: { seconds: number; connections: number }
}

export interface Timing {
  what: string
  n: number
  median: number
  p90: number
  /** The same request answered from memory, median (what the first render costs on top of it). */
  warmMedian: number
}

export interface LoadRow {
  name: string
  result: PathLoadResult
}

export interface Issue24Result {
  opts: Issue24Options
  buildCheck: { ms: number; current: boolean }
  starts: StartRun[]
  pid: number
  readings: MemoryReading[]
  pageMemoriesIdle: PageMemoryFigures[]
  mixed?: MixedResult
  pageMemoriesMixed?: PageMemoryFigures[]
  signUpSeconds: number
  copySeconds: number
  restartPid: number
  pageBytes: number
  zipf: { product: PathLoadResult; bare: PathLoadResult; memBefore: PageMemoryFigures[]; memAfter: PageMemoryFigures[] }
  viewers: { result: PathLoadResult; memBefore: PageMemoryFigures[]; memAfter: PageMemoryFigures[] }
  restartReadings: MemoryReading[]
  timings: Timing[]
  profile?: { of: 'zipf' | 'renders' | 'views'; rps: number; p99: number; packages: string; functions: string }
  scaleOut?: ScaleOutRow[]
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
export const median = (values: number[]) =>
  pct(
    [...values].sort((a, b) => a - b),
    50,
  )

/** Sequential GETs, each timed from sending to the last byte (keep-alive: no connection set-up inside). */
async function timeRequests(
  baseUrl: string,
  n: number,
  make: (i: number) => NextRequest,
  before?: (i: number) => Promise<void>,
): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    await before?.(i)
    const { path: p, headers } = make(i)
    const started = performance.now()
    const res = await request(baseUrl + p, { headers })
    const took = performance.now() - started
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}${res.headers.location ? ` → ${res.headers.location}` : ''}`)
    times.push(took)
  }
  return times
}

export async function timing(
  what: string,
  baseUrl: string,
  n: number,
  cold: (i: number) => NextRequest,
  warm: NextRequest,
  /** Untimed, before each cold request (e.g. a change that makes the page render again). */
  before?: (i: number) => Promise<void>,
): Promise<Timing> {
  const coldTimes = (await timeRequests(baseUrl, n, cold, before)).sort((a, b) => a - b)
  await timeRequests(baseUrl, 3, () => warm)
  const warmTimes = await timeRequests(baseUrl, n, () => warm)
  return { what, n, median: pct(coldTimes, 50), p90: pct(coldTimes, 90), warmMedian: median(warmTimes) }
}

/** Signs `n` accounts up through the web's forms, `parallel` at a time. */
async function signUpMany(product: Product, n: number, parallel: number, onStep: (msg: string) => void) {
  const out: { email: string; cookie: string }[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) {
        next++
        out.push(await signUp(product))
        if (out.length % 100 === 0) onStep(`issue 24: ${out.length} of ${n} viewers signed up`)
      }
    }),
  )
  return out
}

/** A shuffled copy (seeded), so a page's Zipf rank has nothing to do with when it was made. */
function shuffled<T>(list: T[], random: () => number): T[] {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

const started: Product[] = []
const folders: string[] = []
/** Stops what this section started and deletes its folders (for signal handlers). */
export async function stopIssue24(): Promise<void> {
  await Promise.allSettled(started.map((p) => p.stop()))
  await Promise.allSettled(folders.map((f) => rm(f, { recursive: true, force: true, maxRetries: 5 })))
}

export async function runIssue24(opts: Issue24Options, onStep: (msg: string) => void): Promise<Issue24Result> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'pagewright-bench24-'))
  folders.push(work)
  const dataDir = path.join(work, 'data')
  const probeFile = path.join(work, 'memory.json')
  try {
    // 1. Start: the build script on a current build, then the start command and `npm start`.
    onStep('issue 24: the build script on a current build')
    const buildCheck = await timeBuildCheck()
    const starts: StartRun[] = []
    onStep('issue 24: start script on a new data folder')
    starts.push(await timeStart('start script', dataDir, 'new'))
    for (let i = 0; i < opts.starts; i++) {
      onStep(`issue 24: start script and npm start on the existing folder (${i + 1} of ${opts.starts})`)
      starts.push(await timeStart('start script', dataDir, 'existing'))
      starts.push(await timeStart('npm start', dataDir, 'existing'))
    }

    // 2. Memory of the server process: at start, after 20 s idle, after the mixed load.
    const probe = { dataDir, nodeArgs: MEMORY_PROBE_ARGS, env: { ...probeEnv(probeFile), AUTH_RATE_LIMIT_PER_IP: '100000' } }
    onStep('issue 24: memory — starting the server (existing folder) with the memory probe')
    let product = await startProduct(probe)
    started.push(product)
    const pid = product.pid
    const readings: MemoryReading[] = [await readMemory('at start', pid, probeFile)]
    onStep('issue 24: memory — 20 s idle')
    await sleep(20_000)
    readings.push(await readMemory('20 s idle', pid, probeFile))
    const pageMemoriesIdle = await pageMemories(product.baseUrl)
    onStep('issue 24: a staff account makes one page')
    const made = await timeGeneration(product, 1)
    let mixed: MixedResult | undefined
    let pageMemoriesMixed: PageMemoryFigures[] | undefined
    if (opts.mixedSeconds > 0) {
      onStep(`issue 24: mixed load, ${opts.connections} connections × ${opts.mixedSeconds} s (after a 30 s warm-up)`)
      mixed = await benchMixed(product, mixedRoutes(made.lastSessionId, made.lastOwnerCookie), {
        connections: opts.connections,
        seconds: opts.mixedSeconds,
      })
      readings.push(await readMemory('after mixed load', pid, probeFile))
      pageMemoriesMixed = await pageMemories(product.baseUrl)
    }

    // 3. Many pages and many viewers: sign the viewers up, stop, copy the page in the database, restart.
    onStep(`issue 24: signing ${opts.viewers} viewers up`)
    let t = performance.now()
    const viewers = await signUpMany(product, opts.viewers, 8, onStep)
    const signUpSeconds = (performance.now() - t) / 1000
    await product.stop()
    onStep(`issue 24: copying the page ${opts.pages - 1} times, and once for each viewer, in PGlite`)
    t = performance.now()
    const copies = await copyPages(
      path.join(dataDir, 'pglite'),
      made.lastSessionId,
      opts.pages - 1,
      viewers.map((v) => v.email),
    )
    const copySeconds = (performance.now() - t) / 1000
    onStep('issue 24: restarting the server on the folder with the pages')
    product = await startProduct(probe)
    started.push(product)
    const restartReadings: MemoryReading[] = [await readMemory(`restart, ${num(opts.pages + opts.viewers)} pages`, product.pid, probeFile)]

    const sharedIds = [made.lastSessionId, ...copies.shared]
    const first = await request(`${product.baseUrl}/share/${sharedIds[0]}`)
    if (first.status !== 200) throw new Error(`GET /share/${sharedIds[0]} answered ${first.status}`)
    const sample = await request(`${product.baseUrl}/share/${sharedIds[sharedIds.length - 1]}`)
    if (sample.status !== 200) throw new Error(`a copied page, GET /share/${sharedIds[sharedIds.length - 1]}, answered ${sample.status}`)
    // A shared page's first render: pages nobody has asked for yet (the query of an address is not
    // part of the page, so a new page is the only way to a render), before the Zipf load reads them.
    onStep(`issue 24: shared pages' first renders (${Math.min(opts.renders, sharedIds.length - 2)}, one at a time)`)
    const sharedFirst = await timing(
      'shared page, first render (a page not asked for before)',
      product.baseUrl,
      Math.min(opts.renders, sharedIds.length - 2),
      (n) => ({ path: `/share/${sharedIds[sharedIds.length - 2 - n]}` }),
      { path: `/share/${sharedIds[0]}` },
    )
    const zipfNext = () => {
      const random = seededRandom(24)
      const order = shuffled(sharedIds, random)
      const draw = zipfSampler(order.length, opts.zipfS, random)
      return () => ({ path: `/share/${order[draw()]}` })
    }
    const load = { connections: opts.connections, seconds: opts.seconds, warmupSeconds: opts.warmupSeconds }
    onStep(`issue 24: ${num(sharedIds.length)} shared pages, Zipf s=${opts.zipfS}, ${opts.connections} connections × ${opts.seconds} s`)
    let memBefore = await pageMemories(product.baseUrl)
    const zipfProduct = await loadPaths(product.baseUrl, zipfNext(), load)
    let memAfter = await pageMemories(product.baseUrl)
    restartReadings.push(await readMemory('after Zipf load', product.pid, probeFile))
    onStep('issue 24: the same Zipf load on a bare node:http server sending one page’s bytes for every address')
    const bare = await startBareServer(first.body, String(first.headers['content-type'] ?? 'text/html; charset=utf-8'))
    let zipfBare: PathLoadResult
    try {
      zipfBare = await loadPaths(bare.url.replace(/\/$/, ''), zipfNext(), load)
    } finally {
      await bare.stop()
    }
    const zipf = { product: zipfProduct, bare: zipfBare, memBefore, memAfter }

    // Each viewer: home, then the view of their page.
    const viewerPages = viewers.map((v) => ({ cookie: v.cookie, page: `/productv2/${copies.byViewer.get(v.email.toLowerCase())}` }))
    await checkRoutes(product.baseUrl, [
      { name: 'viewer home', path: '/', cookie: viewerPages[0].cookie },
      { name: 'viewer page view', path: viewerPages[0].page, cookie: viewerPages[0].cookie },
    ])
    let i = 0
    const viewerNext = () => {
      const n = i++
      const v = viewerPages[Math.floor(n / 2) % viewerPages.length]
      return { path: n % 2 ? v.page : '/', headers: { cookie: v.cookie } }
    }
    onStep(`issue 24: ${opts.viewers} signed-in viewers, home and page view, ${opts.connections} connections × ${opts.seconds} s`)
    memBefore = await pageMemories(product.baseUrl)
    const viewerResult = await loadPaths(product.baseUrl, viewerNext, load)
    memAfter = await pageMemories(product.baseUrl)
    restartReadings.push(await readMemory('after viewers load', product.pid, probeFile))

    // First renders, one request at a time: a new address for a shared page, new cookies for a home.
    onStep(`issue 24: first renders (${opts.renders} each, one at a time)`)
    const run = randomBytes(4).toString('hex')
    const viewer = viewerPages[0]
    const owner = made.lastOwnerCookie
    const timings = [
      sharedFirst,
      await timing(
        'signed-in home, first render (one page; new cookie each time)',
        product.baseUrl,
        opts.renders,
        (n) => ({ path: '/', headers: { cookie: `${viewer.cookie}; bench_cold=${run}-${n}` } }),
        { path: '/', headers: { cookie: viewer.cookie } },
      ),
      await timing(
        'signed-in page view, first render (new cookie each time)',
        product.baseUrl,
        opts.renders,
        (n) => ({ path: viewer.page, headers: { cookie: `${viewer.cookie}; bench_cold=${run}-${n}` } }),
        { path: viewer.page, headers: { cookie: viewer.cookie } },
      ),
      await timing(
        `signed-in home of the account with ${num(opts.pages)} pages, first render`,
        product.baseUrl,
        Math.min(opts.renders, 50),
        (n) => ({ path: '/', headers: { cookie: `${owner}; bench_cold=${run}-${n}` } }),
        { path: '/', headers: { cookie: owner } },
      ),
    ]
    restartReadings.push(await readMemory('after first renders', product.pid, probeFile))
    const restartPid = product.pid
    await product.stop()

    // 4. Where the CPU goes, on a run with --cpu-prof: the Zipf load, or first renders alone.
    let profile: Issue24Result['profile']
    if (opts.profile) {
      const of = opts.profile
      onStep(`issue 24: CPU profile of ${profileSubject(of, sharedIds.length, viewerPages.length)} (a run of its own)`)
      const profDir = path.join(work, 'profile')
      product = await startProduct({ dataDir, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] })
      started.push(product)
      let figures: { rps: number; p99: number }
      if (of === 'zipf') figures = await loadPaths(product.baseUrl, zipfNext(), load)
      else {
        const t0 = performance.now()
        // Each shared page once, or each viewer's page view once: every request a first render.
        const times =
          of === 'views'
            ? await timeRequests(product.baseUrl, viewerPages.length, (n) => ({
                path: viewerPages[n].page,
                headers: { cookie: viewerPages[n].cookie },
              }))
            : await timeRequests(product.baseUrl, sharedIds.length, (n) => ({ path: `/share/${sharedIds[n]}` }))
        figures = {
          rps: times.length / ((performance.now() - t0) / 1000),
          p99: pct(
            [...times].sort((a, b) => a - b),
            99,
          ),
        }
      }
      await product.stop()
      const p = await readServerProfile(profDir)
      if (p) profile = { of, ...figures, ...summarise(p, 15) }
      if (p && process.env.KEEP_PROFILE) {
        const kept = path.join(os.tmpdir(), `pagewright-${of}.cpuprofile`)
        await writeFile(kept, JSON.stringify(p))
        onStep(`issue 24: profile kept in ${kept}`)
      }
    }

    // 5. A web on its own against the single process, on Postgres.
    const scaleOut = opts.postgres ? await benchScaleOut(opts.postgres, opts.scaleOut, onStep) : undefined

    return {
      opts,
      buildCheck,
      starts,
      pid,
      readings,
      pageMemoriesIdle,
      mixed,
      pageMemoriesMixed,
      signUpSeconds,
      copySeconds,
      restartPid,
      pageBytes: first.body.length,
      zipf,
      viewers: { result: viewerResult, memBefore, memAfter },
      restartReadings,
      timings,
      profile,
      scaleOut,
    }
  } finally {
    await stopIssue24()
  }
}

/** What a CPU profile run measured, in words. */
export function profileSubject(of: 'zipf' | 'renders' | 'views', sharedPages: number, viewers: number): string {
  if (of === 'zipf') return 'the Zipf load'
  if (of === 'views') return `${num(viewers)} signed-in page views' first renders, one at a time`
  return `${num(sharedPages)} shared pages' first renders, one at a time`
}
