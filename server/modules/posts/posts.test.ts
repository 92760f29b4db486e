import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'

describe.each(DB_KINDS)('posts api on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi(kind)
  })
  afterAll(() => t.close())

  it('lists every post without a sign-in, newest first, without the article bodies', async () => {
    const res = await t.call('GET', '/v2/posts/')
    expect(res.status).toBe(200)
    const items = res.body.items as { slug: string; date: string; reading_minutes: number; html?: string }[]
    expect(items.length).toBeGreaterThanOrEqual(5)
    expect(items.map((p) => p.date)).toEqual(
      items
        .map((p) => p.date)
        .sort()
        .reverse(),
    )
    expect(items[0]).toEqual({
      slug: expect.stringMatching(/^[a-z0-9-]+$/),
      title: expect.any(String),
      description: expect.any(String),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      updated: null,
      author: expect.any(String),
      tags: expect.arrayContaining([expect.any(String)]),
      reading_minutes: expect.any(Number),
    })
  })

  it('answers one post with its HTML', async () => {
    const res = await t.call('GET', '/v2/posts/ftc-fake-reviews-rule')
    expect(res.status).toBe(200)
    expect(res.body.title).toMatch(/FTC rule on fake reviews/)
    expect(res.body.html).toContain('<h2>What the rule bans</h2>')
    expect(res.body.html).toContain(
      'href="https://www.ftc.gov/business-guidance/resources/consumer-reviews-testimonials-rule-questions-answers"',
    )
  })

  it('answers 404 with a message for an unknown post, and 400 for an absurd one', async () => {
    const res = await t.call('GET', '/v2/posts/no-such-post')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: 'There is no post at this address.' })
    const long = await t.call('GET', `/v2/posts/${'a'.repeat(500)}`)
    expect(long.status).toBe(400)
    expect(long.body.error).toEqual(expect.any(String))
  })
})
