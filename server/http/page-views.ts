import type { IncomingMessage } from 'node:http'
import { isbot } from 'isbot'
import { describeError, warnThrottled } from '../db/unavailable'
import { flushTimer } from './flush-timer'

/** Views of one shared page on one UTC day, as a flush sends them. */
export interface PageViewCount {
  session_id: string
  day: string
  views: number
}
/** Where a flush goes: the database (one statement) or, for a web on its own, the api. */
export type PageViewSink = (counts: PageViewCount[]) => Promise<void>

const PREFETCH = /prefetch|prerender|preview/i

/**
 * Whether a request for a shared page is a person looking at it. Nothing of the request is kept:
 * no cookie is read or set, no address or user agent stored; only the page and the day are counted.
 * - GET only: a HEAD shows nobody anything (link checkers, monitors).
 * - A 304 counts: a person's browser revalidating the page it shows again.
 * - Prefetches (`Sec-Purpose: prefetch`, and the older `Purpose`/`X-Purpose`/`X-Moz`) do not: the
 *   page may never be looked at.
 * - Bots do not (isbot), nor requests without a user agent (scripts).
 */
export function isCountedView(req: Pick<IncomingMessage, 'method' | 'headers'>): boolean {
  if (req.method !== 'GET') return false
  const h = req.headers
  for (const name of ['sec-purpose', 'purpose', 'x-purpose', 'x-moz']) {
    const value = h[name]
    if (value !== undefined && PREFETCH.test(String(value))) return false
  }
  const agent = h['user-agent']
  return !!agent && !isBotAgent(agent)
}

/**
 * isbot's verdict per user agent, remembered: isbot runs one large regular expression (about 10 µs),
 * while a busy page is asked for by the same few hundred agents over and over.
 */
const verdicts = new Map<string, boolean>()
const MAX_VERDICTS = 2_000
function isBotAgent(agent: string): boolean {
  let verdict = verdicts.get(agent)
  if (verdict === undefined) {
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear()
    verdict = isbot(agent)
    verdicts.set(agent, verdict)
  }
  return verdict
}

export interface ViewCounterOptions {
  sink: PageViewSink
  clock?: () => Date
  /** How often counts are flushed (default 10 s). */
  intervalMs?: number
  /** At most this many page-days are held between flushes; more are dropped (default 100 000). */
  maxEntries?: number
}

/**
 * Views counted in memory per page and day, flushed as one batch every `intervalMs` and on stop.
 * Serving a page costs a map update, never a database write. A failed flush keeps its counts for
 * the next one (the database may be back by then), within `maxEntries`.
 */
export function createViewCounter(opts: ViewCounterOptions) {
  const clock = opts.clock ?? (() => new Date())
  const maxEntries = opts.maxEntries ?? 100_000
  let counts = new Map<string, number>()

  // The UTC day, worked out again only once it is over (a view costs no date formatting).
  let day = ''
  let dayEnds = 0
  const today = () => {
    const now = clock().getTime()
    if (now >= dayEnds || now < dayEnds - 86_400_000) {
      day = new Date(now).toISOString().slice(0, 10)
      dayEnds = Date.parse(`${day}T00:00:00Z`) + 86_400_000
    }
    return day
  }

  const add = (key: string, n: number) => {
    const known = counts.get(key)
    if (known !== undefined) counts.set(key, known + n)
    else if (counts.size < maxEntries) counts.set(key, n)
  }

  async function flushNow() {
    if (counts.size === 0) return
    const batch = counts
    counts = new Map()
    const list: PageViewCount[] = []
    for (const [key, views] of batch) list.push({ day: key.slice(0, 10), session_id: key.slice(11), views })
    try {
      await opts.sink(list)
    } catch (error) {
      warnThrottled('page-views', 'page views could not be saved; kept for the next flush', { error: describeError(error) })
      for (const [key, views] of batch) add(key, views)
    }
  }

  return {
    /** Counts one view of the page with this session id, if the request is a person's view. */
    count(sessionId: string, req: Pick<IncomingMessage, 'method' | 'headers'>) {
      if (!isCountedView(req)) return
      add(`${today()} ${sessionId.toLowerCase()}`, 1)
    },
    ...flushTimer(flushNow, opts.intervalMs),
    /** For tests: page-days waiting for the next flush. */
    pending: () => counts.size,
  }
}

export type ViewCounter = ReturnType<typeof createViewCounter>
