import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describeError, warnThrottled } from '../db/unavailable'
import { dayCookieOf, daySetCookie, dayStamp, etagOfDay, isoDay } from '../domain/daily-visitors'
import {
  assignmentFromCookies,
  assignVariant,
  experimentOfVersion,
  experimentSetCookie,
  goPageId,
  safeBuyTarget,
  type RunningExperiment,
  type Variant,
} from '../domain/experiments/shopper'
import type { ShareVersions } from '../domain/share'
import { countBoundedCache } from './count-bounded-cache'
import { flushTimer } from './flush-timer'
import { pathOnly, type FrontHandler } from './front-chain'
import { isCountedView } from './page-views'

/** A visitor assigned to a variant (`visit`) or pressing the buy button (`convert`), as a flush sends it. */
export interface ShopperEvent {
  kind: 'visit' | 'convert'
  experiment_id: number
  visitor_id: string
  variant: Variant
  day: string
}
/** Visitors and buy clicks of one shared page on one UTC day (views too from a store's pixel; the share page counts its own). */
export interface ShopperPageCount {
  session_id: string
  day: string
  visitors: number
  buy_clicks: number
  views?: number
}
export interface ShopperCounts {
  pages: ShopperPageCount[]
  events: ShopperEvent[]
}
/** Where a flush goes: the database (one transaction) or, for a web on its own, the api. */
export type ShopperSink = (counts: ShopperCounts) => Promise<void>

/** The variant a shared page request is answered with, and the cookies to set with it (a new visitor, a new day). */
export interface VariantPick {
  variant: Variant
  setCookies: string[]
  /**
   * Counts the visitor (the page's of the day, the experiment's when new). Called once the page
   * is sent with these cookies: an error answer sets no cookie, so counting it would count the same
   * person again at every reload, as a visitor who never converts.
   */
  count: () => void
}

export interface ShopperSideOptions {
  sink: ShopperSink
  /** The shared page's version (it names the running experiment, server/domain/experiments/shopper.ts). */
  versionOf: ShareVersions
  /** The buy target stored for the page as the variant shows it (the page's own buy link), or null. */
  buyTarget: (sessionId: string, variant: Variant) => Promise<string | null>
  /** Cookies marked Secure (the public address is https). */
  secure: boolean
  /** Uniform in [0, 1); Math.random unless a test pins it. */
  random?: () => number
  clock?: () => Date
  intervalMs?: number
  /** At most this many page-days and events are held between flushes; more are dropped. */
  maxEntries?: number
  /** At most this many buy targets are remembered (per page, share version and variant), least recently used out. */
  maxBuyTargets?: number
}

/**
 * The shopper side of experiments and page analytics, without any script in the page:
 * - assignment: a new visitor of a page under an experiment gets a variant by the split and a
 *   first-party cookie (a random id and the variant, per experiment) that keeps them on it;
 * - `/go/{id}`: the buy button, counted (once per visitor for their variant) and redirected to the
 *   page's own buy target, never to an address the request names; the target is asked of the api
 *   once per share version and variant, then remembered (bounded);
 * - visitors per day (server/domain/daily-visitors.ts): a browser's first view of a page on a UTC
 *   day, told by the day in the page's ETag (no experiment) or a cookie holding only the day.
 * Bots, HEAD and prefetches are never counted and always get the control. Counts are held in memory
 * and flushed in one batch every `intervalMs` (like page views): serving a page writes nothing.
 */
