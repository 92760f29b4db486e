import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../../scripts/seeded-random'
import { decideExperiment, HORIZON_VISITORS_PER_VARIANT, plannedVisitorsPerVariant, type ExperimentVerdict } from './stats'

const LOOK_EVERY = 50 // visitors (both variants together) between two looks: the owner peeks all the time

interface Run {
  verdict: ExperimentVerdict
  visitors: number // both variants together
}

/**
 * One experiment: visitors arrive one by one, each sent to either variant by a fair coin and
 * converting with its variant's true rate; the verdict is read after every LOOK_EVERY visitors and
 * the experiment ends at the first decision, or once both variants have `maxPerVariant` visitors.
 */
function runExperiment(random: () => number, controlRate: number, challengerRate: number, maxPerVariant: number): Run {
  const a = { visitors: 0, conversions: 0 }
  const b = { visitors: 0, conversions: 0 }
  for (;;) {
    for (let i = 0; i < LOOK_EVERY; i++) {
      const v = random() < 0.5 ? a : b
      v.visitors++
      if (random() < (v === a ? controlRate : challengerRate)) v.conversions++
    }
    const verdict = decideExperiment(a, b)
    const visitors = a.visitors + b.visitors
    if (verdict.decision !== 'collecting' || Math.min(a.visitors, b.visitors) >= maxPerVariant) return { verdict, visitors }
  }
}

const tally = (runs: Run[], decision: ExperimentVerdict['decision']) => runs.filter((r) => r.verdict.decision === decision).length
const pct = (k: number, n: number) => `${((100 * k) / n).toFixed(1)}%`

describe('experiment statistics under continuous peeking (simulated shoppers)', () => {
  it('A/A: 500 experiments at 3 % up to the horizon, a winner in at most 5 % of them', () => {
    const random = seededRandom(20251128)
    const started = performance.now()
    const runs = Array.from({ length: 500 }, () => runExperiment(random, 0.03, 0.03, HORIZON_VISITORS_PER_VARIANT))
    const winners = tally(runs, 'challenger_wins') + tally(runs, 'control_wins')
    const noDifference = tally(runs, 'no_difference')
    const missed = runs.filter(({ verdict: { control, challenger, difference } }) => {
      const outside = (x: number, [lo, hi]: [number, number]) => x < lo || x > hi
      return outside(0.03, control.interval) || outside(0.03, challenger.interval) || outside(0, difference.interval)
    }).length
    const meanVisitors = runs.reduce((s, r) => s + r.visitors, 0) / runs.length
    console.log(
      `A/A 3% vs 3%, look every ${LOOK_EVERY} visitors: winner declared in ${winners}/500 (${pct(winners, 500)}), ` +
        `no_difference ${noDifference}/500, still collecting ${500 - winners - noDifference}/500, ` +
        `an interval missing the truth at the end ${missed}/500, mean visitors ${Math.round(meanVisitors)}, ` +
        `${Math.round(performance.now() - started)} ms`,
    )
    expect(winners / 500).toBeLessThanOrEqual(0.05)
    expect(missed / 500).toBeLessThanOrEqual(0.05)
    expect(500 - winners - noDifference).toBe(0) // every experiment ends by the horizon
  })

  it('3.0 % vs 4.5 %: 200 experiments, the challenger wins in at least 80 % within the planned size', () => {
    const random = seededRandom(4520251128)
    const started = performance.now()
    const planned = plannedVisitorsPerVariant(0.03, 0.5)
    const runs = Array.from({ length: 200 }, () => runExperiment(random, 0.03, 0.045, planned))
    const challengerWins = tally(runs, 'challenger_wins')
    const controlWins = tally(runs, 'control_wins')
    const decidedVisitors = runs
      .filter((r) => r.verdict.decision === 'challenger_wins')
      .map((r) => r.visitors)
      .sort((x, y) => x - y)
    const median = decidedVisitors[Math.floor(decidedVisitors.length / 2)] ?? 0
    console.log(
      `3.0% vs 4.5%, planned ${planned} visitors per variant: challenger declared winner in ${challengerWins}/200 ` +
        `(${pct(challengerWins, 200)}), control in ${controlWins}/200, no_difference ${tally(runs, 'no_difference')}/200; ` +
        `median visitors at the win ${median} (both variants), ${Math.round(performance.now() - started)} ms`,
    )
    expect(challengerWins / 200).toBeGreaterThanOrEqual(0.8)
    expect(controlWins / 200).toBeLessThanOrEqual(0.02)
  })
})
