import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { loadProductView, productViewAction } from '~/.server/product-view'
import { withLoaderHeaders } from '~/.server/task-lists'
import { PageInsights } from '~/components/experiments/PageInsights'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { GuideFinished } from '~/components/guide/GuideFinished'
import { PreviewSizeNav } from '~/components/PreviewSizeNav'
import { FailedPage, HiddenPage } from '~/components/ProductStates'
import { ProductToolbar } from '~/components/ProductToolbar'
import { PageView } from '~/components/sections'
import { TASK_INTENT } from '~/forms/intents'
import experimentsCss from '~/styles/experiments.css?url'
import pageCss from '~/styles/page.css?url'
import { SECTION_LABELS } from '../../server/domain/page/section-types'
import { REWRITE_INSTRUCTION_MAX } from '../../server/domain/task-input'
import { TASK_STATUS } from '../../server/domain/task-status'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: pageCss },
  { rel: 'stylesheet', href: experimentsCss },
]
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.task.title ?? 'Page'} · Pagewright` }]

export const loader = (args: LoaderFunctionArgs) => loadProductView(args)
export const headers: HeadersFunction = withLoaderHeaders
export const action = ({ request, context }: ActionFunctionArgs) => productViewAction(request, context)

/** v2: the section list (each with its own rewrite) beside a desktop or mobile preview. */
export default function ProductViewV2() {
  const {
    task,
    preview,
    editHref,
    readyAt,
    shareUrl,
    canShare,
    canMakePrivate,
    canListInGallery,
    publishing,
    guideFinish,
    device,
    insights,
  } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const sections = task.page?.sections ?? []
  return (
    <div className="product-view product-view--v2">
      <ProductToolbar
        task={task}
        shareUrl={shareUrl}
        canShare={canShare}
        canMakePrivate={canMakePrivate}
        canListInGallery={canListInGallery}
        editHref={editHref}
        publishing={publishing}
        withRewrite={false}
      />
      <GuideFinished finish={guideFinish} sessionId={task.session_id} publishing={publishing} canShare={canShare} />
      {readyAt ? <HiddenPage readyAt={readyAt} /> : null}
      {task.status === TASK_STATUS.failed ? <FailedPage task={task} /> : null}
      {insights ? <PageInsights sessionId={task.session_id} editHref={editHref} insights={insights} actionData={actionData} /> : null}
      {task.page ? (
        <div className="split">
          <ol className="section-list" data-testid="section-list">
            {sections.map((s) => (
              <li key={s.id} className="section-item">
                <a href={`#${s.id}`} className="section-item-title">
                  <small className="muted">{SECTION_LABELS[s.type]}</small>
                  <span>{s.heading}</span>
                </a>
                <Form method="post" className="section-rewrite">
                  <input type="hidden" name="session_id" value={task.session_id} />
                  <input type="hidden" name="section_id" value={s.id} />
                  <input
                    name="instruction"
                    className="input input--small"
                    placeholder="Instruction (optional)"
                    maxLength={REWRITE_INSTRUCTION_MAX}
                    aria-label={`How to rewrite ${s.heading}`}
                  />
                  <button type="submit" name="intent" value={TASK_INTENT.rewrite} className="button button--small">
                    Rewrite
                  </button>
                </Form>
              </li>
            ))}
          </ol>
          <div>
            <PreviewSizeNav device={device} />
            <div className={`preview-frame preview-frame--${device}`} data-testid="page-preview">
              <PageView page={preview ?? task.page} mode="preview" device={device} setBuyHref={`${editHref}#owner`} />
            </div>
          </div>
        </div>
      ) : null}
    </div>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
