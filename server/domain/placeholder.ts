import { isHexColor } from './validation'

/**
 * Placeholder images for sections without a picture (reference §11: width, height and optional colours,
 * white background and black text by default), drawn by our own endpoint `/placeholder/{w}x{h}.svg`.
 */
export const PLACEHOLDER_MAX = 4000

export function placeholderUrl(width: number, height: number, opts: { bg?: string; fg?: string; text?: string } = {}): string {
  const q = new URLSearchParams()
  if (opts.bg) q.set('bg', opts.bg.replace(/^#/, ''))
  if (opts.fg) q.set('fg', opts.fg.replace(/^#/, ''))
  if (opts.text) q.set('text', opts.text.slice(0, 60))
  const qs = q.toString()
  return `/placeholder/${Math.round(width)}x${Math.round(height)}.svg${qs ? `?${qs}` : ''}`
}

/** Parses the request; null when the size is not a sane width × height. */
export function parsePlaceholder(size: string, query: URLSearchParams) {
  const m = /^(\d{1,4})x(\d{1,4})(?:\.svg)?$/.exec(size)
  if (!m) return null
  const width = Number(m[1])
  const height = Number(m[2])
  if (width < 1 || height < 1 || width > PLACEHOLDER_MAX || height > PLACEHOLDER_MAX) return null
  const colour = (v: string | null, fallback: string) => (v && isHexColor(`#${v}`) ? `#${v}` : fallback)
  return {
    width,
    height,
    bg: colour(query.get('bg'), '#ffffff'),
    fg: colour(query.get('fg'), '#000000'),
    text: (query.get('text') ?? `${width} × ${height}`).slice(0, 60),
  }
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function placeholderSvg(p: NonNullable<ReturnType<typeof parsePlaceholder>>): string {
  const fontSize = Math.max(10, Math.min(p.width, p.height) / 8)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}" viewBox="0 0 ${p.width} ${p.height}"><rect width="100%" height="100%" fill="${p.bg}"/><text x="50%" y="50%" fill="${p.fg}" font-family="system-ui, sans-serif" font-size="${fontSize.toFixed(0)}" text-anchor="middle" dominant-baseline="middle">${escapeXml(p.text)}</text></svg>`
}
