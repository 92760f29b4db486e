/** Pure chart arithmetic, shared by the SVG charts and their tests. */

/** The drawing area inside a chart's viewBox. */
export interface Box {
  width: number
  height: number
  left: number
  right: number
  top: number
  bottom: number
}

export const DAILY_BOX: Box = { width: 320, height: 132, left: 40, right: 10, top: 10, bottom: 22 }

/** The smallest of 1, 2, 2.5, 5 × 10^k at or above `value` (a round top for the scale). */
export function niceMax(value: number, floor = 1): number {
  const v = Math.max(value, floor)
  const power = 10 ** Math.floor(Math.log10(v))
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= v - 1e-12) return step * power
  return 10 * power
}

const round = (n: number) => Math.round(n * 10) / 10

export interface Point {
  x: number
  y: number
}

/** Where each day's value sits; a day without a value (null) is a gap. */
export function linePoints(values: readonly (number | null)[], top: number, box: Box = DAILY_BOX): (Point | null)[] {
  const innerW = box.width - box.left - box.right
  const innerH = box.height - box.top - box.bottom
  const step = values.length > 1 ? innerW / (values.length - 1) : 0
  return values.map((v, i) =>
    v === null
      ? null
      : {
          x: round(box.left + (values.length > 1 ? i * step : innerW / 2)),
          y: round(box.top + innerH * (1 - Math.min(v, top) / top)),
        },
  )
}

/** An SVG path through the points, lifting the pen over gaps. */
export function linePath(points: readonly (Point | null)[]): string {
  let d = ''
  let pen = false
  for (const p of points) {
    if (!p) {
      pen = false
      continue
    }
    d += `${d ? ' ' : ''}${pen ? 'L' : 'M'}${p.x} ${p.y}`
    pen = true
  }
  return d
}

export interface Bar {
  x: number
  y: number
  width: number
  height: number
}

/** One bar per day, a fifth of each slot left as space. */
export function bars(values: readonly (number | null)[], top: number, box: Box = DAILY_BOX): Bar[] {
  const innerW = box.width - box.left - box.right
  const innerH = box.height - box.top - box.bottom
  const slot = values.length ? innerW / values.length : innerW
  const width = round(slot * 0.8)
  return values.map((v, i) => {
    const height = round((innerH * Math.min(v ?? 0, top)) / top)
    return { x: round(box.left + i * slot + slot * 0.1), y: round(box.top + innerH - height), width, height }
  })
}
