/**
 * Experiment statistics (issue 25): decisions that stay valid however often the owner looks.
 *
 * - The difference of the two rates is tested with a mixture sequential probability ratio test
 *   (mSPRT, Johari, Koomen, Pekelis & Walsh, "Always valid inference", 2017/2022) with a normal
 *   mixture over the difference, on the plug-in normal approximation of the two proportions.
 *   Its always-valid confidence interval is the set of differences the test does not reject, so
 *   "a winner" and "the interval for the difference excludes 0" are the same statement.
 * - Each variant's rate gets an exact always-valid interval: the Bernoulli likelihood ratio mixed
 *   over a Beta(1/2, 1/2) prior is a martingale under every rate, so by Ville's inequality the set
 *   of rates whose mixture ratio stays below 1/α covers the true rate at all times at once.
 * - No decision before EXPERIMENT_MINIMUMS; "no difference" once the difference's interval lies
 *   within ±NO_DIFFERENCE_RELATIVE_MARGIN of the live version's rate, or both variants have had
 *   HORIZON_VISITORS_PER_VARIANT visitors without a winner.
 *
 * The verdict is a function of the counts alone: the first decision should be taken as final (the
 * caller ends or records the experiment); the guarantees hold for the first time a decision shows.
 * Why and the measured error rates: docs/decisions/0013-experiment-statistics.md.
 */

export interface VariantCounts {
  visitors: number
  conversions: number
}
export type ExperimentDecision = 'collecting' | 'challenger_wins' | 'control_wins' | 'no_difference'
export interface VariantEstimate {
  rate: number
  interval: [number, number]
} // rate 0..1, always-valid interval
export interface ExperimentVerdict {
  decision: ExperimentDecision
  control: VariantEstimate
  challenger: VariantEstimate
  difference: { value: number; interval: [number, number] } // challenger - control
  moreVisitorsNeeded: number | null // per experiment (both variants together), null once decided
  reason: string // one sentence for the owner, e.g. "Not enough data yet — about 2,300 more visitors."
}

/**
 * No decision before each variant has 100 visitors and 10 conversions: below about 10 events the
 * normal approximation the test rests on (and its plug-in variance) is poor, and the first hundred
 * visitors of a new version are often not like the rest (the owner and their friends, one campaign).
 */
export const EXPERIMENT_MINIMUMS: { visitorsPerVariant: number; conversionsPerVariant: number } = {
  visitorsPerVariant: 100,
  conversionsPerVariant: 10,
}

/** Error rate: at most 5 % of experiments without a real difference ever show a winner. */
export const EXPERIMENT_ALPHA = 0.05
/**
 * The mixture's variance, as a share of the per-pair Bernoulli variance 2·p̄(1−p̄): τ² = γ·2p̄(1−p̄).
 * γ = 0.001 puts the typical effect at ±25 % relative lift at a 3 % rate and makes the test
 * sharpest around 8,000 visitors per variant, while staying within 5 % of its best from 2,500 to 30,000.
 */
export const MIXTURE_VARIANCE_SHARE = 0.001
/** Without a winner after this many visitors in each variant, the verdict is "no difference". */
export const HORIZON_VISITORS_PER_VARIANT = 20_000
/** "No difference" as soon as the difference is surely within ±20 % of the live version's rate. */
export const NO_DIFFERENCE_RELATIVE_MARGIN = 0.2

const LOG_INV_ALPHA = Math.log(1 / EXPERIMENT_ALPHA)
const Z_POWER = 0.8416212335729143 // standard normal quantile of 0.8, the power plannedVisitorsPerVariant aims for
const JEFFREYS = 0.5

// ─── Small numerics ──────────────────────────────────────────────────────────────────────────────

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
]

/** log Γ(x) for x > 0 (Lanczos, g = 7). */
function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x)
  const z = x - 1
  let a = LANCZOS[0]!
  const t = z + 7.5
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (z + i)
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a)
}

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b)
const LOG_BETA_JEFFREYS = Math.log(Math.PI) // log B(½, ½)
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x))

function sanitize(c: VariantCounts): VariantCounts {
  const visitors = Number.isFinite(c.visitors) ? Math.max(0, Math.floor(c.visitors)) : 0
  const conversions = Number.isFinite(c.conversions) ? clamp(Math.floor(c.conversions), 0, visitors) : 0
  return { visitors, conversions }
}

