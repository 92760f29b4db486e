import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ApiError } from '~/.server/api'
import { requireUser } from '~/.server/auth'
import { newOnceKey } from '~/.server/once-key'
import { handlePageEdit } from '~/.server/page-edit'
import { httpError, orHttpError } from '~/.server/responses'
import { GalleryForm, OwnerForm, TemplateForm, ThemeForm } from '~/components/editor/PageSettings'
import { AddSection, SectionEditor } from '~/components/editor/SectionEditor'
import { VersionHistory } from '~/components/editor/VersionHistory'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PreviewSizeNav } from '~/components/PreviewSizeNav'
import { PageView } from '~/components/sections'
import { OnceKey } from '~/components/ui/OnceKey'
import { EDIT_INTENT } from '~/forms/intents'
import { ownerPagePath } from '~/lib/paths'
import pageCss from '~/styles/page.css?url'
import { CREDITS_PER_PAGE, generateDecision } from '../../server/domain/entitlements'
import { shopperPage } from '../../server/domain/page/shopper'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: pageCss }]
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Edit ${data?.title ?? 'page'} · Pagewright` }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context)
  const id = params.id ?? ''
  const q = new URL(request.url).searchParams
  let current
  try {
    current = await api.tasks.getPage(id)
  } catch (error) {
    // Not finished yet, or still inside the free hide window: the product view says why.
    if (error instanceof ApiError && error.status === 409) throw redirect(ownerPagePath(id))
    if (error instanceof ApiError && error.status < 500) throw httpError(error.status, error.message)
    throw error
  }
  const [history, running] = await Promise.all([
    orHttpError(api.tasks.versions(id)),
    // Saving ends a running experiment (its control is the live version): the editor says so first.
    api.experiments
      .current(id)
      .catch((error: unknown) => (error instanceof ApiError && error.status === 404 ? null : Promise.reject(error))),
  ])
  const wanted = Number(q.get('preview_version'))
  const previewVersion = Number.isInteger(wanted) && wanted > 0 && wanted !== current.version ? wanted : null
  const previewed = previewVersion ? await api.tasks.version(id, previewVersion).catch(() => null) : null
  const page = current.page
  const hero = page.sections.find((s) => s.type === 'hero')
  return json({
    id: current.session_id,
    title: hero?.heading || 'page',
    version: current.version,
    page,
    imported: current.imported,
    history: history.items,
    preview: shopperPage(previewed?.page ?? page, { keepProvenance: true }),
    previewVersion: previewed ? previewVersion : null,
    device: q.get('device') === 'mobile' ? ('mobile' as const) : ('desktop' as const),
    confirmRegenerate: q.get('confirm') === 'regenerate',
    onceKey: newOnceKey(),
    highlight: q.get('highlight'),
    credits: user.remaining_credit_count,
    canGenerate: generateDecision(user).allowed,
    experiment: running ? { control: running.control_version, challenger: running.challenger_version } : null,
  })
}

export const action = ({ request, context, params }: ActionFunctionArgs) => handlePageEdit(request, context, params.id ?? '')

export default function ProductEdit() {
  const data = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const { page, version, id } = data
  const images = data.imported?.images ?? []
  const errorFor = (anchor: string) => (failure && 'anchor' in failure && failure.anchor === anchor ? failure.error : undefined)
  return (
    <div className="editor">
      <header className="editor-bar">
        <Link to={ownerPagePath(id)}>← Back to the page</Link>
        <h1>Edit “{data.title}”</h1>
        <span className="muted">Version {version}</span>
        <a href="#preview">Preview</a>
        <a href="#versions">History</a>
        <Link to={`/review-bulk-edit/${id}`}>Reviews</Link>
      </header>
      {data.experiment ? (
        <p className="notice" data-testid="editor-experiment">
          An experiment is running on this page: version {data.experiment.control} (live) against version {data.experiment.challenger}.
          Saving a change makes a new live version and ends the experiment; what it counted so far stays on the{' '}
          <Link to={`${ownerPagePath(id)}#experiment`}>page view</Link>.
        </p>
      ) : null}
      {failure && 'error' in failure ? (
        <p className="notice notice--error" role="alert" data-testid="editor-error">
          {failure.error}
        </p>
      ) : null}
      <div className="editor-split">
        <div className="editor-forms">
          <OwnerForm
            page={page}
            imported={data.imported}
            version={version}
            errors={failure?.anchor === 'owner' ? failure.fields : undefined}
          />
          {page.sections.map((s, i) => (
            <SectionEditor
              key={`${s.id}:${version}`}
              section={s}
              index={i}
              count={page.sections.length}
              version={version}
              images={images}
              highlighted={data.highlight === s.id}
              error={errorFor(`edit-${s.id}`)}
            />
          ))}
          <AddSection version={version} sections={page.sections} />
          <GalleryForm key={`g:${version}`} page={page} images={images} version={version} />
          <TemplateForm key={`tpl:${version}`} page={page} version={version} />
          <ThemeForm key={`t:${version}`} page={page} version={version} errors={failure?.anchor === 'theme' ? failure.fields : undefined} />
          <section id="regenerate" className="card">
            <h2>Write the page again</h2>
            {data.confirmRegenerate ? (
              <Form method="post">
                <p>
                  Regenerate this page for <strong>{CREDITS_PER_PAGE} credits</strong>? You have {data.credits.toLocaleString('en-US')}. The
                  current version stays in the history, and your price, buy button, texts and gallery are kept.
                </p>
                <input type="hidden" name="confirm" value="yes" />
                <OnceKey value={data.onceKey} />
                <button type="submit" name="intent" value={EDIT_INTENT.regenerate} className="button button--primary">
                  Yes, regenerate for {CREDITS_PER_PAGE} credits
                </button>{' '}
                <Link to={`/product-edit/${id}#regenerate`}>Cancel</Link>
              </Form>
            ) : (
              <Form method="post" preventScrollReset>
                <p className="muted">A new page from the same facts and outline. Costs {CREDITS_PER_PAGE} credits; you confirm first.</p>
                <button type="submit" name="intent" value={EDIT_INTENT.regenerate} className="button">
                  Regenerate…
                </button>
              </Form>
            )}
          </section>
          <VersionHistory items={data.history} current={version} previewing={data.previewVersion} id={id} />
        </div>
        <aside id="preview" className="editor-preview" aria-label="Preview">
          <PreviewSizeNav device={data.device} />
          {data.previewVersion ? (
            <p className="notice">
              Previewing version {data.previewVersion}. <Link to={`/product-edit/${id}`}>Back to the current version</Link>
            </p>
          ) : null}
          <div className={`preview-frame preview-frame--${data.device}`} data-testid="page-preview">
            <PageView page={data.preview} mode="preview" device={data.device} setBuyHref={`/product-edit/${id}#owner`} />
          </div>
        </aside>
      </div>
    </div>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
