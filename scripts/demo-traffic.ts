/**
 * Demo traffic for experiments (issue 25): simulated shoppers visit a shared page and some press its
 * buy button, through the real share page and /go, so an experiment can conclude offline.
 *   npm run demo:traffic -- --page <id or share URL> [--visitors 5000] [--rates 0.03,0.045]
 *     [--base http://localhost:3000] [--concurrency 8] [--seed 1] [--token <API key>]
 * Each visitor is a fresh browser: a plain GET of /share/{id} with a browser's User-Agent (bots,
 * HEAD and prefetches are not counted), the variant read from the experiment cookie the front sets
 * (`pw_x{experiment}=<id>.<c|h>`), then with that variant's rate a GET of /go/{id} with the cookie,
 * its 302 not followed. Nothing is added to the server for this: it is what a shopper does.
 */
import { pathToFileURL } from 'node:url'
import type { Experiment } from '../server/contract/experiments'
import { assignmentFromCookies, type Variant } from '../server/domain/experiments/shopper'
import { seededRandom } from './seeded-random'

export const USAGE = `Usage: npm run demo:traffic -- --page <page id or share URL> [options]

  --page <id|URL>      the shared page: its id, or its share link (http://…/share/{id})   (required)
  --visitors <N>       simulated shoppers (default 5000)
  --rates <a,b>        chance that a shopper buys on the control and on the challenger (default 0.03,0.045)
  --base <URL>         where Pagewright runs (default PUBLIC_URL, else http://localhost:3000)
  --concurrency <N>    shoppers at once (default 8)
  --seed <N>           seed of the purchases, for a reproducible run (default 1)
  --token <API key>    also print the experiment's result as the owner sees it (an API key from /docs)`

/** A shopper's browser, as sites see it (isbot says no). */
export const BROWSER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

export interface Options {
  pageId: string
  base: string
  visitors: number
  /** Purchase probability of the control, then of the challenger. */
  rates: Record<Variant, number>
  concurrency: number
  seed: number
  token: string | null
}

/** Bad options: the message, then the usage text. */
export class UsageError extends Error {}
/** The run cannot go on (Pagewright unreachable, page not shared, no experiment…): the message says why. */
export class TrafficError extends Error {}

const FLAGS = new Set(['page', 'visitors', 'rates', 'base', 'concurrency', 'seed', 'token'])
const PAGE_ID = /^[A-Za-z0-9_-]{1,100}$/

function integer(name: string, raw: string, min: number, max: number): number {
  const n = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}, not "${raw}".`)
  return n
}

function baseUrl(raw: string, name: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new UsageError(`${name} must be an http(s) address, not "${raw}".`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${name} must be an http(s) address, not "${raw}".`)
  return url.origin + url.pathname.replace(/\/+$/, '')
}

/** The options of `argv` (what follows the script's name); `env` gives PUBLIC_URL. */
export function parseOptions(argv: readonly string[], env: Record<string, string | undefined> = process.env): Options {
  const given = new Map<string, string>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') throw new UsageError('')
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(arg)
    if (!m || !FLAGS.has(m[1]!)) throw new UsageError(`Unknown option "${arg}".`)
    const value = m[2] ?? argv[++i]
    if (value === undefined || value === '' || (m[2] === undefined && value.startsWith('--')))
      throw new UsageError(`--${m[1]} needs a value.`)
    given.set(m[1]!, value)
  }

  const page = given.get('page')
  if (!page) throw new UsageError('--page is required: the page id or its share link.')
  let pageId = page
  let pageOrigin: string | null = null
  if (/^https?:\/\//i.test(page)) {
    const url = new URL(baseUrl(page, '--page'))
    const m = /^(.*)\/share\/([^/]+)$/.exec(url.pathname)
    if (!m) throw new UsageError(`--page must be a page id or a share link (…/share/{id}), not "${page}".`)
    pageId = decodeURIComponent(m[2]!)
    pageOrigin = url.origin + m[1]!
  }
  if (!PAGE_ID.test(pageId)) throw new UsageError(`--page "${page}" is not a page id.`)

  const ratesRaw = given.get('rates') ?? '0.03,0.045'
  const parts = ratesRaw.split(',').map((s) => s.trim())
  const rates = parts.map(Number)
  if (parts.length !== 2 || parts.some((p) => p === '') || rates.some((r) => !Number.isFinite(r) || r < 0 || r > 1))
    throw new UsageError(`--rates must be two numbers from 0 to 1, control then challenger (e.g. 0.03,0.045), not "${ratesRaw}".`)

  const baseRaw = given.get('base')
  const base = baseRaw
    ? baseUrl(baseRaw, '--base')
    : (pageOrigin ?? (env.PUBLIC_URL ? baseUrl(env.PUBLIC_URL, 'PUBLIC_URL') : 'http://localhost:3000'))

  return {
    pageId,
    base,
    visitors: integer('visitors', given.get('visitors') ?? '5000', 1, 10_000_000),
    rates: { control: rates[0]!, challenger: rates[1]! },
    concurrency: integer('concurrency', given.get('concurrency') ?? '8', 1, 256),
    seed: integer('seed', given.get('seed') ?? '1', 0, 2 ** 32 - 1),
    token: given.get('token') ?? null,
  }
}