// ─── One variant's rate ──────────────────────────────────────────────────────────────────────────

/**
 * The always-valid interval of one rate: { p : mixture likelihood ratio against p < 1/α }, the
 * mixture over Beta(½, ½). log-ratio(p) = log B(S+½, F+½) − log B(½, ½) − S·log p − F·log(1−p) is
 * convex in p and below log(1/α) at p = S/n, so the set is an interval. Each end by Newton's method
 * in the log of its distance to 0 or 1 (y = log p for the lower end, y = log(1−p) for the upper):
 * h(y) = a·y + b·log(1−eʸ) − (log B(S+½, F+½) − log B(½, ½) − log(1/α)), (a, b) = (S, F) or (F, S), is
 * concave, so started outside the interval each step stays outside: the interval is never too narrow.
 */
function rateEstimate({ visitors: n, conversions: s }: VariantCounts): VariantEstimate {
  if (n === 0) return { rate: 0, interval: [0, 1] }
  const f = n - s
  const rate = s / n
  const bound = logBeta(s + JEFFREYS, f + JEFFREYS) - LOG_BETA_JEFFREYS - LOG_INV_ALPHA
  // How far inside the interval p = S/n lies; near it g(p) ≈ room − (p − S/n)²/(2·spread²).
  const room = (s > 0 ? s * Math.log(rate) : 0) + (f > 0 ? f * Math.log1p(-rate) : 0) - bound
  const spread = Math.sqrt(Math.max(rate * (1 - rate), 1 / n) / n)
  const guess = 1.1 * Math.sqrt(2 * Math.max(room, 0.5)) * spread
  /** The distance of the interval's end to 0 (a = S, b = F) or to 1 (a = F, b = S). */
  const edge = (a: number, b: number) => {
    if (a === 0) return 0 // the end itself is inside
    const h = (y: number) => a * y + b * Math.log1p(-Math.exp(y)) - bound
    const slope = (y: number) => a - (b * Math.exp(y)) / -Math.expm1(y)
    const q = a / n
    let y = Math.log(Math.max(q - guess, q / 1000))
    let hy = h(y)
    while (hy > 0) {
      y -= 7 // still inside: a thousandth of the distance
      if (y < -745) return 0
      hy = h(y)
    }
    for (let i = 0; i < 50; i++) {
      const step = hy / slope(y)
      y -= step
      if (Math.abs(step) < 1e-7) break
      hy = h(y)
    }
    return Math.exp(y)
  }
  return { rate, interval: [edge(s, f), 1 - edge(f, s)] }
}

// ─── The difference (mSPRT) ──────────────────────────────────────────────────────────────────────

/** The normal-mixture boundary: the half-width of the always-valid interval when θ̂ has variance v. */
function halfWidth(v: number, tau2: number): number {
  return Math.sqrt(((v * (v + tau2)) / tau2) * (2 * LOG_INV_ALPHA + Math.log((v + tau2) / v)))
}

const mixtureVariance = (pooledRate: number) => MIXTURE_VARIANCE_SHARE * 2 * pooledRate * (1 - pooledRate)

/** A rate for variances, kept off 0 and 1 (half an event) so an empty variant has some spread. */
const spreadRate = (s: number, n: number) => clamp(s / n, 0.5 / n, 1 - 0.5 / n)

/**
 * The difference challenger − control and its always-valid interval: the mSPRT with mixture
 * N(0, τ²) over θ rejects θ₀ when Λ = √(V/(V+τ²))·exp(τ²(θ̂−θ₀)²/(2V(V+τ²))) ≥ 1/α, that is when
 * |θ̂ − θ₀| ≥ √(V(V+τ²)/τ² · (2·log(1/α) + log((V+τ²)/V))), V = p̂A(1−p̂A)/nA + p̂B(1−p̂B)/nB.
 */
