import { describe, expect, it } from 'vitest'
import { retriesFor, shouldRetry } from './retry'

describe('retry policy (reference §9.1)', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])('%s is never retried', (m) => expect(retriesFor(m)).toBe(0))
  it.each(['GET', 'HEAD', 'OPTIONS'])('%s is retried once', (m) => expect(retriesFor(m)).toBe(1))
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('GET is retried on %i', (s) => expect(shouldRetry('GET', s, 0)).toBe(true))
  it.each([400, 401, 403, 404, 422, 501])('GET is not retried on %i', (s) => expect(shouldRetry('GET', s, 0)).toBe(false))
  it('only once', () => expect(shouldRetry('GET', 503, 1)).toBe(false))
  it('not for POST even on 503', () => expect(shouldRetry('POST', 503, 0)).toBe(false))
})
