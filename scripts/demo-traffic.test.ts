/**
 * The demo traffic simulator against a fake Pagewright (a node:http server answering /share/{id}
 * with the experiment cookie as the real front sets it, and /go/{id} with a 302): the variant the
 * server assigns is the one the shopper buys on, purchases follow the rates, one /go per buyer
 * and none followed, and each way the run can fail says so plainly.
 */
import { execFile } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { isbot } from 'isbot'
import { afterEach, describe, expect, it } from 'vitest'
import type { Experiment } from '../server/contract/experiments'
import { assignmentFromCookies, assignVariant, experimentSetCookie, type Variant } from '../server/domain/experiments/shopper'
import {
  BROWSER_AGENT,
  formatSummary,
  parseOptions,
  readExperiment,
  simulate,
  TrafficError,
  UsageError,
  type Options,
} from './demo-traffic'
import { seededRandom } from './seeded-random'

const PAGE = '4b9eb019-57bf-4c1f-af21-fb863b6a757c'
const EXPERIMENT = 7

interface Fake {
  base: string
  /** Every request, as the server saw it. */
  requests: { method: string; path: string; agent: string; cookie: string | undefined }[]
  /** Visitor id → the variant the fake assigned. */
  assigned: Map<string, Variant>
  /** Visitor ids that pressed buy, in order. */
  bought: string[]
  close: () => Promise<void>
}

