/**
 * What an experiment costs a shared page (issue 25: "shopper page weight and Lighthouse unchanged
 * for pages without an experiment; with one, the bench shows the cost"). One product process, one
 * page with two versions and a buy link, made through the web and the api as an owner does it:
 * - the page without an experiment: its weight and caching headers, load, first renders;
 * - a running experiment (50 %) on it: each variant's weight and headers, load for returning
 *   shoppers (their cookies), new shoppers (assigned, Set-Cookie every time) and the /go redirect,
 *   first renders of each variant, and the write of the visitors counted (the longest /healthz);
 * - the experiment stopped: the page again, compared byte for byte with the page before it.
 * Beside a bare node:http server sending the page's bytes (and one sending an empty 200 for /go).
 * `npm run bench -- --only=experiments` (or BENCH_ONLY=experiments) runs just this.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { EXPERIMENT_PAGE_CACHE_CONTROL } from '../../server/domain/experiments/shopper'
import { SHARED_PAGE_CACHE_CONTROL } from '../../server/domain/share'
import { BROWSER_AGENT } from '../demo-traffic'
import { timeGeneration } from './generation'
import { request } from './http'
import { timing, type Timing } from './issue24'
import { measurePageWeight, startBareServer, type PageWeight } from './measure'
import { startProduct, type Product } from './product'
import { tokenOfCookie } from './session'
import { kb, num, ratio, renderTable, type Column } from './table'
import { counts, loadPaths, pathLoadProblems, type NextRequest, type PathLoadResult } from './zipf'

export interface ExperimentsOptions {
  /** Measured seconds of each load, after `warmupSeconds` of the same load. */
  seconds: number
  warmupSeconds: number
  connections: number
  /** Sequential requests per first-render figure. */
  renders: number
  /** Shoppers collected (their cookies) for the returning-shopper and /go loads. */
  cookies: number
}

/** What a shopper's browser gets for one address: the weight and the headers that decide caching. */
export interface Served {
  name: string
  weight: PageWeight
  cacheControl: string
  vary: string
  etag: string
  setCookie: string
}

export interface LoadRow {
  name: string
  result: PathLoadResult
  /** The status every answer should have. */
  expected: number
  /** The bare row this one is compared with. */
  bare?: PathLoadResult
}

export interface Goal {
  figure: string
  measured: string
  met: boolean
}

export interface ExperimentsResult {
  opts: ExperimentsOptions
  pageId: string
  experimentId: number
  served: Served[]
  loads: LoadRow[]
  renders: Timing[]
  /** The next write of the visitors counted, after the new shoppers' load. */
  write: Stall
  goals: Goal[]
  notes: string[]
}

/** A person's browser (isbot says no): only such requests are assigned and counted. */
const SHOPPER: Record<string, string> = {
  'user-agent': BROWSER_AGENT,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
}

const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name]
  return v === undefined ? '' : Array.isArray(v) ? v.join(' | ') : String(v)
}

async function json<T>(product: Product, token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await request(product.baseUrl + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    timeoutMs: 120_000,
  }).catch((error: Error) => {
    throw new Error(`${method} ${path}: ${error.message}\n--- server output (tail) ---\n${product.outputTail().trim().slice(-3000)}\n---`)
  })
  const text = res.body.toString('utf8')
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`)
  return JSON.parse(text) as T
}

interface CurrentPage {
  version: number
  page: { sections: { type: string }[]; owner?: Record<string, unknown> | null } & Record<string, unknown>
}

/** Saves the page again with its hero's heading and the buy link changed; the new version's number. */
async function saveVersion(product: Product, token: string, id: string, heading: string, buyUrl: string): Promise<number> {
  const current = await json<CurrentPage>(product, token, 'GET', `/v2/tasks/${id}/page`)
  const page = current.page
  const sections = page.sections.map((s) => (s.type === 'hero' ? { ...s, heading } : s))
  const owner = { ...page.owner, price: 24.5, compareAt: null, currency: 'USD', buyUrl }
  const saved = await json<CurrentPage>(product, token, 'PUT', `/v2/tasks/${id}/page`, {
    page: { ...page, sections, owner },
    base_version: current.version,
  })
  return saved.version
}

async function served(name: string, url: string, headers: Record<string, string>): Promise<Served> {
  // The headers of one request; the weight from a request like it (the same variant, by the cookie it set).
  const res = await request(url, { headers })
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`)
  const setCookie = header(res.headers, 'set-cookie')
  const assigned = /^pw_x\d+=[^;]+/.exec(setCookie)?.[0]
  const weight = await measurePageWeight(url, assigned ? { ...headers, cookie: assigned } : headers)
  if (assigned && !weight.html.equals(res.body)) throw new Error(`GET ${url} with the cookie it set answered another page`)
  const variant = assigned ? (assigned.endsWith('.h') ? ', given the challenger' : ', given the control') : ''
  return {
    name: name + variant,
    weight,
    cacheControl: header(res.headers, 'cache-control'),
    vary: header(res.headers, 'vary'),
    etag: header(res.headers, 'etag'),
    setCookie: setCookie.replace(/=[^;]+;/, '=…;'),
  }
}

