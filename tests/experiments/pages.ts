import { expect } from 'vitest'
import { TEST_ORIGIN, type TestApi } from '../helpers/api'

export const DEMO = (handle: string) => `${TEST_ORIGIN}/demo-store/products/${handle}`

/**
 * A Pro owner's finished page with two versions worth testing: version 2 (the challenger: its own
 * headline, and an older buy link that shoppers never follow, since the live page's terms hold for
 * both) and version 3, the live one (the control).
 */
export async function pageWithTwoVersions(t: TestApi, token: string, handle = 'aurora-pour-over-set') {
  const created = await t.call('POST', '/v2/tasks/create', { url: DEMO(handle) }, token)
  expect(created.status).toBe(201)
  await t.drainJobs()
  const id = created.body.session_id as string
  const save = async (headline: string, buyUrl: string) => {
    const current = await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)
    const page = current.body.page
    const sections = page.sections.map((s: { type: string }) => (s.type === 'hero' ? { ...s, heading: headline } : s))
    const owner = { ...page.owner, price: 24.5, compareAt: null, currency: 'USD', buyUrl }
    const saved = await t.call(
      'PUT',
      `/v2/tasks/${id}/page`,
      { page: { ...page, sections, owner }, base_version: current.body.version },
      token,
    )
    expect(saved.status).toBe(200)
    return saved.body.version as number
  }
  const challenger = await save('Challenger headline', 'https://shop.example/buy-challenger')
  const control = await save('Control headline', 'https://shop.example/buy-control')
  return { id, challenger, control }
}

/** A signed-in Pro owner. */
export async function proOwner(t: TestApi, email: string) {
  const { token } = await t.signIn(email, 'Pat Pro')
  await t.setUser(email, { role: 'paid', credits: 400 })
  return token
}