function differenceEstimate(a: VariantCounts, b: VariantCounts): { value: number; interval: [number, number] } {
  const value = (b.visitors ? b.conversions / b.visitors : 0) - (a.visitors ? a.conversions / a.visitors : 0)
  if (a.visitors === 0 || b.visitors === 0) return { value, interval: [-1, 1] }
  const pa = spreadRate(a.conversions, a.visitors)
  const pb = spreadRate(b.conversions, b.visitors)
  const v = (pa * (1 - pa)) / a.visitors + (pb * (1 - pb)) / b.visitors
  const pooled = spreadRate(a.conversions + b.conversions, a.visitors + b.visitors)
  const h = halfWidth(v, mixtureVariance(pooled))
  return { value, interval: [Math.max(-1, value - h), Math.min(1, value + h)] }
}

// ─── Planning ────────────────────────────────────────────────────────────────────────────────────

/**
 * The smallest n (visitors per variant, to within `precision`) with gap − halfWidth(n) ≥ z·√(σ²/n):
 * when a true difference `gap` lies beyond the test's boundary by z standard errors, V(n) = σ²/n.
 */
function visitorsFor(gap: number, sigma2: number, tau2: number, z: number, precision: number): number {
  if (!(gap > 0) || !(sigma2 > 0)) return Infinity
  const enough = (n: number) => gap - halfWidth(sigma2 / n, tau2) >= z * Math.sqrt(sigma2 / n)
  // Bracket from the size a fixed-horizon test at about 3 standard errors would need.
  let hi = Math.max(1, Math.ceil((sigma2 * (3 + z) ** 2) / gap ** 2))
  let lo = hi
  if (enough(hi)) {
    while (lo > 1 && enough(lo)) lo = Math.floor(lo / 2)
    if (enough(lo)) return lo
  } else {
    while (!enough(hi)) {
      lo = hi
      hi *= 2
      if (hi > 1e12) return Infinity
    }
  }
  while (hi - lo > Math.max(1, hi * precision)) {
    const m = Math.floor((lo + hi) / 2)
    if (enough(m)) hi = m
    else lo = m
  }
  return hi
}

const pairVariance = (pa: number, pb: number) => pa * (1 - pa) + pb * (1 - pb)

/**
 * Visitors per variant after which a challenger converting `relativeLift` better (0.5: +50 %) than a
 * live version at `baseRate` has been declared the winner with probability at least 80 %: the
 * smallest n where θ − halfWidth(n) ≥ z₀.₈·√V(n), i.e. where the last look alone would find it 80 % of
 * the time (looks before only add to that), and never below the minimums. Infinity without a lift.
 */
export function plannedVisitorsPerVariant(baseRate: number, relativeLift: number): number {
  const pa = clamp(baseRate, 1e-9, 1 - 1e-9)
  const pb = clamp(baseRate * (1 + relativeLift), 1e-9, 1 - 1e-9)
  const n = visitorsFor(Math.abs(pb - pa), pairVariance(pa, pb), mixtureVariance((pa + pb) / 2), Z_POWER, 0.001)
  if (n === Infinity) return n
  const forConversions = Math.ceil(EXPERIMENT_MINIMUMS.conversionsPerVariant / Math.min(pa, pb))
  return Math.max(n, EXPERIMENT_MINIMUMS.visitorsPerVariant, forConversions)
}

// ─── Texts ───────────────────────────────────────────────────────────────────────────────────────

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** "about" numbers: two significant digits, rounded up (2,263 → 2,300; 87 → 87). */
function roughly(n: number): string {
  if (n < 100) return thousands(Math.max(1, Math.ceil(n)))
  const step = 10 ** (Math.floor(Math.log10(n)) - 1)
  return thousands(Math.ceil(n / step) * step)
}

const percent = (r: number) => `${(r * 100).toFixed(r > 0 && r < 0.001 ? 2 : 1)}%`
const points = (d: number) => `${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d * 100).toFixed(1)}`

// ─── The verdict ─────────────────────────────────────────────────────────────────────────────────

/**
 * Visitors both variants together still need, with the split seen so far: enough for the minimums,
 * then, if the rates seen so far are the true ones, until the difference's interval excludes 0 or
 * fits within the no-difference margin, and at most until both variants reach the horizon.
 */