/**
 * New shoppers' cookies as their browsers send them back (the variant, `pw_x{id}=<visitor>.<c|h>`,
 * and the day they were last counted, `pw_d{id}`), by variant, from `n` first visits.
 */
async function shopperCookies(url: string, experimentId: number, n: number) {
  const out = { control: [] as string[], challenger: [] as string[] }
  const name = `pw_x${experimentId}=`
  for (let i = 0; i < n; i++) {
    const res = await request(url, { headers: SHOPPER })
    const pairs = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!)
    const pair = pairs.find((c) => c.startsWith(name))
    if (res.status !== 200 || !pair) throw new Error(`a new shopper's GET ${url} answered ${res.status} without a ${name}… cookie`)
    ;(pair.endsWith('.h') ? out.challenger : out.control).push(pairs.join('; '))
  }
  if (!out.control.length || !out.challenger.length)
    throw new Error(`${n} new shoppers all got one variant (control ${out.control.length}, challenger ${out.challenger.length})`)
  return out
}

export interface Stall {
  /** Visitors the experiment counts once the write is done (both variants). */
  counted: number
  /** New visitors sent before it. */
  sent: number
  /** The longest single answer of /healthz, asked one after another, while it ran. */
  longestMs: number
  waitedMs: number
}

/**
 * Shoppers' visits are held in memory and written every 10 s in one batch (server/http/experiment-front.ts);
 * on PGlite that write runs in the server's own process. Asks /healthz one request after another
 * until every visitor sent is counted (looked at every 250 ms) or 30 s passed, and keeps the longest
 * answer: how long everyone waited for the write.
 */
