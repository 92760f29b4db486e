import { load } from 'cheerio'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AnalyticsDay, Experiment } from '../experiments/types'
import { chartSummary, DailyChart } from './DailyChart'
import { bars, linePath, linePoints, niceMax } from './geometry'
import { PageAnalytics } from './PageAnalytics'
import { RateCompare, rateX } from './RateCompare'

const count = (n: number) => String(n)
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03']

describe('chart geometry', () => {
  it('rounds the top of a scale up to 1, 2, 2.5 or 5 × 10ⁿ', () => {
    expect([0, 3, 7, 12, 24, 26, 80, 101].map((v) => niceMax(v))).toEqual([1, 5, 10, 20, 25, 50, 100, 200])
    expect(niceMax(0.031, 0.01)).toBe(0.05)
    expect(niceMax(0, 0.01)).toBe(0.01)
  })
  it('places each day across the drawing and lifts the pen over days without a value', () => {
    // Box 320 × 132, left 40 right 10 top 10 bottom 22: 270 wide, 100 high.
    const points = linePoints([0, null, 10], 10)
    expect(points).toEqual([{ x: 40, y: 110 }, null, { x: 310, y: 10 }])
    expect(linePath(points)).toBe('M40 110 M310 10')
    expect(linePath(linePoints([5, 10, 0], 10))).toBe('M40 60 L175 10 L310 110')
  })
  it('draws a bar per day, as high as its share of the top', () => {
    expect(bars([10, 5], 10)).toEqual([
      { x: 53.5, y: 10, width: 108, height: 100 },
      { x: 188.5, y: 60, width: 108, height: 50 },
    ])
  })
})

describe('DailyChart', () => {
  const $render = (values: (number | null)[], kind: 'line' | 'bar' = 'bar') =>
    load(
      renderToStaticMarkup(
        <DailyChart id="views" title="Views" days={DAYS} values={values} kind={kind} format={count} valueLabel="Views" total="15 in all" />,
      ),
    )

  it('is one image with a summary, labelled with the scale and the first and last day', () => {
    const $ = $render([3, 12, 0])
    const svg = $('svg')
    expect(svg.attr('role')).toBe('img')
    expect(svg.attr('aria-label')).toBe('Views, Nov 1 to Nov 3: 15 in all; highest 12 on Nov 2.')
    expect(
      $('svg text')
        .toArray()
        .map((t) => $(t).text()),
    ).toEqual(['20', '0', 'Nov 1', 'Nov 3'])
    // Two bars: a day with nothing draws none.
    expect($('rect.chart__bar')).toHaveLength(2)
    expect($('figcaption').text()).toBe('Views15 in all')
  })

  it('has its numbers in a table behind it, a dash for a day without a value', () => {
    const $ = $render([0.5, null, 2], 'line')
    expect($('details summary').text()).toBe('Show the numbers')
    expect(
      $('table thead th')
        .toArray()
        .map((t) => $(t).text()),
    ).toEqual(['Day', 'Views'])
    expect(
      $('table tbody tr')
        .toArray()
        .map((r) => [$(r).find('th').text(), $(r).find('td').text()]),
    ).toEqual([
      ['Nov 1', '0.5'],
      ['Nov 2', '—'],
      ['Nov 3', '2'],
    ])
    expect($('path.chart__line').attr('d')).toBe('M40 85 M310 10')
    expect($('circle.chart__dot')).toHaveLength(2)
  })

  it('says when there is nothing to show', () => {
    expect(chartSummary({ title: 'Views', days: [], values: [], format: count })).toBe('Views, no days; no data.')
  })
})

