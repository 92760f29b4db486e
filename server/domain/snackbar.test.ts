import { describe, expect, it } from 'vitest'
import { addSnackbar, removeSnackbar, snackbarLifetime } from './snackbar'

describe('snackbar rules', () => {
  it('no duration and not dismissible → gone after 4 s', () => expect(snackbarLifetime({})).toBe(4000))
  it('duration 0 → sticky', () => expect(snackbarLifetime({ duration: 0 })).toBeNull())
  it('an explicit duration is kept', () => expect(snackbarLifetime({ duration: 9000 })).toBe(9000))
  it('dismissible without duration stays until dismissed', () => expect(snackbarLifetime({ dismissible: true })).toBeNull())
  it('a repeat raises the count instead of stacking', () => {
    let list = addSnackbar([], { type: 'success', text: 'Copied!' }, 'a')
    list = addSnackbar(list, { type: 'success', text: 'Copied!' }, 'b')
    expect(list).toHaveLength(1)
    expect(list[0].count).toBe(2)
    list = addSnackbar(list, { type: 'error', text: 'Copied!' }, 'c')
    expect(list).toHaveLength(2)
    expect(removeSnackbar(list, 'a')).toHaveLength(1)
  })
})
