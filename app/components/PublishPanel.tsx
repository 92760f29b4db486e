import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import type { NextPublish, NextStep, Publication } from '~/.server/api'
import { usePolling } from '~/lib/use-polling'
import type { RefusalName } from '../../server/domain/entitlements'
import { denialFor } from '../../server/domain/permissions'
import { PUBLICATION_STATUS_LABELS } from '../../server/domain/shopify'
import { TASK_INTENT } from '../forms/intents'
import { PUBLICATION_INTENT } from '../forms/shopify'
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

/** How the page reaches shoppers, said to the owner (the label is the api's; the rest explains it). */
function methodText(p: Publication): string {
  switch (p.method) {
    case 'app_block':
      return 'Your theme’s Pagewright block shows it on the product page.'
    case 'template':
      return 'Pagewright’s product template shows it below your theme’s own buy box.'
    case 'description':
      return p.product_created
        ? 'The page is the description of the product Pagewright made.'
        : 'The page replaces the product’s description for now; your own description is kept and comes back when you unpublish.'
    case 'pending_block':
      return 'The page is in the product, but your theme’s product page has no Pagewright block yet, so shoppers do not see it.'
    default:
      return ''
  }
}

/**
 * Publishing a page into the owner's Shopify store, as plain forms: where it is live, by which way
 * (the Pagewright block, Pagewright's template, the description, or waiting for the block), what
 * to do for a better way, and the buttons that publish (again) or take it out. When the api would
 * refuse a publish (no slot left, a page still hidden, no room for another product) the same button
 * opens that refusal's dialog instead.
 */
export function PublishPanel({ sessionId, version, state }: { sessionId: string; version: number; state: PublishingState }) {
  const { pathname, search } = useLocation()
  const busy = useNavigation().state !== 'idle'
  const current = state.store ? state.publications.find((p) => p.store_id === state.store!.id) : undefined
  const working = current?.status === 'queued' || current?.status === 'publishing' || current?.status === 'unpublishing'
  usePolling(1500, working)
  const others = state.publications.filter((p) => p !== current && p.status === 'published' && p.live)

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
  const here = `${pathname}${search}`
  const Hidden = () => <input type="hidden" name="session_id" value={sessionId} />
  const refusal = state.next && !state.next.allowed && state.next.permission ? denialFor(state.next.permission as RefusalName) : null
  const publishButton = (label: string, primary = true) =>
    !refusal ? (
      <Form method="post" preventScrollReset>
        <Hidden />
        <input type="hidden" name="store_id" value={state.store!.id} />
        <button
          type="submit"
          name="intent"
          value={TASK_INTENT.publish}
          className={`button button--small${primary ? ' button--primary' : ''}`}
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
  /** A button of this publication (posted to /publications/{id}; back here afterwards). */
  const publicationButton = (p: Publication, intent: string, label: string, className = 'button button--small') => (
    <Form method="post" action={`/publications/${p.id}`} preventScrollReset className="publish-panel__inline">
      <input type="hidden" name="back" value={here} />
      <input type="hidden" name="store_id" value={p.store_id} />
      <button type="submit" name="intent" value={intent} className={className} disabled={busy || working}>
        {label}
      </button>
    </Form>
  )
  const step = (p: Publication, s: NextStep) => (
    <li key={s.kind} data-testid={`next-step-${s.kind}`}>
      <p className="small">{s.text}</p>
      {s.kind === 'add_app_block' && s.url ? (
        <a href={s.url} className="button button--small button--primary" target="_blank" rel="noreferrer" data-testid="add-block-link">
          Add the Pagewright block
        </a>
      ) : null}
      {s.kind === 'check_again' ? publishButton('Check again and publish', false) : null}
      {s.kind === 'allow_description' ? publicationButton(p, PUBLICATION_INTENT.allowDescription, 'Show it as the description') : null}
      {s.kind === 'retry_theme_files' ? publicationButton(p, PUBLICATION_INTENT.retryThemeFiles, 'Try theme files again') : null}
      {s.kind === 'approve_pixel' ? (
        <Link to={`/connect-shopify?shop=${encodeURIComponent(p.shop_domain)}`} className="button button--small button--primary">
          Reconnect and approve
        </Link>
      ) : null}
    </li>
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
            <strong>
              {current.status === 'published' && current.method === 'pending_block'
                ? 'Saved in your store, not shown yet'
                : PUBLICATION_STATUS_LABELS[current.status]}
            </strong>
            {current.status === 'published' && current.published_at ? (
              <>
                {' '}
                in {current.store_name ?? current.shop_domain} · <LocalTime iso={current.published_at} />
              </>
            ) : null}
            {current.status === 'failed' && current.failure_reason ? `: ${current.failure_reason}` : ''}
          </p>
          {current.status === 'published' && current.method_label ? (
            <p className="publish-panel__method" data-testid="publish-method" data-method={current.method}>
              <strong>{current.method_label}.</strong> {methodText(current)}
            </p>
          ) : null}
          {current.status === 'unpublished' ? (
            <p className="publish-panel__method" data-testid="publish-method" data-method="unpublished">
              {current.product_created
                ? 'The page is out of the store; the product Pagewright made is a draft now (nothing was deleted).'
                : 'The page is out of the store; the product has its own description and template back.'}
            </p>
          ) : null}
          {current.status === 'published' && current.failure_reason ? (
            <p className="notice small" data-testid="publish-failure">
              {current.failure_reason}
            </p>
          ) : null}
          {current.notice ? (
            <p className="notice small" data-testid="publish-notice">
              {current.notice}
            </p>
          ) : null}
          <div className="publish-panel__actions">
            {current.storefront_url ? (
              <a href={current.storefront_url} className="button button--small" target="_blank" rel="noreferrer" data-testid="live-link">
                View live page
              </a>
            ) : null}
            {current.status === 'published' && current.page_version < version ? publishButton('Publish your changes') : null}
            {current.status === 'failed' ? publishButton('Try again') : null}
            {current.status === 'unpublished' ? publishButton(`Publish to ${current.store_name ?? 'the store'} again`) : null}
          </div>
          {current.next_steps.length ? (
            <ol className="publish-panel__steps" data-testid="next-steps">
              {current.next_steps.map((s) => step(current, s))}
            </ol>
          ) : null}
          {current.status === 'published' ? (
            <div className="publish-panel__actions">
              {current.method === 'description' && current.description_allowed && !current.product_created
                ? publicationButton(
                    current,
                    PUBLICATION_INTENT.withdrawDescription,
                    'Give the product its own description back',
                    'button button--small button--ghost',
                  )
                : null}
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
            </div>
          ) : null}
          {current.can_unpublish
            ? publicationButton(
                current,
                PUBLICATION_INTENT.unpublish,
                'Unpublish',
                'button button--small button--ghost publish-panel__unpublish',
              )
            : null}
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
