import { eq, inArray, sql } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import type { Experiment } from '../../contract/experiments'
import type { DbOrTx } from '../../db/client'
import { experimentDaily, experiments } from '../../db/schema'
import { decideExperiment, type ExperimentDecision, type VariantCounts } from '../../domain/experiments/stats'

export type ExperimentRow = typeof experiments.$inferSelect

const NONE: VariantCounts = { visitors: 0, conversions: 0 }

/** A stored decision in words, for when later counts would say otherwise. */
const DECIDED = {
  challenger_wins: 'The challenger converted better',
  control_wins: 'The live version converted better',
  no_difference: 'There was no difference worth acting on',
} as const

const storedDecision = (value: string | null): Exclude<ExperimentDecision, 'collecting'> | null =>
  value !== null && value in DECIDED ? (value as keyof typeof DECIDED) : null

/** Visitors and conversions per variant of each experiment, summed over its days. */
async function countsOf(db: DbOrTx, ids: number[]) {
  const byId = new Map<number, { control: VariantCounts; challenger: VariantCounts }>()
  if (ids.length === 0) return byId
  const rows = await db
    .select({
      id: experimentDaily.experimentId,
      variant: experimentDaily.variant,
      visitors: sql<number>`sum(${experimentDaily.visitors})::int`,
      conversions: sql<number>`sum(${experimentDaily.conversions})::int`,
    })
    .from(experimentDaily)
    .where(inArray(experimentDaily.experimentId, ids))
    .groupBy(experimentDaily.experimentId, experimentDaily.variant)
  for (const r of rows) {
    const known = byId.get(r.id) ?? { control: NONE, challenger: NONE }
    known[r.variant] = { visitors: r.visitors, conversions: r.conversions }
    byId.set(r.id, known)
  }
  return byId
}

/**
 * Experiments as the owner sees them: counts, rates with their intervals and the decision of
 * server/domain/experiments/stats.ts. The first time a decision other than collecting is seen, it
 * and its time are stored (`decided_at`), once, and shown from then on: the sequential test's
 * guarantee is about the first time it decides, so counts that come in later never turn a winner
 * into another verdict (they are still shown, with the rates).
 */
export async function experimentViews(deps: ApiDeps, rows: ExperimentRow[]): Promise<Experiment[]> {
  const { db } = deps.database
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  )
  return Promise.all(
    rows.map(async (row) => {
      const c = counts.get(row.id) ?? { control: NONE, challenger: NONE }
      const verdict = decideExperiment(c.control, c.challenger)
      let decidedAt = row.decidedAt
      let decision = storedDecision(row.decision) ?? verdict.decision
      if (!decidedAt && verdict.decision !== 'collecting') {
        // Whoever reads first stamps it; a concurrent reader gets the stamp already there.
        const [saved] = await db
          .update(experiments)
          .set({
            decidedAt: sql`coalesce(${experiments.decidedAt}, ${deps.clock()})`,
            decision: sql`coalesce(${experiments.decision}, ${verdict.decision})`,
          })
          .where(eq(experiments.id, row.id))
          .returning({ decidedAt: experiments.decidedAt, decision: experiments.decision })
        decidedAt = saved?.decidedAt ?? null
        decision = storedDecision(saved?.decision ?? null) ?? verdict.decision
      }
      const ended = row.status !== 'running'
      const reason =
        ended && decision === 'collecting'
          ? 'It ended before there were enough shoppers for a decision; its counts stay below.'
          : decision === verdict.decision
            ? verdict.reason
            : `${DECIDED[decision as keyof typeof DECIDED]} when it was decided${decidedAt ? ` on ${decidedAt.toISOString().slice(0, 10)}` : ''}; the counts since: ${verdict.reason}`
      const variant = (name: 'control' | 'challenger', version: number) => ({
        name,
        version,
        visitors: c[name].visitors,
        conversions: c[name].conversions,
        rate: verdict[name].rate,
        interval: verdict[name].interval,
      })
      return {
        id: row.id,
        status: row.status,
        control_version: row.controlVersion,
        challenger_version: row.challengerVersion,
        split: row.split,
        started_at: row.startedAt.toISOString(),
        stopped_at: row.stoppedAt?.toISOString() ?? null,
        stop_reason: row.status === 'stopped' ? (row.stopReason ?? 'owner') : null,
        variants: [variant('control', row.controlVersion), variant('challenger', row.challengerVersion)],
        decision,
        decided_at: decidedAt?.toISOString() ?? null,
        reason,
        more_visitors_needed:
          ended || decision !== 'collecting' || verdict.moreVisitorsNeeded === null ? null : Math.ceil(verdict.moreVisitorsNeeded),
      }
    }),
  )
}
