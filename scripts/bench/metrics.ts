import { request } from './http'
import { mb } from './mixed-load'
import { num } from './table'

/** One page memory as /metrics shows it (pagewright_page_memory_*). */
export interface PageMemoryFigures {
  memory: string
  entries: number
  bytes: number
  maxBytes: number
  hits: number
  misses: number
}

/** Samples of a Prometheus text exposition: `name{labels}` → value. */
export function parseMetrics(text: string): Map<string, number> {
  const out = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const space = line.lastIndexOf(' ')
    out.set(line.slice(0, space), Number(line.slice(space + 1)))
  }
  return out
}

/** The product's page memories from its /metrics (open on the embedded default). */
export async function pageMemories(baseUrl: string): Promise<PageMemoryFigures[]> {
  const res = await request(`${baseUrl}/metrics`, { timeoutMs: 180_000 })
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`)
  const samples = parseMetrics(res.body.toString('utf8'))
  const names = new Set<string>()
  for (const key of samples.keys()) {
    const m = /^pagewright_page_memory_entries\{memory="([^"]+)"\}$/.exec(key)
    if (m) names.add(m[1])
  }
  const get = (name: string, labels: string) => samples.get(`${name}{${labels}}`) ?? 0
  return [...names].map((memory) => ({
    memory,
    entries: get('pagewright_page_memory_entries', `memory="${memory}"`),
    bytes: get('pagewright_page_memory_bytes', `memory="${memory}"`),
    maxBytes: get('pagewright_page_memory_max_bytes', `memory="${memory}"`),
    hits: get('pagewright_page_memory_reads_total', `memory="${memory}",result="hit"`),
    misses: get('pagewright_page_memory_reads_total', `memory="${memory}",result="miss"`),
  }))
}

/** One line per page memory: entries, bytes against the bound, and the hits and misses between two readings. */
export function describePageMemories(before: PageMemoryFigures[], after: PageMemoryFigures[]): string[] {
  return after.map((a) => {
    const b = before.find((x) => x.memory === a.memory)
    const hits = a.hits - (b?.hits ?? 0)
    const misses = a.misses - (b?.misses ?? 0)
    const rate = hits + misses > 0 ? ` (${num((100 * hits) / (hits + misses), 1)} % hits)` : ''
    return `  ${a.memory}: ${num(a.entries)} pages, ${mb(a.bytes)} of ${mb(a.maxBytes)}; during the run ${num(hits)} hits, ${num(misses)} misses${rate}`
  })
}

export const withinBounds = (figures: PageMemoryFigures[]) => figures.every((f) => f.bytes <= f.maxBytes)
