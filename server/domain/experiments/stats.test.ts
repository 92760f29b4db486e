import { describe, expect, it } from 'vitest'
import {
  decideExperiment,
  EXPERIMENT_ALPHA,
  EXPERIMENT_MINIMUMS,
  HORIZON_VISITORS_PER_VARIANT,
  plannedVisitorsPerVariant,
  type ExperimentVerdict,
  type VariantCounts,
} from './stats'

const counts = (visitors: number, conversions: number): VariantCounts => ({ visitors, conversions })

/** What every verdict keeps, whatever the counts. */
function expectWellFormed(v: ExperimentVerdict) {
  for (const e of [v.control, v.challenger]) {
    expect(e.rate).toBeGreaterThanOrEqual(0)
    expect(e.rate).toBeLessThanOrEqual(1)
    expect(e.interval[0]).toBeGreaterThanOrEqual(0)
    expect(e.interval[1]).toBeLessThanOrEqual(1)
    expect(e.interval[0]).toBeLessThanOrEqual(e.rate + 1e-12)
    expect(e.interval[1]).toBeGreaterThanOrEqual(e.rate - 1e-12)
  }
  expect(v.difference.value).toBeCloseTo(v.challenger.rate - v.control.rate, 12)
  expect(v.difference.interval[0]).toBeGreaterThanOrEqual(-1)
  expect(v.difference.interval[1]).toBeLessThanOrEqual(1)
  expect(v.difference.interval[0]).toBeLessThanOrEqual(v.difference.value)
  expect(v.difference.interval[1]).toBeGreaterThanOrEqual(v.difference.value)
  // A winner only when the difference's interval leaves out 0 (and, past the minimums, always then).
  const [low, high] = v.difference.interval
  if (v.decision === 'challenger_wins') expect(low).toBeGreaterThan(0)
  if (v.decision === 'control_wins') expect(high).toBeLessThan(0)
  if (v.decision === 'no_difference') expect(low <= 0 && high >= 0).toBe(true)
  if (v.decision === 'collecting') {
    expect(Number.isInteger(v.moreVisitorsNeeded)).toBe(true)
    expect(v.moreVisitorsNeeded).toBeGreaterThan(0)
  } else {
    expect(v.moreVisitorsNeeded).toBeNull()
  }
  expect(v.reason).toMatch(/^[A-Z][^\n]*\.$/)
  expect(v.reason).not.toMatch(/NaN|Infinity|undefined/)
}

/**
 * The mixture likelihood ratio of a rate p, integrated numerically over the Beta(½, ½) mixture
 * (substituting θ = sin²u removes the ends' singularities): an independent check of the intervals.
 */
function mixtureRatio(n: number, s: number, p: number): number {
  const steps = 20_000
  let sum = 0
  for (let i = 0; i < steps; i++) {
    const u = ((i + 0.5) / steps) * (Math.PI / 2)
    const theta = Math.sin(u) ** 2
    // Beta(½, ½) density dθ = (2/π) du under θ = sin²u.
    sum += Math.exp(s * Math.log(theta / p) + (n - s) * Math.log((1 - theta) / (1 - p))) * (2 / Math.PI) * (Math.PI / 2 / steps)
  }
  return sum
}

