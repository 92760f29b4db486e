import { describe, expect, it } from 'vitest'
import { pageParam, readUrlState, taskIdParam } from './url-state'

describe('URL state', () => {
  it('reads the values each parameter accepts', () => {
    expect(readUrlState('?dialog=upgrade&reason=generate&cycle=year&credits=400&panel=checkout')).toEqual({
      dialog: 'upgrade',
      reason: 'generate',
      cycle: 'year',
      credits: 400,
      panel: 'checkout',
    })
  })

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', 'UPGRADE', 'upgrade '])(
    'ignores %j wherever it appears',
    (value) => {
      const q = new URLSearchParams({ dialog: value, reason: value, cycle: value, credits: value, panel: value })
      expect(readUrlState(q)).toEqual({})
    },
  )

  it.each(['0', '-5', '1e3', '12.5', '99999999999', ' 4'])('credits %j is not a number of credits', (credits) =>
    expect(readUrlState(`?credits=${encodeURIComponent(credits)}`).credits).toBeUndefined(),
  )

  it('takes a task id only when it is a UUID', () => {
    const id = '0b0e1f3a-1234-4d5e-8f90-abcdefabcdef'
    expect(taskIdParam(`?session_id=${id.toUpperCase()}`)).toBe(id)
    for (const bad of ['', 'x', '../x', '0b0e1f3a-1234-4d5e-8f90-abcdefabcdef0', '%00', 'cs_test_1']) {
      expect(taskIdParam(`?session_id=${encodeURIComponent(bad)}`)).toBeUndefined()
    }
  })

  it('a list page is a whole number from 1 to 10,000, else the first', () => {
    expect(pageParam('?page=3')).toBe(3)
    for (const bad of ['', '0', '-1', '1e309', 'Infinity', '2.5', '10001', '__proto__']) expect(pageParam(`?page=${bad}`)).toBe(1)
  })
})
