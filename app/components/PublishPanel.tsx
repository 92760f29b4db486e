import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import type { NextPublish, Publication } from '~/.server/api'
import { usePolling } from '~/lib/use-polling'
import type { RefusalName } from '../../server/domain/entitlements'
import { denialFor } from '../../server/domain/permissions'
import { PUBLICATION_STATUS_LABELS } from '../../server/domain/shopify'
import { TASK_INTENT } from '../forms/intents'
import { withParams } from '../lib/dialog-url'
import { LocalTime } from './LocalTime'

export interface PublishingState {
  store: { id: number; name: string; status: string } | null
  publications: Publication[]
  /** What Publish answers now (the api's decision for this page and the current store). */
  next: NextPublish
  /** A free account's publish slots left; null for Pro. */
  slots: number | null
}

const REFRESH_SECONDS = 3

/**
 * Publishing a page into the owner's Shopify store, as plain forms: where it is live, how it went,
 * and the one button that publishes (again). When the api would refuse (no slot left, a page still
 * hidden, no room for another product) the same button opens that refusal's dialog instead.
 */
export function PublishPanel({ sessionId, version, state }: { sessionId: string; version: number; state: PublishingState }) {
  const { pathname, search } = useLocation()
  const busy = useNavigation().state !== 'idle'
  const current = state.store ? state.publications.find((p) => p.store_id === state.store!.id) : undefined
  const working = current?.status === 'queued' || current?.status === 'publishing'
  usePolling(1500, working)
  const others = state.publications.filter((p) => p !== current && p.status === 'published')

  if (!state.store) {
    return (
      <div className="publish-panel" data-testid="publish-panel">
        <p className="publish-panel__text">Put this page in your Shopify store: connect the store first.</p>
        <Link to="/connect-shopify" className="button button--small button--primary">
          Connect a store
        </Link>
      </div>
    )
  }
  const Hidden = () => <input type="hidden" name="session_id" value={sessionId} />
  const refusal = state.next && !state.next.allowed && state.next.permission ? denialFor(state.next.permission as RefusalName) : null
  const publishButton = (label: string) =>
    !refusal ? (
      <Form method="post" preventScrollReset>
        <Hidden />
        <input type="hidden" name="store_id" value={state.store!.id} />
        <button
          type="submit"
          name="intent"
          value={TASK_INTENT.publish}
          className="button button--small button--primary"
          disabled={busy || working}
        >
          {label}
        </button>
      </Form>
    ) : (
      <Link
        to={withParams(pathname, search, refusal.dialog === 'refer' ? { dialog: 'refer' } : { dialog: 'upgrade', reason: refusal.reason })}
        preventScrollReset
        className="button button--small button--primary"
        title={state.next?.message ?? undefined}
      >
        {label}
      </Link>
    )
  return (
    <div className="publish-panel" data-testid="publish-panel" aria-live="polite">
      {working ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      {state.store.status !== 'connected' ? (
        <p className="publish-panel__text">
          Pagewright can’t reach {state.store.name} right now. <Link to="/stores">Reconnect it on the Stores page</Link>.
        </p>
      ) : !current ? (
        <>
          <p className="publish-panel__text">
            Not published yet.
            {state.next?.allowed && state.next.spends_slot && state.slots !== null
              ? ` Publishing uses one of your publish slots (${state.slots} left).`
              : ''}
            {state.next && !state.next.allowed && state.next.message ? ` ${state.next.message}` : ''}
          </p>
          {publishButton(`Publish to ${state.store.name}`)}
        </>
      ) : (
        <>
          <p className="publish-panel__text" data-testid="publish-status">
            <strong>{PUBLICATION_STATUS_LABELS[current.status]}</strong>
            {current.status === 'published' && current.published_at ? (
              <>
                {' '}
                in {current.store_name ?? current.shop_domain} · <LocalTime iso={current.published_at} />
              </>
            ) : null}
            {current.status === 'failed' && current.failure_reason ? `: ${current.failure_reason}` : ''}
          </p>
          {current.storefront_url ? (
            <a href={current.storefront_url} className="button button--small" target="_blank" rel="noreferrer" data-testid="live-link">
              View live page
            </a>
          ) : null}
          {current.status === 'published' && current.page_version < version ? publishButton('Publish your changes') : null}
          {current.status === 'failed' ? publishButton('Try again') : null}
          {current.status === 'published' && current.method !== 'template' && current.theme_editor_url ? (
            <p className="publish-panel__hint small">
              Shoppers see this page as the product description. For the full design on every theme, add the “Pagewright page” block once:{' '}
              <a href={current.theme_editor_url} target="_blank" rel="noreferrer">
                open the theme editor
              </a>
              .
            </p>
          ) : null}
          {current.status === 'published' ? (
            <Form method="post" preventScrollReset className="publish-panel__template">
              <Hidden />
              <button
                type="submit"
                name="intent"
                value={TASK_INTENT.publishTemplate}
                className="button button--small button--ghost"
                disabled={busy}
              >
                Use this design for every page in {current.store_name ?? 'this store'}
              </button>
            </Form>
          ) : null}
        </>
      )}
      {others.length ? (
        <p className="muted small">
          Also live in:{' '}
          {others.map((p, i) => (
            <span key={p.id}>
              {i ? ', ' : ''}
              {p.storefront_url ? (
                <a href={p.storefront_url} target="_blank" rel="noreferrer">
                  {p.store_name ?? p.shop_domain}
                </a>
              ) : (
                (p.store_name ?? p.shop_domain)
              )}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  )
}
