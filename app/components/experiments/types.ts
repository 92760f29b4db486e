/**
 * The experiments and analytics api's answers (server/contract/experiments.ts), as the web reads
 * them. Rates are fractions: 0.031 is 3.1 %.
 */
import type { RouteOutput } from '../../../server/contract'
import type { analytics, Experiment } from '../../../server/contract/experiments'

export type { Experiment }
export type ExperimentDecision = Experiment['decision']
export type AnalyticsDay = RouteOutput<typeof analytics>['days'][number]
