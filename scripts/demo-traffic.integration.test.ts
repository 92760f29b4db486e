/**
 * The demo traffic simulator against the product's own shopper side in this process: the share
 * front (assignment by the split, the experiment cookie) and /go (one conversion per visitor) over
 * the api and a PGlite database, the page rendered by a stand-in (the app's rendering is tested in
 * tests/experiments/shared-page.test.ts). What the simulator says it sent is what the owner reads.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHARED_PAGE_CACHE_CONTROL } from '../server/domain/share'
import { buyTargetFrom, createShopperSide, type ShopperSide } from '../server/http/experiment-front'
import { frontChain } from '../server/http/front-chain'
import { createShareFront } from '../server/http/share-front'
import { addShopperCounts } from '../server/modules/experiments'
import { lookUpShareVersion } from '../server/modules/tasks/share-version'
import { pageWithTwoVersions, proOwner } from '../tests/experiments/pages'
import { createTestApi, type TestApi } from '../tests/helpers/api'
import { parseOptions, simulate, TrafficError } from './demo-traffic'

describe('demo traffic through the real share front and /go (PGlite)', () => {
  let t: TestApi
  let shoppers: ShopperSide
  let server: http.Server
  let base = ''
  let token = ''

  beforeAll(async () => {
    t = await createTestApi('pglite')
    token = await proOwner(t, 'demo-traffic@example.com')
    const api = (req: Request) => Promise.resolve(t.app.fetch(req, { inProcess: true }))
    const versionOf = (id: string) => lookUpShareVersion(t.deps, id)
    shoppers = createShopperSide({
      sink: (counts) => addShopperCounts(t.db.database.db, counts),
      versionOf,
      buyTarget: buyTargetFrom(api),
      secure: false,
      clock: t.clock.now,
    })
    const front = createShareFront({
      versionOf,
      shoppers,
      render: async (req) => {
        const id = new URL(req.url).pathname.split('/').pop()!
        const res = await api(new Request(`http://api.test/v2/tasks/shared/${id}`))
        if (res.status !== 200) return new Response('not shared', { status: 404 })
        return new Response(`<html><a href="/go/${id}">Buy</a></html>`, {
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': SHARED_PAGE_CACHE_CONTROL },
        })
      },
    })
    server = http.createServer(frontChain([shoppers.go, front.handle], (_req, res) => void res.writeHead(404).end('app')))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }, 120_000)
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    await t?.close()
  })

  it('stops at the first visitor without an experiment, then counts exactly what it sent once one runs', async () => {
    const page = await pageWithTwoVersions(t, token)
    const opts = parseOptions(['--page', `${base}/share/${page.id}`, '--visitors', '1500', '--rates', '0.1,0.2', '--seed', '7'], {})

    await expect(simulate(opts, { fetch })).rejects.toThrow(
      new TrafficError(`This page has no running experiment: start one on the page view first (${base}/productv2/${page.id}).`),
    )

    const started = await t.call('POST', `/v2/tasks/${page.id}/experiments`, { challenger_version: page.challenger }, token)
    expect(started.status).toBe(201)
    const sent = await simulate(opts, { fetch })
    expect(sent.experimentId).toBe(started.body.id)
    expect(sent.variants.control.visitors).toBeGreaterThan(600)
    expect(sent.variants.challenger.visitors).toBeGreaterThan(600)

    await shoppers.flush()
    const read = await t.call('GET', `/v2/tasks/${page.id}/experiments/current`, undefined, token)
    const counted = Object.fromEntries(
      (read.body.variants as { name: string; visitors: number; conversions: number }[]).map((v) => [v.name, [v.visitors, v.conversions]]),
    )
    expect(counted).toEqual({
      control: [sent.variants.control.visitors, sent.variants.control.purchases],
      challenger: [sent.variants.challenger.visitors, sent.variants.challenger.purchases],
    })
  }, 60_000)

  it('says a page that is not shared is not shared', async () => {
    const opts = parseOptions(['--page', '00000000-0000-4000-8000-000000000000', '--base', base, '--visitors', '5'], {})
    await expect(simulate(opts, { fetch })).rejects.toThrow('is not shared at')
  })
})
