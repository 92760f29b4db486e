import { describe, expect, it } from 'vitest'
import { parsePlaceholder, placeholderSvg, placeholderUrl } from './placeholder'

describe('placeholder images (reference §11)', () => {
  it('defaults to a white background and black text showing the size', () => {
    const p = parsePlaceholder('600x400.svg', new URLSearchParams())
    expect(p).toEqual({ width: 600, height: 400, bg: '#ffffff', fg: '#000000', text: '600 × 400' })
    const svg = placeholderSvg(p!)
    expect(svg).toContain('width="600" height="400"')
    expect(svg).toContain('fill="#ffffff"')
  })
  it('takes optional colours and text, ignoring invalid colours', () => {
    const p = parsePlaceholder('10x20', new URLSearchParams('bg=1f2937&fg=zzz&text=Hello'))
    expect(p).toMatchObject({ bg: '#1f2937', fg: '#000000', text: 'Hello' })
  })
  it('escapes the text', () =>
    expect(placeholderSvg(parsePlaceholder('5x5', new URLSearchParams('text=<script>'))!)).not.toContain('<script>'))
  it.each(['0x10', '10x0', '5000x10', 'abc', '10x10.png', '-1x5'])('refuses %s', (size) =>
    expect(parsePlaceholder(size, new URLSearchParams())).toBeNull(),
  )
  it('builds URLs the endpoint understands', () => {
    const url = placeholderUrl(800, 600, { bg: '#eeeeee', text: 'Photo' })
    expect(url).toBe('/placeholder/800x600.svg?bg=eeeeee&text=Photo')
    const [, size] = url.split('?')[0].split('/placeholder/')
    expect(parsePlaceholder(size, new URLSearchParams(url.split('?')[1]))).toMatchObject({ width: 800, height: 600, bg: '#eeeeee' })
  })
})
