/**
 * The page view's experiment panel (issue 25): Start, Stop, Promote and Make a variant posted to the Remix action of
 * /productv2/{id} as a browser without JS posts them, against contract-checked mocks of the api. A free
 * owner's Start opens the upgrade dialog; promoting asks first through the URL; the loader gives the
 * panel its experiment, the versions that may challenge the live one, and 30 days of shoppers.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, transportFor } from '~/.server/api'
import { loadInsights } from '~/.server/experiments'
import { loader as rootLoader } from '~/root'
import * as productV1 from '~/routes/_blank.product.$id'
import * as productV2 from '~/routes/_blank.productv2.$id'
import { contract } from '../../server/contract'
import type { Experiment } from '../../server/contract/experiments'
import { samplePage } from '../fixtures/pages/sample-page'
import { apiError, mockRoute } from './contract-mocks'
import { body, CookieJar, fakeUser, get, location, post, run, runResponse, sessionCookie } from './helpers'
import { createMsw } from './msw'

const msw = createMsw()
beforeAll(() => msw.server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => msw.reset())
afterEach(() => msw.server.resetHandlers())
afterAll(() => msw.server.close())

const ID = '7d4c1e0a-5b7f-4a57-9f7e-6a3c1a2b9d10'
const PATH = `/productv2/${ID}`
const params = { id: ID }
const pro = fakeUser({ role: 'paid' })
const me = (user = pro) => mockRoute(contract.auth.me, () => user)
const jar = async () => {
  const [name, ...value] = (await sessionCookie({ token: 'pwt_owner' })).split('=')
  return new CookieJar({ [name]: value.join('=') })
}

const experiment = (overrides: Partial<Experiment> = {}): Experiment => ({
  id: 11,
  status: 'running',
  control_version: 3,
  challenger_version: 2,
  split: 50,
  started_at: '2026-11-20T10:00:00.000Z',
  stopped_at: null,
  stop_reason: null,
  variants: [
    { name: 'control', version: 3, visitors: 1200, conversions: 37, rate: 0.031, interval: [0.024, 0.039] },
    { name: 'challenger', version: 2, visitors: 1180, conversions: 41, rate: 0.035, interval: [0.027, 0.043] },
  ],
  decision: 'collecting',
  decided_at: null,
  reason: 'Not enough data yet — about 2,300 more visitors.',
  more_visitors_needed: 2300,
  ...overrides,
})

const send = async (fields: Record<string, string>, path = PATH) =>
  runResponse(productV2.action, post(path, { session_id: ID, ...fields }, await jar()), { params })

/** The snackbars the page after a redirect shows (its flash cookie). */
const flash = async (res: Response) => {
  const next = (await jar()).take(res)
  return (await body(await run(rootLoader, get(location(res), next)))).toasts.map((m: { text: string }) => m.text)
}

