/** Numbers on the owner's charts, in one place: a rate is a fraction (0.031 is "3.1 %"). */

/** A narrow no-break space keeps a number with its unit on one line. */
const NBSP = '\u00a0'

export function formatPercent(rate: number, digits = 1): string {
  return `${(rate * 100).toFixed(digits)}${NBSP}%`
}

/** "2.4–3.9 %": where the true rate likely is. */
export function formatInterval([low, high]: readonly [number, number]): string {
  return `${(low * 100).toFixed(1)}–${formatPercent(high)}`
}

/** "3.1 % (2.4–3.9 %)": a rate with its interval. */
export function formatRateWithInterval(rate: number, interval: readonly [number, number]): string {
  return `${formatPercent(rate)} (${formatInterval(interval)})`
}

/** A page's conversion in a list ("2.4 % conversion"), or null when there were no visitors. */
export function conversionLabel(rate: number | null | undefined): string | null {
  return rate === null || rate === undefined || !Number.isFinite(rate) ? null : `${formatPercent(rate)} conversion`
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US')
}

/** "1 view", "2,300 views". */
export function countOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "Nov 3" from "2026-11-03" (a calendar day, read without a time zone). */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day)
  return m ? `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}` : day
}
