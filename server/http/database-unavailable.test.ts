import { DrizzleQueryError } from 'drizzle-orm/errors'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE, databaseUnavailable, isDatabaseUnavailable } from './database-unavailable'

const refused = () =>
  new DrizzleQueryError('select 1', [], Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))

describe('the api while the database is away', () => {
  it('onError: 503, the message as JSON, Retry-After; other errors are left to the rest of onError', async () => {
    const app = new Hono()
    app.get('/down', () => {
      throw refused()
    })
    app.get('/bug', () => {
      throw new Error('a bug')
    })
    app.onError((err, c) => {
      if (isDatabaseUnavailable(err)) return databaseUnavailable(err, c)
      return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500)
    })
    const down = await app.request('/down')
    expect(down.status).toBe(503)
    expect(down.headers.get('retry-after')).toBe('5')
    expect(await down.json()).toEqual({ error: DATABASE_UNAVAILABLE, retry_after: 5 })
    expect((await app.request('/bug')).status).toBe(500)
  })
})
