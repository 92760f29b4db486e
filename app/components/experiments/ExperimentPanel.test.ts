import { describe, expect, it } from 'vitest'
import type { Experiment } from '../../../server/contract/experiments'
import { headline, promotable } from './ExperimentPanel'

const base: Experiment = {
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

describe('the experiment panel says where the experiment stands', () => {
  it('while it runs: running, or the decision once there is one', () => {
    expect(headline(base)).toBe('Running.')
    expect(headline({ ...base, decision: 'challenger_wins' })).toBe('The challenger sells more.')
    expect(headline({ ...base, decision: 'no_difference' })).toBe('No clear difference.')
  })
  it('once it ended: stopped (with or without a decision), or the challenger made live', () => {
    expect(headline({ ...base, status: 'stopped' })).toBe('Stopped before a decision.')
    expect(headline({ ...base, status: 'stopped', decision: 'control_wins' })).toBe('Stopped. Your live version sells more.')
    expect(headline({ ...base, status: 'promoted' })).toBe('Version 5 became the live page.')
  })
})

describe('Make the challenger live is offered', () => {
  it('while it runs, and after it stopped only if the challenger won; never twice', () => {
    expect(promotable(base)).toBe(true)
    expect(promotable({ ...base, status: 'stopped' })).toBe(false)
    expect(promotable({ ...base, status: 'stopped', decision: 'control_wins' })).toBe(false)
    expect(promotable({ ...base, status: 'stopped', decision: 'challenger_wins' })).toBe(true)
    expect(promotable({ ...base, status: 'promoted', decision: 'challenger_wins' })).toBe(false)
    expect(promotable(null)).toBe(false)
  })
})
