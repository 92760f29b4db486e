/**
 * Trending (/trending, reference §6.8): shared pages ranked by how many people looked at them lately and how
 * many pages were made from the same product lately. Used by the api's ranking query and its tests.
 */

/** The windows a ranking can look back over, in days (today included). */
export const TRENDING_PERIODS: Record<TrendingPeriod, number> = { week: 7, month: 30 }
export const TRENDING_PERIOD_NAMES = ['week', 'month'] as const
export type TrendingPeriod = (typeof TRENDING_PERIOD_NAMES)[number]

export const GALLERY_SORTS = ['newest', 'trending'] as const
export type GallerySort = (typeof GALLERY_SORTS)[number]

/** A page made from the same product counts as much as this many views: someone chose to sell it. */
export const GENERATION_WEIGHT = 5

/**
 * The weight of a signal `age` days old (0 = today), one per day of the period. Time decay: a
 * signal's weight halves every third of the period (for a week, every 2⅓ days), so today counts 1,
 * three days ago about 0.41 and the last day of the week 0.17 — a page stays on top only while
 * people keep looking at it, and last month's burst cannot hold the place of this week's.
 */
export function decayWeights(period: TrendingPeriod): number[] {
  const days = TRENDING_PERIODS[period]
  const halfLife = days / 3
  return Array.from({ length: days }, (_, age) => Math.round(2 ** (-age / halfLife) * 1e6) / 1e6)
}

/** Signals of one page: views per day and pages made from the same product per day, by age in days. */
export interface TrendingSignals {
  views: { age: number; count: number }[]
  generations: { age: number; count: number }[]
}

/**
 * Score = Σ views × weight(age) + GENERATION_WEIGHT × Σ generations × weight(age); signals older
 * than the period (or dated in the future) count nothing. The api's query computes the same sum.
 */
export function trendingScore(signals: TrendingSignals, period: TrendingPeriod = 'week'): number {
  const weights = decayWeights(period)
  const weighted = (list: { age: number; count: number }[]) =>
    list.reduce((sum, s) => sum + (Number.isInteger(s.age) && s.age >= 0 && s.age < weights.length ? s.count * weights[s.age] : 0), 0)
  return weighted(signals.views) + GENERATION_WEIGHT * weighted(signals.generations)
}

/** "12 views this week" — only said when there were views (never an invented number). */
export function viewsLabel(views: number, period: TrendingPeriod = 'week'): string | null {
  if (!Number.isInteger(views) || views <= 0) return null
  const figure = new Intl.NumberFormat('en-US').format(views)
  return `${figure} ${views === 1 ? 'view' : 'views'} this ${period}`
}
