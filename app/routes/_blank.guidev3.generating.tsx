import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/.server/auth'
import { httpError, orHttpError } from '~/.server/responses'
import { TaskProgress } from '~/components/TaskProgress'
import { ownerPagePath } from '~/lib/paths'
import { usePolling } from '~/lib/use-polling'
import { CREDITS_PER_PAGE } from '../../server/domain/plans'
import { TASK_STATUS } from '../../server/domain/task-status'
import { taskIdParam } from '../../server/domain/url-state'

export const meta: MetaFunction = () => [{ title: 'Generating your page · Pagewright' }]

/** Progress of one generation; lands on the outline or the page when it gets there. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context)
  const sessionId = taskIdParam(new URL(request.url).search)
  if (!sessionId) throw httpError(404, 'No page is being generated here.')
  const task = await orHttpError(api.tasks.get(sessionId))
  if (task.status === TASK_STATUS.outlineReady) throw redirect(`/guidev3/outline?session_id=${task.session_id}`)
  if (task.status === TASK_STATUS.completed) throw redirect(ownerPagePath(task.session_id))
  return json(task)
}

const REFRESH_SECONDS = 2

export default function Generating() {
  const task = useLoaderData<typeof loader>()
  const failed = task.status === TASK_STATUS.failed
  usePolling(600, !failed)
  return (
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
  )
}
