import { Form, Link, useFetcher, useLocation } from '@remix-run/react'
import { ownerPagePath } from '~/lib/paths'
import type { TaskSummary, WaitingTask } from '../../server/contract/tasks'
import { DEFAULT_HIDE_WINDOW_MINUTES } from '../../server/domain/entitlements'
import { PLATFORM_NAMES, type Platform } from '../../server/domain/platforms'
import { sharePath, shareUrl } from '../../server/domain/share'
import { DATA_STATUS, isRunning, STATUS_LABELS, TASK_STATUS } from '../../server/domain/task-status'
import { TASK_INTENT } from '../forms/intents'
import { withParams } from '../lib/dialog-url'
import { hideWindowSentence } from '../lib/format-time'
import { useRootData } from '../lib/root-data'
import { useHydrated } from '../lib/use-hydrated'
import { conversionLabel } from './charts/format'
import { ReadyTime } from './ReadyTime'
import { CopyButton } from './ui/CopyButton'

export interface TaskListProps {
  items: TaskSummary[]
  view: 'all' | 'favorites' | 'archived' | 'latest'
  page: number
  pages: number
  hidden: { count: number; next_ready_at: string | null }
  /** Finished pages still inside the free-user hide window (title and time only). */
  waiting: WaitingTask[]
  /** The page whose share link is open (`?share=`): how the link is shown without JS. */
  sharing: string | null
  canShare: boolean
  publicUrl: string
}

/** Views that list pages the owner put there: a hidden page shows in them as waiting, not as absent. */
const showsWaiting = (view: TaskListProps['view']) => view === 'favorites' || view === 'archived'

const useHideWindowMinutes = () => useRootData().user?.hide_window_minutes || DEFAULT_HIDE_WINDOW_MINUTES
const cardAnchor = (sessionId: string) => `task-${sessionId}`

const fmtDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** The free-user hide window, said where the pages would be (reference §6.7). */
export function HiddenNotice({ hidden }: { hidden: TaskListProps['hidden'] }) {
  const { pathname, search } = useLocation()
  const minutes = useHideWindowMinutes()
  if (!hidden.count || !hidden.next_ready_at) return null
  return (
    <div className="notice notice--info hidden-notice" data-testid="hidden-notice">
      <p>
        {`${hidden.count === 1 ? 'Your new page' : `${hidden.count} new pages`} will appear here at `}
        <strong>
          <ReadyTime iso={hidden.next_ready_at} />
        </strong>
        . {hideWindowSentence(minutes)}
      </p>
      <Link to={withParams(pathname, search, { dialog: 'upgrade' })} preventScrollReset className="button button--primary button--small">
        Upgrade to see them now
      </Link>
    </div>
  )
}

/** Above waiting cards: why they wait, and the way round it. */
function WaitingNotice() {
  const { pathname, search } = useLocation()
  const minutes = useHideWindowMinutes()
  return (
    <div className="notice notice--info hidden-notice" data-testid="waiting-notice">
      <p>{hideWindowSentence(minutes)}</p>
      <Link to={withParams(pathname, search, { dialog: 'upgrade' })} preventScrollReset className="button button--primary button--small">
        Upgrade to see them now
      </Link>
    </div>
  )
}

export function TaskList(props: TaskListProps) {
  const { pathname, search } = useLocation()
  const waiting = showsWaiting(props.view) ? props.waiting : []
  const notice = waiting.length ? <WaitingNotice /> : showsWaiting(props.view) ? null : <HiddenNotice hidden={props.hidden} />
  if (props.items.length === 0 && waiting.length === 0) {
    return (
      <>
        {notice}
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
      {notice}
      <ul className="task-grid" data-testid="task-list">
        {waiting.map((t) => (
          <WaitingCard key={t.id} task={t} />
        ))}
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

function TaskCard({ task, canShare, publicUrl, sharing }: { task: TaskSummary } & TaskListProps) {
  const hydrated = useHydrated()
  const { pathname, search } = useLocation()
  const running = isRunning(task.status)
  const openHref =
    task.status === TASK_STATUS.completed ? ownerPagePath(task.session_id) : `/guidev3/generating?session_id=${task.session_id}`
  const share = shareUrl(publicUrl, task.session_id)
  // Buy clicks per visitor over the last 30 days; nothing before the first visitor.
  const conversion = conversionLabel(task.conversion_rate)
  return (
    <li className="task-card" data-testid="task-card" id={cardAnchor(task.session_id)}>
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
          {conversion ? (
            <span className="muted" data-testid="conversion">
              {conversion}
            </span>
          ) : null}
        </p>
        {task.status === TASK_STATUS.failed && task.failure_reason ? <p className="small error-text">{task.failure_reason}</p> : null}
      </div>
      <div className="task-actions">
        <FavoriteButton sessionId={task.session_id} isFavorite={task.is_favorite} />
        {task.status === TASK_STATUS.completed ? (
          !canShare ? (
            // Sharing is Pro (reference §6.8): the link opens the upgrade dialog, with or without JS.
            <Link
              to={withParams(pathname, search, { dialog: 'upgrade', reason: 'share' })}
              preventScrollReset
              className="button button--small"
              data-testid="share"
            >
              Share
            </Link>
          ) : hydrated ? (
            <CopyButton text={share} label="Share" className="button button--small" />
          ) : (
            // Without JS: a plain link that opens the share link on this card (see below).
            <Link
              to={`${withParams(pathname, search, { share: task.session_id })}#${cardAnchor(task.session_id)}`}
              className="button button--small"
              data-testid="share"
            >
              Share
            </Link>
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
      {canShare && sharing === task.session_id && task.status === TASK_STATUS.completed ? (
        <div className="share-inline task-share" data-testid="share-panel">
          <label className="small" htmlFor={`share-${task.session_id}`}>
            Share link
          </label>
          <input id={`share-${task.session_id}`} className="input input--small" readOnly value={share} />
          <a href={sharePath(task.session_id)} className="button button--small button--ghost" target="_blank" rel="noreferrer">
            Open
          </a>
          <Link
            to={withParams(pathname, search, { share: null })}
            className="button button--small button--ghost"
            aria-label="Close share link"
          >
            ×
          </Link>
        </div>
      ) : null}
    </li>
  )
}

/** A finished page still inside the hide window: its title and when it shows, and the owner's own actions. */
function WaitingCard({ task }: { task: WaitingTask }) {
  return (
    <li className="task-card task-card--waiting" data-testid="waiting-card" id={cardAnchor(task.session_id)}>
      <span className="task-thumb" aria-hidden="true">
        <span className="task-thumb-empty">✦</span>
      </span>
      <div className="task-body">
        <p className="task-title">{task.title ?? (task.url ? new URL(task.url).hostname : 'Pasted description')}</p>
        <p className="task-meta">
          <span className="status">Waiting</span>
          <span className="muted">
            Shows at <ReadyTime iso={task.hidden_until} />
          </span>
        </p>
      </div>
      <div className="task-actions">
        <FavoriteButton sessionId={task.session_id} isFavorite={task.is_favorite} />
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
      </div>
    </li>
  )
}

/** The star toggle of a card; optimistic: it shows the state being asked for while the request runs. */
function FavoriteButton({ sessionId, isFavorite: saved }: { sessionId: string; isFavorite: boolean }) {
  const fav = useFetcher()
  const pending = fav.formData?.get('intent')
  const isFavorite = pending ? pending === TASK_INTENT.favorite : saved
  return (
    <fav.Form method="post">
      <input type="hidden" name="session_id" value={sessionId} />
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
  )
}