/** A fake product: `mode` decides what /share answers. */
async function fakeProduct(mode: 'experiment' | 'no-experiment' | 'not-shared' | 'no-buy-link' = 'experiment', seed = 42): Promise<Fake> {
  const random = seededRandom(seed)
  let counter = 0
  const fake: Omit<Fake, 'base' | 'close'> = { requests: [], assigned: new Map(), bought: [] }
  const server = http.createServer((req, res) => {
    const path = req.url ?? ''
    fake.requests.push({ method: req.method ?? '', path, agent: req.headers['user-agent'] ?? '', cookie: req.headers.cookie })
    const counted = req.method === 'GET' && !isbot(req.headers['user-agent'] ?? '')
    if (path === `/share/${PAGE}` && mode !== 'not-shared') {
      res.setHeader('content-type', 'text/html; charset=utf-8')
      if (mode !== 'no-experiment' && counted && !assignmentFromCookies(req.headers.cookie, EXPERIMENT)) {
        const visitorId = `visitor-${String(++counter).padStart(10, '0')}`
        const variant = assignVariant(50, random())
        fake.assigned.set(visitorId, variant)
        res.setHeader('set-cookie', ['pw_seen=1; Path=/', experimentSetCookie(EXPERIMENT, { visitorId, variant }, false)])
      }
      res.end(`<html><h1>Page</h1><a href="/go/${PAGE}">Buy</a></html>`)
      return
    }
    if (path === `/go/${PAGE}` && mode !== 'not-shared' && mode !== 'no-buy-link') {
      const assignment = assignmentFromCookies(req.headers.cookie, EXPERIMENT)
      if (counted && assignment) fake.bought.push(assignment.visitorId)
      res.writeHead(302, { location: '/bought' }).end()
      return
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('This page is not shared.')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    ...fake,
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const options = (base: string, extra: Partial<Options> = {}): Options => ({
  ...parseOptions(['--page', PAGE, '--base', base]),
  ...extra,
})

let fakes: Fake[] = []
const started = async (...args: Parameters<typeof fakeProduct>) => {
  const fake = await fakeProduct(...args)
  fakes.push(fake)
  return fake
}
afterEach(async () => {
  await Promise.all(fakes.map((f) => f.close()))
  fakes = []
})

describe('options', () => {
  it('has the defaults the issue names', () => {
    expect(parseOptions(['--page', PAGE], {})).toEqual({
      pageId: PAGE,
      base: 'http://localhost:3000',
      visitors: 5000,
      rates: { control: 0.03, challenger: 0.045 },
      concurrency: 8,
      seed: 1,
      token: null,
    })
  })

  it('takes a share link, PUBLIC_URL, and --name=value', () => {
    expect(parseOptions([`--page=https://pages.example.com/share/${PAGE}`], {})).toMatchObject({
      pageId: PAGE,
      base: 'https://pages.example.com',
    })
    expect(parseOptions(['--page', PAGE], { PUBLIC_URL: 'http://localhost:3400/' }).base).toBe('http://localhost:3400')
    expect(
      parseOptions(['--page', PAGE, '--base', 'http://127.0.0.1:9/', '--rates', '0.1, 0.2', '--visitors', '10', '--seed', '9'], {}),
    ).toMatchObject({
      base: 'http://127.0.0.1:9',
      rates: { control: 0.1, challenger: 0.2 },
      visitors: 10,
      seed: 9,
    })
  })

  it.each([
    [[], '--page is required'],
    [['--page', PAGE, '--rates', '0.03'], '--rates must be two numbers from 0 to 1'],
    [['--page', PAGE, '--rates', '0.03,1.5'], '--rates must be two numbers from 0 to 1'],
    [['--page', PAGE, '--visitors', 'many'], '--visitors must be a whole number from 1'],
    [['--page', PAGE, '--concurrency', '0'], '--concurrency must be a whole number from 1'],
    [['--page', PAGE, '--base', 'ftp://x'], '--base must be an http(s) address'],
    [['--page', 'http://localhost:3000/productv2/x'], '--page must be a page id or a share link'],
    [['--page', PAGE, '--visits', '3'], 'Unknown option "--visits"'],
    [['--page', '--visitors', '3'], '--page needs a value'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseOptions(argv, {})).toThrow(UsageError)
    expect(() => parseOptions(argv, {})).toThrow(message)
  })
})

describe('seeded generator', () => {
  it('repeats for a seed, differs between seeds, stays in [0, 1)', () => {
    const a = seededRandom(5)
    const b = seededRandom(5)
    const xs = Array.from({ length: 1000 }, () => a())
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs)
    expect(seededRandom(6)()).not.toBe(xs[0])
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true)
    expect(xs.reduce((s, x) => s + x, 0) / xs.length).toBeCloseTo(0.5, 1)
  })
})

describe('visitors against a fake product', () => {
  /** |observed − n·p| within 4.5 standard deviations of the binomial (a false alarm about once in 150,000 runs). */
  const withinBinomial = (observed: number, n: number, p: number) =>
    expect(Math.abs(observed - n * p)).toBeLessThanOrEqual(4.5 * Math.sqrt(n * p * (1 - p)) + 1)

  it.each([
    [0.03, 0.045],
    [0.1, 0.4],
  ])('2,000 shoppers at %s / %s: assigned variants kept, purchases at the rates, one /go per buyer', async (control, challenger) => {
    const fake = await started()
    const lines: string[] = []
    const opts = options(fake.base, { visitors: 2000, rates: { control, challenger }, seed: 3 })
    const summary = await simulate(opts, { fetch, log: (l) => lines.push(l) })

    // Every shopper a fresh browser: a plain GET of the page with a browser's agent and no cookie.
    const pages = fake.requests.filter((r) => r.path === `/share/${PAGE}`)
    expect(pages).toHaveLength(2000)
    expect(pages.every((r) => r.method === 'GET' && r.agent === BROWSER_AGENT && r.cookie === undefined)).toBe(true)
    expect(isbot(BROWSER_AGENT)).toBe(false)
    expect(fake.assigned.size).toBe(2000)

    // The variants as the server assigned them.
    const assignedTo = (v: Variant) => [...fake.assigned.values()].filter((x) => x === v).length
    expect(summary).toMatchObject({ experimentId: EXPERIMENT, visitors: 2000 })
    expect(summary.variants.control.visitors).toBe(assignedTo('control'))
    expect(summary.variants.challenger.visitors).toBe(assignedTo('challenger'))

    // One /go per buyer, with that buyer's own cookie, never followed to the buy target.
    const gos = fake.requests.filter((r) => r.path === `/go/${PAGE}`)
    expect(gos.every((r) => r.method === 'GET' && r.agent === BROWSER_AGENT)).toBe(true)
    expect(gos.every((r) => r.cookie === r.cookie?.match(/^pw_x7=[\w-]+\.[ch]$/)?.[0])).toBe(true)
    expect(new Set(fake.bought).size).toBe(fake.bought.length)
    expect(gos).toHaveLength(fake.bought.length)
    expect(fake.requests.some((r) => r.path === '/bought')).toBe(false)
    const boughtOn = (v: Variant) => fake.bought.filter((id) => fake.assigned.get(id) === v).length
    expect(summary.variants.control.purchases).toBe(boughtOn('control'))
    expect(summary.variants.challenger.purchases).toBe(boughtOn('challenger'))

    withinBinomial(summary.variants.control.purchases, summary.variants.control.visitors, control)
    withinBinomial(summary.variants.challenger.purchases, summary.variants.challenger.visitors, challenger)

    // Progress every 500 shoppers, and the table of what was sent.
    expect(lines).toHaveLength(4)
    expect(lines[3]).toMatch(/^2000\/2000 visitors · control \d+ \(\d+ bought\) · challenger \d+ \(\d+ bought\)$/)
    const table = formatSummary(summary, opts)
    expect(table.split('\n')[0]).toMatch(/^variant\s+visitors\s+purchases\s+rate sent\s+rate asked$/)
    expect(table).toMatch(new RegExp(`^control\\s+${summary.variants.control.visitors}\\s+${summary.variants.control.purchases}\\s`, 'm'))
    expect(table).toMatch(/^total\s+2000\s/m)
  })

  it('sends the same purchases for the same seed and the same assignments', async () => {
    const run = async (seed: number) => {
      const fake = await started('experiment', 11)
      const summary = await simulate(
        options(fake.base, { visitors: 300, concurrency: 1, seed, rates: { control: 0.2, challenger: 0.3 } }),
        { fetch },
      )
      return { summary, bought: fake.bought }
    }
    const first = await run(4)
    expect(await run(4)).toEqual(first)
    expect((await run(5)).bought).not.toEqual(first.bought)
  })

  it('says Pagewright is not running when the connection is refused', async () => {
    const fake = await fakeProduct()
    await fake.close()
    const run = simulate(options(fake.base, { visitors: 10 }), { fetch })
    await expect(run).rejects.toThrow(TrafficError)
    await expect(run).rejects.toThrow(
      `Cannot reach Pagewright at ${fake.base} (ECONNREFUSED). Is Pagewright running? Start it with npm start`,
    )
  })

  it('says the page is not shared on a 404, after one request', async () => {
    const fake = await started('not-shared')
    await expect(simulate(options(fake.base, { visitors: 50 }), { fetch })).rejects.toThrow(
      `The page ${PAGE} is not shared at ${fake.base}/share/${PAGE} (404).`,
    )
    expect(fake.requests).toHaveLength(1)
  })

  it('stops after the first visitor when the page has no running experiment', async () => {
    const fake = await started('no-experiment')
    await expect(simulate(options(fake.base, { visitors: 50, rates: { control: 1, challenger: 1 } }), { fetch })).rejects.toThrow(
      `This page has no running experiment: start one on the page view first (${fake.base}/productv2/${PAGE}).`,
    )
    expect(fake.requests).toHaveLength(1)
  })

  it('says so when the buy button leads nowhere', async () => {
    const fake = await started('no-buy-link')
    await expect(simulate(options(fake.base, { visitors: 50, rates: { control: 1, challenger: 1 } }), { fetch })).rejects.toThrow(
      'answered 404: the page has no buy link',
    )
  })

  it('stops when the experiment ends while shoppers are sent', async () => {
    let calls = 0
    const fake = await started()
    const ending: typeof fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes('/share/') && ++calls > 20) return Promise.resolve(new Response('<html></html>', { status: 200 }))
      return fetch(input, init)
    }
    await expect(simulate(options(fake.base, { visitors: 100 }), { fetch: ending })).rejects.toThrow(
      'The experiment stopped while shoppers were being sent',
    )
  })
})

