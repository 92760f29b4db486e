import { PageAnalytics } from '../charts/PageAnalytics'
import { ExperimentPanel, type ChallengerChoice } from './ExperimentPanel'
import type { AnalyticsDay, Experiment } from './types'

export interface Insights {
  allowed: boolean
  experiment: Experiment | null
  choices: ChallengerChoice[]
  days: AnalyticsDay[]
}

/** The page view's band under the toolbar: the experiment panel beside the page's analytics. */
export function PageInsights(props: { sessionId: string; editHref: string; insights: Insights; startError?: string | null }) {
  const { allowed, experiment, choices, days } = props.insights
  return (
    <div className="insights">
      <ExperimentPanel
        sessionId={props.sessionId}
        allowed={allowed}
        experiment={experiment}
        choices={choices}
        editHref={props.editHref}
        startError={props.startError}
      />
      <PageAnalytics days={days} experiment={experiment} />
    </div>
  )
}
