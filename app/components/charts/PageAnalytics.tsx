import type { AnalyticsDay, Experiment } from '../experiments/types'
import { DailyChart } from './DailyChart'
import { formatCount, formatPercent } from './format'
import { RateCompare, type RateRow } from './RateCompare'

/** "Live version (v3)" / "Challenger (v5)": what the owner calls each side of an experiment. */
export function variantLabel(v: Experiment['variants'][number]): string {
  return `${v.name === 'control' ? 'Live version' : 'Challenger'} (v${v.version})`
}

export function experimentRows(experiment: Experiment): RateRow[] {
  return experiment.variants.map((v) => ({
    label: variantLabel(v),
    visitors: v.visitors,
    conversions: v.conversions,
    rate: v.rate,
    interval: v.interval,
  }))
}

const sum = (days: readonly AnalyticsDay[], key: 'views' | 'visitors' | 'buy_clicks') => days.reduce((n, d) => n + d[key], 0)

/**
 * The page's last days with shoppers: views, unique visitors, buy clicks and conversion per day,
 * and the running experiment's versions side by side. Drawn on the server; every chart has its
 * numbers in a table.
 */
export function PageAnalytics({ days, experiment }: { days: readonly AnalyticsDay[]; experiment: Experiment | null }) {
  const views = sum(days, 'views')
  const visitors = sum(days, 'visitors')
  const clicks = sum(days, 'buy_clicks')
  const dayList = days.map((d) => d.day)
  return (
    <section className="card insights-card" aria-labelledby="analytics-title" id="analytics" data-testid="page-analytics">
      <h2 id="analytics-title" className="insights-card__title">
        Shoppers, last {days.length || 30} days
      </h2>
      {views === 0 ? (
        <p className="muted" data-testid="analytics-empty">
          No shopper has opened this page yet. Once it is shared or published, its views, visitors, buy clicks and conversion show here day
          by day.
        </p>
      ) : (
        <>
          <p className="muted small">
            {formatCount(views)} views by {formatCount(visitors)} visitors, {formatCount(clicks)} buy clicks
            {visitors ? ` (${formatPercent(clicks / visitors)} of visitors).` : '.'}
          </p>
          <div className="chart-grid">
            <DailyChart
              id="views"
              title="Views"
              kind="bar"
              days={dayList}
              values={days.map((d) => d.views)}
              format={formatCount}
              valueLabel="Views"
              total={`${formatCount(views)} in all`}
            />
            <DailyChart
              id="visitors"
              title="Unique visitors"
              kind="bar"
              days={dayList}
              values={days.map((d) => d.visitors)}
              format={formatCount}
              valueLabel="Visitors"
              total={`${formatCount(visitors)} in all`}
            />
            <DailyChart
              id="buy-clicks"
              title="Buy clicks"
              kind="bar"
              days={dayList}
              values={days.map((d) => d.buy_clicks)}
              format={formatCount}
              valueLabel="Buy clicks"
              total={`${formatCount(clicks)} in all`}
            />
            <DailyChart
              id="conversion"
              title="Conversion"
              kind="line"
              days={dayList}
              values={days.map((d) => d.conversion_rate)}
              format={formatPercent}
              valueLabel="Buy clicks per visitor"
              floor={0.01}
            />
          </div>
        </>
      )}
      {experiment && experiment.variants.length ? <RateCompare id="experiment-rates" rows={experimentRows(experiment)} /> : null}
    </section>
  )
}
