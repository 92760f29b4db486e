import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { env } from '~/.server/env'
import { handleTaskAction } from '~/.server/task-actions'
import { viewerPageHeaders, loadTaskList, withLoaderHeaders } from '~/.server/task-lists'
import { TaskList } from '~/components/TaskList'
import { usePolling } from '~/lib/use-polling'
import { shareDecision } from '../../server/domain/entitlements'
import { isRunning } from '../../server/domain/task-status'

export const meta: MetaFunction = () => [{ title: 'Latest pages · Pagewright' }]

/** Newest first, including pages still being made. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const list = await loadTaskList(request, context, 'latest')
  return json(
    { ...list, canShare: shareDecision(list.user).allowed, publicUrl: env().publicUrl },
    {
      headers: viewerPageHeaders(
        request,
        list.user,
        list.waiting.map((w) => w.hidden_until),
      ),
    },
  )
}

export const headers: HeadersFunction = withLoaderHeaders

export const action = ({ request, context }: ActionFunctionArgs) => handleTaskAction(request, context)

export default function Latest() {
  const data = useLoaderData<typeof loader>()
  const running = data.items.some((t) => isRunning(t.status))
  usePolling(2000, running)
  return (
    <>
      <div className="page-head">
        <h1>Latest pages</h1>
        <Link to="/generate" className="button button--primary">
          New page
        </Link>
      </div>
      {running ? (
        <noscript>
          <p className="muted small">
            Pages are still being written. <a href="/latest">Refresh</a> to see them.
          </p>
        </noscript>
      ) : null}
      <TaskList {...data} />
    </>
  )
}
