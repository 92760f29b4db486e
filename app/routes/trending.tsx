import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { createApiClient, transportFor } from '~/.server/api'
import { orHttpError } from '~/.server/responses'
import { formatPrice } from '~/components/sections/format'
import { SiteHeader } from '~/components/SiteHeader'
import type { RouteHandle } from '~/lib/shopper-view'
import trendingCss from '~/styles/trending.css?url'
import type { GalleryItem } from '../../server/contract/tasks'
import { sharePath } from '../../server/domain/share'
import { viewsLabel, type GallerySort } from '../../server/domain/trending'

const PAGE_SIZE = 24
const MAX_PAGE = 10_000

export const handle: RouteHandle = { noScript: true }
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: trendingCss }]
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.sort === 'newest' ? 'Newest product pages · Pagewright' : 'Trending product pages · Pagewright' },
  {
    name: 'description',
    content: 'Product pages store owners made with Pagewright and chose to show here, ranked by how many shoppers viewed them this week.',
  },
]

/** `?sort=newest` (else trending) and `?page=N`; anything unreadable falls back to the first trending page. */
function readQuery(url: URL): { sort: GallerySort; page: number } {
  const sort: GallerySort = url.searchParams.get('sort') === 'newest' ? 'newest' : 'trending'
  const page = Number(url.searchParams.get('page') ?? '1')
  return { sort, page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1 }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { sort, page } = readQuery(new URL(request.url))
  // An anonymous call: the gallery is the same for everyone, no session read.
  const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
  const result = await orHttpError(api.tasks.gallery({ sort, page, page_size: PAGE_SIZE, period: 'week' }))
  return json({ sort, page, items: result.items, pages: Math.max(1, Math.ceil(result.total / PAGE_SIZE)), total: result.total })
}

const hrefFor = (sort: GallerySort, page = 1) => {
  const q = new URLSearchParams()
  if (sort === 'newest') q.set('sort', 'newest')
  if (page > 1) q.set('page', String(page))
  const s = q.toString()
  return s ? `/trending?${s}` : '/trending'
}

export default function Trending() {
  const { sort, page, items, pages, total } = useLoaderData<typeof loader>()
  return (
    <div className="trending">
      <SiteHeader />
      <main className="trending__main">
        <h1>{sort === 'newest' ? 'Newest product pages' : 'Trending on Pagewright'}</h1>
        <p className="trending__lead">
          Product pages store owners made with Pagewright and chose to show here.{' '}
          {sort === 'newest'
            ? 'The most recently finished first.'
            : 'Ranked by shopper views this week and how many pages were made from the same product.'}
        </p>
        <nav className="trending__tabs" aria-label="Order of the pages">
          <Link to={hrefFor('trending')} aria-current={sort === 'trending' ? 'page' : undefined} className="trending__tab">
            Trending
          </Link>
          <Link to={hrefFor('newest')} aria-current={sort === 'newest' ? 'page' : undefined} className="trending__tab">
            Newest
          </Link>
        </nav>
        {items.length > 0 ? (
          <ul className="trending__grid">
            {items.map((item, i) => (
              <li key={item.session_id}>
                <PageCard item={item} eager={i < 4} />
              </li>
            ))}
          </ul>
        ) : total > 0 ? (
          <div className="trending__empty">
            <h2>No pages here</h2>
            <p>This list has {pages === 1 ? 'one page' : `${pages} pages`} of results.</p>
            <Link to={hrefFor(sort)} className="button">
              Back to the first page
            </Link>
          </div>
        ) : (
          <EmptyGallery />
        )}
        {items.length > 0 && pages > 1 ? <Pagination sort={sort} page={page} pages={pages} /> : null}
      </main>
    </div>
  )
}

/** `eager`: the first row loads at once; the rest as they scroll into view. */
function PageCard({ item, eager }: { item: GalleryItem; eager: boolean }) {
  const views = viewsLabel(item.views)
  return (
    <a href={sharePath(item.session_id)} className="trending-card">
      <span className="trending-card__image">
        {item.image ? <img src={item.image} alt="" loading={eager ? undefined : 'lazy'} decoding="async" width="400" height="300" /> : null}
      </span>
      <span className="trending-card__body">
        <span className="trending-card__title">{item.title}</span>
        {item.price ? (
          <span className="trending-card__price">
            {formatPrice(item.price.amount, item.price.currency)}
            {item.price.compare_at !== null ? <s>{formatPrice(item.price.compare_at, item.price.currency)}</s> : null}
          </span>
        ) : null}
        {views ? <span className="trending-card__views">{views}</span> : null}
      </span>
    </a>
  )
}

function Pagination({ sort, page, pages }: { sort: GallerySort; page: number; pages: number }) {
  return (
    <nav className="trending__pages" aria-label="Pages of results">
      {page > 1 ? (
        <Link to={hrefFor(sort, page - 1)} rel="prev" className="button">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(sort, page + 1)} rel="next" className="button">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

function EmptyGallery() {
  return (
    <div className="trending__empty">
      <h2>No shared pages yet</h2>
      <p>
        This gallery shows product pages that store owners made with Pagewright and chose to show here, with how many shoppers viewed them
        this week. Private pages never appear here.
      </p>
      <p>Made a page you are proud of? Keep it public and share its link: it will show up here for other store owners to find.</p>
      <Link to="/generate" className="button button--primary">
        Make a product page
      </Link>
    </div>
  )
}