describe('the experiment as the owner reads it (--token)', () => {
  const experiment = (visitors: [number, number], decision: Experiment['decision'] = 'collecting'): Experiment => ({
    id: EXPERIMENT,
    status: 'running',
    control_version: 2,
    challenger_version: 1,
    split: 50,
    started_at: '2026-11-28T08:00:00.000Z',
    stopped_at: null,
    stop_reason: null,
    variants: [
      { name: 'control', version: 2, visitors: visitors[0], conversions: 0, rate: 0, interval: [0, 1] },
      { name: 'challenger', version: 1, visitors: visitors[1], conversions: 0, rate: 0, interval: [0, 1] },
    ],
    decision,
    decided_at: null,
    reason: 'Not enough data yet.',
    more_visitors_needed: 100,
  })
  const answering = (...bodies: [number, unknown][]) => {
    const seen: Request[] = []
    const fetchFake: typeof fetch = (input, init) => {
      seen.push(new Request(input, init))
      const [status, body] = bodies[Math.min(seen.length - 1, bodies.length - 1)]!
      return Promise.resolve(Response.json(body, { status }))
    }
    return { seen, fetchFake }
  }
  const opts = options('http://pagewright.test', { token: 'pwk_test' })

  it('asks again until the counts include what was sent, with the key as a bearer token', async () => {
    const { seen, fetchFake } = answering(
      [200, experiment([10, 10])],
      [200, experiment([400, 500], 'challenger_wins')],
      [200, experiment([600, 600])],
    )
    const got = await readExperiment(opts, { fetch: fetchFake, sleep: () => Promise.resolve() }, 1000)
    expect(got.variants.map((v) => v.visitors)).toEqual([600, 600])
    expect(seen).toHaveLength(3)
    expect(seen[0]!.url).toBe(`http://pagewright.test/v2/tasks/${PAGE}/experiments/current`)
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer pwk_test')
  })

  it('says what a refused key and a missing experiment mean', async () => {
    await expect(readExperiment(opts, { fetch: answering([401, { error: 'Sign in first.' }]).fetchFake })).rejects.toThrow(
      'The API key was refused (401): make one on http://pagewright.test/docs.',
    )
    await expect(
      readExperiment(opts, { fetch: answering([404, { error: 'No experiment runs on this page.' }]).fetchFake }),
    ).rejects.toThrow('This page has no running experiment for this API key')
  })
})

describe('the command', () => {
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile('npx', ['tsx', 'scripts/demo-traffic.ts', ...args], { env: { ...process.env, PUBLIC_URL: '' } }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      )
    })

  it('prints the usage and fails on bad options, and names the fix when nothing listens', async () => {
    const bad = await run(['--visitors', '3'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--page is required')
    expect(bad.stderr).toContain('Usage: npm run demo:traffic -- --page <page id or share URL>')

    const fake = await fakeProduct()
    await fake.close()
    const refused = await run(['--page', PAGE, '--base', fake.base, '--visitors', '5'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('Is Pagewright running? Start it with npm start')
  })
})
