import { Form, Link, useFetcher, useLocation } from '@remix-run/react'
import type { TaskSummary } from '../../server/contract/tasks'
import { PLATFORM_NAMES, type Platform } from '../../server/domain/platforms'
import { shareUrl } from '../../server/domain/share'
import { DATA_STATUS, isRunning, STATUS_LABELS, TASK_STATUS } from '../../server/domain/task-status'
import { TASK_INTENT } from '../forms/intents'
import { withParams } from '../lib/dialog-url'
import { formatReadyTime } from '../lib/format-time'
import { useRootData } from '../lib/root-data'
import { useHydrated } from '../lib/use-hydrated'
import { CopyButton } from './ui/CopyButton'

export interface TaskListProps {
  items: TaskSummary[]
  view: 'all' | 'favorites' | 'archived' | 'latest'
  page: number
  pages: number
  hidden: { count: number; next_ready_at: string | null }
  canShare: boolean
  publicUrl: string
}

const fmtDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** The free-user hide window, said where the pages would be (spec §6). */
export function HiddenNotice({ hidden }: { hidden: TaskListProps['hidden'] }) {
  const { pathname, search } = useLocation()
  const { user } = useRootData()
  if (!hidden.count || !hidden.next_ready_at) return null
  return (
    <div className="notice notice--info hidden-notice" data-testid="hidden-notice">
      <p>
        {`${hidden.count === 1 ? 'Your new page' : `${hidden.count} new pages`} will appear here at `}
        <strong>{formatReadyTime(hidden.next_ready_at)}</strong>.{' '}
        {`Free accounts see new pages ${user?.hide_window_minutes ?? 0} minutes after they are made.`}
      </p>
      <Link to={withParams(pathname, search, { dialog: 'upgrade' })} preventScrollReset className="button button--primary button--small">
        Upgrade to see them now
      </Link>
    </div>
  )
}

export function TaskList(props: TaskListProps) {
  const { pathname, search } = useLocation()
  if (props.items.length === 0) {
    return (
      <>
        <HiddenNotice hidden={props.hidden} />
        <div className="card empty-state" data-testid="empty-list">
          <h2>{props.view === 'archived' ? 'Nothing archived' : props.view === 'favorites' ? 'No favourites yet' : 'No pages yet'}</h2>
          <p className="muted">
            {props.view === 'archived'
              ? 'Pages you archive are kept here.'
              : props.view === 'favorites'
                ? 'Mark a page with ☆ to find it here.'
                : 'Paste a product link and get a page in seconds.'}
          </p>
          {props.view === 'all' || props.view === 'latest' ? (
            <Link to="/generate" className="button button--primary">
              Generate a page
            </Link>
          ) : null}
        </div>
      </>
    )
  }
  return (
    <>
      <HiddenNotice hidden={props.hidden} />
      <ul className="task-grid" data-testid="task-list">
        {props.items.map((t) => (
          <TaskCard key={t.id} task={t} {...props} />
        ))}
      </ul>
      {props.pages > 1 ? (
        <nav className="pager" aria-label="Pages">
          {props.page > 1 ? <Link to={withParams(pathname, search, { page: String(props.page - 1) })}>← Newer</Link> : <span />}
          <span className="muted small">{`Page ${props.page} of ${props.pages}`}</span>
          {props.page < props.pages ? <Link to={withParams(pathname, search, { page: String(props.page + 1) })}>Older →</Link> : <span />}
        </nav>
      ) : null}
    </>
  )
}

function TaskCard({ task, canShare, publicUrl }: { task: TaskSummary } & TaskListProps) {
  const fav = useFetcher()
  const hydrated = useHydrated()
  // Optimistic: show the state being asked for while the request runs.
  const pending = fav.formData?.get('intent')
  const isFavorite = pending ? pending === TASK_INTENT.favorite : task.is_favorite
  const running = isRunning(task.status)
  const openHref =
    task.status === TASK_STATUS.completed ? `/product/${task.session_id}` : `/guidev3/generating?session_id=${task.session_id}`
  const share = shareUrl(publicUrl, task.session_id)
  return (
    <li className="task-card" data-testid="task-card">
      <Link to={openHref} className="task-thumb" aria-label={`Open ${task.title ?? 'page'}`}>
        {task.image ? (
          <img src={task.image} alt="" loading="lazy" width={320} height={240} />
        ) : (
          <span className="task-thumb-empty" aria-hidden="true">
            ✦
          </span>
        )}
      </Link>
      <div className="task-body">
        <Link to={openHref} className="task-title">
          {task.title ?? (task.url ? new URL(task.url).hostname : 'Pasted description')}
        </Link>
        <p className="task-meta">
          <span className={`status status--${task.status}`}>{STATUS_LABELS[task.status]}</span>
          <span className="muted">{fmtDate(task.created_at)}</span>
          {task.platform && task.platform !== 'generic' ? (
            <span className="muted">{PLATFORM_NAMES[task.platform as Platform] ?? task.platform}</span>
          ) : null}
        </p>
        {task.status === TASK_STATUS.failed && task.failure_reason ? <p className="small error-text">{task.failure_reason}</p> : null}
      </div>
      <div className="task-actions">
        <fav.Form method="post">
          <input type="hidden" name="session_id" value={task.session_id} />
          <button
            type="submit"
            name="intent"
            value={isFavorite ? TASK_INTENT.unfavorite : TASK_INTENT.favorite}
            className="icon-button"
            aria-pressed={isFavorite}
            aria-label={isFavorite ? 'Remove from favourites' : 'Add to favourites'}
          >
            {isFavorite ? '★' : '☆'}
          </button>
        </fav.Form>
        {task.status === TASK_STATUS.completed ? (
          hydrated && canShare ? (
            <CopyButton text={share} label="Share" className="button button--small" />
          ) : (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="session_id" value={task.session_id} />
              <button type="submit" name="intent" value={TASK_INTENT.share} className="button button--small">
                Share
              </button>
            </Form>
          )
        ) : null}
        {!running ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="session_id" value={task.session_id} />
            {task.data_status === DATA_STATUS.archived ? (
              <button type="submit" name="intent" value={TASK_INTENT.unarchive} className="button button--small button--ghost">
                Restore
              </button>
            ) : (
              <button type="submit" name="intent" value={TASK_INTENT.archive} className="button button--small button--ghost">
                Archive
              </button>
            )}
          </Form>
        ) : null}
      </div>
    </li>
  )
}