describe('decideExperiment', () => {
  it('with no visitors: collecting, the widest intervals, and how many visitors the minimums take', () => {
    const v = decideExperiment(counts(0, 0), counts(0, 0))
    expectWellFormed(v)
    expect(v.decision).toBe('collecting')
    expect(v.control).toEqual({ rate: 0, interval: [0, 1] })
    expect(v.challenger).toEqual({ rate: 0, interval: [0, 1] })
    expect(v.difference).toEqual({ value: 0, interval: [-1, 1] })
    // 10 conversions at an assumed 3 % in each variant.
    expect(v.moreVisitorsNeeded).toBe(667)
    expect(v.reason).toBe('Not enough data yet — each version needs 100 visitors and 10 conversions; about 670 more visitors.')
  })

  it('with visitors but no conversions: the rate is 0 and its interval starts at 0', () => {
    const v = decideExperiment(counts(400, 0), counts(400, 0))
    expectWellFormed(v)
    expect(v.decision).toBe('collecting')
    expect(v.control.rate).toBe(0)
    expect(v.control.interval[0]).toBe(0)
    expect(v.control.interval[1]).toBeGreaterThan(0)
    expect(v.control.interval[1]).toBeLessThan(0.03)
    expect(v.reason).toMatch(/^Not enough data yet/)
  })

  it('takes counts it cannot use as the nearest it can (negative, fractional, more conversions than visitors)', () => {
    const v = decideExperiment(counts(-5, Number.NaN), counts(10.7, 20))
    expectWellFormed(v)
    expect(v.control.rate).toBe(0)
    expect(v.challenger.rate).toBe(1)
    expect(v.decision).toBe('collecting')
  })

  it('decides nothing below the minimums, however large the difference', () => {
    const { visitorsPerVariant: n, conversionsPerVariant: c } = EXPERIMENT_MINIMUMS
    expect(EXPERIMENT_MINIMUMS).toEqual({ visitorsPerVariant: 100, conversionsPerVariant: 10 })
    for (const [a, b] of [
      [counts(n - 1, c), counts(n - 1, 90)],
      [counts(n, c - 1), counts(n, 90)],
      [counts(n, 90), counts(n, c - 1)],
    ] as const) {
      const v = decideExperiment(a, b)
      expectWellFormed(v)
      expect(v.decision).toBe('collecting')
      expect(v.reason).toMatch(/^Not enough data yet — each version needs 100 visitors and 10 conversions; about \d+ more visitors\.$/)
    }
    // At the minimums a difference that large is decided.
    expect(decideExperiment(counts(n, c), counts(n, 60)).decision).toBe('challenger_wins')
  })

  it('equal counts: never a winner; collecting while the interval is wide, no difference once it is narrow', () => {
    const early = decideExperiment(counts(2000, 60), counts(2000, 60))
    expectWellFormed(early)
    expect(early.decision).toBe('collecting')
    expect(early.difference.value).toBe(0)
    expect(early.difference.interval[0]).toBeCloseTo(-early.difference.interval[1], 12)
    expect(early.control).toEqual(early.challenger)
    // Until the interval fits within ±20 % of 3 %: a bit over 16,000 visitors per variant.
    expect(early.moreVisitorsNeeded).toBeGreaterThan(2 * (14_000 - 2000))
    expect(early.moreVisitorsNeeded).toBeLessThan(2 * (HORIZON_VISITORS_PER_VARIANT - 2000))
    expect(early.reason).toMatch(/^No clear difference yet \(3\.0% against 3\.0% for the live version\) — about [\d,]+ more visitors\.$/)

    const late = decideExperiment(counts(19_000, 570), counts(19_000, 580))
    expectWellFormed(late)
    expect(late.decision).toBe('no_difference')
    expect(late.reason).toBe(
      'No difference worth acting on: 3.1% against 3.0% for the live version, and any difference is smaller than 0.6 points.',
    )
  })

  it('a clear winner either way, with the same interval mirrored', () => {
    const challenger = decideExperiment(counts(5000, 150), counts(5000, 250))
    expectWellFormed(challenger)
    expect(challenger.decision).toBe('challenger_wins')
    expect(challenger.difference.value).toBeCloseTo(0.02, 12)
    expect(challenger.reason).toBe(
      'The challenger converts better: 5.0% against 3.0% for the live version (+0.8 to +3.2 points), and that holds however often you looked.',
    )

    const control = decideExperiment(counts(5000, 250), counts(5000, 150))
    expectWellFormed(control)
    expect(control.decision).toBe('control_wins')
    expect(control.difference.interval[0]).toBeCloseTo(-challenger.difference.interval[1], 12)
    expect(control.difference.interval[1]).toBeCloseTo(-challenger.difference.interval[0], 12)
    expect(control.reason).toBe(
      'The live version converts better: 5.0% against 3.0% for the challenger (+0.8 to +3.2 points), and that holds however often you looked.',
    )
  })

  it('what a fixed-horizon test would already call significant is not yet a winner (the price of peeking)', () => {
    // 3.0 % vs 3.9 % on 4,000 each: z ≈ 2.5, p ≈ 0.01 with a single look, but not always-valid yet.
    const v = decideExperiment(counts(4000, 120), counts(4000, 156))
    expectWellFormed(v)
    const se = Math.sqrt((0.03 * 0.97) / 4000 + (0.039 * 0.961) / 4000)
    expect(v.difference.value / se).toBeGreaterThan(1.96)
    expect(v.decision).toBe('collecting')
    expect(v.moreVisitorsNeeded).toBeGreaterThan(0)
  })

  it('no difference at the horizon, and when conversions never come', () => {
    const v = decideExperiment(counts(20_000, 200), counts(20_000, 236))
    expectWellFormed(v)
    expect(v.decision).toBe('no_difference')
    expect(v.reason).toBe(
      'No clear difference after 20,000 visitors per version: 1.2% against 1.0% for the live version (−0.1 to +0.5 points).',
    )

    const none = decideExperiment(counts(HORIZON_VISITORS_PER_VARIANT, 3), counts(HORIZON_VISITORS_PER_VARIANT + 10, 5))
    expectWellFormed(none)
    expect(none.decision).toBe('no_difference')
    expect(none.reason).toBe(
      'No clear difference after 20,000 visitors per version: too few conversions to compare (5 for the challenger, 3 for the live version).',
    )
    // Before the horizon, the estimate never reaches past it.
    const before = decideExperiment(counts(10_000, 0), counts(10_000, 0))
    expect(before.decision).toBe('collecting')
    expect(before.moreVisitorsNeeded).toBe(2 * (HORIZON_VISITORS_PER_VARIANT - 10_000))
  })

  it('counts the visitors still needed with the split seen so far', () => {
    // Below the minimums, with a difference large enough to be found soon after them.
    const even = decideExperiment(counts(50, 1), counts(50, 5))
    expect(even.moreVisitorsNeeded).toBe(900) // 9 more conversions at 2 % for the live version, half of new visitors
    expect(even.reason).toBe('Not enough data yet — each version needs 100 visitors and 10 conversions; about 900 more visitors.')
    // The same rates (10 %) need the same visitors T per variant; with a tenth of new visitors the
    // challenger takes 10·(T − 100) more, against 2·(T − 500) with half of them.
    const half = decideExperiment(counts(500, 50), counts(500, 50)).moreVisitorsNeeded!
    const tenth = decideExperiment(counts(900, 90), counts(100, 10)).moreVisitorsNeeded!
    expect(Math.abs(tenth - (5 * half + 4000))).toBeLessThanOrEqual(5)
    // Without a difference, until the horizon at most, at the pace of the smaller share.
    const slow = decideExperiment(counts(1800, 54), counts(200, 6))
    expect(slow.moreVisitorsNeeded).toBeGreaterThan(10 * (10_000 - 200))
    expect(slow.moreVisitorsNeeded).toBeLessThanOrEqual(10 * (HORIZON_VISITORS_PER_VARIANT - 200))
  })

  it("each rate's interval is where the Beta(½, ½) mixture ratio reaches 1/α", () => {
    for (const [n, s] of [
      [50, 5],
      [200, 1],
      [300, 290],
      [1000, 30],
    ] as const) {
      const { interval } = decideExperiment(counts(n, s), counts(n, s)).control
      for (const end of interval) expect(mixtureRatio(n, s, end)).toBeCloseTo(1 / EXPERIMENT_ALPHA, 1)
      const inside = (interval[0] + interval[1]) / 2
      expect(mixtureRatio(n, s, inside)).toBeLessThan(1 / EXPERIMENT_ALPHA)
    }
  })

  it("each rate's interval is wider than a single look's 95 % interval, and narrows with visitors", () => {
    const widths = [1000, 10_000, 100_000].map((n) => {
      const { rate, interval } = decideExperiment(counts(n, 0.03 * n), counts(n, 0.03 * n)).control
      const wald = 1.96 * Math.sqrt((rate * (1 - rate)) / n)
      expect(interval[0]).toBeLessThan(rate - wald)
      expect(interval[1]).toBeGreaterThan(rate + wald)
      return interval[1] - interval[0]
    })
    expect(widths[1]).toBeLessThan(widths[0]!)
    expect(widths[2]).toBeLessThan(widths[1]!)
  })
})

