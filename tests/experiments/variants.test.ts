/**
 * "Regenerate as a variant" (issue 25): a version made from the live page by another order of its
 * sections, saved without going live, then tested as an experiment's challenger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { DEMO, proOwner } from './pages'

describe.each(DB_KINDS)('page variants, on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi(kind)
  }, 120_000)
  afterAll(() => t?.close())

  const types = (page: { sections: { type: string; hidden?: boolean }[] }) => page.sections.filter((s) => !s.hidden).map((s) => s.type)

  // The demo running shoes open with hero, benefits, stats, specs, comparison, reviews; the pour-over set with hero, reviews.
  async function finishedPage(token: string, handle = 'trailblazer-running-shoes') {
    const created = await t.call('POST', '/v2/tasks/create', { url: DEMO(handle) }, token)
    expect(created.status).toBe(201)
    await t.drainJobs()
    return created.body.session_id as string
  }

  it('is saved as a version that is not live, costs nothing, and becomes the challenger of an experiment', async () => {
    const token = await proOwner(t, 'variant-maker@example.com')
    const id = await finishedPage(token)
    const before = await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)
    const credits = (await t.call('GET', '/v2/auth/me', undefined, token)).body.credits
    const shared = await t.call('GET', `/v2/tasks/shared/${id}`)

    const made = await t.call('POST', `/v2/tasks/${id}/variants`, { angle: 'proof_first' }, token)
    expect(made.status).toBe(201)
    expect(made.body.version).toBe(before.body.version + 1)
    expect(made.body.sections.slice(0, 4)).toEqual(['hero', 'reviews', 'stats', 'comparison'])
    expect(made.body.sections).not.toEqual(types(before.body.page))
    expect([...made.body.sections].sort()).toEqual([...types(before.body.page)].sort())

    // Nothing a shopper or the owner's live page sees has changed, and no credit was spent.
    const after = await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)
    expect([after.body.version, after.body.page]).toEqual([before.body.version, before.body.page])
    expect((await t.call('GET', '/v2/auth/me', undefined, token)).body.credits).toBe(credits)
    expect((await t.call('GET', `/v2/tasks/shared/${id}`)).body).toEqual(shared.body)
    const versions = await t.call('GET', `/v2/tasks/${id}/versions`, undefined, token)
    expect(versions.body.current).toBe(before.body.version)
    expect(versions.body.items[0]).toMatchObject({ version: made.body.version, kind: 'variant' })

    const started = await t.call('POST', `/v2/tasks/${id}/experiments`, { challenger_version: made.body.version }, token)
    expect(started.status).toBe(201)
    expect(started.body).toMatchObject({ control_version: before.body.version, challenger_version: made.body.version })

    // Another variant while it runs leaves it running; an owner's edit then takes the next number.
    const second = await t.call('POST', `/v2/tasks/${id}/variants`, { angle: 'details_first' }, token)
    expect([second.status, second.body.version]).toEqual([201, made.body.version + 1])
    expect((await t.call('GET', `/v2/tasks/${id}/experiments/current`, undefined, token)).status).toBe(200)
    const edited = await t.call('PUT', `/v2/tasks/${id}/page`, { page: before.body.page, base_version: before.body.version }, token)
    expect([edited.status, edited.body.version]).toEqual([200, made.body.version + 2])
  })

  it('asked twice for the same variant of the same live page (a double click), saves it once', async () => {
    const token = await proOwner(t, 'variant-double-click@example.com')
    const id = await finishedPage(token)
    const [a, b] = await Promise.all([
      t.call('POST', `/v2/tasks/${id}/variants`, { angle: 'proof_first' }, token),
      t.call('POST', `/v2/tasks/${id}/variants`, { angle: 'proof_first' }, token),
    ])
    expect([a.status, b.status]).toEqual([201, 201])
    expect(b.body.version).toBe(a.body.version)
    const versions = await t.call('GET', `/v2/tasks/${id}/versions`, undefined, token)
    expect(versions.body.items.filter((v: { kind: string }) => v.kind === 'variant')).toHaveLength(1)
    // Another angle is another variant; after an edit of the live page, the same angle is new again.
    const other = await t.call('POST', `/v2/tasks/${id}/variants`, { angle: 'details_first' }, token)
    expect(other.body.version).toBe(a.body.version + 1)
    const page = await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)
    const edited = await t.call('PUT', `/v2/tasks/${id}/page`, { page: page.body.page, base_version: page.body.version }, token)
    expect(edited.status).toBe(200)
    const again = await t.call('POST', `/v2/tasks/${id}/variants`, { angle: 'proof_first' }, token)
    expect(again.body.version).toBe(edited.body.version + 1)
  })

  it('refuses an angle that changes nothing (400, said for the owner), a free owner (403) and an unknown angle (400)', async () => {
    const token = await proOwner(t, 'variant-refusals@example.com')
    const id = await finishedPage(token, 'aurora-pour-over-set')
    // Its reviews are up already, and it has no figures or comparison to bring up.
    const nothing = await t.call('POST', `/v2/tasks/${id}/variants`, { angle: 'proof_first' }, token)
    expect([nothing.status, nothing.body.error]).toEqual([
      400,
      '“Proof first” would not change this page: it has no section to bring up, or they are up already. Try another angle.',
    ])
    const first = await t.call('POST', `/v2/tasks/${id}/variants`, { angle: 'questions_first' }, token)
    expect(first.status).toBe(201)
    // Restore the variant (it becomes live), then the same angle has nothing left to bring up.
    const restored = await t.call('POST', `/v2/tasks/${id}/versions/${first.body.version}/restore`, {}, token)
    expect(restored.status).toBe(200)
    const same = await t.call('POST', `/v2/tasks/${id}/variants`, { angle: 'questions_first' }, token)
    expect(same.status).toBe(400)
    expect(same.body.error).toMatch(/would not change this page.*Try another angle/)
    expect((await t.call('POST', `/v2/tasks/${id}/variants`, { angle: 'everything_first' }, token)).status).toBe(400)

    await t.setUser('variant-refusals@example.com', { role: 'free' })
    const refused = await t.call('POST', `/v2/tasks/${id}/variants`, { angle: 'details_first' }, token)
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ permission: 'experiments' })
  })

  it('an experiment never tests the live page against a version that shows shoppers the same page', async () => {
    const token = await proOwner(t, 'same-page@example.com')
    const id = await finishedPage(token)
    const live = (await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)).body.version
    // Restoring the live version saves the same page again: the older number now shows the same.
    expect((await t.call('POST', `/v2/tasks/${id}/versions/${live}/restore`, {}, token)).status).toBe(200)
    const same = await t.call('POST', `/v2/tasks/${id}/experiments`, { challenger_version: live }, token)
    expect(same.status).toBe(400)
    expect(same.body.error).toBe(
      `Version ${live} shows shoppers the same page as the live one (it differs at most in your price or where Buy leads). Choose another version, or make a variant.`,
    )
  })
})
