import { describe, expect, it } from 'vitest'
import { withParams, withoutDialog, withoutStoreExist } from './dialog-url'

describe('dialog URLs', () => {
  it('opens a dialog keeping the rest of the query', () =>
    expect(withParams('/latest', '?page=2', { dialog: 'upgrade', reason: 'generate' })).toBe(
      '/latest?page=2&dialog=upgrade&reason=generate',
    ))
  it('closes every dialog parameter', () =>
    expect(withoutDialog('/latest', '?page=2&dialog=upgrade&reason=x&cycle=month&credits=2000')).toBe('/latest?page=2'))
  it('confirm removes store_exist only', () => expect(withoutStoreExist('/stores', '?store_exist=1&a=b')).toBe('/stores?a=b'))
  it('leaves a bare path when nothing remains', () => expect(withoutStoreExist('/', '?store_exist')).toBe('/'))
})
