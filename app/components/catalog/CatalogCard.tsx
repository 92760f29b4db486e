import { Form, Link } from '@remix-run/react'
import type { CatalogProduct } from '~/.server/api'
import { CATALOG_INTENT } from '~/forms/catalog'
import { ownerPagePath } from '~/lib/paths'
import { PUBLICATION_STATUS_LABELS } from '../../../server/domain/shopify'
import { formatPrice } from '../sections/format'
import { OnceKey } from '../ui/OnceKey'

/** One synced product: what it is, the pages made from it, and the button that makes a new one. */
export function CatalogCard({ product: p, busy, onceKey }: { product: CatalogProduct; busy: boolean; onceKey: string }) {
  const Hidden = () => <input type="hidden" name="product_id" value={p.id} />
  return (
    <li className="catalog-card" id={`product-${p.id}`} data-testid="catalog-card">
      <label className="catalog-card__tick">
        <input type="checkbox" name="ids" value={p.id} form="bulk" />
        <span className="sr-only">Select {p.title}</span>
      </label>
      <div className="catalog-card__image">
        {p.image ? (
          <img src={p.image} alt="" width={160} height={160} loading="lazy" decoding="async" />
        ) : (
          <span aria-hidden="true">🛍️</span>
        )}
      </div>
      <div className="catalog-card__body">
        <h2 className="catalog-card__title">
          <a href={p.storefront_url} target="_blank" rel="noreferrer">
            {p.title}
          </a>
        </h2>
        <p className="small muted">
          {p.price !== null && p.currency ? <strong className="nowrap">{formatPrice(p.price, p.currency)}</strong> : 'No price'}
          {p.variant_count > 1 ? ` · ${p.variant_count} variants` : ''}
          {p.status !== 'ACTIVE' ? ` · ${p.status.toLowerCase()}` : ''}
        </p>
        {p.pages.length ? (
          <ul className="catalog-card__pages">
            {p.pages.slice(0, 3).map((page) => (
              <li key={page.session_id} className="small">
                <Link to={ownerPagePath(page.session_id)}>{page.title ?? 'Page'}</Link>
                {page.publication ? <span className="badge">{PUBLICATION_STATUS_LABELS[page.publication]}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="catalog-card__actions">
        <Form method="post" preventScrollReset>
          <Hidden />
          <button
            type="submit"
            name="intent"
            value={p.is_favorite ? CATALOG_INTENT.unfavorite : CATALOG_INTENT.favorite}
            className="icon-button"
            aria-pressed={p.is_favorite}
            aria-label={p.is_favorite ? `Remove ${p.title} from favourites` : `Add ${p.title} to favourites`}
          >
            {p.is_favorite ? '★' : '☆'}
          </button>
        </Form>
        {!p.deleted ? (
          <Form method="post">
            <Hidden />
            <OnceKey value={onceKey} />
            <button
              type="submit"
              name="intent"
              value={CATALOG_INTENT.create}
              className="button button--small button--primary"
              disabled={busy}
            >
              {p.pages.length ? 'Make another page' : 'Make a page'}
            </button>
          </Form>
        ) : null}
      </div>
    </li>
  )
}
