/**
 * `npm run bench`: builds the app, starts the product on a free port with a throwaway PGlite
 * folder, signs a user up, and for every page in PAGE_CASES measures what the page weighs (HTML,
 * JS, CSS; raw and gzip -9) and how fast it is served (autocannon), next to a bare node:http server
 * answering the same HTML bytes. Before the load runs it times generations and publishing a page
 * into the offline demo shop (connected through the api's OAuth flow).
 *
 * Then a mixed load (200 connections × 60 s over share, home, page, list and login) with the
 * server's RSS, the same pages on Postgres with separate processes when a Postgres is given, and
 * the issue-10 goals with whether each is met.
 *
 * Then issue 24's section (scripts/bench/issue24.ts): memory, start time, 5,000 shared pages under a
 * Zipf load, 500 signed-in viewers, first renders, a CPU profile, a web on its own on Postgres, and
 * issue 24's goals with whether each is met.
 *
 * Then what an experiment costs a shared page (scripts/bench/experiments.ts, issue 25): the page
 * without one and with a running one side by side — HTML and script bytes, caching headers, load for
 * returning and new shoppers and the /go redirect, first renders of each variant — and what can be
 * asserted, met or not.
 *
 * `npm run bench -- --only=issue24` (or BENCH_ONLY=issue24) runs just issue 24's section;
 * `--only=issue10` just the sections before it, `--only=experiments` just the experiments section
 * (about a minute); several are separated by commas.
 *
 * Env: BENCH_SECONDS (load duration per run, default 10), BENCH_CONNECTIONS (default 50),
 * BENCH_MIXED_SECONDS (default 60; 0 skips it), BENCH_MIXED_CONNECTIONS (default 200),
 * BENCH_DATABASE_URL (a Postgres admin URL for the split-process rows; default TEST_DATABASE_URL,
 * none: skipped), BENCH_ASSETS=1 (also list every JS/CSS file per page with its size).
 * Issue 24: BENCH_ISSUE24_SECONDS (each Zipf and viewers load, default 20, after
 * BENCH_ISSUE24_WARMUP seconds, default 10), BENCH_ISSUE24_PAGES (default 5000),
 * BENCH_ISSUE24_VIEWERS (default 500), BENCH_ISSUE24_STARTS (timed starts of each kind, default 3),
 * BENCH_ISSUE24_RENDERS (first renders timed, default 200), BENCH_ISSUE24_PROFILE=0 (no CPU profile)
 * or =renders / =views (a profile of shared pages' / signed-in page views' first renders instead of the
 * Zipf load; KEEP_PROFILE=1 keeps the file).
 * Experiments: BENCH_EXPERIMENTS_SECONDS (each load, default 3, after 1 s of the same load),
 * BENCH_EXPERIMENTS_RENDERS (first renders timed per variant, default 20); connections as BENCH_CONNECTIONS.
 * The measuring pieces live in scripts/bench/ and are re-exported here for other bench sections.
 */
import { execFileSync } from 'node:child_process'
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { PAGE_CASES } from './bench/cases'
import { renderExperiments, runExperiments, stopExperiments, type ExperimentsOptions } from './bench/experiments'
import { timeGeneration } from './bench/generation'
import { firstLoadJs, renderGoals, renderSplit } from './bench/goals'
import { runIssue24, stopIssue24, type Issue24Options } from './bench/issue24'
import { renderIssue24 } from './bench/issue24-report'
import { stopAllBareServers } from './bench/measure'
import { benchMixed, mixedRoutes, renderMixed, type MixedResult } from './bench/mixed'
import { ASSET_COLUMNS, benchPage, PAGE_COLUMNS, WEIGHT_COLUMNS, type PageResult } from './bench/pages'
import { buildApp, startProduct, stopAllProducts } from './bench/product'
import { timePublishing, TIMING_COLUMNS } from './bench/publish'
import { signUp } from './bench/session'
import { benchSplit } from './bench/split'
import { stopAllStarts } from './bench/start-time'
import { renderTable } from './bench/table'

