import type { CSSProperties } from 'react'
import type { Theme } from '../../../server/domain/page/schema'

/** Expands #rgb / #rgba / #rrggbb / #rrggbbaa to [r, g, b] (alpha ignored); null when not hex. */
function rgb(hex: string): [number, number, number] | null {
  let h = hex.replace(/^#/, '')
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((c) => c + c).join('')
  if (!/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(h)) return null
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number]
}

/** WCAG relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/** Black or white, whichever reads better on `hex`. */
export function onColor(hex: string): '#ffffff' | '#111111' {
  const c = rgb(hex)
  if (!c) return '#ffffff'
  const l = luminance(c)
  // Contrast with white (1.05 / (l + .05)) vs with near-black ((l + .05) / (.0056 + .05)).
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.0556 ? '#ffffff' : '#111111'
}

/** The theme as CSS custom properties for the page root's `style` attribute (no <style> element: CSP). */
export function themeStyle(theme: Theme): CSSProperties {
  return {
    '--pw-primary': theme.primary,
    '--pw-accent': theme.accent,
    '--pw-background': theme.background,
    '--pw-text': theme.text,
    '--pw-on-primary': onColor(theme.primary),
    '--pw-on-accent': onColor(theme.accent),
  } as CSSProperties
}