function visitorsStillNeeded(a: VariantCounts, b: VariantCounts): number {
  const total = a.visitors + b.visitors
  const shareB = a.visitors > 0 && b.visitors > 0 ? b.visitors / total : 0.5
  const pooledConversions = a.conversions + b.conversions
  // A rate to plan with: the pooled one; without any conversion, 3 % or less the more visitors came.
  const pooled = pooledConversions > 0 ? pooledConversions / total : Math.min(0.03, 1 / (total + 1))
  const rateOf = (c: VariantCounts) => (c.conversions > 0 ? c.conversions / c.visitors : pooled)
  const min = EXPERIMENT_MINIMUMS
  const forMinimums = (c: VariantCounts) =>
    Math.max(min.visitorsPerVariant - c.visitors, (min.conversionsPerVariant - c.conversions) / rateOf(c))
  let target = 0
  if (a.conversions > 0 && b.conversions > 0) {
    const ra = a.conversions / a.visitors
    const rb = b.conversions / b.visitors
    const sigma2 = pairVariance(ra, rb)
    const tau2 = mixtureVariance(pooledConversions / total)
    const gap = Math.abs(rb - ra)
    const toWinner = visitorsFor(gap, sigma2, tau2, 0, 0.01)
    const toNoDifference = visitorsFor(NO_DIFFERENCE_RELATIVE_MARGIN * ra - gap, sigma2, tau2, 0, 0.01)
    target = Math.min(toWinner, toNoDifference)
  }
  const need = (c: VariantCounts) => Math.min(HORIZON_VISITORS_PER_VARIANT - c.visitors, Math.max(0, forMinimums(c), target - c.visitors))
  return Math.max(10, Math.ceil(Math.max(need(a) / (1 - shareB), need(b) / shareB)))
}

/** The verdict on an experiment from its counts so far; pure, and cheap enough to call on every view. */
export function decideExperiment(control: VariantCounts, challenger: VariantCounts): ExperimentVerdict {
  const a = sanitize(control)
  const b = sanitize(challenger)
  const estimates = { control: rateEstimate(a), challenger: rateEstimate(b), difference: differenceEstimate(a, b) }
  const [low, high] = estimates.difference.interval
  const rates = `${percent(estimates.challenger.rate)} against ${percent(estimates.control.rate)} for the live version`
  const decided = (decision: ExperimentDecision, reason: string): ExperimentVerdict => ({
    decision,
    ...estimates,
    moreVisitorsNeeded: null,
    reason,
  })
  const collecting = (reason: (more: string) => string): ExperimentVerdict => {
    const more = visitorsStillNeeded(a, b)
    return { decision: 'collecting', ...estimates, moreVisitorsNeeded: more, reason: reason(roughly(more)) }
  }

  const min = EXPERIMENT_MINIMUMS
  const atHorizon = Math.min(a.visitors, b.visitors) >= HORIZON_VISITORS_PER_VARIANT
  const horizon = `No clear difference after ${thousands(HORIZON_VISITORS_PER_VARIANT)} visitors per version`
  if (Math.min(a.visitors, b.visitors) < min.visitorsPerVariant || Math.min(a.conversions, b.conversions) < min.conversionsPerVariant) {
    if (atHorizon) {
      return decided(
        'no_difference',
        `${horizon}: too few conversions to compare (${b.conversions} for the challenger, ${a.conversions} for the live version).`,
      )
    }
    return collecting(
      (more) =>
        `Not enough data yet — each version needs ${min.visitorsPerVariant} visitors and ${min.conversionsPerVariant} conversions; about ${more} more visitors.`,
    )
  }
  if (low > 0) {
    return decided(
      'challenger_wins',
      `The challenger converts better: ${rates} (${points(low)} to ${points(high)} points), and that holds however often you looked.`,
    )
  }
  if (high < 0) {
    const live = `${percent(estimates.control.rate)} against ${percent(estimates.challenger.rate)} for the challenger`
    return decided(
      'control_wins',
      `The live version converts better: ${live} (${points(-high)} to ${points(-low)} points), and that holds however often you looked.`,
    )
  }
  const margin = NO_DIFFERENCE_RELATIVE_MARGIN * estimates.control.rate
  if (low > -margin && high < margin) {
    const within = points(Math.max(-low, high)).slice(1)
    return decided('no_difference', `No difference worth acting on: ${rates}, and any difference is smaller than ${within} points.`)
  }
  if (atHorizon) return decided('no_difference', `${horizon}: ${rates} (${points(low)} to ${points(high)} points).`)
  return collecting((more) => `No clear difference yet (${rates}) — about ${more} more visitors.`)
}
