import { Link, useLocation } from '@remix-run/react'
import type { TaskDetail } from '../../server/contract/tasks'
import { CREDITS_PER_PAGE, DEFAULT_HIDE_WINDOW_MINUTES } from '../../server/domain/entitlements'
import { withParams } from '../lib/dialog-url'
import { hideWindowSentence } from '../lib/format-time'
import { useRootData } from '../lib/root-data'
import { ReadyTime } from './ReadyTime'

/** A free user's finished page inside the hide window: when it will show, and the way round it. */
export function HiddenPage({ readyAt }: { readyAt: string }) {
  const { pathname, search } = useLocation()
  const { user } = useRootData()
  return (
    <section className="card hidden-page" data-testid="hidden-page">
      <h2>
        Your page is ready at <ReadyTime iso={readyAt} />
      </h2>
      <p>{`${hideWindowSentence(user?.hide_window_minutes || DEFAULT_HIDE_WINDOW_MINUTES)} Pro shows them at once.`}</p>
      <Link to={withParams(pathname, search, { dialog: 'upgrade' })} preventScrollReset className="button button--primary">
        Upgrade to see it now
      </Link>
    </section>
  )
}

export function FailedPage({ task }: { task: TaskDetail }) {
  return (
    <section className="card" data-testid="failed-page">
      <h2>We couldn't make this page</h2>
      <p className="notice notice--error" data-testid="failure-reason">
        {task.failure_reason}
      </p>
      {task.refunded ? <p>{`Your ${CREDITS_PER_PAGE} credits were refunded.`}</p> : null}
    </section>
  )
}
