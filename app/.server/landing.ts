import { redirect, type AppLoadContext } from '@remix-run/node'
import type { Plan } from '../../server/domain/plans'
import { createApiClient, transportFor, type SamplePage } from './api'
import { loadUser } from './auth'
import { env } from './env'
import { log } from './log'

export interface LandingData {
  publicUrl: string
  /** Null when the plans could not be loaded: the page then leaves its plans block out (reference §10). */
  plans: Plan[] | null
  /** A page the built-in writer made from a demo-store product; null when it could not be made. */
  sample: SamplePage | null
}

/**
 * What a landing page shows besides its words: the plans (GET /v2/subscription/plans?version=2)
 * and a real example page. Neither may break the page: each failure only hides its block.
 */
export async function loadLanding(context: AppLoadContext | undefined, sampleProduct: string): Promise<LandingData> {
  const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
  const [plans, sample] = await Promise.all([
    api.plans.list().catch((error: unknown) => {
      log.warn('landing page: plans not loaded', { error: String(error) })
      return null
    }),
    api.docs.samplePage(sampleProduct).catch((error: unknown) => {
      log.warn('landing page: sample page not made', { error: String(error) })
      return null
    }),
  ])
  return { publicUrl: env().publicUrl, plans: plans?.length ? plans : null, sample }
}

/**
 * `/` for a visitor without a session: the landing page that says what Pagewright is (its query,
 * e.g. click ids, goes along). A session that has ended still goes to the login page (requireUser).
 */
export async function landingForVisitors(request: Request, context: AppLoadContext | undefined) {
  if ((await loadUser(request, context)).status === 'anonymous') throw redirect(`/lp/1${new URL(request.url).search}`)
}
