import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { describeError, isDatabaseUnavailable } from './unavailable'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it.each([
    ['08006 connection_failure', withCode('08006')],
    ['08001 cannot establish', withCode('08001')],
    ['08P01 protocol violation', withCode('08P01')],
    ['57P01 admin shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['57P02 crash shutdown', withCode('57P02')],
    ['57P03 starting up', withCode('57P03', 'the database system is starting up')],
    ['ECONNREFUSED', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['ECONNRESET', withCode('ECONNRESET', 'read ECONNRESET')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a pool checkout timeout', new Error('timeout exceeded when trying to connect')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
  ])('%s: yes', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it('looks through drizzle’s wrapper and other causes', () => {
    const wrapped = new DrizzleQueryError('select 1', [], withCode('ECONNREFUSED'))
    expect(isDatabaseUnavailable(wrapped)).toBe(true)
    expect(isDatabaseUnavailable(new Error('outer', { cause: wrapped }))).toBe(true)
    expect(describeError(wrapped)).toBe('ECONNREFUSED x')
  })

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value')],
    ['a syntax error', withCode('42601')],
    ['a serialization failure', withCode('40001')],
    ['a statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['a plain error', new Error('Something else')],
    ['a file error', withCode('ENOENT')],
    ['not an error', 'Connection terminated unexpectedly'],
    ['nothing', undefined],
    ['one address refused, one other error', new AggregateError([withCode('ECONNREFUSED'), new Error('boom')])],
  ])('%s: no', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })

  it('a cause chain that loops ends', () => {
    const a = new Error('a') as Error & { cause?: unknown }
    const b = new Error('b', { cause: a })
    a.cause = b
    expect(isDatabaseUnavailable(a)).toBe(false)
  })
})
