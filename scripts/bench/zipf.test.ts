import { describe, expect, it } from 'vitest'
import { seededRandom } from '../seeded-random'
import { zipfSampler } from './zipf'

describe('zipfSampler', () => {
  it('draws rank k about 1/(k+1) as often as rank 0 (s = 1), every rank within range', () => {
    const n = 5_000
    const draw = zipfSampler(n, 1, seededRandom(24))
    const hits = new Array<number>(n).fill(0)
    const samples = 400_000
    for (let i = 0; i < samples; i++) hits[draw()]++
    // The harmonic number H(5000) ≈ 9.09: rank 0 gets about 11 % of the draws.
    const harmonic = Array.from({ length: n }, (_, k) => 1 / (k + 1)).reduce((a, b) => a + b, 0)
    expect(hits[0] / samples).toBeCloseTo(1 / harmonic, 2)
    expect(hits[1] / hits[0]).toBeCloseTo(0.5, 1)
    expect(hits[9] / hits[0]).toBeCloseTo(0.1, 1)
    expect(hits.reduce((a, b) => a + b, 0)).toBe(samples)
    // The tail is reached: most ranks are drawn at least once.
    expect(hits.filter((h) => h > 0).length).toBeGreaterThan(0.9 * n)
  })

  it('is the same sequence for the same seed', () => {
    const a = zipfSampler(100, 1, seededRandom(7))
    const b = zipfSampler(100, 1, seededRandom(7))
    expect(Array.from({ length: 50 }, a)).toEqual(Array.from({ length: 50 }, b))
  })
})
