import type { AnalyticsDay, Experiment } from '../experiments/types'
import { DailyChart } from './DailyChart'
import { countOf, formatCount, formatPercent } from './format'
import { RateCompare, type RateRow } from './RateCompare'

/**
 * What the owner calls each side of an experiment: "Live version (v3)" while it runs ("Original"
 * once it ended: the live page may be another version by then), and "Challenger (v5)".
 */
export function variantLabel(v: Experiment['variants'][number], status: Experiment['status']): string {
  const control = status === 'running' ? 'Live version' : 'Original'
  return `${v.name === 'control' ? control : 'Challenger'} (v${v.version})`
}

function experimentRows(experiment: Experiment): RateRow[] {
  return experiment.variants.map((v) => ({
    label: variantLabel(v, experiment.status),
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
      {/* A page only in a store has visitors and adds to cart from the pixel, views only from its product views. */}
      {views + visitors + clicks === 0 ? (
        <p className="muted" data-testid="analytics-empty">
          No shopper has opened this page yet. Once it is shared or published, its views, visitors, buy clicks and conversion show here day
          by day.
        </p>
      ) : (
        <>
          <p className="muted small">
            {countOf(views, 'view', 'views')} by {countOf(visitors, 'visitor', 'visitors')}, {countOf(clicks, 'buy click', 'buy clicks')}
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
      {/* Before its first visitor an experiment's intervals span everything: nothing to draw yet. */}
      {experiment?.variants.some((v) => v.visitors > 0) ? <RateCompare id="experiment-rates" rows={experimentRows(experiment)} /> : null}
    </section>
  )
}