async function nextWrite(product: Product, token: string, id: string, sent: number): Promise<Stall> {
  const counted = async () => {
    const x = await json<{ variants: { visitors: number }[] }>(product, token, 'GET', `/v2/tasks/${id}/experiments/current`)
    return x.variants.reduce((n, v) => n + v.visitors, 0)
  }
  const started = performance.now()
  let longestMs = 0
  let seen = 0
  let looked = started
  while (performance.now() - started < 30_000) {
    const t = performance.now()
    const res = await request(`${product.baseUrl}/healthz`, { timeoutMs: 300_000 })
    if (res.status !== 200) throw new Error(`GET /healthz answered ${res.status}`)
    longestMs = Math.max(longestMs, performance.now() - t)
    if (performance.now() - looked >= 250) {
      looked = performance.now()
      if ((seen = await counted()) >= sent) break
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return { counted: seen || (await counted()), sent, longestMs, waitedMs: performance.now() - started }
}

const started: Product[] = []
/** Stops what this section started (for signal handlers). */
export async function stopExperiments(): Promise<void> {
  await Promise.allSettled(started.map((p) => p.stop()))
}

async function bareLoad(body: Buffer, contentType: string, load: Parameters<typeof loadPaths>[2]): Promise<PathLoadResult> {
  const bare = await startBareServer(body, contentType)
  try {
    return await loadPaths(bare.url.replace(/\/$/, ''), () => ({ path: '/', headers: SHOPPER }), load)
  } finally {
    await bare.stop()
  }
}

export async function runExperiments(opts: ExperimentsOptions, onStep: (msg: string) => void): Promise<ExperimentsResult> {
  try {
    onStep('experiments: starting the product')
    const product = await startProduct()
    started.push(product)
    onStep('experiments: a staff account makes a page, then saves two more versions (a challenger, then the live one)')
    const made = await timeGeneration(product, 1)
    const id = made.lastSessionId
    const token = tokenOfCookie(made.lastOwnerCookie)
    const challengerVersion = await saveVersion(product, token, id, 'Challenger headline', 'https://shop.example/buy-challenger')
    await saveVersion(product, token, id, 'Control headline', 'https://shop.example/buy-control')

    const url = `${product.baseUrl}/share/${id}`
    const load = { connections: opts.connections, seconds: opts.seconds, warmupSeconds: opts.warmupSeconds }
    const cold = (cookie?: string) => () => ({ path: `/share/${id}`, headers: cookie ? { ...SHOPPER, cookie } : SHOPPER })
    // A page renders again only at a new version (the query of an address is not part of it): each
    // first render follows an untimed change of the row that shows nothing new (in the gallery or not).
    let listed = false
    const newVersion = async () => {
      listed = !listed
      await json(product, token, 'PUT', `/v2/tasks/${id}`, { in_gallery: listed })
    }
    const warm = (cookie?: string): NextRequest => ({ path: `/share/${id}`, headers: cookie ? { ...SHOPPER, cookie } : SHOPPER })

    // 1. Without an experiment.
    onStep('experiments: the page without an experiment — weight, first renders, load')
    const before = await served('without an experiment', url, SHOPPER)
    const plainRender = await timing('without an experiment', product.baseUrl, opts.renders, cold(), warm(), newVersion)
    const plainLoad = await loadPaths(product.baseUrl, () => warm(), load)
    // The buy button goes through /go on every shared page, with or without an experiment.
    const goPlainLoad = await loadPaths(product.baseUrl, () => ({ path: `/go/${id}`, headers: SHOPPER }), load)
    onStep('experiments: bare node:http with the same bytes')
    const bareShare = await bareLoad(before.weight.html, before.weight.contentType, load)

    // 2. A running experiment, half the new shoppers on the challenger.
    onStep('experiments: starting an experiment (split 50 %)')
    const experiment = await json<{ id: number }>(product, token, 'POST', `/v2/tasks/${id}/experiments`, {
      challenger_version: challengerVersion,
      split: 50,
    })
    const newShopper = await served('new shopper (no cookie)', url, SHOPPER)
    const cookies = await shopperCookies(url, experiment.id, opts.cookies)
    const all = [...cookies.control, ...cookies.challenger]
    const control = await served('returning shopper, control', url, { ...SHOPPER, cookie: cookies.control[0]! })
    const challenger = await served('returning shopper, challenger', url, { ...SHOPPER, cookie: cookies.challenger[0]! })
    onStep('experiments: first renders of each variant')
    const variantRenders = [
      await timing('control', product.baseUrl, opts.renders, cold(cookies.control[0]), warm(cookies.control[0]), newVersion),
      await timing('challenger', product.baseUrl, opts.renders, cold(cookies.challenger[0]), warm(cookies.challenger[0]), newVersion),
    ]
    const go = await request(`${product.baseUrl}/go/${id}`, { headers: { ...SHOPPER, cookie: cookies.control[0]! } })
    if (go.status !== 302) throw new Error(`GET /go/${id} answered ${go.status}, expected 302`)

    let i = 0
    const returning = () => ({ path: `/share/${id}`, headers: { ...SHOPPER, cookie: all[i++ % all.length]! } })
    onStep(`experiments: returning shoppers (${all.length} cookies), ${opts.connections} connections × ${opts.seconds} s`)
    const returningLoad = await loadPaths(product.baseUrl, returning, load)
    onStep('experiments: the buy button, /go (302)')
    let j = 0
    const goLoad = await loadPaths(
      product.baseUrl,
      () => ({ path: `/go/${id}`, headers: { ...SHOPPER, cookie: all[j++ % all.length]! } }),
      load,
    )
    onStep(`experiments: new shoppers (no cookie: assigned and Set-Cookie every time), ${opts.connections} connections × ${opts.seconds} s`)
    // Its warm-up on its own: every new shopper of both is a visitor the server writes.
    const newWarmup = await loadPaths(product.baseUrl, () => warm(), { ...load, seconds: opts.warmupSeconds, warmupSeconds: 0 })
    const newLoad = await loadPaths(product.baseUrl, () => warm(), { ...load, warmupSeconds: 0 })
    const newSent = (newWarmup.statuses['200'] ?? 0) + (newLoad.statuses['200'] ?? 0)
    onStep(`experiments: the writes of the ${num(newSent)} new visitors counted (every 10 s)`)
    const write = await nextWrite(product, token, id, opts.cookies + 1 + newSent)
    const failedWrite = product.outputTail().includes('shopper counts could not be saved')
    onStep('experiments: bare node:http answering an empty 200')
    const bareEmpty = await bareLoad(Buffer.alloc(0), 'text/plain; charset=utf-8', load)

    // 3. Stopped: the page as before, rendered again (stopping changes its version).
    onStep('experiments: stopping the experiment, the page again')
    const stopping = performance.now()
    await json(product, token, 'POST', `/v2/tasks/${id}/experiments/${experiment.id}/stop`)
    const stopMs = performance.now() - stopping
    const after = await served('without an experiment, after it stopped', url, SHOPPER)
    await product.stop()

    const servedRows = [before, newShopper, control, challenger, after]
    const loads: LoadRow[] = [
      { name: 'without an experiment', result: plainLoad, expected: 200, bare: bareShare },
      { name: 'without an experiment: /go redirect (302)', result: goPlainLoad, expected: 302, bare: bareEmpty },
      { name: 'experiment: returning shoppers (cookie)', result: returningLoad, expected: 200, bare: bareShare },
      { name: 'experiment: new shoppers (no cookie)', result: newLoad, expected: 200, bare: bareShare },
      { name: 'experiment: /go redirect (302)', result: goLoad, expected: 302, bare: bareEmpty },
      { name: 'bare node:http, the page’s bytes', result: bareShare, expected: 200 },
      { name: 'bare node:http, empty 200', result: bareEmpty, expected: 200 },
    ]
    return {
      opts,
      pageId: id,
      experimentId: experiment.id,
      served: servedRows,
      loads,
      renders: [plainRender, ...variantRenders],
      write,
      goals: goals(before, after, [newShopper, control, challenger], go.headers),
      notes: [
        `Stopping the experiment (POST …/stop, after that write) took ${num(stopMs)} ms.`,
        `/go answered 302 → ${header(go.headers, 'location')}, Cache-Control: ${header(go.headers, 'cache-control') || '(none)'}`,
        ...(failedWrite ? ['The server logged a failed write of the shopper counts (kept for its next flush).'] : []),
        ...loads.flatMap((l) => loadProblems(l)),
      ],
    }
  } finally {
    await stopExperiments()
  }
}

function loadProblems(l: LoadRow): string[] {
  if (l.expected === 200) return pathLoadProblems(l.name, l.result)
  const r = l.result
  const out: string[] = []
  const wrong = r.requests - (r.statuses[String(l.expected)] ?? 0)
  if (r.requests === 0) out.push(`${l.name}: no answer at all`)
  if (wrong > 0) out.push(`${l.name}: ${wrong} of ${r.requests} answers were not ${l.expected} (${counts(r.statuses)})`)
  if (r.errors > 0) out.push(`${l.name}: ${r.errors} request errors, ${r.timeouts} of them timeouts (${counts(r.errorKinds)})`)
  return out
}

const noScript = (s: Served) => s.weight.js.raw === 0 && s.weight.js.files === 0 && s.weight.js.inline === 0
/** Not kept by a shared cache (a CDN), and kept apart per cookie by any cache that keeps it at all. */
const privatePerCookie = (s: Served) =>
  /\b(private|no-store)\b/.test(s.cacheControl) && !/\b(public|s-maxage)\b/.test(s.cacheControl) && /\bcookie\b/i.test(s.vary)

/** What this run can assert, each with met or not. */
export function goals(before: Served, after: Served, underExperiment: Served[], go: IncomingHttpHeaders): Goal[] {
  const [newShopper, ...returning] = underExperiment
  const same = before.weight.html.equals(after.weight.html)
  return [
    {
      figure: 'script on the shared page, without and with an experiment (every variant)',
      measured: [before, ...underExperiment, after].map((s) => `${num(s.weight.js.raw)} B`).join(', '),
      met: [before, ...underExperiment, after].every(noScript),
    },
    {
      figure: 'without an experiment: same HTML bytes, ETag and caching headers before one ran and after it stopped',
      measured: same
        ? `${num(before.weight.htmlSize.raw)} B both; ETag ${before.etag === after.etag ? 'same' : 'differs'}`
        : `${num(before.weight.htmlSize.raw)} B → ${num(after.weight.htmlSize.raw)} B`,
      met:
        same &&
        before.etag === after.etag &&
        before.cacheControl === after.cacheControl &&
        before.vary === after.vary &&
        !after.setCookie &&
        before.weight.css.raw === after.weight.css.raw,
    },
    {
      figure: `without an experiment: shared caches may keep it (${SHARED_PAGE_CACHE_CONTROL}), Vary: Accept-Encoding, no cookie`,
      measured: `${before.cacheControl}; Vary: ${before.vary}; Set-Cookie: ${before.setCookie || 'none'}`,
      met: before.cacheControl === SHARED_PAGE_CACHE_CONTROL && before.vary === 'Accept-Encoding' && !before.setCookie,
    },
    {
      figure: `with an experiment: never kept across variants (${EXPERIMENT_PAGE_CACHE_CONTROL}, Vary: Cookie) on every answer`,
      measured: [...new Set(underExperiment.map((s) => `${s.cacheControl}; Vary: ${s.vary}`))].join(' / '),
      met: underExperiment.every(privatePerCookie),
    },
    {
      figure: 'with an experiment: a cookie is set for new shoppers only',
      measured: `new: ${newShopper?.setCookie || 'none'}; returning: ${returning.map((s) => s.setCookie || 'none').join(', ')}`,
      met: !!newShopper?.setCookie && returning.every((s) => !s.setCookie),
    },
    {
      figure: '/go: never cached (no-store)',
      measured: header(go, 'cache-control') || '(none)',
      met: /\bno-store\b/.test(header(go, 'cache-control')),
    },
  ]
}

const ms = (n: number) => num(n, n < 10 ? 1 : 0)
const delta = (a: number, b: number) => (a === b ? '±0' : `${a > b ? '+' : '−'}${num(Math.abs(a - b))}`)

export function renderExperiments(r: ExperimentsResult): string {
  const base = r.served[0]!
  const servedColumns: Column<Served>[] = [
    { header: 'shared page', align: 'left', cell: (s) => s.name },
    { header: 'HTML raw (gzip)', cell: (s) => `${num(s.weight.htmlSize.raw)} (${num(s.weight.htmlSize.gzip)})` },
    { header: 'Δ raw', cell: (s) => delta(s.weight.htmlSize.raw, base.weight.htmlSize.raw) },
    { header: 'JS', cell: (s) => kb(s.weight.js.raw) },
    { header: 'CSS gzip', cell: (s) => kb(s.weight.css.gzip) },
    { header: 'Cache-Control', align: 'left', cell: (s) => s.cacheControl },
    { header: 'Vary', align: 'left', cell: (s) => s.vary },
    { header: 'Set-Cookie', align: 'left', cell: (s) => s.setCookie || '-' },
  ]
  const loadColumns: Column<LoadRow>[] = [
    { header: 'load', align: 'left', cell: (l) => l.name },
    { header: 'req/s', cell: (l) => num(l.result.rps) },
    { header: 'p50 ms', cell: (l) => ms(l.result.p50) },
    { header: 'p99 ms', cell: (l) => ms(l.result.p99) },
    { header: 'max ms', cell: (l) => ms(l.result.max) },
    { header: '÷ bare', cell: (l) => (l.bare ? ratio(l.result.rps, l.bare.rps) : '') },
    { header: 'answers', align: 'left', cell: (l) => counts(l.result.statuses) },
    { header: 'errors', cell: (l) => String(l.result.errors) },
  ]
  const renderColumns: Column<Timing>[] = [
    { header: 'first render (after a change), one at a time', align: 'left', cell: (t) => t.what },
    { header: 'n', cell: (t) => String(t.n) },
    { header: 'median ms', cell: (t) => ms(t.median) },
    { header: 'p90 ms', cell: (t) => ms(t.p90) },
    { header: 'from memory, median ms', cell: (t) => ms(t.warmMedian) },
  ]
  const goalColumns: Column<Goal>[] = [
    { header: 'experiments', align: 'left', cell: (g) => g.figure },
    { header: 'measured', align: 'left', cell: (g) => g.measured },
    { header: 'met', align: 'left', cell: (g) => (g.met ? 'met' : 'NOT MET') },
  ]
  const { opts } = r
  return [
    `Experiments: what one costs a shared page (/share/${r.pageId}, experiment ${r.experimentId}, split 50 %; loads at ${opts.connections} connections × ${opts.seconds} s after ${opts.warmupSeconds} s of the same load; a person's User-Agent)`,
    '',
    renderTable(servedColumns, r.served),
    '',
    renderTable(loadColumns, r.loads),
    '',
    renderTable(renderColumns, r.renders),
    '',
    `Writing the visitors counted (every 10 s, in one batch): ${num(r.write.counted)} counted of ${num(r.write.sent)} sent; the longest /healthz answer until all were, ${num(r.write.longestMs)} ms (asked one after another for ${num(r.write.waitedMs / 1000, 1)} s).`,
    '',
    renderTable(goalColumns, r.goals),
    '',
    'Not asserted here: the page against its weight before experiments existed (no figure was committed then); since issue 25 the',
    'buy button of every shared page points at /go/{id}, with or without an experiment. Lighthouse: the repo has no Lighthouse run.',
    ...r.notes,
  ].join('\n')
}
