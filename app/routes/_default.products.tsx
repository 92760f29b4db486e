import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { apiFailure } from '~/.server/api-failure'
import { requireUser } from '~/.server/auth'
import { denialFromApi, generateRefusal, redirectToDialog } from '~/.server/denials'
import { newOnceKey, onceKeyOf } from '~/.server/once-key'
import { backToForm, redirectWithToast } from '~/.server/responses'
import { CatalogCard } from '~/components/catalog/CatalogCard'
import { LocalTime } from '~/components/LocalTime'
import { CATALOG_INTENT } from '~/forms/catalog'
import { catalogActionSchema, catalogFilterSchema } from '~/forms/catalog.server'
import { formObject } from '~/forms/form-object'
import { usePolling } from '~/lib/use-polling'
import { generateDecision } from '../../server/domain/entitlements'

export const meta: MetaFunction = () => [{ title: 'Products · Pagewright' }]

const PAGE_SIZE = 24

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context)
  const url = new URL(request.url)
  const f = catalogFilterSchema.parse(Object.fromEntries(url.searchParams))
  const stores = await api.stores.list()
  const store = stores.items.find((s) => s.id === stores.current_store_id) ?? null
  const query = {
    page: f.page,
    page_size: PAGE_SIZE,
    favorite: f.show === 'favorites' ? ('1' as const) : undefined,
    has_pages: f.show === 'with-pages' ? ('1' as const) : f.show === 'without-pages' ? ('0' as const) : undefined,
    deleted: f.show === 'removed' ? ('1' as const) : ('0' as const),
  }
  const [list, trending] = store
    ? await Promise.all([
        f.q ? api.catalog.search({ ...query, q: f.q }) : api.catalog.list(query),
        f.page === 1 && !f.q ? api.catalog.trending(5) : null,
      ])
    : [null, null]
  return json({
    store,
    storeCount: stores.items.length,
    list,
    trending: trending?.items ?? [],
    filters: f,
    canGenerate: generateDecision(user).allowed,
    onceKey: newOnceKey(),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, api } = await requireUser(request, context)
  const form = await request.formData()
  const parsed = catalogActionSchema.safeParse(formObject(form, ['ids']))
  const back = backToForm(request)
  if (!parsed.success)
    return redirectWithToast(request, back, { type: 'error', text: parsed.error.issues[0]?.message ?? 'That action is not available.' })
  const a = parsed.data
  try {
    switch (a.intent) {
      case CATALOG_INTENT.create: {
        const requestKey = onceKeyOf(form, { product: a.product_id, outline: false })
        const refused = generateRefusal(user, requestKey)
        if (refused) return redirectToDialog(request, refused)
        const task = await api.catalog.createTask({ product_id: a.product_id }, requestKey)
        return redirect(`/guidev3/generating?session_id=${task.session_id}`)
      }
      case CATALOG_INTENT.favorite:
      case CATALOG_INTENT.unfavorite:
        await api.catalog.favorite(a.product_id, a.intent === CATALOG_INTENT.favorite)
        return redirect(`${back}#product-${a.product_id}`)
      case CATALOG_INTENT.sync:
        await api.stores.sync(a.store_id)
        return redirectWithToast(request, back, { type: 'info', text: 'Syncing the products now.' })
      case CATALOG_INTENT.bulk: {
        const done = await api.catalog.batch(a.ids, a.action)
        const verb = {
          favorite: 'Added to favourites',
          unfavorite: 'Removed from favourites',
          delete: 'Removed from the catalogue',
          restore: 'Restored',
        }[a.action]
        return redirectWithToast(request, back, {
          type: 'success',
          text: `${verb}: ${done.changed} ${done.changed === 1 ? 'product' : 'products'}.`,
        })
      }
    }
  } catch (error) {
    const denial = denialFromApi(error)
    if (denial) return redirectToDialog(request, denial)
    const failure = apiFailure(error, "We couldn't reach Pagewright's catalogue. Please try again in a moment.")
    return redirectWithToast(request, back, { type: 'error', text: failure.message })
  }
}

const FILTERS = [
  ['all', 'All'],
  ['favorites', 'Favourites'],
  ['with-pages', 'With pages'],
  ['without-pages', 'Without pages'],
  ['removed', 'Removed'],
] as const

