/**
 * The shared page as the app renders it (Remix, no build): the variant the share front asks for,
 * and the buy button through /go. Rendering does not depend on the database kind: PGlite only.
 */
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHARE_VARIANT_HEADER } from '../../server/domain/experiments/shopper'
import { createTestApi, type TestApi } from '../helpers/api'
import { startWebDocuments, type WebDocuments } from '../web/document'
import { WEB } from '../web/helpers'
import { pageWithTwoVersions, proOwner } from './pages'

describe('the shared page under an experiment', () => {
  let t: TestApi
  let web: WebDocuments
  const ctx: AppLoadContext = { apiFetch: (req) => Promise.resolve(t.app.fetch(req, { inProcess: true })), clientIp: '198.51.100.40' }
  const html = async (path: string, headers: Record<string, string> = {}) =>
    (await (await web.fetch(new Request(`${WEB}${path}`, { headers }), ctx)).text()).replace(/<!-- -->/g, '')

  beforeAll(async () => {
    t = await createTestApi('pglite')
    web = await startWebDocuments()
  }, 120_000)
  afterAll(async () => {
    await web?.close()
    await t?.close()
  })

  it('renders the variant asked for only while an experiment runs; the buy button goes through /go', async () => {
    const token = await proOwner(t, 'rendered@example.com')
    const { id, challenger } = await pageWithTwoVersions(t, token)
    const challengerAsked = { [SHARE_VARIANT_HEADER]: 'challenger' }
    const before = await html(`/share/${id}`, challengerAsked)
    expect(before).toContain('Control headline')
    expect(before).toContain(`href="/go/${id}"`)
    expect(before).not.toContain('href="https://shop.example/buy-control"')
    expect(before).not.toContain('<script src')

    expect((await t.call('POST', `/v2/tasks/${id}/experiments`, { challenger_version: challenger }, token)).status).toBe(201)
    expect(await html(`/share/${id}`, challengerAsked)).toContain('Challenger headline')
    expect(await html(`/share/${id}`)).toContain('Control headline')
  })
})
