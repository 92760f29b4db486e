import { measureLoad, measurePageWeight, startBareServer, type LoadResult, type PageWeight, type Asset } from './measure'
import { kb, num, ratio, type Column } from './table'

/** One row of the page table. Add a page by adding a case to PAGE_CASES (scripts/bench/cases.ts). */
export interface PageCase {
  name: string
  path: string
  /** Requested with the signed-in user's cookie when true, anonymously otherwise. */
  needsSession: boolean
}

export interface BenchContext {
  baseUrl: string
  /** Cookie header of the signed-in bench user. */
  cookie: string
  seconds: number
  connections: number
}

export interface PageResult {
  page: PageCase
  weight: PageWeight
  product: LoadResult
  bare: LoadResult
}

/** Weight, then load on the product, then load on a bare server sending the same HTML bytes. */
export async function benchPage(ctx: BenchContext, page: PageCase, onStep: (msg: string) => void = () => {}): Promise<PageResult> {
  const headers: Record<string, string> = page.needsSession ? { cookie: ctx.cookie } : {}
  const url = new URL(page.path, ctx.baseUrl).href
  onStep(`${page.name}: weighing ${page.path}`)
  const weight = await measurePageWeight(url, headers)
  const load = { seconds: ctx.seconds, connections: ctx.connections }
  onStep(`${page.name}: product under load (${ctx.connections} connections, ${ctx.seconds} s)`)
  const product = await measureLoad(url, { ...load, headers })
  onStep(`${page.name}: bare node:http with the same ${weight.html.length} bytes`)
  const bare = await startBareServer(weight.html, weight.contentType)
  try {
    return { page, weight, product, bare: await measureLoad(bare.url, { ...load, headers }) }
  } finally {
    await bare.stop()
  }
}

const ms = (n: number) => num(n, n < 10 ? 1 : 0)

/** The main table. */
export const PAGE_COLUMNS: Column<PageResult>[] = [
  { header: 'page', align: 'left', cell: (r) => `${r.page.name} ${r.page.path}` },
  { header: 'HTML (gzip)', cell: (r) => `${kb(r.weight.htmlSize.raw)} (${kb(r.weight.htmlSize.gzip)})` },
  { header: 'JS gzip', cell: (r) => kb(r.weight.js.gzip) },
  { header: 'CSS gzip', cell: (r) => kb(r.weight.css.gzip) },
  { header: 'req/s', cell: (r) => num(r.product.rps) },
  { header: 'p99 ms', cell: (r) => ms(r.product.p99) },
  { header: 'bare req/s', cell: (r) => num(r.bare.rps) },
  { header: 'bare p99 ms', cell: (r) => ms(r.bare.p99) },
  { header: 'rps ratio', cell: (r) => ratio(r.product.rps, r.bare.rps) },
  { header: 'p99 ratio', cell: (r) => ratio(r.product.p99, r.bare.p99) },
]

/** Exact bytes and counts behind the main table. */
export const WEIGHT_COLUMNS: Column<PageResult>[] = [
  { header: 'page', align: 'left', cell: (r) => r.page.name },
  { header: 'HTML raw', cell: (r) => num(r.weight.htmlSize.raw) },
  { header: 'HTML gzip', cell: (r) => num(r.weight.htmlSize.gzip) },
  { header: 'JS raw', cell: (r) => num(r.weight.js.raw) },
  { header: 'JS gzip', cell: (r) => num(r.weight.js.gzip) },
  { header: 'JS files+inline', cell: (r) => `${r.weight.js.files}+${r.weight.js.inline}` },
  { header: 'CSS raw', cell: (r) => num(r.weight.css.raw) },
  { header: 'CSS gzip', cell: (r) => num(r.weight.css.gzip) },
  { header: 'CSS files+inline', cell: (r) => `${r.weight.css.files}+${r.weight.css.inline}` },
  { header: 'requests (product/bare)', cell: (r) => `${num(r.product.requests)} / ${num(r.bare.requests)}` },
  { header: 'p50 ms (product/bare)', cell: (r) => `${ms(r.product.p50)} / ${ms(r.bare.p50)}` },
]

/** Per-file breakdown of one page's JS and CSS (printed with BENCH_ASSETS=1), biggest first. */
export const ASSET_COLUMNS: Column<Asset>[] = [
  { header: 'kind', align: 'left', cell: (a) => a.kind },
  { header: 'source', align: 'left', cell: (a) => (a.source.startsWith('http') ? new URL(a.source).pathname : a.source) },
  { header: 'raw', cell: (a) => num(a.size.raw) },
  { header: 'gzip', cell: (a) => num(a.size.gzip) },
]
