import type { VariantAngle } from '../../../server/domain/page/variants'
import { PageAnalytics } from '../charts/PageAnalytics'
import { ExperimentPanel, type ChallengerChoice } from './ExperimentPanel'
import type { AnalyticsDay, Experiment } from './types'

export interface Insights {
  allowed: boolean
  experiment: Experiment | null
  choices: ChallengerChoice[]
  days: AnalyticsDay[]
  angles: VariantAngle[]
}

/** What the page view's action answered the panel's forms with (a 400 shown at its form). */
const formError = (actionData: unknown, key: 'experimentError' | 'variantError'): string | null => {
  if (!actionData || typeof actionData !== 'object' || !(key in actionData)) return null
  const value = (actionData as Record<string, unknown>)[key]
  return typeof value === 'string' ? value : null
}

/** The page view's band under the toolbar: the experiment panel beside the page's analytics. */
export function PageInsights(props: { sessionId: string; editHref: string; insights: Insights; actionData?: unknown }) {
  const { allowed, experiment, choices, days, angles } = props.insights
  return (
    <div className="insights">
      <ExperimentPanel
        sessionId={props.sessionId}
        allowed={allowed}
        experiment={experiment}
        choices={choices}
        angles={angles}
        editHref={props.editHref}
        startError={formError(props.actionData, 'experimentError')}
        variantError={formError(props.actionData, 'variantError')}
      />
      <PageAnalytics days={days} experiment={experiment} />
    </div>
  )
}
