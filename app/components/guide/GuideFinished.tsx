import { Form, Link, useLocation } from '@remix-run/react'
import { useState } from 'react'
import type { GuideFinish } from '~/.server/ui-flags'
import { TASK_INTENT } from '~/forms/intents'
import { withParams } from '~/lib/dialog-url'
import { connectShopifyPath, ownerPagePath } from '~/lib/paths'
import { sharePath } from '../../../server/domain/share'

interface Props {
  /** What the loader said (once: it spends the flag). */
  finish: GuideFinish | null
  sessionId: string
  /** The publishing panel's state: null while the page is not shown yet. */
  publishing: { store: { name: string } | null } | null
  /** Share links are Pro's: a free owner is offered the shopper's view instead (never a prompt that upgrades). */
  canShare: boolean
}

/**
 * A page a guide just made: what to do next (share, publish, plans), shown once. The loader spends
 * the flag, so a reload shows nothing; the first answer is kept while this view stays open, as
 * polling and the minute's refresh ask the loader again.
 */
export function GuideFinished({ finish, sessionId, publishing, canShare }: Props) {
  const [shown] = useState(finish ? { finish, sessionId } : null)
  const { pathname, search } = useLocation()
  if (!shown || shown.sessionId !== sessionId) return null
  return (
    <section className="card guide-finished" data-testid="guide-finished" aria-labelledby="guide-finished-title">
      <h2 id="guide-finished-title">{heading(shown.finish, !!publishing)}</h2>
      <p className="muted">Next steps:</p>
      <ol className="guide-finished-steps">
        <li>
          {canShare ? (
            <>
              <Form method="post">
                <input type="hidden" name="session_id" value={sessionId} />
                <button type="submit" name="intent" value={TASK_INTENT.share} className="button button--small">
                  Get its share link
                </button>
              </Form>{' '}
              and send it to anyone: shoppers open it without an account.
            </>
          ) : publishing ? (
            <>
              <a href={sharePath(sessionId)} target="_blank" rel="noreferrer">
                See it as shoppers will
              </a>
              : your price, your buy button, no supplier.
            </>
          ) : (
            'Look it over once it shows here, and change anything in the editor.'
          )}
        </li>
        <li>
          {!publishing ? (
            'Publish it into your Shopify store once it shows here.'
          ) : publishing.store ? (
            `Publish it into ${publishing.store.name} with “Publish to ${publishing.store.name}” above.`
          ) : (
            <>
              <Link to={connectShopifyPath(ownerPagePath(sessionId))}>Connect your Shopify store</Link> to publish it there.
            </>
          )}
        </li>
        <li>
          <Link to={withParams(pathname, search, { dialog: 'upgrade' })} preventScrollReset>
            See plans
          </Link>{' '}
          — Pro shows new pages at once, shares and publishes without limits.
        </li>
      </ol>
    </section>
  )
}

/** "Ready" only once the owner can see it: a free page still in its wait is "made" (its time is below). */
function heading(finish: GuideFinish, shown: boolean) {
  const state = shown ? 'ready' : 'made'
  return finish === 'firstPage' ? `Your first page is ${state}` : `Your page is ${state}`
}