describe('RateCompare', () => {
  it('draws each version as its rate with an interval bar, and the same in a table', () => {
    const $ = load(
      renderToStaticMarkup(
        <RateCompare
          id="rates"
          rows={[
            { label: 'Live version (v3)', visitors: 1200, conversions: 37, rate: 0.031, interval: [0.024, 0.039] },
            { label: 'Challenger (v5)', visitors: 1180, conversions: 48, rate: 0.041, interval: [0.032, 0.049] },
          ]}
        />,
      ),
    )
    expect($('svg').attr('aria-label')).toBe(
      'Conversion by version: Live version (v3) 3.1\u00a0% (2.4–3.9\u00a0%); Challenger (v5) 4.1\u00a0% (3.2–4.9\u00a0%).',
    )
    // Scale 0–5 %: 300 units wide from x = 8.
    expect($('circle.chart__rate').first().attr('cx')).toBe(String(rateX(0.031, 0.05)))
    expect(rateX(0.031, 0.05)).toBe(194)
    expect($('g.chart__variant--1 line').first().attr('x1')).toBe('200')
    expect(
      $('tbody tr')
        .toArray()
        .map((r) =>
          $(r)
            .find('th, td')
            .toArray()
            .map((c) => $(c).text()),
        ),
    ).toEqual([
      ['Live version (v3)', '1,200', '37', '3.1\u00a0% (2.4–3.9\u00a0%)'],
      ['Challenger (v5)', '1,180', '48', '4.1\u00a0% (3.2–4.9\u00a0%)'],
    ])
  })
})

describe('PageAnalytics', () => {
  const day = (d: string, views: number, visitors: number, clicks: number): AnalyticsDay => ({
    day: d,
    views,
    visitors,
    buy_clicks: clicks,
    conversion_rate: visitors ? clicks / visitors : null,
  })
  const experiment: Experiment = {
    id: 1,
    status: 'running',
    control_version: 3,
    challenger_version: 5,
    split: 50,
    started_at: '2026-11-20T10:00:00.000Z',
    stopped_at: null,
    stop_reason: null,
    variants: [
      { name: 'control', version: 3, visitors: 10, conversions: 1, rate: 0.1, interval: [0.02, 0.4] },
      { name: 'challenger', version: 5, visitors: 9, conversions: 2, rate: 0.22, interval: [0.06, 0.55] },
    ],
    decision: 'collecting',
    decided_at: null,
    reason: 'Not enough data yet — about 2,300 more visitors.',
    more_visitors_needed: 2300,
  }

  it('shows an empty state and no chart before any view', () => {
    const $ = load(renderToStaticMarkup(<PageAnalytics days={DAYS.map((d) => day(d, 0, 0, 0))} experiment={null} />))
    expect($('[data-testid=analytics-empty]').text()).toMatch(/No shopper has opened this page yet/)
    expect($('svg')).toHaveLength(0)
  })

  it('draws the charts of a page shoppers meet only in the store (visitors and adds to cart, no share views)', () => {
    const $ = load(
      renderToStaticMarkup(<PageAnalytics days={DAYS.map((d, i) => day(d, 0, i === 0 ? 2 : 0, i === 0 ? 1 : 0))} experiment={null} />),
    )
    expect($('[data-testid=analytics-empty]')).toHaveLength(0)
    expect($('svg').length).toBeGreaterThan(0)
  })

  it('draws views, visitors, buy clicks and conversion, each with its table, and the experiment beside', () => {
    const $ = load(
      renderToStaticMarkup(
        <PageAnalytics days={[day(DAYS[0], 4, 3, 0), day(DAYS[1], 0, 0, 0), day(DAYS[2], 9, 6, 2)]} experiment={experiment} />,
      ),
    )
    expect(
      $('figure .chart__title')
        .toArray()
        .map((t) => $(t).text()),
    ).toEqual(['Views', 'Unique visitors', 'Buy clicks', 'Conversion', 'Conversion by version'])
    expect($('figure table')).toHaveLength(5)
    expect($('p.small').text()).toBe('13 views by 9 visitors, 2 buy clicks (22.2\u00a0% of visitors).')
    expect(
      $('[data-testid=chart-conversion] tbody td')
        .toArray()
        .map((c) => $(c).text()),
    ).toEqual(['0.0\u00a0%', '—', '33.3\u00a0%'])
    expect(
      $('[data-testid=chart-experiment-rates] tbody th')
        .toArray()
        .map((c) => $(c).text()),
    ).toEqual(['Live version (v3)', 'Challenger (v5)'])
  })
})
