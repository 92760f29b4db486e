import {
  json,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ApiError } from '~/.server/api'
import { getApi, loadUser } from '~/.server/auth'
import { readingPageHeaders } from '~/.server/reading-page'
import { favoriteTemplateIds, templateFavoriteAction } from '~/.server/template-favorites'
import { SiteHeader } from '~/components/SiteHeader'
import { FavoriteToggle } from '~/components/templates/FavoriteToggle'
import { TemplatePreview } from '~/components/templates/TemplatePreview'
import type { RouteHandle } from '~/lib/shopper-view'
import pageCss from '~/styles/page.css?url'
import templatesCss from '~/styles/templates.css?url'
import { SECTION_LABELS } from '../../server/domain/page/section-types'
import { TEMPLATE_CATEGORY_LABELS, templatePreviewPage } from '../../server/domain/templates'

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = data && 'template' in data ? data.template : null
  return t
    ? [{ title: `${t.name} template · Pagewright` }, { name: 'description', content: `${t.description} ${t.best_for}` }]
    : [{ title: 'Template not found · Pagewright' }]
}
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: pageCss },
  { rel: 'stylesheet', href: templatesCss },
]
export const handle: RouteHandle = { noScript: true }

/** Ids are small positive integers; anything else is a page that does not exist (404), not an error. */
const parseId = (raw: string | undefined) => (raw && /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : null)

/** Anonymous visitors are answered from memory for a minute (app/.server/reading-page.ts). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = parseId(params.id)
  const notFound = () => json({ notFound: true as const, path: new URL(request.url).pathname }, { status: 404 })
  if (id === null) return notFound()
  const { api } = await getApi(request, context)
  const state = await loadUser(request, context)
  try {
    const [{ template, sample_page }, favorites] = await Promise.all([
      api.templates.publicGet(id),
      state.status === 'ok' ? favoriteTemplateIds(request, api, state.user.id) : null,
    ])
    const headers: HeadersInit = favorites?.setCookie ? { 'Set-Cookie': favorites.setCookie } : readingPageHeaders()
    return json(
      {
        template,
        page: templatePreviewPage(sample_page, template),
        signedIn: state.status === 'ok',
        favorite: !!favorites?.ids.includes(template.id),
      },
      { headers },
    )
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return notFound()
    throw error
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = parseId(params.id)
  return templateFavoriteAction(request, context, id ? `/templates/${id}` : '/templates')
}

export default function Template() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  if ('notFound' in data)
    return (
      <div className="tpl-page">
        <SiteHeader />
        <main className="tpl-main tpl-missing" id="main" data-testid="template-not-found">
          <h1>Template not found</h1>
          <p>There is no template at {data.path}. It may have been renamed; every template is in the gallery.</p>
          <Link to="/templates" className="button button--primary">
            See all templates
          </Link>
        </main>
      </div>
    )
  const { template: t, page, signedIn, favorite } = data
  return (
    <div className="tpl-page">
      <SiteHeader />
      <main className="tpl-main" id="main">
        <p className="tpl-back">
          <Link to="/templates">← All templates</Link>
        </p>
        <div className="tpl-detail">
          <div className="tpl-detail__info">
            <h1>{t.name}</h1>
            <p className="tpl-detail__lead">{t.description}</p>
            <p>
              <strong>Best for:</strong> {t.best_for}
            </p>
            <ul className="tpl-tags" aria-label="Suits">
              {t.categories.map((c) => (
                <li key={c}>
                  <Link to={`/templates?category=${c}`}>{TEMPLATE_CATEGORY_LABELS[c]}</Link>
                </li>
              ))}
            </ul>
            <div className="tpl-detail__actions">
              <Link to={`/generate?template=${t.id}`} className="button button--primary" data-testid="use-template">
                Use this template
              </Link>
              <FavoriteToggle
                templateId={t.id}
                name={t.name}
                signedIn={signedIn}
                favorite={favorite}
                action={`/templates/${t.id}`}
                back={`/templates/${t.id}`}
              />
            </div>
            {actionData?.error ? (
              <p className="tpl-error" role="alert">
                {actionData.error}
              </p>
            ) : null}
          </div>
          <div className="tpl-detail__facts">
            <h2>Sections, in order</h2>
            <ol className="tpl-order">
              {t.order.map((s) => (
                <li key={s}>{SECTION_LABELS[s]}</li>
              ))}
            </ol>
            <p className="tpl-note">A page shows only the sections its product's facts support: no reviews without real reviews.</p>
            <h2>Colours and type</h2>
            <ul className="tpl-colours">
              {(['background', 'text', 'primary', 'accent'] as const).map((k) => (
                <li key={k}>
                  <i style={{ background: t.theme[k] }} aria-hidden="true" /> {COLOUR_LABELS[k]} <code>{t.theme[k]}</code>
                </li>
              ))}
              <li>
                {FONT_LABELS[t.theme.font]} type, {CORNER_LABELS[t.theme.radius]} corners
              </li>
            </ul>
          </div>
          <div className="tpl-detail__previews">
            <figure>
              <figcaption>Desktop</figcaption>
              <TemplatePreview page={page} size="desktop" label={`${t.name} on a desktop screen`} />
            </figure>
            <figure>
              <figcaption>Phone</figcaption>
              <TemplatePreview page={page} size="mobile" label={`${t.name} on a phone`} />
            </figure>
          </div>
        </div>
      </main>
    </div>
  )
}

const COLOUR_LABELS = { background: 'Background', text: 'Text', primary: 'Headings', accent: 'Buttons' } as const
const FONT_LABELS = { system: 'Sans-serif', serif: 'Serif', rounded: 'Rounded' } as const
const CORNER_LABELS = { none: 'square', small: 'slightly rounded', large: 'round' } as const
