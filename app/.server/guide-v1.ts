import { json, redirect, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { guidePath, guideProgress, QUICK_QUESTIONS } from '../../server/domain/onboarding'
import { apiFailure } from './api-failure'
import { requireUser } from './auth'
import { denialFromApi, redirectToDialog } from './denials'
import { loadPickProduct, readPick, startPage, toGuideStep } from './guide'
import { log } from './log'
import { onceKeyOf } from './once-key'

/** Guide v1, step 1: three questions, each answer saved with POST /v2/auth/update-question-and-answer. */
export async function loadQuickQuestion(request: Request, context: AppLoadContext | undefined) {
  await requireUser(request, context)
  return json({ progress: guideProgress('v1', '/guide/quick-question'), questions: QUICK_QUESTIONS })
}

const answersSchema = z.object(
  Object.fromEntries(QUICK_QUESTIONS.map((q) => [q.id, z.enum(q.options as unknown as [string, ...string[]]).optional()])),
)

export async function answerQuickQuestion(request: Request, context: AppLoadContext | undefined) {
  const { api } = await requireUser(request, context)
  const parsed = answersSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return json({ error: 'Please pick one of the answers shown.' }, { status: 400 })
  try {
    for (const q of QUICK_QUESTIONS) {
      const answer = parsed.data[q.id]
      if (answer) await api.auth.updateQuestionAndAnswer({ question: q.question, answer })
    }
  } catch (error) {
    return json({ error: apiFailure(error, "We couldn't save your answers. Please try again in a moment.").message }, { status: 503 })
  }
  return redirect(guidePath('v1', '/guide/add-store'))
}

/** Guide v1, step 2: the stores connected so far, a way to connect one, or to go on without. */
export async function loadAddStore(request: Request, context: AppLoadContext | undefined) {
  const { api } = await requireUser(request, context)
  let stores: { name: string; products: number }[] = []
  try {
    stores = (await api.stores.list()).items.map((s) => ({ name: s.name ?? s.shop_domain, products: s.product_count }))
  } catch (error) {
    log.warn('stores unavailable in the guide', { error: String(error) })
  }
  return json({ progress: guideProgress('v1', '/guide/add-store'), stores })
}

/**
 * Guide v1, step 3: the synced catalogue first, then the demo store and a pasted link. Right after
 * connecting (the store step comes back here) the catalogue may still be syncing: the step says so
 * and refreshes until it is done.
 */
export async function loadGuidePick(request: Request, context: AppLoadContext | undefined) {
  const { api } = await requireUser(request, context)
  const base = await (await loadPickProduct(request, context, 'v1', '/guide/pick-product')).json()
  let catalogue: { id: number; title: string; image: string | null }[] = []
  let syncing = false
  try {
    const stores = await api.stores.list()
    const store = stores.items.find((s) => s.id === stores.current_store_id)
    syncing = store?.sync.status === 'queued' || store?.sync.status === 'running'
    if (store) catalogue = (await api.catalog.list({ page_size: 12 })).items.map((p) => ({ id: p.id, title: p.title, image: p.image }))
  } catch (error) {
    log.warn('catalogue unavailable in the guide', { error: String(error) })
  }
  return json({ ...base, catalogue, syncing })
}

/** A product of the store (its synced facts, nothing fetched) or a link; then the page's progress. */
export async function pickForGuideV1(request: Request, context: AppLoadContext | undefined) {
  const signedIn = await requireUser(request, context)
  const form = await request.formData()
  const productId = Number(form.get('product_id'))
  if (Number.isInteger(productId) && productId > 0) {
    try {
      const requestKey = onceKeyOf(form, { product: productId, outline: false })
      const task = await signedIn.api.catalog.createTask({ product_id: productId, flow: 'direct' }, requestKey)
      return toGuideStep(request, signedIn.user, guidePath('v1', '/guide/generate', task.session_id), task.session_id)
    } catch (error) {
      const denial = denialFromApi(error)
      if (denial) return redirectToDialog(request, denial, { guide: 'v1' })
      const failure = apiFailure(error, "We couldn't reach Pagewright's page service. Please try again in a moment.")
      return json({ error: failure.message }, { status: failure.status })
    }
  }
  const pick = readPick(form)
  if ('error' in pick) return json(pick, { status: 400 })
  const started = await startPage(request, signedIn, pick.url, {
    outline: false,
    keep: { guide: 'v1', url: pick.url },
    requestKey: onceKeyOf(form, { url: pick.url, outline: false }),
  })
  if ('response' in started) return started.response
  return toGuideStep(request, signedIn.user, guidePath('v1', '/guide/generate', started.sessionId), started.sessionId)
}
