import { Link, useLoaderData } from '@remix-run/react'
import type { loadGeneration } from '~/.server/guide'
import { TaskProgress } from '~/components/TaskProgress'
import { usePolling } from '~/lib/use-polling'
import { CREDITS_PER_PAGE } from '../../../server/domain/entitlements'
import { TASK_STATUS } from '../../../server/domain/task-status'
import { GuideSteps } from './GuideSteps'

const REFRESH_SECONDS = 2

/** Progress of one generation (the last step of every guide, and /generate's): it moves on by itself. */
export function GenerationView() {
  const { task, progress } = useLoaderData<typeof loadGeneration>()
  const failed = task.status === TASK_STATUS.failed
  usePolling(600, !failed)
  return (
    <div className="guide">
      {progress ? <GuideSteps progress={progress} /> : null}
      <section className="card generating-card" aria-live="polite">
        {/* Without JS the page refreshes itself until the page is done. */}
        {!failed ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
          </noscript>
        ) : null}
        <h1>{failed ? "We couldn't make this page" : 'Generating your page'}</h1>
        {task.url ? <p className="muted small break">{task.url}</p> : null}
        {failed ? (
          <>
            <p className="notice notice--error" data-testid="failure-reason">
              {task.failure_reason}
            </p>
            {task.refunded ? <p data-testid="refund">{`Your ${CREDITS_PER_PAGE} credits were refunded.`}</p> : null}
            <p className="actions-row">
              <Link to="/generate" className="button button--primary">
                Try another link
              </Link>
              <Link to="/latest" className="button">
                Your pages
              </Link>
            </p>
          </>
        ) : (
          <>
            <TaskProgress flow={task.flow} status={task.status} step={task.step} />
            <p className="muted small">This usually takes a few seconds. You can leave this page; the page will appear under Latest.</p>
          </>
        )}
      </section>
    </div>
  )
}
