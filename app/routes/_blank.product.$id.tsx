import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { loadProductView, productViewAction } from '~/.server/product-view'
import { withLoaderHeaders } from '~/.server/task-lists'
import { PageInsights } from '~/components/experiments/PageInsights'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { GuideFinished } from '~/components/guide/GuideFinished'
import { FailedPage, HiddenPage } from '~/components/ProductStates'
import { ProductToolbar } from '~/components/ProductToolbar'
import { PageView } from '~/components/sections'
import experimentsCss from '~/styles/experiments.css?url'
import pageCss from '~/styles/page.css?url'
import { TASK_STATUS } from '../../server/domain/task-status'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: pageCss },
  { rel: 'stylesheet', href: experimentsCss },
]
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.task.title ?? 'Page'} · Pagewright` }]

export const loader = (args: LoaderFunctionArgs) => loadProductView(args)
export const headers: HeadersFunction = withLoaderHeaders
export const action = ({ request, context }: ActionFunctionArgs) => productViewAction(request, context)

export default function ProductView() {
  const { task, preview, editHref, readyAt, shareUrl, canShare, canMakePrivate, canListInGallery, publishing, guideFinish, insights } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="product-view">
      <ProductToolbar
        task={task}
        shareUrl={shareUrl}
        canShare={canShare}
        canMakePrivate={canMakePrivate}
        canListInGallery={canListInGallery}
        editHref={editHref}
        publishing={publishing}
      />
      <GuideFinished finish={guideFinish} sessionId={task.session_id} publishing={publishing} canShare={canShare} />
      {readyAt ? <HiddenPage readyAt={readyAt} /> : null}
      {task.status === TASK_STATUS.failed ? <FailedPage task={task} /> : null}
      {insights ? <PageInsights sessionId={task.session_id} editHref={editHref} insights={insights} actionData={actionData} /> : null}
      {task.page ? (
        <div className="preview-frame" data-testid="page-preview">
          <PageView page={preview ?? task.page} mode="preview" setBuyHref={`${editHref}#owner`} />
        </div>
      ) : null}
    </div>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