describe('plannedVisitorsPerVariant', () => {
  it('needs fewer visitors for larger lifts and higher rates, never fewer than the minimums', () => {
    const at3 = [0.1, 0.2, 0.5, 1].map((lift) => plannedVisitorsPerVariant(0.03, lift))
    for (let i = 1; i < at3.length; i++) expect(at3[i]).toBeLessThan(at3[i - 1]!)
    expect(plannedVisitorsPerVariant(0.1, 0.2)).toBeLessThan(plannedVisitorsPerVariant(0.03, 0.2))
    expect(plannedVisitorsPerVariant(0.03, 0.5)).toBeGreaterThan(4000)
    expect(plannedVisitorsPerVariant(0.03, 0.5)).toBeLessThan(6000)
    expect(plannedVisitorsPerVariant(0.5, 0.9)).toBeGreaterThanOrEqual(EXPERIMENT_MINIMUMS.visitorsPerVariant)
    expect(plannedVisitorsPerVariant(0.002, 5)).toBeGreaterThanOrEqual(EXPERIMENT_MINIMUMS.conversionsPerVariant / 0.002)
  })

  it('is infinite without a lift, and works for a challenger that is worse', () => {
    expect(plannedVisitorsPerVariant(0.03, 0)).toBe(Infinity)
    const worse = plannedVisitorsPerVariant(0.03, -0.3)
    expect(Number.isFinite(worse)).toBe(true)
    expect(worse).toBeGreaterThan(plannedVisitorsPerVariant(0.03, 0.5))
  })
})
