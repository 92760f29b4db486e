import { formatDay } from './format'
import { bars, DAILY_BOX as BOX, linePath, linePoints, niceMax } from './geometry'

export interface DailyChartProps {
  /** Unique on the page: the ids of the caption and the table hang off it. */
  id: string
  title: string
  /** Calendar days ("2026-11-03"), oldest first. */
  days: readonly string[]
  /** One value per day; null is a day without one (a gap in a line). */
  values: readonly (number | null)[]
  kind: 'line' | 'bar'
  format: (value: number) => string
  /** The table's column for the values. */
  valueLabel: string
  /** What the whole period comes to ("412 views"), if that means anything for this series. */
  total?: string
  /** The lowest top of the scale (e.g. 1 for counts, 0.01 for rates). */
  floor?: number
}

/** What a screen reader hears instead of the drawing. */
export function chartSummary(p: Pick<DailyChartProps, 'title' | 'days' | 'values' | 'format' | 'total'>): string {
  const span = p.days.length ? `${formatDay(p.days[0])} to ${formatDay(p.days[p.days.length - 1])}` : 'no days'
  let best = -1
  p.values.forEach((v, i) => {
    if (v !== null && (best < 0 || v > (p.values[best] ?? 0))) best = i
  })
  const peak = best >= 0 ? `; highest ${p.format(p.values[best] ?? 0)} on ${formatDay(p.days[best])}` : '; no data'
  return `${p.title}, ${span}${p.total ? `: ${p.total}` : ''}${peak}.`
}

/**
 * A small chart drawn on the server as SVG (no script), with its numbers in a table behind it:
 * the picture is one image with a summary for screen readers, the table is there for everyone.
 */
export function DailyChart(props: DailyChartProps) {
  const { id, title, days, values, kind, format, valueLabel, total, floor = 1 } = props
  const top = niceMax(Math.max(0, ...values.map((v) => v ?? 0)), floor)
  const bottomY = BOX.height - BOX.bottom
  const points = kind === 'line' ? linePoints(values, top) : []
  const columns = kind === 'bar' ? bars(values, top) : []
  const summary = chartSummary(props)
  return (
    <figure className="chart" data-testid={`chart-${id}`}>
      <figcaption className="chart__caption" id={`${id}-caption`}>
        <span className="chart__title">{title}</span>
        {total ? <span className="chart__total">{total}</span> : null}
      </figcaption>
      <svg className={`chart__svg chart__svg--${kind}`} viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={summary}>
        <line className="chart__grid" x1={BOX.left} x2={BOX.width - BOX.right} y1={BOX.top} y2={BOX.top} />
        <line className="chart__axis" x1={BOX.left} x2={BOX.width - BOX.right} y1={bottomY} y2={bottomY} />
        <text className="chart__label" x={BOX.left - 4} y={BOX.top + 4} textAnchor="end">
          {format(top)}
        </text>
        <text className="chart__label" x={BOX.left - 4} y={bottomY} textAnchor="end">
          {format(0)}
        </text>
        {days.length ? (
          <>
            <text className="chart__label" x={BOX.left} y={BOX.height - 6} textAnchor="start">
              {formatDay(days[0])}
            </text>
            <text className="chart__label" x={BOX.width - BOX.right} y={BOX.height - 6} textAnchor="end">
              {formatDay(days[days.length - 1])}
            </text>
          </>
        ) : null}
        {kind === 'line' ? (
          <>
            <path className="chart__line" d={linePath(points)} />
            {points.map((p, i) => (p ? <circle key={days[i]} className="chart__dot" cx={p.x} cy={p.y} r={1.6} /> : null))}
          </>
        ) : (
          columns.map((b, i) =>
            b.height > 0 ? <rect key={days[i]} className="chart__bar" x={b.x} y={b.y} width={b.width} height={b.height} /> : null,
          )
        )}
      </svg>
      <details className="chart__numbers">
        <summary>Show the numbers</summary>
        <table className="chart__table">
          <caption className="sr-only">{title} per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => {
              const v = values[i]
              return (
                <tr key={day}>
                  <th scope="row">{formatDay(day)}</th>
                  <td>{v === null || v === undefined ? '—' : format(v)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
