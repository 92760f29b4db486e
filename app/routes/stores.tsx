import { parseWithZod } from '@conform-to/zod/v4'
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import type { ShopifyStore } from '~/.server/api'
import { apiFailure } from '~/.server/api-failure'
import { requireUser } from '~/.server/auth'
import { denialFromApi, redirectToDialog } from '~/.server/denials'
import { flashAndRedirect } from '~/.server/shopify-connect'
import { LocalTime } from '~/components/LocalTime'
import { Logo } from '~/components/ui/Logo'
import { STORE_INTENT } from '~/forms/shopify'
import { storeActionSchema } from '~/forms/shopify.server'
import { usePolling } from '~/lib/use-polling'
import storesCss from '~/styles/stores.css?url'
import { uploadThemeDecision } from '../../server/domain/entitlements'
import { STORE_STATUS_LABELS } from '../../server/domain/shopify'

export const meta: MetaFunction = () => [{ title: 'Stores · Pagewright' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: storesCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context)
  const stores = await api.stores.list()
  const q = new URL(request.url).searchParams
  return json({
    ...stores,
    canUploadTheme: uploadThemeDecision(user).allowed,
    confirmDisconnect: Number(q.get('disconnect')) || null,
    atLimit: stores.store_limit !== null && stores.items.length >= stores.store_limit,
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context)
  const submission = parseWithZod(await request.formData(), { schema: storeActionSchema })
  if (submission.status !== 'success') return json({ error: 'Choose a store and an action.' }, { status: 400 })
  const { intent, store_id: id, confirm } = submission.value
  try {
    switch (intent) {
      case STORE_INTENT.current: {
        const list = await api.stores.setCurrent(id)
        const store = list.items.find((s) => s.id === id)
        return flashAndRedirect(request, '/stores', `You are working in ${store?.name ?? store?.shop_domain ?? 'this store'}.`)
      }
      case STORE_INTENT.sync:
        await api.stores.sync(id)
        return flashAndRedirect(request, '/stores', 'Syncing the products now.', 'info')
      case STORE_INTENT.disconnect:
        // Destructive: the screen asks first (works without JS: a second form with confirm=yes).
        if (confirm !== 'yes') return redirect(`/stores?disconnect=${id}#store-${id}`)
        await api.stores.disconnect(id)
        return flashAndRedirect(request, '/stores', 'The store was disconnected. Your pages are still here.')
      case STORE_INTENT.retryThemeFiles: {
        const { republished } = await api.stores.retryThemeFiles(id)
        return flashAndRedirect(
          request,
          `/stores#store-${id}`,
          `Pagewright will ask Shopify again for its theme files${republished ? ` and publish ${republished} ${republished === 1 ? 'page' : 'pages'} again` : ''}.`,
          'info',
        )
      }
      case STORE_INTENT.uploadTheme: {
        const theme = await api.stores.uploadTheme(id)
        return flashAndRedirect(
          request,
          '/stores',
          `The Pagewright theme is in your store, unpublished. Preview and publish it in Shopify: ${theme.editor_url}`,
        )
      }
    }
  } catch (error) {
    const denial = denialFromApi(error)
    if (denial) return redirectToDialog(request, denial, {}, '/stores')
    const failure = apiFailure(error, "We couldn't reach Pagewright's store service. Please try again in a moment.")
    return flashAndRedirect(request, `/stores#store-${id}`, failure.message, 'error')
  }
}

const REFRESH_SECONDS = 3

export default function Stores() {
  const data = useLoaderData<typeof loader>()
  const syncing = data.items.some((s) => s.sync.status === 'queued' || s.sync.status === 'running')
  usePolling(1500, syncing)
  return (
    <main className="stores-page">
      {syncing ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <header className="stores-header">
        <Link to="/" aria-label="Pagewright home">
          <Logo />
        </Link>
        <nav aria-label="Pagewright">
          <Link to="/products">Products</Link>
          <Link to="/latest">My pages</Link>
        </nav>
      </header>
      <section className="stores-body">
        <div className="stores-title">
          <h1>Your stores</h1>
          {data.atLimit ? (
            <Link to="/stores?dialog=upgrade&reason=stores" className="button button--primary">
              Add Store
            </Link>
          ) : (
            <Link to="/connect-shopify" className="button button--primary">
              Add Store
            </Link>
          )}
        </div>
        {data.store_limit !== null ? (
          <p className="muted small">The free plan connects {data.store_limit} store; Pro connects as many as you like.</p>
        ) : null}
        {data.items.length === 0 ? (
          <div className="empty-state">
            <h2>No store connected yet</h2>
            <p>Connect your Shopify store to make pages from its products and publish them into it.</p>
            <Link to="/connect-shopify" className="button button--primary">
              Connect a store
            </Link>
          </div>
        ) : (
          <ul className="store-list">
            {data.items.map((store) => (
              <StoreCard
                key={store.id}
                store={store}
                canUploadTheme={data.canUploadTheme}
                confirming={data.confirmDisconnect === store.id}
              />
            ))}
          </ul>
        )}
      </section>
    </main>
  )
}

function SyncText({ sync: s }: { sync: ShopifyStore['sync'] }) {
  if (s.status === 'queued') return <>Sync waiting to start…</>
  if (s.status === 'running') return <>{`Syncing: ${s.done}${s.total !== null ? ` of ${s.total}` : ''} products…`}</>
  if (s.status === 'failed') return <>{`Sync stopped: ${s.error ?? 'unknown reason'}`}</>
  if (s.last_sync_at)
    return (
      <>
        Synced <LocalTime iso={s.last_sync_at} />
      </>
    )
  return <>Not synced yet</>
}

/** How pages published here reach shoppers, and the one thing to do for the best way. */
function PublishingWay({ store }: { store: ShopifyStore }) {
  const p = store.publishing
  const busy = useNavigation().state !== 'idle'
  return (
    <div className="small store-card__publishing" data-testid="store-publishing">
      <p>
        {p.app_block
          ? 'Pages show through the Pagewright block in your live theme.'
          : p.theme_files === 'allowed'
            ? 'Pages show with Pagewright’s product template.'
            : 'Pages show once the Pagewright block is on your theme’s product page.'}{' '}
        {p.app_block ? null : (
          <a href={p.add_app_block_url} target="_blank" rel="noreferrer">
            Add the block in the theme editor
          </a>
        )}
      </p>
      {p.experiment_events ? null : (
        <p>
          {store.kind === 'custom' ? (
            'Experiments show both versions here, but a custom app has no web pixel: only shared pages count shoppers.'
          ) : (
            <>
              To count this store’s shoppers in experiments, Pagewright needs its web pixel allowed:{' '}
              <Link to={`/connect-shopify?shop=${encodeURIComponent(store.shop_domain)}`}>Reconnect</Link> and approve it.
            </>
          )}
        </p>
      )}
      {p.theme_files === 'refused' ? (
        <Form method="post" className="inline-form">
          <input type="hidden" name="store_id" value={store.id} />
          Shopify does not let Pagewright write theme files here (an exemption Shopify grants to few apps).{' '}
          <button
            type="submit"
            name="intent"
            value={STORE_INTENT.retryThemeFiles}
            className="button button--small button--ghost"
            disabled={busy}
          >
            Try theme files again
          </button>
        </Form>
      ) : null}
    </div>
  )
}

function StoreCard({ store, canUploadTheme, confirming }: { store: ShopifyStore; canUploadTheme: boolean; confirming: boolean }) {
  const busy = useNavigation().state !== 'idle'
  const Hidden = () => <input type="hidden" name="store_id" value={store.id} />
  return (
    <li className={`store-card${store.is_current ? ' store-card--current' : ''}`} id={`store-${store.id}`} data-testid="store-card">
      <div className="store-card__head">
        <div>
          <h2 className="store-card__name">
            {store.name ?? store.shop_domain}
            {store.is_demo ? <span className="badge">Demo</span> : null}
          </h2>
          <p className="muted small">{store.shop_domain}</p>
        </div>
        <p className={`status status--${store.status}`} data-testid="store-status">
          {STORE_STATUS_LABELS[store.status]}
        </p>
      </div>
      <p className="small" data-testid="sync-status" aria-live="polite">
        {store.product_count} {store.product_count === 1 ? 'product' : 'products'} · <SyncText sync={store.sync} />
        {store.sync.limited ? ' · the free plan’s product limit is reached' : ''}
      </p>
      {store.status === 'connected' ? <PublishingWay store={store} /> : null}
      {store.status === 'uninstalled' ? (
        <p className="notice small">
          Pagewright was uninstalled from this store. Reconnect it to publish again; its data is deleted 48 hours after the uninstall.
        </p>
      ) : null}
      {store.status === 'token_expired' ? (
        <p className="notice small">
          Pagewright’s access has ended. <Link to={`/connect-shopify?shop=${encodeURIComponent(store.shop_domain)}`}>Reconnect</Link>
        </p>
      ) : null}
      <div className="store-card__actions">
        {store.is_current ? (
          <span className="badge badge--current">Current store</span>
        ) : (
          <Form method="post">
            <Hidden />
            <button type="submit" name="intent" value={STORE_INTENT.current} className="button button--small" disabled={busy}>
              Work in this store
            </button>
          </Form>
        )}
        <Form method="post">
          <Hidden />
          <button
            type="submit"
            name="intent"
            value={STORE_INTENT.sync}
            className="button button--small"
            disabled={busy || store.status !== 'connected'}
          >
            Sync now
          </button>
        </Form>
        <a href={store.storefront_url} className="button button--small" target="_blank" rel="noreferrer">
          Open store
        </a>
        <a href={store.admin_url} className="button button--small" target="_blank" rel="noreferrer">
          Shopify admin
        </a>
        {canUploadTheme && store.status === 'connected' ? (
          <Form method="post">
            <Hidden />
            <button type="submit" name="intent" value={STORE_INTENT.uploadTheme} className="button button--small" disabled={busy}>
              Upload theme
            </button>
          </Form>
        ) : (
          <Link to="/stores?dialog=upgrade&reason=upload_theme" className="button button--small">
            Upload theme
          </Link>
        )}
        <Form method="post">
          <Hidden />
          <button
            type="submit"
            name="intent"
            value={STORE_INTENT.disconnect}
            className="button button--small button--danger"
            disabled={busy}
          >
            Disconnect
          </button>
        </Form>
      </div>
      {confirming ? (
        <Form method="post" className="confirm-box" role="alertdialog" aria-labelledby={`confirm-${store.id}`}>
          <p id={`confirm-${store.id}`}>
            Disconnect {store.name ?? store.shop_domain}? Pagewright forgets its tokens and synced products. Your pages stay, and pages
            already published stay in the store.
          </p>
          <Hidden />
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" name="intent" value={STORE_INTENT.disconnect} className="button button--danger" disabled={busy}>
            Yes, disconnect
          </button>{' '}
          <Link to="/stores" className="button">
            Keep it
          </Link>
        </Form>
      ) : null}
    </li>
  )
}
