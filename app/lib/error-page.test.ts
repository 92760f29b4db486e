import { describe, expect, it } from 'vitest'
import { errorPageFor } from './error-page'

describe('errorPageFor', () => {
  it.each([
    [400, "We couldn't read that request", /try again/],
    [401, 'Please sign in again', /Sign in again/],
    [403, "You can't do that", /not allowed/],
    [404, 'Page Not Found', /nothing at this address/],
    [409, 'This changed in the meantime', /Reload the page to see the latest/],
    [413, 'That is too large', /larger than we accept/],
    [429, 'Too many requests', /try again shortly/],
    [503, "We can't reach the database right now", /Try again in a minute/],
  ])('%i: "%s"', (status, heading, words) => {
    expect(errorPageFor(status).heading).toBe(heading)
    expect(errorPageFor(status).words).toMatch(words)
  })

  it.each([500, 502, 504, 405, 418, 0])('%i, or any status without words of its own, is "Internal Server Error"', (status) => {
    expect(errorPageFor(status)).toEqual({
      heading: 'Internal Server Error',
      words: 'Something went wrong on our side. Please try again in a moment.',
      next: 'home',
    })
  })

  it('offers the way on that fits: sign in for 401, this page again when waiting helps, else home', () => {
    expect(errorPageFor(401).next).toBe('signIn')
    for (const status of [409, 429, 503]) expect(errorPageFor(status).next).toBe('reload')
    for (const status of [400, 403, 404, 413, 500]) expect(errorPageFor(status).next).toBe('home')
  })

  it('only "Internal Server Error" says the fault is ours', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 429, 503]) expect(errorPageFor(status).words).not.toMatch(/our side/)
  })
})