export * from './bench/measure'
export * from './bench/pages'
export * from './bench/table'
export { PAGE_CASES } from './bench/cases'
export { buildApp, startProduct, stopAllProducts, type Product } from './bench/product'
export { signUp } from './bench/session'
export { CookieJar, freePort, request } from './bench/http'

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`)
  return n
}

function nonNegative(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === '0') return 0
  return raw === undefined || raw === '' ? fallback : positiveNumber(name, fallback)
}

function gitRevision(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    return dirty ? `${sha} (with uncommitted changes)` : sha
  } catch {
    return 'unknown'
  }
}

const step = (msg: string) => console.error(`[bench] ${msg}`)

type Section = 'issue10' | 'issue24' | 'experiments'
const SECTIONS: Section[] = ['issue10', 'issue24', 'experiments']

/** Which sections to run: `--only=issue24` (or BENCH_ONLY=issue24), `--only=issue10`, `--only=experiments`; all by default. */
function sections(): Section[] {
  const arg = process.argv.slice(2).find((a) => a.startsWith('--only='))
  const only = arg ? arg.slice('--only='.length) : process.env.BENCH_ONLY
  if (!only) return SECTIONS
  const picked = only.split(',').map((s) => s.trim())
  for (const s of picked) if (!SECTIONS.includes(s as Section)) throw new Error(`unknown bench section "${s}": use ${SECTIONS.join(', ')}`)
  return picked as Section[]
}

function issue24Options(seconds: number, connections: number, postgres: string | undefined): Issue24Options {
  const profile = process.env.BENCH_ISSUE24_PROFILE
  return {
    seconds: positiveNumber('BENCH_ISSUE24_SECONDS', 20),
    warmupSeconds: nonNegative('BENCH_ISSUE24_WARMUP', 10),
    connections: Math.round(positiveNumber('BENCH_MIXED_CONNECTIONS', 200)),
    mixedSeconds: nonNegative('BENCH_MIXED_SECONDS', 60),
    pages: Math.max(2, Math.round(positiveNumber('BENCH_ISSUE24_PAGES', 5000))),
    zipfS: 1,
    viewers: Math.round(positiveNumber('BENCH_ISSUE24_VIEWERS', 500)),
    starts: Math.round(positiveNumber('BENCH_ISSUE24_STARTS', 3)),
    renders: Math.round(positiveNumber('BENCH_ISSUE24_RENDERS', 200)),
    profile: profile === '0' ? false : profile === 'renders' || profile === 'views' ? profile : 'zipf',
    postgres,
    scaleOut: { seconds, connections },
  }
}

function header(loadBefore: number, detail: string): string[] {
  const cpus = os.cpus()
  return [
    `Pagewright bench — ${new Date().toISOString()}`,
    `Node ${process.version} · ${os.platform()} ${os.arch()} · ${cpus.length} CPU${cpus.length === 1 ? '' : 's'} (${cpus[0]?.model.trim() ?? 'unknown'})`,
    `1-min load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after (other work on this machine skews req/s)`,
    `git ${gitRevision()} · ${detail}`,
  ]
}

/** Issue 24's section, printed with the load average around it. */
async function issue24Section(opts: Issue24Options, printHeader: boolean): Promise<void> {
  const loadBefore = os.loadavg()[0]
  const result = await runIssue24(opts, step)
  const detail = `issue 24 section · loads at ${opts.connections} connections × ${opts.seconds} s after ${opts.warmupSeconds} s of the same load`
  const head = printHeader
    ? header(loadBefore, detail)
    : [
        `Issue 24 section: 1-min load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after (other work on this machine skews req/s)`,
      ]
  console.log(['', ...head, '', renderIssue24(result), ''].join('\n'))
}

/** The experiments section, printed with the load average around it. */
async function experimentsSection(connections: number, printHeader: boolean): Promise<void> {
  const opts: ExperimentsOptions = {
    seconds: positiveNumber('BENCH_EXPERIMENTS_SECONDS', 3),
    warmupSeconds: 1,
    connections,
    renders: Math.round(positiveNumber('BENCH_EXPERIMENTS_RENDERS', 20)),
    cookies: 200,
  }
  const loadBefore = os.loadavg()[0]
  const result = await runExperiments(opts, step)
  const load = `1-min load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after (other work on this machine skews req/s)`
  const head = printHeader ? header(loadBefore, 'experiments section') : [`Experiments section: ${load}`]
  console.log(['', ...head, '', renderExperiments(result), ''].join('\n'))
}

async function main() {
  const seconds = positiveNumber('BENCH_SECONDS', 10)
  const connections = Math.round(positiveNumber('BENCH_CONNECTIONS', 50))
  const loadBefore = os.loadavg()[0]
  const run = sections()
  const postgres = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL

  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)

  try {
    step('npm run build')
    await buildApp()
    if (!run.includes('issue10')) {
      if (run.includes('issue24')) await issue24Section(issue24Options(seconds, connections, postgres), true)
      if (run.includes('experiments')) await experimentsSection(connections, !run.includes('issue24'))
      return
    }
    step('starting the product (server/main.ts all)')
    const product = await startProduct()
    step(`listening on ${product.baseUrl}, data in ${product.dataDir}`)
    step('signing a new user up')
    const { email, cookie } = await signUp(product)
    step(`signed in as ${email}`)

    const ctx = { baseUrl: product.baseUrl, cookie, seconds, connections }
    step('timing 20 generations (demo store, offline composer)')
    const generation = await timeGeneration(product, 20)
    const publishing = await timePublishing(product, 10, step)
    const cases = [...PAGE_CASES, { name: 'share', path: `/share/${generation.lastSessionId}`, needsSession: false }]
    const results: PageResult[] = []
    for (const page of cases) results.push(await benchPage(ctx, page, step))
    const mixedSeconds = nonNegative('BENCH_MIXED_SECONDS', 60)
    let mixed: MixedResult | undefined
    if (mixedSeconds > 0) {
      const mixedConnections = Math.round(positiveNumber('BENCH_MIXED_CONNECTIONS', 200))
      step(`mixed load: ${mixedConnections} connections × ${mixedSeconds} s (after a 30 s warm-up)`)
      const routes = mixedRoutes(generation.lastSessionId, generation.lastOwnerCookie)
      mixed = await benchMixed(product, routes, { connections: mixedConnections, seconds: mixedSeconds })
    }
    const split = postgres ? await benchSplit(postgres, cases, { seconds, connections }, step) : undefined
    const bundles = await firstLoadJs()
    step('stopping the server')
    await product.stop()
    const notes = [
      'JS/CSS = same-origin <script src>, <link rel=modulepreload|stylesheet> files (each fetched once) plus inline <script>/<style> blocks,',
      '  each gzipped on its own. Inline blocks are also inside the HTML bytes. The bare server sends the same HTML bytes and content-type.',
    ]
    for (const r of results) {
      if (r.weight.crossOrigin.length) notes.push(`${r.page.name}: not fetched (other origin): ${r.weight.crossOrigin.join(', ')}`)
      for (const [label, l] of [
        ['product', r.product],
        ['bare', r.bare],
      ] as const)
        if (l.errors || l.timeouts) notes.push(`${r.page.name} ${label}: ${l.errors} connection errors, ${l.timeouts} timeouts`)
    }
    if (process.env.BENCH_ASSETS && process.env.BENCH_ASSETS !== '0')
      for (const r of results) {
        const assets = [...r.weight.assets].sort((a, b) => b.size.gzip - a.size.gzip)
        notes.push('', `${r.page.name} ${r.page.path} — JS and CSS files:`, renderTable(ASSET_COLUMNS, assets))
      }
    const gen = `Generation, create → finished page (offline composer, demo store, ${generation.runs} runs): median ${generation.medianMs.toFixed(0)} ms · p90 ${generation.p90Ms.toFixed(0)} ms · min ${generation.minMs.toFixed(0)} ms · max ${generation.maxMs.toFixed(0)} ms`
    console.log(
      [
        '',
        ...header(
          loadBefore,
          `autocannon ${connections} connections × ${seconds} s per run (after 1 s warm-up) · gzip = node:zlib level 9`,
        ),
        '',
        gen,
        '',
        renderTable(TIMING_COLUMNS, [publishing]),
        '',
        renderTable(PAGE_COLUMNS, results),
        '',
        renderTable(WEIGHT_COLUMNS, results),
        '',
        ...notes,
        '',
        mixed ? renderMixed(mixed) : 'Mixed load: skipped (BENCH_MIXED_SECONDS=0).',
        '',
        split
          ? renderSplit(results, split)
          : 'Postgres, split processes: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a Postgres admin URL).',
        '',
        renderGoals(results, mixed, bundles),
        '',
      ].join('\n'),
    )
    // Issue 24's section starts servers of its own, after this one has stopped, so they run alone.
    if (run.includes('issue24')) await issue24Section(issue24Options(seconds, connections, postgres), false)
    if (run.includes('experiments')) await experimentsSection(connections, false)
  } finally {
    if (!interrupted) step('cleaning up')
    await cleanUp()
  }
}

let interrupted: NodeJS.Signals | undefined
let cleaning: Promise<void> | undefined
/** Stops every server this run started and deletes their folders; runs once, reports what failed. */
function cleanUp(): Promise<void> {
  cleaning ??= Promise.allSettled([stopAllProducts(), stopAllBareServers(), stopAllStarts(), stopIssue24(), stopExperiments()]).then(
    (outcomes) => {
      for (const o of outcomes) if (o.status === 'rejected') console.error(`[bench] clean-up problem: ${String(o.reason)}`)
    },
  )
  return cleaning
}
function onSignal(signal: NodeJS.Signals) {
  if (interrupted) return
  interrupted = signal
  step(`${signal}: stopping the servers and cleaning up`)
  void cleanUp().finally(() => process.exit(130))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(interrupted ? 130 : 0),
    (error: unknown) => {
      if (interrupted) return void cleanUp().finally(() => process.exit(130))
      console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`)
      if (error instanceof Error && !/^(npm run build failed|server )/.test(error.message) && error.stack)
        console.error(error.stack.split('\n').slice(1).join('\n'))
      process.exit(1)
    },
  )
}