describe('starting an experiment from the page view', () => {
  it('sends the challenger and the split, and comes back to the panel saying what runs', async () => {
    msw.server.use(
      me(),
      mockRoute(contract.experiments.start, () => experiment({ split: 30 })),
    )
    const res = await send({ intent: 'experiment-start', challenger_version: '2', split: '30' })
    expect(location(res)).toBe(`${PATH}#experiment`)
    const [sent] = msw.to(`/v2/tasks/${ID}/experiments`, 'POST')
    expect(await sent.json()).toEqual({ challenger_version: 2, split: 30 })
    expect(await flash(res)).toEqual(['Experiment started: 30 % of new shoppers see version 2.'])
  })

  it("a free owner's Start opens the upgrade dialog, without asking the api", async () => {
    msw.server.use(me(fakeUser()))
    const res = await send({ intent: 'experiment-start', challenger_version: '2', split: '50' })
    expect(location(res)).toBe(`${PATH}?dialog=upgrade&reason=experiments`)
    expect(msw.to(`/v2/tasks/${ID}/experiments`)).toHaveLength(0)
  })

  it("the api's own refusal (403 `experiments`) opens the same dialog", async () => {
    msw.server.use(
      me(),
      mockRoute(contract.experiments.start, () => apiError(403, 'Experiments are part of Pro.', { permission: 'experiments' })),
    )
    const res = await send({ intent: 'experiment-start', challenger_version: '2', split: '50' })
    expect(location(res)).toBe(`${PATH}?dialog=upgrade&reason=experiments`)
  })

  it('refuses a split outside 10–90 by the field, without asking the api', async () => {
    msw.server.use(me())
    const res = await send({ intent: 'experiment-start', challenger_version: '2', split: '95' })
    expect(res.status).toBe(400)
    expect(await body(res)).toEqual({ experimentError: 'At most 90 %: the live version needs shoppers too.' })
    expect(msw.to(`/v2/tasks/${ID}/experiments`)).toHaveLength(0)
  })

  it("shows the api's refusal (one already runs, a bad version) by the form", async () => {
    msw.server.use(
      me(),
      mockRoute(contract.experiments.start, () => apiError(409, 'An experiment already runs on this page.')),
    )
    const res = await send({ intent: 'experiment-start', challenger_version: '2', split: '50' })
    expect(res.status).toBe(409)
    expect(await body(res)).toEqual({ experimentError: 'An experiment already runs on this page.' })
  })
})

describe('stopping and promoting', () => {
  it('Stop ends it and keeps the counts', async () => {
    msw.server.use(
      me(),
      mockRoute(contract.experiments.stop, () =>
        experiment({ status: 'stopped', stopped_at: '2026-11-28T09:00:00.000Z', stop_reason: 'owner' }),
      ),
    )
    const res = await send({ intent: 'experiment-stop', experiment_id: '11' })
    expect(location(res)).toBe(`${PATH}#experiment`)
    expect(msw.to(`/v2/tasks/${ID}/experiments/11/stop`, 'POST')).toHaveLength(1)
    expect(await flash(res)).toEqual(['Experiment stopped: every shopper sees the live version again. Its counts are kept.'])
  })

  it('Promote asks first (a dialog in the URL), then makes the challenger live', async () => {
    msw.server.use(
      me(),
      mockRoute(contract.experiments.promote, () => ({ ...experiment({ status: 'promoted' }), page_version: 4, stores_republished: 1 })),
    )
    const asked = await send({ intent: 'experiment-promote', experiment_id: '11' })
    expect(location(asked)).toBe(`${PATH}?confirm=promote#experiment`)
    expect(msw.to(`/v2/tasks/${ID}/experiments/11/promote`)).toHaveLength(0)

    const done = await send({ intent: 'experiment-promote', experiment_id: '11', confirm: 'yes' }, `${PATH}?confirm=promote`)
    expect(location(done)).toBe(`${PATH}#experiment`)
    expect(msw.to(`/v2/tasks/${ID}/experiments/11/promote`, 'POST')).toHaveLength(1)
    expect(await flash(done)).toEqual(['Version 2 is live: every shopper sees it now, in your store too (saved as version 4).'])
  })

  it('Promote of a page in no store does not speak of a store', async () => {
    msw.server.use(
      me(),
      mockRoute(contract.experiments.promote, () => ({ ...experiment({ status: 'promoted' }), page_version: 4, stores_republished: 0 })),
    )
    const done = await send({ intent: 'experiment-promote', experiment_id: '11', confirm: 'yes' }, `${PATH}?confirm=promote`)
    expect(await flash(done)).toEqual(['Version 2 is live: every shopper sees it now (saved as version 4).'])
  })

  it('Make a variant saves one through the api and says which version it is; an angle that changes nothing is said at the form', async () => {
    msw.server.use(
      me(),
      mockRoute(contract.experiments.makeVariant, () => ({ version: 7, angle: 'proof_first' as const, sections: ['hero', 'reviews'] })),
    )
    const made = await send({ intent: 'experiment-variant', angle: 'proof_first' })
    expect(location(made)).toBe(`${PATH}#experiment`)
    expect(msw.to(`/v2/tasks/${ID}/variants`, 'POST')).toHaveLength(1)
    expect(await flash(made)).toEqual([
      'Version 7 made (proof first): the same words in another order, not live. It is the challenger chosen below.',
    ])

    msw.server.use(mockRoute(contract.experiments.makeVariant, () => apiError(400, 'That angle would not change this page.')))
    const refused = await send({ intent: 'experiment-variant', angle: 'questions_first' })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ variantError: 'That angle would not change this page.' })

    const unknown = await send({ intent: 'experiment-variant', angle: 'everything_first' })
    expect(unknown.status).toBe(400)
  })

  it('the other page view (/product/{id}) answers the same forms', async () => {
    msw.server.use(
      me(),
      mockRoute(contract.experiments.stop, () => experiment({ status: 'stopped' })),
    )
    const res = await runResponse(
      productV1.action,
      post(`/product/${ID}`, { session_id: ID, intent: 'experiment-stop', experiment_id: '11' }, await jar()),
      { params },
    )
    expect(location(res)).toBe(`/product/${ID}#experiment`)
  })

  it('task actions still go where they went', async () => {
    msw.server.use(
      me(),
      mockRoute(contract.favorites.add, () => ({ ok: true, is_favorite: true })),
    )
    const res = await send({ intent: 'favorite' })
    expect(location(res)).toBe(PATH)
    expect(msw.to(`/v2/task_favorites/${ID}`, 'POST')).toHaveLength(1)
  })
})

