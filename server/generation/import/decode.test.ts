import { describe, expect, it } from 'vitest'
import { decodeBody } from './decode'

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])

describe('a fetched body as a browser reads it', () => {
  it('a byte order mark wins over the header: a page saved as UTF-16 reads as its text', () => {
    const page = '<!doctype html><html><head><title>Gua Sha – board</title></head></html>'
    expect(decodeBody(utf16le(page), 'text/html; charset=utf-8')).toBe(page)
  })
  it('the header’s charset, else a <meta charset> in the first bytes, else UTF-8', () => {
    const latin1 = Buffer.from('<html><head><meta charset="windows-1252"></head><body>Crème brûlée</body></html>', 'latin1')
    expect(decodeBody(latin1, 'text/html')).toContain('Crème brûlée')
    expect(decodeBody(Buffer.from('<p>Crème</p>', 'latin1'), 'text/html; charset=ISO-8859-1')).toBe('<p>Crème</p>')
    expect(decodeBody(Buffer.from('<p>Crème</p>', 'utf8'), 'text/html')).toBe('<p>Crème</p>')
  })
  it('bytes that are UTF-8 under a <meta> naming a one-byte charset read as UTF-8 (no "â‚¬"); a header’s charset still wins', () => {
    const page =
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"></head><body><h3>227,70 €</h3></body></html>'
    expect(decodeBody(Buffer.from(page, 'utf8'), 'text/html')).toContain('227,70 €')
    expect(decodeBody(Buffer.from(page, 'utf8'), 'text/html; charset=iso-8859-1')).toContain('227,70 â\u201a¬')
    // Latin-1 bytes that are no UTF-8 stay Latin-1.
    expect(decodeBody(Buffer.from(page.replace('€', 'Crème'), 'latin1'), 'text/html')).toContain('Crème')
  })
  it('JSON is UTF-8 unless the header says otherwise', () => {
    expect(decodeBody(Buffer.from('{"title":"Crème"}', 'utf8'), 'application/json')).toBe('{"title":"Crème"}')
  })
})
