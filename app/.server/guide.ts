import { json, redirect, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { guidePath, guideProgress, type GuideFlow } from '../../server/domain/onboarding'
import { productUrlField } from '../../server/domain/task-input'
import { TASK_STATUS } from '../../server/domain/task-status'
import { taskIdParam } from '../../server/domain/url-state'
import { FULL_LINK, FULL_LINK_MESSAGE } from '../forms/generate'
import { ownerPagePath } from '../lib/paths'
import { type ApiClient } from './api'
import { getApi, optionalUser, requireUser } from './auth'
import { log } from './log'
import { newOnceKey, onceKeyOf } from './once-key'
import { httpError, orHttpError } from './responses'
import { startTask } from './start-task'
import { markGuideGenerate } from './ui-flags'

/** The product link a guide's pick step posts (a demo product's, or one typed in). */
const pickSchema = z.object({ url: productUrlField().refine((u) => FULL_LINK.test(u), FULL_LINK_MESSAGE) })

/** The product link of a pick form, or the message to show beside it. */
export function readPick(form: FormData): { url: string } | { error: string } {
  const parsed = pickSchema.safeParse({ url: form.get('url') ?? '' })
  return parsed.success ? parsed.data : { error: parsed.error.issues[0]?.message ?? FULL_LINK_MESSAGE }
}

/** The step after picking a product: v3 writes the outline first, v2 the page. */
const AFTER_PICK: Record<Exclude<GuideFlow, 'v1'>, string> = { v2: '/guidev2/pricing', v3: '/guidev3/generating' }

/**
 * A guide's pick-product step (no guard): the demo store's products for anyone, and, once signed
 * in, the product chosen before signing up (`url` in the address) ready to continue with.
 */
export async function loadPickProduct(request: Request, context: AppLoadContext | undefined, flow: GuideFlow, path: string) {
  const signedIn = await optionalUser(request, context)
  const api = signedIn?.api ?? (await getApi(request, context)).api
  let demo: Awaited<ReturnType<ApiClient['demoStore']['products']>>['items'] = []
  try {
    demo = (await api.demoStore.products()).items
  } catch (error) {
    log.warn('demo products unavailable', { error: String(error) })
  }
  const chosen = pickSchema.safeParse({ url: new URL(request.url).searchParams.get('url') ?? '' })
  return json({
    flow,
    progress: guideProgress(flow, path),
    signedIn: !!signedIn,
    credits: signedIn?.user.remaining_credit_count ?? null,
    chosen: chosen.success ? chosen.data.url : null,
    demo,
    onceKey: newOnceKey(),
  })
}

/**
 * Picks a product. Signed out: on to sign-up, which comes back here with the product chosen.
 * Signed in: the page is started with the same rules as /generate (credits, which links the plan
 * allows — a denial opens its dialog here), then the guide's next step.
 */
export async function pickProduct(request: Request, context: AppLoadContext | undefined, flow: Exclude<GuideFlow, 'v1'>, path: string) {
  const form = await request.formData()
  const pick = readPick(form)
  if ('error' in pick) return json(pick, { status: 400 })
  const { url } = pick
  const back = `${path}?${new URLSearchParams({ guide: flow, url })}`
  const signedIn = await optionalUser(request, context)
  if (!signedIn) return redirect(`/account/sign-up?${new URLSearchParams({ redirectTo: back })}`)
  const outline = flow === 'v3'
  const started = await startPage(request, signedIn, url, {
    outline,
    keep: { guide: flow, url },
    requestKey: onceKeyOf(form, { url, outline }),
  })
  if ('response' in started) return started.response
  return toGuideStep(request, signedIn.user, guidePath(flow, AFTER_PICK[flow], started.sessionId), started.sessionId)
}

/** On to a guide's next step with a page started from it (fromGuideGenerate: its view will say what comes next). */
export async function toGuideStep(request: Request, user: { uuid: string }, to: string, sessionId: string) {
  return redirect(to, { headers: { 'Set-Cookie': await markGuideGenerate(request, user.uuid, sessionId) } })
}

/** Starts a page from a guide's product link (startTask); a failure is the step's message. */
export async function startPage(
  request: Request,
  signedIn: Parameters<typeof startTask>[1],
  url: string,
  opts: { outline: boolean; keep?: Record<string, string | undefined>; requestKey?: string },
): Promise<{ sessionId: string } | { response: Response }> {
  const started = await startTask(request, signedIn, { url, outline: opts.outline }, { keep: opts.keep, requestKey: opts.requestKey })
  if (!('failure' in started)) return started
  return { response: json({ error: started.failure.message }, { status: started.failure.status }) }
}

/**
 * A generation in progress (the generating steps of every guide and of /generate): lands on the
 * outline when it is ready to review, and on the page when it is done.
 */
export async function loadGeneration(request: Request, context: AppLoadContext | undefined, flow: GuideFlow | null, path: string) {
  const { api } = await requireUser(request, context)
  const sessionId = taskIdParam(new URL(request.url).search)
  if (!sessionId) throw httpError(404, 'No page is being generated here.')
  const task = await orHttpError(api.tasks.get(sessionId))
  if (task.status === TASK_STATUS.outlineReady)
    throw redirect(flow ? guidePath(flow, '/guidev3/outline', task.session_id) : `/guidev3/outline?session_id=${task.session_id}`)
  if (task.status === TASK_STATUS.completed) throw redirect(ownerPagePath(task.session_id))
  return json({ task, progress: flow ? guideProgress(flow, path) : null })
}
