import { json, redirect, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node'
import { pageEditorPath } from '~/lib/paths'
import { galleryDecision, generateDecision, privateDecision, publishSlotsShown, shareDecision } from '../../server/domain/entitlements'
import { shopperPage } from '../../server/domain/page/shopper'
import { shareUrl } from '../../server/domain/share'
import { isRunning, TASK_STATUS } from '../../server/domain/task-status'
import { requireUser } from './auth'
import { env } from './env'
import { handleExperimentAction, isExperimentIntent, loadInsights } from './experiments'
import { orHttpError } from './responses'
import { handleTaskAction } from './task-actions'
import { viewerPageHeaders } from './task-lists'
import { takeGuideFinish } from './ui-flags'

/** Loader of /product/{id} and /productv2/{id}: the owner's page, with the hide window applied. */
export async function loadProductView({ request, context, params }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context)
  const task = await orHttpError(api.tasks.get(params.id ?? ''))
  if (isRunning(task.status) || task.status === TASK_STATUS.outlineReady)
    throw redirect(`/guidev3/generating?session_id=${task.session_id}`)
  // Publishing: where the page is published, and the store it would go to now.
  // Beside the page: its experiment and its last 30 days of shoppers.
  const [stores, publications, insights] = task.page
    ? await Promise.all([api.stores.list(), api.publishing.list(task.session_id), loadInsights(api, task.session_id, user, task.page)])
    : [null, null, null]
  const currentStore = stores?.items.find((s) => s.id === stores.current_store_id) ?? null
  // A page a guide started says what to do next, once (fromGuideGenerate, app/.server/ui-flags.ts).
  const guide =
    task.status === TASK_STATUS.completed ? await takeGuideFinish(request, user.uuid, task.session_id) : { finish: null, setCookie: null }
  // The api withholds a page inside the free-user hide window and says until when.
  return json(
    {
      guideFinish: guide.finish,
      publishing: task.page
        ? {
            store: currentStore
              ? { id: currentStore.id, name: currentStore.name ?? currentStore.shop_domain, status: currentStore.status }
              : null,
            publications: publications?.items ?? [],
            // What Publish would answer now: the api's publishDecision for this page and store.
            next: publications?.next_publish ?? null,
            slots: publishSlotsShown(user),
          }
        : null,
      task,
      insights,
      // What shoppers will see, with the owner's notes ("Source: …", the exact review source) left in.
      preview: task.page ? shopperPage(task.page, { keepProvenance: true }) : null,
      editHref: pageEditorPath(task.session_id),
      readyAt: task.hidden_until,
      shareUrl: shareUrl(env().publicUrl, task.session_id),
      canShare: shareDecision(user).allowed,
      canGenerate: generateDecision(user).allowed,
      canMakePrivate: privateDecision(user).allowed,
      canListInGallery: galleryDecision(user).allowed,
      device: new URL(request.url).searchParams.get('device') === 'mobile' ? ('mobile' as const) : ('desktop' as const),
    },
    // Kept for the viewer like the lists, except the one answer that spends the guide's flag.
    { headers: guide.setCookie ? { 'Set-Cookie': guide.setCookie } : viewerPageHeaders(request, user, [task.hidden_until]) },
  )
}

/** Action of /product/{id} and /productv2/{id}: the experiment panel's forms, else the task actions. */
export async function productViewAction(request: Request, context: AppLoadContext | undefined) {
  const intent = (await request.clone().formData()).get('intent')
  return isExperimentIntent(intent) ? handleExperimentAction(request, context) : handleTaskAction(request, context)
}
