import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { env } from '~/.server/env'
import { landingForVisitors } from '~/.server/landing'
import { handleTaskAction } from '~/.server/task-actions'
import { viewerPageHeaders, loadTaskList, withLoaderHeaders, type ListView } from '~/.server/task-lists'
import { TaskList } from '~/components/TaskList'
import { shareDecision } from '../../server/domain/entitlements'

export const meta: MetaFunction = () => [{ title: 'My pages · Pagewright' }]

const VIEWS: { view: ListView; label: string }[] = [
  { view: 'all', label: 'All' },
  { view: 'favorites', label: 'Favourites' },
  { view: 'archived', label: 'Archived' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await landingForVisitors(request, context)
  const v = new URL(request.url).searchParams.get('view')
  const view: ListView = v === 'favorites' || v === 'archived' ? v : 'all'
  const list = await loadTaskList(request, context, view)
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

export default function MyPages() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <div className="page-head">
        <h1>My pages</h1>
        <Link to="/generate" className="button button--primary">
          New page
        </Link>
      </div>
      <nav className="tabs" aria-label="Views">
        {VIEWS.map((t) => (
          <Link key={t.view} to={t.view === 'all' ? '/' : `/?view=${t.view}`} aria-current={data.view === t.view ? 'page' : undefined}>
            {t.label}
          </Link>
        ))}
      </nav>
      <TaskList {...data} />
    </>
  )
}