export interface VariantTally {
  visitors: number
  purchases: number
}
export interface TrafficSummary {
  experimentId: number
  visitors: number
  variants: Record<Variant, VariantTally>
}

export interface SimulateDeps {
  fetch: typeof fetch
  /** Progress lines. */
  log?: (line: string) => void
  /** Report progress after every this many visitors (default 500). */
  progressEvery?: number
}

const EXPERIMENT_COOKIE = /^(pw_x(\d+))=([^;]*)/

/** The experiment cookie a shared page's answer sets: its `name=value`, experiment and variant. */
function experimentCookie(res: Response): { pair: string; experimentId: number; variant: Variant } | null {
  const cookies = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [res.headers.get('set-cookie') ?? '']
  for (const cookie of cookies) {
    const m = EXPERIMENT_COOKIE.exec(cookie.trim())
    if (!m) continue
    const pair = `${m[1]!}=${m[3]!}`
    const experimentId = Number(m[2])
    const assignment = assignmentFromCookies(pair, experimentId)
    if (assignment) return { pair, experimentId, variant: assignment.variant }
  }
  return null
}

function unreachable(base: string, error: unknown): TrafficError {
  const cause = (error as { cause?: { code?: string } } | null)?.cause
  const code = cause?.code ? ` (${cause.code})` : ''
  return new TrafficError(`Cannot reach Pagewright at ${base}${code}. Is Pagewright running? Start it with npm start`)
}

async function send(deps: SimulateDeps, base: string, path: string, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = {
    'user-agent': BROWSER_AGENT,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-language': 'en-US,en;q=0.9',
  }
  if (cookie) headers.cookie = cookie
  try {
    return await deps.fetch(`${base}${path}`, { method: 'GET', headers, redirect: 'manual' })
  } catch (error) {
    throw unreachable(base, error)
  }
}

/**
 * One shopper: a fresh browser opens the share page, and buys (GET /go/{id} with the cookie, the
 * redirect not followed) when `draw` is below their variant's rate.
 */
async function visit(opts: Options, deps: SimulateDeps, draw: number, expected: number | null) {
  const id = encodeURIComponent(opts.pageId)
  const page = await send(deps, opts.base, `/share/${id}`)
  await page.arrayBuffer().catch(() => undefined)
  if (page.status === 404)
    throw new TrafficError(
      `The page ${opts.pageId} is not shared at ${opts.base}/share/${opts.pageId} (404). Check the id, and that the page is finished and public (share links need Pro).`,
    )
  if (page.status !== 200) throw new TrafficError(`${opts.base}/share/${opts.pageId} answered ${page.status}, not the page.`)
  const cookie = experimentCookie(page)
  if (!cookie) {
    if (expected !== null) throw new TrafficError(`The experiment stopped while shoppers were being sent (its cookie is no longer set).`)
    throw new TrafficError(`This page has no running experiment: start one on the page view first (${opts.base}/productv2/${opts.pageId}).`)
  }
  if (expected !== null && cookie.experimentId !== expected)
    throw new TrafficError(
      `Another experiment started on the page while shoppers were being sent (${expected}, now ${cookie.experimentId}).`,
    )
  const buys = draw < opts.rates[cookie.variant]
  if (buys) {
    const go = await send(deps, opts.base, `/go/${id}`, cookie.pair)
    await go.arrayBuffer().catch(() => undefined)
    if (go.status === 404)
      throw new TrafficError(
        `${opts.base}/go/${opts.pageId} answered 404: the page has no buy link. Set where the button goes in the editor.`,
      )
    if (go.status !== 302) throw new TrafficError(`${opts.base}/go/${opts.pageId} answered ${go.status}, not the 302 to the buy link.`)
  }
  return { experimentId: cookie.experimentId, variant: cookie.variant, buys }
}