export default function Products() {
  const data = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  const busy = useNavigation().state !== 'idle'
  const store = data.store
  const syncing = store?.sync.status === 'queued' || store?.sync.status === 'running'
  usePolling(1500, !!syncing)
  if (!store) {
    return (
      <div className="empty-state">
        <h1>Your products</h1>
        <p>Connect your Shopify store: its products appear here, ready to become pages, without pasting links.</p>
        <Link to="/connect-shopify" className="button button--primary">
          Connect a store
        </Link>
      </div>
    )
  }
  const list = data.list!
  const pages = Math.max(1, Math.ceil(list.total / list.page_size))
  const withParam = (k: string, v: string | null) => {
    const next = new URLSearchParams(params)
    if (v === null) next.delete(k)
    else next.set(k, v)
    if (k !== 'page') next.delete('page')
    return `?${next}`
  }
  return (
    <div className="catalog">
      {syncing ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <div className="page-head">
        <div>
          <h1>Products</h1>
          <p className="muted small" data-testid="catalog-summary">
            {store.name ?? store.shop_domain}
            {data.storeCount > 1 ? (
              <>
                {' '}
                · <Link to="/stores">switch store</Link>
              </>
            ) : null}{' '}
            ·{' '}
            {syncing ? (
              `syncing ${store.sync.done}${store.sync.total !== null ? ` of ${store.sync.total}` : ''}…`
            ) : store.sync.last_sync_at ? (
              <>
                synced <LocalTime iso={store.sync.last_sync_at} />
              </>
            ) : (
              'not synced yet'
            )}
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="store_id" value={store.id} />
          <button type="submit" name="intent" value={CATALOG_INTENT.sync} className="button" disabled={busy || !!syncing}>
            Sync now
          </button>
        </Form>
      </div>
      {list.product_limit ? (
        <p
          className={`notice small${list.product_limit.count >= list.product_limit.max ? ' notice--info' : ''}`}
          data-testid="product-limit"
        >
          {list.product_limit.count} of {list.product_limit.max} products on the free plan.
          {list.product_limit.count >= list.product_limit.max ? (
            <>
              {' '}
              <Link to="?dialog=upgrade&reason=max_products">Sync your whole catalogue with Pro</Link>.
            </>
          ) : null}
        </p>
      ) : null}
      {store.status !== 'connected' ? (
        <p className="notice notice--error">
          Pagewright can’t reach this store right now. <Link to="/stores">Reconnect it</Link> to sync and publish.
        </p>
      ) : null}
      {data.trending.length ? (
        <section className="trending" aria-labelledby="trending-title">
          <h2 id="trending-title" className="h3">
            Trending in your store
          </h2>
          <ol className="trending-list">
            {data.trending.map((p) => (
              <li key={p.id}>
                <a href={`#product-${p.id}`}>{p.title}</a>{' '}
                <span className="muted small">
                  {p.pages_made} {p.pages_made === 1 ? 'page' : 'pages'}, {p.pages_published} published (30 days)
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <Form method="get" className="catalog-search" role="search">
        <label htmlFor="catalog-q" className="sr-only">
          Search products
        </label>
        <input
          id="catalog-q"
          name="q"
          className="input"
          type="search"
          defaultValue={data.filters.q ?? ''}
          placeholder="Search by title, vendor, type or tag"
        />
        {data.filters.show !== 'all' ? <input type="hidden" name="show" value={data.filters.show} /> : null}
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <nav className="segmented" aria-label="Show">
        {FILTERS.map(([value, label]) => (
          <Link
            key={value}
            to={withParam('show', value === 'all' ? null : value)}
            aria-current={data.filters.show === value ? 'true' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      {list.items.length === 0 ? (
        <p className="empty-state">
          {syncing
            ? 'Your products are on their way…'
            : data.filters.q || data.filters.show !== 'all'
              ? 'No product matches.'
              : 'No products yet.'}
        </p>
      ) : (
        <>
          <Form method="post" id="bulk" className="bulk-bar">
            <input type="hidden" name="intent" value={CATALOG_INTENT.bulk} />
            <span className="small muted">With the ticked products:</span>
            {data.filters.show === 'removed' ? (
              <button type="submit" name="action" value="restore" className="button button--small" disabled={busy}>
                Restore
              </button>
            ) : (
              <>
                <button type="submit" name="action" value="favorite" className="button button--small" disabled={busy}>
                  Add to favourites
                </button>
                <button type="submit" name="action" value="unfavorite" className="button button--small" disabled={busy}>
                  Remove from favourites
                </button>
                <button type="submit" name="action" value="delete" className="button button--small button--ghost" disabled={busy}>
                  Remove from catalogue
                </button>
              </>
            )}
          </Form>
          <ul className="catalog-grid" data-testid="catalog">
            {list.items.map((p) => (
              <CatalogCard key={p.id} product={p} busy={busy} onceKey={data.onceKey} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="pager" aria-label="Pages">
              {list.page > 1 ? <Link to={withParam('page', String(list.page - 1))}>← Previous</Link> : <span />}
              <span className="small muted">
                Page {list.page} of {pages} · {list.total} products
              </span>
              {list.page < pages ? <Link to={withParam('page', String(list.page + 1))}>Next →</Link> : <span />}
            </nav>
          ) : null}
        </>
      )}
    </div>
  )
}