describe("the page view's loader", () => {
  it('gives the panel the newest experiment, every version but the live one, and the days', async () => {
    msw.server.use(
      mockRoute(contract.experiments.list, () => ({ items: [experiment(), experiment({ id: 9, status: 'stopped' })] })),
      mockRoute(contract.tasks.versions, () => ({
        current: 3,
        items: [
          { version: 3, kind: 'owner_edit', restored_from: null, created_at: '2026-11-22T10:00:00.000Z' },
          { version: 2, kind: 'rewrite', restored_from: null, created_at: '2026-11-21T10:00:00.000Z' },
          { version: 1, kind: 'generated', restored_from: null, created_at: '2026-11-20T10:00:00.000Z' },
        ],
      })),
      mockRoute(contract.experiments.analytics, () => ({
        days: [{ day: '2026-11-27', views: 4, visitors: 3, buy_clicks: 1, conversion_rate: 1 / 3 }],
        experiment: experiment(),
      })),
    )
    const api = createApiClient({ transport: transportFor(undefined) })
    const insights = await loadInsights(api, ID, pro)
    expect(insights.allowed).toBe(true)
    expect(insights.experiment?.id).toBe(11)
    expect(insights.choices).toEqual([
      { version: 2, label: 'Version 2 · Section rewritten · Nov 21' },
      { version: 1, label: 'Version 1 · Generated · Nov 20' },
    ])
    expect(insights.days).toHaveLength(1)
    expect(insights.angles).toEqual([])
    // With the page: the angles that would change what its shoppers see (a page without questions has no "questions first").
    expect((await loadInsights(api, ID, pro, samplePage)).angles).toEqual(['proof_first', 'details_first', 'questions_first'])
    const noFaq = { ...samplePage, sections: samplePage.sections.filter((x) => x.type !== 'faq') }
    expect((await loadInsights(api, ID, pro, noFaq)).angles).toEqual(['proof_first', 'details_first'])
    expect(msw.to(`/v2/tasks/${ID}/analytics`)[0].path).toBe(`/v2/tasks/${ID}/analytics?days=30`)
  })

  it('a page with no experiment, no history to read and no analytics yet still shows', async () => {
    msw.server.use(
      mockRoute(contract.experiments.list, () => ({ items: [] })),
      mockRoute(contract.tasks.versions, () => apiError(409, 'Not finished.')),
      mockRoute(contract.experiments.analytics, () => apiError(404, 'Not found.')),
    )
    const api = createApiClient({ transport: transportFor(undefined) })
    expect(await loadInsights(api, ID, fakeUser())).toEqual({ allowed: false, experiment: null, choices: [], days: [], angles: [] })
  })
})