/**
 * Sends `opts.visitors` shoppers, `opts.concurrency` at once. The first goes alone, so a page that
 * is not shared or has no experiment stops the run after one visitor. Visitor i buys when the i-th
 * draw of the seeded generator is below the rate of the variant the server gave them: the same seed
 * and the same assignments give the same purchases, whatever order the answers come in.
 */
export async function simulate(opts: Options, deps: SimulateDeps): Promise<TrafficSummary> {
  const random = seededRandom(opts.seed)
  const every = deps.progressEvery ?? 500
  const variants: Record<Variant, VariantTally> = { control: { visitors: 0, purchases: 0 }, challenger: { visitors: 0, purchases: 0 } }
  let done = 0
  const tally = (r: { variant: Variant; buys: boolean }) => {
    variants[r.variant].visitors++
    if (r.buys) variants[r.variant].purchases++
    done++
    if (deps.log && (done % every === 0 || done === opts.visitors)) {
      const { control: c, challenger: h } = variants
      deps.log(
        `${String(done).padStart(String(opts.visitors).length)}/${opts.visitors} visitors · control ${c.visitors} (${c.purchases} bought) · challenger ${h.visitors} (${h.purchases} bought)`,
      )
    }
  }

  const first = await visit(opts, deps, random(), null)
  tally(first)
  const experimentId = first.experimentId
  let next = 1
  let failed: unknown = null
  const worker = async () => {
    while (failed === null && next < opts.visitors) {
      next++
      const draw = random()
      try {
        tally(await visit(opts, deps, draw, experimentId))
      } catch (error) {
        failed ??= error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, opts.visitors - 1) }, worker))
  if (failed !== null) throw failed instanceof Error ? failed : new Error(String(failed))
  return { experimentId, visitors: done, variants }
}

const percent = (n: number, d: number) => (d > 0 ? `${((100 * n) / d).toFixed(2)} %` : '—')

