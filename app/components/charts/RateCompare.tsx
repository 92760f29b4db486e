import { formatCount, formatPercent, formatRateWithInterval } from './format'
import { niceMax } from './geometry'

export interface RateRow {
  /** "Live version (v3)" */
  label: string
  visitors: number
  conversions: number
  rate: number
  interval: readonly [number, number]
}

const W = 320
const LEFT = 8
const RIGHT = 12
const ROW = 34
const TOP = 6
const AXIS = 18

const round = (n: number) => Math.round(n * 10) / 10

/** x of a rate on a scale from 0 to `top`. */
export function rateX(rate: number, top: number): number {
  return round(LEFT + ((W - LEFT - RIGHT) * Math.min(Math.max(rate, 0), top)) / top)
}

/**
 * Conversion rates side by side, each a dot with its interval as a bar (where the true rate
 * likely is): overlapping bars say "too close to call". SVG from the server, a table behind it.
 */
export function RateCompare({ id, rows }: { id: string; rows: readonly RateRow[] }) {
  const top = niceMax(Math.max(0, ...rows.map((r) => r.interval[1])), 0.01)
  const height = TOP + rows.length * ROW + AXIS
  const summary = `Conversion by version: ${rows.map((r) => `${r.label} ${formatRateWithInterval(r.rate, r.interval)}`).join('; ')}.`
  return (
    <figure className="chart chart--rates" data-testid={`chart-${id}`}>
      <figcaption className="chart__caption">
        <span className="chart__title">Conversion by version</span>
        <span className="chart__total">bar: likely range</span>
      </figcaption>
      <svg className="chart__svg" viewBox={`0 0 ${W} ${height}`} role="img" aria-label={summary}>
        {rows.map((r, i) => {
          const y = TOP + i * ROW
          const mid = y + 22
          return (
            <g key={r.label} className={`chart__variant chart__variant--${i}`}>
              <text className="chart__label chart__label--strong" x={LEFT} y={y + 9}>
                {r.label}: {formatRateWithInterval(r.rate, r.interval)}
              </text>
              <line className="chart__interval" x1={rateX(r.interval[0], top)} x2={rateX(r.interval[1], top)} y1={mid} y2={mid} />
              <line className="chart__interval" x1={rateX(r.interval[0], top)} x2={rateX(r.interval[0], top)} y1={mid - 4} y2={mid + 4} />
              <line className="chart__interval" x1={rateX(r.interval[1], top)} x2={rateX(r.interval[1], top)} y1={mid - 4} y2={mid + 4} />
              <circle className="chart__rate" cx={rateX(r.rate, top)} cy={mid} r={4} />
            </g>
          )
        })}
        <line className="chart__axis" x1={LEFT} x2={W - RIGHT} y1={height - AXIS + 2} y2={height - AXIS + 2} />
        <text className="chart__label" x={LEFT} y={height - 4} textAnchor="start">
          {formatPercent(0)}
        </text>
        <text className="chart__label" x={W - RIGHT} y={height - 4} textAnchor="end">
          {formatPercent(top)}
        </text>
      </svg>
      <details className="chart__numbers">
        <summary>Show the numbers</summary>
        <table className="chart__table">
          <caption className="sr-only">Conversion by version</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Visitors</th>
              <th scope="col">Conversions</th>
              <th scope="col">Rate (likely range)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td>{formatCount(r.visitors)}</td>
                <td>{formatCount(r.conversions)}</td>
                <td>{formatRateWithInterval(r.rate, r.interval)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
