/**
 * The guide screens that take `?session_id=` (the outline, generating and pricing steps of guides
 * v2 and v3) with an id that is not the visitor's page: another account's, a made-up one, a
 * malformed one. Every loader and every outline button answers the 404 page, never a 500; a form
 * that cannot be read is a 400 with a message. Against the real api in process (PGlite, and
 * Postgres when TEST_DATABASE_URL is set).
 */
import { randomUUID } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v2Generating from '~/routes/_blank.guidev2.generating'
import * as v2Pricing from '~/routes/_blank.guidev2.pricing'
import * as v3Generating from '~/routes/_blank.guidev3.generating'
import * as outline from '~/routes/_blank.guidev3.outline'
import * as v3Pricing from '~/routes/_blank.guidev3.pricing'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { body, get, location, run, sessionCookie, WEB } from './helpers'

const NO_PAGE = 'There is no page with this id.'

describe.each(DB_KINDS)('guide steps with a session_id that is not yours on %s', (kind) => {
  let t: TestApi
  const ctx: AppLoadContext = {
    apiFetch: (req) => Promise.resolve(t.app.fetch(req, { inProcess: true })),
    clientIp: '198.51.100.31',
  }
  let owner: string
  let ownerToken: string
  let stranger: string
  let ownersTask: string
  let sections: { id: string; type: string; title: string; points: string[] }[]

  beforeAll(async () => {
    t = await createTestApi(kind)
    const a = await t.signIn('owner@example.com', 'Olga Owner')
    const b = await t.signIn('stranger@example.com', 'Sam Stranger')
    ownerToken = a.token
    owner = await sessionCookie({ token: a.token })
    stranger = await sessionCookie({ token: b.token })
    const created = await t.call(
      'POST',
      '/v3/tasks/create_by_url',
      { url: `${TEST_ORIGIN}/demo-store/products/aurora-pour-over-set` },
      a.token,
    )
    expect(created.status).toBe(201)
    ownersTask = created.body.session_id
    await t.drainJobs()
    const got = await t.call('GET', `/v3/tasks/outline/${ownersTask}`, undefined, a.token)
    expect(got.body.status).toBe(4)
    sections = got.body.outline.sections
  })
  afterAll(() => t?.close())

  /** The ids someone may put in the address that are not a page of theirs. */
  const notYours = () => [
    ['another account’s', ownersTask],
    ['a made-up', randomUUID()],
    ['a malformed', 'not-a-page'],
  ]

  /** The outline form as the editor posts it, with one button's intent. */
  function outlineForm(intent: string) {
    const form = new URLSearchParams({ intent })
    for (const s of sections) {
      form.append('id', s.id)
      form.append('type', s.type)
      form.append('title', s.title)
      form.append('points', s.points.join('\n'))
    }
    return form
  }
  const postOutline = (path: string, form: URLSearchParams, cookie: string) =>
    run(outline.action, new Request(new URL(path, WEB), { method: 'POST', body: form, headers: { cookie } }), { context: ctx })

  /** A 404 answer (the error page) with a message for a person; returns the message. */
  async function expectNotFound(res: unknown, what: string): Promise<string> {
    expect(res, what).toBeInstanceOf(Response)
    expect((res as Response).status, what).toBe(404)
    const { message } = await body(res)
    expect(message, what).toMatch(/\w/)
    return message
  }

  const loaders = [
    ['/guidev3/outline', outline.loader],
    ['/guidev3/generating', v3Generating.loader],
    ['/guidev3/pricing', v3Pricing.loader],
    ['/guidev2/generating', v2Generating.loader],
    ['/guidev2/pricing', v2Pricing.loader],
  ] as const

  it('every step’s page is the 404 page', async () => {
    for (const [path, loader] of loaders)
      for (const [which, id] of notYours())
        for (const guide of ['', '&guide=v3']) {
          const url = `${path}?session_id=${encodeURIComponent(id)}${guide}`
          const message = await expectNotFound(await run(loader, get(url, stranger), { context: ctx }), `${which} id on ${url}`)
          if (id === ownersTask) expect(message).toBe(NO_PAGE)
        }
    // The owner sees the outline (the ids above are refused for who asks, not for what they are).
    const mine = await run(outline.loader, get(`/guidev3/outline?session_id=${ownersTask}`, owner), { context: ctx })
    expect((await body(mine)).sessionId).toBe(ownersTask)
  })

  it('every button of the outline editor is a 404 on a page that is not yours, and changes nothing', async () => {
    const last = sections.length - 1
    const intents = ['save', 'continue', 'up:1', `down:0`, `remove:${last}`, 'add:faq']
    for (const intent of intents)
      for (const [which, id] of notYours())
        for (const guide of ['', '&guide=v3']) {
          const url = `/guidev3/outline?session_id=${encodeURIComponent(id)}${guide}`
          const message = await expectNotFound(
            await postOutline(url, outlineForm(intent), stranger),
            `${intent} with ${which} id on ${url}`,
          )
          if (id === ownersTask) expect(message).toBe(NO_PAGE)
        }
    const after = await t.call('GET', `/v3/tasks/outline/${ownersTask}`, undefined, ownerToken)
    expect(after.body).toMatchObject({ status: 4, outline: { sections } })
  })

  it('a form that cannot be read is a 400 with a message, on any id', async () => {
    const garbled = new URLSearchParams({ intent: 'explode', id: 'x' })
    for (const [, id] of [...notYours(), ['yours', ownersTask]]) {
      if (id === 'not-a-page') continue // no page to post to: the 404 comes first
      const cookie = id === ownersTask ? owner : stranger
      const res = await postOutline(`/guidev3/outline?session_id=${id}`, garbled, cookie)
      expect((res as Response).status).toBe(400)
      expect((await body(res)).formError).toBe('That outline could not be read. Please reload the page and try again.')
    }
  })

  it('the owner’s own buttons still work: save comes back, continue goes on to the page’s progress', async () => {
    const here = `/guidev3/outline?session_id=${ownersTask}`
    expect(location(await postOutline(here, outlineForm('save'), owner))).toBe(here)
    expect(location(await postOutline(here, outlineForm('continue'), owner))).toBe(`/guidev3/generating?session_id=${ownersTask}`)
    // Past review, another tab's save goes on to the progress too (409 from the api), not an error.
    expect(location(await postOutline(here, outlineForm('save'), owner))).toBe(`/guidev3/generating?session_id=${ownersTask}`)
  })
})