/** The table of what was sent, per variant. */
export function formatSummary(summary: TrafficSummary, opts: Pick<Options, 'rates'>): string {
  const rows = [['variant', 'visitors', 'purchases', 'rate sent', 'rate asked']]
  for (const name of ['control', 'challenger'] as const) {
    const v = summary.variants[name]
    rows.push([name, String(v.visitors), String(v.purchases), percent(v.purchases, v.visitors), percent(opts.rates[name], 1)])
  }
  const purchases = summary.variants.control.purchases + summary.variants.challenger.purchases
  rows.push(['total', String(summary.visitors), String(purchases), percent(purchases, summary.visitors), ''])
  return table(rows)
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)))
  return rows
    .map((r) =>
      r
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/** The experiment as the owner's page view shows it: decision, reason, and each variant. */
export function formatExperiment(x: Experiment): string {
  const rows = [['variant', 'version', 'visitors', 'conversions', 'rate', '95 % interval']]
  for (const v of x.variants)
    rows.push([
      v.name,
      String(v.version),
      String(v.visitors),
      String(v.conversions),
      percent(v.rate, 1),
      `${percent(v.interval[0], 1)} – ${percent(v.interval[1], 1)}`,
    ])
  const lines = [
    `Experiment ${x.id} (${x.status}, split ${x.split} % to the challenger): ${x.decision}${x.decided_at ? `, decided at ${x.decided_at}` : ''}`,
    x.reason,
    table(rows),
  ]
  // A sequential test needs more visitors than a one-look test would: say how many more, and how to send them.
  if (x.more_visitors_needed !== null) {
    const more = x.more_visitors_needed.toLocaleString('en-US')
    lines.push(`About ${more} more visitors needed: run it again with --visitors ${x.more_visitors_needed} to see a decision.`)
  }
  return lines.join('\n')
}

export interface ResultDeps {
  fetch: typeof fetch
  sleep?: (ms: number) => Promise<void>
  /** How long to wait for the server's counts to include what was sent (they are saved every 10 s). */
  waitMs?: number
}

/** Visitors an experiment's answer counts, both variants. */
export const countedVisitors = (x: Experiment) => x.variants.reduce((n, v) => n + v.visitors, 0)

/**
 * The running experiment as its owner reads it (GET /v2/tasks/{id}/experiments/current with an API
 * key). With `until`, asked again every 2 s until it counts that many visitors (the server saves its
 * counts every 10 s) or `waitMs` passed.
 */
export async function readExperiment(opts: Options, deps: ResultDeps, until: number | null = null): Promise<Experiment> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const deadline = Date.now() + (deps.waitMs ?? 25_000)
  const url = `${opts.base}/v2/tasks/${encodeURIComponent(opts.pageId)}/experiments/current`
  for (;;) {
    let res: Response
    try {
      res = await deps.fetch(url, { headers: { authorization: `Bearer ${opts.token ?? ''}`, accept: 'application/json' } })
    } catch (error) {
      throw unreachable(opts.base, error)
    }
    const body = (await res.json().catch(() => ({}))) as Experiment & { error?: string }
    if (res.status === 401) throw new TrafficError(`The API key was refused (401): make one on ${opts.base}/docs.`)
    if (res.status === 404)
      throw new TrafficError(
        `This page has no running experiment for this API key's account (404: ${body.error ?? 'not found'}): start one on the page view first (${opts.base}/productv2/${opts.pageId}).`,
      )
    if (!res.ok) throw new TrafficError(`${url} answered ${res.status}: ${body.error ?? ''}`)
    if (until === null || countedVisitors(body) >= until || Date.now() >= deadline) return body
    await sleep(2_000)
  }
}

async function main() {
  let opts: Options
  try {
    opts = parseOptions(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(error.message ? `${error.message}\n\n${USAGE}` : USAGE)
    process.exit(error.message ? 2 : 0)
  }
  const { control, challenger } = opts.rates
  console.log(
    `Sending ${opts.visitors.toLocaleString('en-US')} shoppers to ${opts.base}/share/${opts.pageId} (buying at ${percent(control, 1)} on the control, ${percent(challenger, 1)} on the challenger; ${opts.concurrency} at once, seed ${opts.seed})`,
  )
  // With a key, the experiment as it stands first (a wrong key or no experiment stops here).
  const before = opts.token ? await readExperiment(opts, { fetch }) : null
  const started = performance.now()
  const summary = await simulate(opts, { fetch, log: (line) => console.log(line) })
  console.log(`\nSent in ${((performance.now() - started) / 1000).toFixed(1)} s to experiment ${summary.experimentId}:\n`)
  console.log(formatSummary(summary, opts))
  if (!before) {
    console.log(
      `\nThe server saves its counts every 10 seconds. See the result on the page view: ${opts.base}/productv2/${opts.pageId}\n(or run again with --token <API key> to print it here).`,
    )
    return
  }
  console.log('\nWaiting for the server to save its counts (every 10 s)…')
  const target = (before.id === summary.experimentId ? countedVisitors(before) : 0) + summary.visitors
  const experiment = await readExperiment(opts, { fetch }, target)
  if (experiment.id !== summary.experimentId) console.log(`\nThe page now runs another experiment (${experiment.id}):`)
  else if (countedVisitors(experiment) < target)
    console.log(
      `\nThe server has saved ${countedVisitors(experiment)} of ${target} visitors so far; the rest show on the page view within seconds.`,
    )
  console.log(`\n${formatExperiment(experiment)}\n\nThe page view: ${opts.base}/productv2/${opts.pageId}`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof TrafficError ? error.message : error)
    process.exit(1)
  })
}
