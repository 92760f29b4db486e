import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { request } from '../../scripts/bench/http'
import { experimentSetCookie, versionWithExperiment, type Variant } from '../domain/experiments/shopper'
import { createShopperSide, type ShopperSideOptions } from './experiment-front'
import { frontChain } from './front-chain'

const ID = '6f1c2b1e-8a7d-4c3b-9f00-123456789abc'
const OTHER = '7a2d3c2f-9b8e-4d4c-8a11-23456789abcd'
const THIRD = '8b3e4d30-ac9f-4e5d-9b22-3456789abcde'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const servers: http.Server[] = []
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r)))))

/** /go in front of an app, with the page's version and buy link as the test sets them; the api's answers counted. */
async function setUp(opts: {
  version: (id: string) => string | null
  target: (id: string, variant: Variant) => string | null | Promise<string | null>
  maxBuyTargets?: number
}) {
  const asked: string[] = []
  const buyTarget: ShopperSideOptions['buyTarget'] = async (id, variant) => {
    asked.push(`${id} ${variant}`)
    await new Promise((r) => setTimeout(r, 5))
    return opts.target(id, variant)
  }
  const side = createShopperSide({
    sink: async () => {},
    versionOf: async (id) => opts.version(id),
    buyTarget,
    secure: false,
    maxBuyTargets: opts.maxBuyTargets,
  })
  const server = http.createServer(frontChain([side.go], (_req, res) => void res.writeHead(404).end('app')))
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const press = (id: string, cookie?: string) =>
    request(`${base}/go/${id}`, { headers: { 'user-agent': BROWSER, ...(cookie ? { cookie } : {}) } })
  return { side, asked, press }
}

describe('/go remembers the buy target per share version and variant', () => {
  it('asks the api once for a version: later and concurrent presses use what it answered', async () => {
    const t = await setUp({ version: () => '1.100', target: () => 'https://shop.example/buy' })
    const presses = await Promise.all([t.press(ID), t.press(ID), t.press(ID)])
    expect(presses.map((p) => [p.status, p.headers.location])).toEqual(Array(3).fill([302, 'https://shop.example/buy']))
    const again = await t.press(ID)
    expect([again.status, again.headers.location, again.headers['cache-control']]).toEqual([302, 'https://shop.example/buy', 'no-store'])
    expect(t.asked).toEqual([`${ID} control`])
  })

  it('a new version (the buy link edited) is asked again and its target used; each variant has its own', async () => {
    let version = '1.100'
    let buyUrl = 'https://shop.example/old'
    const t = await setUp({
      version: () => version,
      target: (_id, variant) => (variant === 'challenger' ? 'https://shop.example/challenger' : buyUrl),
    })
    expect((await t.press(ID)).headers.location).toBe('https://shop.example/old')
    buyUrl = 'https://shop.example/new'
    version = '1.101'
    expect((await t.press(ID)).headers.location).toBe('https://shop.example/new')
    expect((await t.press(ID)).headers.location).toBe('https://shop.example/new')
    // An experiment starts: a new version; a visitor on the challenger gets the challenger's link.
    version = versionWithExperiment('1.102', { id: 7, split: 50 })
    const challenger = experimentSetCookie(7, { visitorId: 'visitor-0123456789', variant: 'challenger' }, false).split(';')[0]!
    expect((await t.press(ID, challenger)).headers.location).toBe('https://shop.example/challenger')
    expect((await t.press(ID)).headers.location).toBe('https://shop.example/new')
    expect(t.asked).toEqual([`${ID} control`, `${ID} control`, `${ID} challenger`, `${ID} control`])
  })

  it('keeps its safety: no buy link, an unsafe one or a page not shared is a 404 (the first two remembered)', async () => {
    const targets: Record<string, string | null> = { [ID]: null, [OTHER]: 'javascript:alert(1)' }
    const t = await setUp({ version: (id) => (id === THIRD ? null : '1.100'), target: (id) => targets[id] ?? null })
    for (const id of [ID, OTHER, ID, OTHER, THIRD]) expect((await t.press(id)).status).toBe(404)
    expect(t.asked).toEqual([`${ID} control`, `${OTHER} control`])
  })

  it('a failed api call is not remembered', async () => {
    let fail = true
    const t = await setUp({
      version: () => '1.100',
      target: () => {
        if (fail) throw new Error('api down')
        return 'https://shop.example/buy'
      },
    })
    expect((await t.press(ID)).status).toBe(500)
    fail = false
    expect((await t.press(ID)).headers.location).toBe('https://shop.example/buy')
    expect(t.asked).toHaveLength(2)
  })

  it('is bounded: past its size the least recently pressed page is forgotten (and asked again)', async () => {
    const t = await setUp({ version: () => '1.100', target: (id) => `https://shop.example/${id}`, maxBuyTargets: 2 })
    for (const id of [ID, OTHER, THIRD]) expect((await t.press(id)).headers.location).toBe(`https://shop.example/${id}`)
    expect(t.side.buyTargetsKept()).toBe(2)
    expect((await t.press(THIRD)).status).toBe(302)
    expect(t.asked).toHaveLength(3)
    expect((await t.press(ID)).headers.location).toBe(`https://shop.example/${ID}`)
    expect(t.asked).toHaveLength(4)
    expect(t.side.buyTargetsKept()).toBe(2)
  })
})
