import { AUTH_URLS, screenWeights, type ScreenWeight } from './bundle-report'
import type { MixedResult } from './mixed'
import type { PageResult } from './pages'
import type { SplitRow } from './split'
import { kb, num, ratio, renderTable } from './table'

/** First-load JS of every screen from the build (scripts/bench/bundle-report.ts). */
export const firstLoadJs = async (): Promise<ScreenWeight[]> => (await screenWeights()).screens

interface Goal {
  figure: string
  goal: string
  measured: string
  met: boolean
}

/** Issue 10's goals (ratios against the bare server of the same run) and whether this run met them. */
export function renderGoals(pages: PageResult[], mixed: MixedResult | undefined, screens: ScreenWeight[]): string {
  const goals: Goal[] = []
  const page = (name: string) => pages.find((p) => p.page.name === name)
  const speed = (name: string, minRatio: number, maxP99: number) => {
    const p = page(name)
    if (!p) return
    const r = p.product.rps / p.bare.rps
    goals.push({
      figure: `${name} req/s ÷ bare, p99, errors`,
      goal: `≥ ${minRatio}×, ≤ ${maxP99} ms, 0`,
      measured: `${ratio(p.product.rps, p.bare.rps)}, ${num(p.product.p99)} ms, ${p.product.errors + p.product.timeouts}`,
      met: r >= minRatio && p.product.p99 <= maxP99 && p.product.errors + p.product.timeouts === 0,
    })
  }
  speed('share', 0.5, 20)
  speed('home', 0.05, 100)
  speed('login', 0.1, 50)
  // Budgets come with each screen from the bundle report (budgetFor): sign-in screens, then the rest.
  const jsGoal = (figure: string, list: ScreenWeight[]) => {
    if (!list.length) return
    const heaviest = list.reduce((a, b) => (b.gzip > a.gzip ? b : a))
    goals.push({
      figure,
      goal: `≤ ${kb(heaviest.budget)} gzip`,
      measured: `${kb(heaviest.gzip)} (${heaviest.url})`,
      met: list.every((s) => s.gzip <= s.budget),
    })
  }
  jsGoal(
    'first-load JS, login/sign-up/verify',
    screens.filter((s) => AUTH_URLS.includes(s.url)),
  )
  jsGoal(
    'first-load JS, every app screen',
    screens.filter((s) => !AUTH_URLS.includes(s.url)),
  )
  const share = page('share')
  if (share)
    goals.push({ figure: 'first-load JS, shopper page', goal: '0', measured: kb(share.weight.js.gzip), met: share.weight.js.gzip === 0 })
  if (mixed)
    goals.push({
      figure: `mixed ${mixed.connections} conns × ${mixed.seconds} s`,
      goal: '0 errors, RSS ≤ 1.2× warm-up',
      measured: `${mixed.problems.length ? mixed.problems.length + ' problems' : '0 errors'}, RSS ${(mixed.rssAfter / mixed.rssWarm).toFixed(2)}×, worst p99 ${num(Math.max(...mixed.results.map((r) => r.p99)))} ms`,
      met: mixed.problems.length === 0 && mixed.rssAfter <= 1.2 * mixed.rssWarm,
    })
  return (
    'Goals (issue 10):\n' +
    renderTable(
      [
        { header: 'figure', align: 'left', cell: (g: Goal) => g.figure },
        { header: 'goal', align: 'left', cell: (g: Goal) => g.goal },
        { header: 'measured', align: 'left', cell: (g: Goal) => g.measured },
        { header: 'met', align: 'left', cell: (g: Goal) => (g.met ? 'yes' : 'NO') },
      ],
      goals,
    )
  )
}

/** The embedded figures beside the same pages on Postgres with separate processes. */
export function renderSplit(embedded: PageResult[], split: SplitRow[]): string {
  return (
    'Postgres, split processes (api ×1, worker ×1, web ×2; half the connections on each web), beside the embedded default:\n' +
    renderTable(
      [
        { header: 'page', align: 'left', cell: (r: SplitRow) => r.page.name },
        { header: 'embedded req/s', cell: (r: SplitRow) => num(embedded.find((e) => e.page.name === r.page.name)?.product.rps ?? 0) },
        { header: 'embedded p99 ms', cell: (r: SplitRow) => num(embedded.find((e) => e.page.name === r.page.name)?.product.p99 ?? 0) },
        { header: 'split req/s', cell: (r: SplitRow) => num(r.load.rps) },
        { header: 'split p99 ms', cell: (r: SplitRow) => num(r.load.p99) },
        { header: 'split errors', cell: (r: SplitRow) => String(r.load.errors + r.load.timeouts) },
      ],
      split,
    )
  )
}
