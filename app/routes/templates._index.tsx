import {
  json,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { getApi, loadUser } from '~/.server/auth'
import { readingPageHeaders } from '~/.server/reading-page'
import { favoriteTemplateIds, templateFavoriteAction } from '~/.server/template-favorites'
import { SiteHeader } from '~/components/SiteHeader'
import { FavoriteToggle } from '~/components/templates/FavoriteToggle'
import { TemplatePreview } from '~/components/templates/TemplatePreview'
import type { RouteHandle } from '~/lib/shopper-view'
import { readTemplateFilters, SEARCH_MAX, templatesHref, type TemplateFilters } from '~/lib/template-filters'
import pageCss from '~/styles/page.css?url'
import templatesCss from '~/styles/templates.css?url'
import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS, templatePreviewPage } from '../../server/domain/templates'

export const meta: MetaFunction = () => [
  { title: 'Page templates · Pagewright' },
  { name: 'description', content: 'Product page designs for every kind of store, each shown as a real page made from a sample product.' },
]
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: pageCss },
  { rel: 'stylesheet', href: templatesCss },
]
export const handle: RouteHandle = { noScript: true }

/** Anonymous visitors are answered from memory for a minute (app/.server/reading-page.ts). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function loader({ request, context }: LoaderFunctionArgs) {
  const filters = readTemplateFilters(new URL(request.url).searchParams)
  const { api } = await getApi(request, context)
  const state = await loadUser(request, context)
  const [list, favorites] = await Promise.all([
    api.templates.publicList({ category: filters.category ?? undefined, search: filters.q || undefined, page_size: 100 }),
    state.status === 'ok' ? favoriteTemplateIds(request, api, state.user.id) : null,
  ])
  const favoriteIds = favorites?.ids ?? []
  const items = filters.favorites && favorites ? list.items.filter((t) => favoriteIds.includes(t.id)) : list.items
  const headers: HeadersInit = favorites?.setCookie ? { 'Set-Cookie': favorites.setCookie } : readingPageHeaders()
  return json({ filters, items, sample: list.sample_page, signedIn: state.status === 'ok', favoriteIds }, { headers })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const back = templatesHref(readTemplateFilters(await request.clone().formData()))
  return templateFavoriteAction(request, context, back)
}

export default function Templates() {
  const { filters, items, sample, signedIn, favoriteIds } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const keep = keptFilters(filters)
  return (
    <div className="tpl-page">
      <SiteHeader />
      <main className="tpl-main" id="main">
        <div className="tpl-intro">
          <h1>Page templates</h1>
          <p>
            Each template is a design and an order of sections. The previews are real pages, written from one sample product; yours is
            written from your product's own facts.
          </p>
        </div>
        <Form method="get" action="/templates" className="tpl-filters" role="search">
          <label className="tpl-filters__search">
            <span className="sr-only">Search templates</span>
            <input
              className="input"
              type="search"
              name="q"
              defaultValue={filters.q}
              maxLength={SEARCH_MAX}
              placeholder="Search templates"
            />
          </label>
          {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
          {filters.favorites ? <input type="hidden" name="favorites" value="1" /> : null}
          <button type="submit" className="button">
            Search
          </button>
        </Form>
        <nav className="tpl-chips" aria-label="Categories">
          <Link to={templatesHref(filters, { category: null })} aria-current={!filters.category ? 'true' : undefined}>
            All
          </Link>
          {TEMPLATE_CATEGORIES.map((c) => (
            <Link key={c} to={templatesHref(filters, { category: c })} aria-current={filters.category === c ? 'true' : undefined}>
              {TEMPLATE_CATEGORY_LABELS[c]}
            </Link>
          ))}
          {signedIn ? (
            <Link
              to={templatesHref(filters, { favorites: !filters.favorites })}
              aria-current={filters.favorites ? 'true' : undefined}
              className="tpl-chips__favorites"
            >
              ★ Favourites
            </Link>
          ) : null}
        </nav>
        {actionData?.error ? (
          <p className="tpl-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        {items.length === 0 ? (
          <div className="tpl-empty" data-testid="templates-empty">
            <p>{emptyText(filters)}</p>
            <Link to="/templates" className="button">
              Show all templates
            </Link>
          </div>
        ) : (
          <ul className="tpl-grid" data-testid="template-grid">
            {items.map((t) => (
              <li key={t.id} className="tpl-card" data-testid="template-card">
                <div className="tpl-card__preview">
                  <TemplatePreview page={templatePreviewPage(sample, t)} size="card" />
                </div>
                <div className="tpl-card__body">
                  <h2>
                    {/* Stretched over the preview too (CSS), so the whole picture opens the template. */}
                    <Link to={`/templates/${t.id}`} className="tpl-card__link">
                      {t.name}
                    </Link>
                  </h2>
                  <p>{t.description}</p>
                  <ul className="tpl-tags" aria-label="Suits">
                    {t.categories.map((c) => (
                      <li key={c}>{TEMPLATE_CATEGORY_LABELS[c]}</li>
                    ))}
                  </ul>
                  <div className="tpl-card__actions">
                    <Link to={`/generate?template=${t.id}`} className="button button--primary button--small">
                      Use this template
                    </Link>
                    <FavoriteToggle
                      templateId={t.id}
                      name={t.name}
                      signedIn={signedIn}
                      favorite={favoriteIds.includes(t.id)}
                      action="/templates?index"
                      back={templatesHref(filters)}
                      keep={keep}
                    />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  )
}

function keptFilters(f: TemplateFilters): Record<string, string> {
  const keep: Record<string, string> = {}
  if (f.category) keep.category = f.category
  if (f.q) keep.q = f.q
  if (f.favorites) keep.favorites = '1'
  return keep
}

function emptyText(f: TemplateFilters): string {
  if (f.favorites) return 'No favourite templates here yet. Save one with its ☆ Save button.'
  if (f.q) return `No template matches “${f.q}”.`
  return 'No template in this category yet.'
}