export function createShopperSide(opts: ShopperSideOptions) {
  const clock = opts.clock ?? (() => new Date())
  const random = opts.random ?? Math.random
  const maxEntries = opts.maxEntries ?? 100_000
  let pages = new Map<string, ShopperPageCount>()
  let events: ShopperEvent[] = []
  const today = () => isoDay(clock())
  // `/go`'s buy targets (or null: no buy link), safe ones only, by page, share version and variant.
  // The version is new with every edit, visibility change and experiment start or stop, so a target
  // kept under it is the one the api would answer; presses that find none share one api call.
  const buyTargets = countBoundedCache<string, Promise<string | null>>(opts.maxBuyTargets ?? 10_000)
  const buyTargetOf = (id: string, version: string, variant: Variant) => {
    const key = `${id} ${version} ${variant}`
    const known = buyTargets.get(key)
    if (known) return known
    const asked = opts.buyTarget(id, variant).then(safeBuyTarget)
    buyTargets.set(key, asked)
    // An api that failed is asked again at the next press.
    asked.catch(() => {
      if (buyTargets.peek(key) === asked) buyTargets.delete(key)
    })
    return asked
  }

  const addPage = (sessionId: string, day: string, visitors: number, buyClicks: number) => {
    const key = `${day} ${sessionId}`
    const known = pages.get(key)
    if (known) {
      known.visitors += visitors
      known.buy_clicks += buyClicks
    } else if (pages.size < maxEntries) pages.set(key, { session_id: sessionId, day, visitors, buy_clicks: buyClicks })
  }
  const addEvent = (e: ShopperEvent) => {
    if (events.length < maxEntries) events.push(e)
  }

  async function flushNow() {
    if (pages.size === 0 && events.length === 0) return
    const batch = { pages: [...pages.values()], events }
    pages = new Map()
    events = []
    try {
      await opts.sink(batch)
    } catch (error) {
      warnThrottled('shopper-counts', 'shopper counts could not be saved; kept for the next flush', { error: describeError(error) })
      for (const p of batch.pages) addPage(p.session_id, p.day, p.visitors, p.buy_clicks)
      for (const e of batch.events) addEvent(e)
    }
  }

  async function go(req: IncomingMessage, res: ServerResponse, sessionId: string) {
    const id = sessionId.toLowerCase()
    const version = await opts.versionOf(id).catch(() => null)
    const experiment = version ? experimentOfVersion(version) : null
    const assignment = experiment ? assignmentFromCookies(req.headers.cookie, experiment.id) : null
    const variant = assignment?.variant ?? 'control'
    const target = version ? await buyTargetOf(id, version, variant) : null
    res.setHeader('Cache-Control', 'no-store')
    if (!target) {
      res.statusCode = 404
      res.setHeader('Content-Type', 'text/plain; charset=utf-8')
      res.end(version ? 'This page has no buy link.' : 'This page is not shared.')
      return
    }
    if (isCountedView(req)) {
      const day = today()
      addPage(id, day, 0, 1)
      if (experiment && assignment)
        addEvent({ kind: 'convert', experiment_id: experiment.id, visitor_id: assignment.visitorId, variant, day })
    }
    res.statusCode = 302
    res.setHeader('Location', target)
    res.end()
  }

  return {
    /** The variant for a request of a page under `experiment`: the cookie's, or a new one by the split (counted). */
    assign(sessionId: string, experiment: RunningExperiment, req: Pick<IncomingMessage, 'method' | 'headers'>): VariantPick {
      if (!isCountedView(req)) return { variant: 'control', setCookies: [], count: () => {} }
      const now = clock()
      const day = isoDay(now)
      const known = assignmentFromCookies(req.headers.cookie, experiment.id)
      // The page's visitor of the day once a day; the experiment's visitor once (experiment_visitors).
      const newToday = !dayCookieOf(req.headers.cookie, experiment.id, dayStamp(now))
      const dayCookie = newToday ? [daySetCookie(experiment.id, now, opts.secure)] : []
      const assignment = known ?? { visitorId: randomBytes(16).toString('base64url'), variant: assignVariant(experiment.split, random()) }
      let counted = false
      const count = () => {
        if (counted) return
        counted = true
        if (newToday) addPage(sessionId.toLowerCase(), day, 1, 0)
        if (!known)
          addEvent({ kind: 'visit', experiment_id: experiment.id, visitor_id: assignment.visitorId, variant: assignment.variant, day })
      }
      const setCookies = known ? dayCookie : [experimentSetCookie(experiment.id, assignment, opts.secure), ...dayCookie]
      return { variant: assignment.variant, setCookies, count }
    },
    /** The day in a page's ETag (server/domain/daily-visitors.ts), for pages without an experiment. */
    day: () => dayStamp(clock()),
    /** A request of a shared page without an experiment: the browser's first view of the page today is a visitor. */
    seen(sessionId: string, req: Pick<IncomingMessage, 'method' | 'headers'>) {
      const now = clock()
      if (isCountedView(req) && !etagOfDay(req.headers['if-none-match'], dayStamp(now))) addPage(sessionId.toLowerCase(), isoDay(now), 1, 0)
    },
    /** `/go/{id}` (GET and HEAD); anything else passes on. */
    go: ((req, res, onError) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false
      const id = goPageId(pathOnly(req.url ?? ''))
      if (!id) return false
      go(req, res, id).catch(onError)
      return true
    }) satisfies FrontHandler,
    ...flushTimer(flushNow, opts.intervalMs),
    /** For tests: page-days and events waiting for the next flush. */
    pending: () => pages.size + events.length,
    /** For tests: buy targets remembered. */
    buyTargetsKept: () => buyTargets.size,
  }
}

export type ShopperSide = ReturnType<typeof createShopperSide>

/**
 * The buy target as the api answers the shared page (`GET /v2/tasks/shared/{id}`, the variant's
 * version): the page's own buy link, never anything a request names. `fetchApi` is the api in
 * this process or at API_URL.
 */
export function buyTargetFrom(fetchApi: (request: Request) => Promise<Response>): ShopperSideOptions['buyTarget'] {
  return async (sessionId, variant) => {
    const query = variant === 'challenger' ? '?variant=challenger' : ''
    const res = await fetchApi(new Request(`http://api.internal/v2/tasks/shared/${encodeURIComponent(sessionId)}${query}`))
    if (res.status === 404) return null
    if (!res.ok) throw new Error(`buy target: the api answered ${res.status}`)
    const body = (await res.json()) as { page?: { owner?: { buyUrl?: string | null } | null } }
    return body.page?.owner?.buyUrl ?? null
  }
}
