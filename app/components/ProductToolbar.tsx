import { Form, Link, useLocation } from '@remix-run/react'
import type { TaskDetail } from '../../server/contract/tasks'
import { CREDITS_PER_PAGE } from '../../server/domain/entitlements'
import { SECTION_LABELS } from '../../server/domain/page/section-types'
import { sharePath } from '../../server/domain/share'
import { REWRITE_INSTRUCTION_MAX } from '../../server/domain/task-input'
import { DATA_STATUS } from '../../server/domain/task-status'
import { TASK_INTENT } from '../forms/intents'
import { withParams } from '../lib/dialog-url'
import { useHydrated } from '../lib/use-hydrated'
import { PublishPanel, type PublishingState } from './PublishPanel'
import { CopyButton } from './ui/CopyButton'

interface Props {
  task: TaskDetail
  shareUrl: string
  canShare: boolean
  /** Free users are offered Pro instead (reference §6.8: making a page private). */
  canMakePrivate: boolean
  /** Showing the page in the public gallery (/trending) is sharing it: Pro's, and only by the owner's choice. */
  canListInGallery: boolean
  /** v2 puts the rewrite form beside each section instead. */
  withRewrite?: boolean
  /** The page editor, offered once there is a page. */
  editHref: string
  /** Publishing into the owner's store (null before there is a page). */
  publishing: PublishingState | null
}

const Hidden = ({ id }: { id: string }) => <input type="hidden" name="session_id" value={id} />

/** The product view's actions; each is a plain form (JS only adds copy-to-clipboard). */
export function ProductToolbar({
  task,
  shareUrl,
  canShare,
  canMakePrivate,
  canListInGallery,
  withRewrite = true,
  editHref,
  publishing,
}: Props) {
  const hydrated = useHydrated()
  const { pathname, search } = useLocation()
  const sections = task.page?.sections ?? []
  return (
    <div className="toolbar" data-testid="toolbar">
      <div className="toolbar-row">
        <Link to="/" className="button button--ghost button--small">
          ← My pages
        </Link>
        <p className="toolbar-title">{task.title ?? 'Your page'}</p>
        {task.page ? (
          <Link to={editHref} className="button button--primary button--small">
            Edit page
          </Link>
        ) : null}
        <Form method="post">
          <Hidden id={task.session_id} />
          <button
            type="submit"
            name="intent"
            value={task.is_favorite ? TASK_INTENT.unfavorite : TASK_INTENT.favorite}
            className="icon-button"
            aria-pressed={task.is_favorite}
            aria-label={task.is_favorite ? 'Remove from favourites' : 'Add to favourites'}
          >
            {task.is_favorite ? '★' : '☆'}
          </button>
        </Form>
      </div>
      <div className="toolbar-row toolbar-actions">
        {/* Regenerating spends credits: the editor asks first, naming the cost. */}
        <Link
          to={`${editHref}?confirm=regenerate#regenerate`}
          className="button button--small"
        >{`Regenerate (${CREDITS_PER_PAGE} credits)`}</Link>
        {canShare && hydrated ? (
          <span className="share-inline">
            <input
              className="input input--small"
              readOnly
              value={shareUrl}
              aria-label="Share link"
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={shareUrl} />
          </span>
        ) : (
          <Form method="post">
            <Hidden id={task.session_id} />
            <button type="submit" name="intent" value={TASK_INTENT.share} className="button button--small">
              Share link
            </button>
          </Form>
        )}
        {task.is_public ? (
          !canMakePrivate ? (
            <Link
              to={withParams(pathname, search, { dialog: 'upgrade', reason: 'private' })}
              preventScrollReset
              className="button button--small"
              data-testid="visibility"
            >
              Public · Make private
            </Link>
          ) : (
            <Form method="post">
              <Hidden id={task.session_id} />
              <button type="submit" name="intent" value={TASK_INTENT.makePrivate} className="button button--small" data-testid="visibility">
                Public · Make private
              </button>
            </Form>
          )
        ) : (
          <Form method="post">
            <Hidden id={task.session_id} />
            <button type="submit" name="intent" value={TASK_INTENT.makePublic} className="button button--small" data-testid="visibility">
              Private · Make public
            </button>
          </Form>
        )}
        {task.is_public && task.page ? (
          task.in_gallery ? (
            <Form method="post">
              <Hidden id={task.session_id} />
              <button
                type="submit"
                name="intent"
                value={TASK_INTENT.hideFromGallery}
                className="button button--small"
                data-testid="gallery"
              >
                In the gallery · Remove
              </button>
            </Form>
          ) : canListInGallery ? (
            <Form method="post">
              <Hidden id={task.session_id} />
              <button type="submit" name="intent" value={TASK_INTENT.showInGallery} className="button button--small" data-testid="gallery">
                Show in the gallery
              </button>
            </Form>
          ) : (
            <Link
              to={withParams(pathname, search, { dialog: 'upgrade', reason: 'share' })}
              preventScrollReset
              className="button button--small"
              data-testid="gallery"
            >
              Show in the gallery
            </Link>
          )
        ) : null}
        {task.is_public && task.page ? (
          <a href={sharePath(task.session_id)} className="button button--small button--ghost" target="_blank" rel="noreferrer">
            View as shopper
          </a>
        ) : null}
        <Form method="post">
          <Hidden id={task.session_id} />
          <button
            type="submit"
            name="intent"
            value={task.data_status === DATA_STATUS.archived ? TASK_INTENT.unarchive : TASK_INTENT.archive}
            className="button button--small button--ghost"
          >
            {task.data_status === DATA_STATUS.archived ? 'Restore' : 'Archive'}
          </button>
        </Form>
      </div>
      {withRewrite && sections.length ? (
        <Form method="post" className="toolbar-row rewrite-form">
          <Hidden id={task.session_id} />
          <label htmlFor="rewrite-section" className="small">
            Rewrite
          </label>
          <select id="rewrite-section" name="section_id" className="input input--small">
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {`${SECTION_LABELS[s.type]}: ${'heading' in s ? s.heading : ''}`.slice(0, 60)}
              </option>
            ))}
          </select>
          <input
            name="instruction"
            className="input input--small"
            placeholder="How? e.g. shorter, more playful"
            maxLength={REWRITE_INSTRUCTION_MAX}
            aria-label="Instruction"
          />
          <button type="submit" name="intent" value={TASK_INTENT.rewrite} className="button button--small">
            Rewrite section
          </button>
        </Form>
      ) : null}
      {publishing ? <PublishPanel sessionId={task.session_id} version={task.page_version} state={publishing} /> : null}
      {task.note ? <p className="muted small">{task.note}</p> : null}
    </div>
  )
}
