/**
 * The api's contract: every route, by area. `server/http` implements it, `app/.server/api.ts`
 * calls it, tests mock it. See common.ts. Every route has a `summary` and a `description` (what it
 * does, who may call it, its errors and limits): server/http/contract.test.ts fails without them.
 */
import { routes as admin } from './admin'
import { routes as auth } from './auth'
import { routes as billing } from './billing'
import { routes as payments } from './billing-flows'
import { routes as catalog } from './catalog'
import { routes as changes } from './changes'
import { routes as docs } from './docs'
import { routes as experiments } from './experiments'
import { routes as favorites } from './favorites'
import { routes as onboarding } from './onboarding'
import { routes as posts } from './posts'
import { routes as publishing } from './publishing'
import { routes as referrals } from './referrals'
import { routes as shopify } from './shopify'
import { routes as tasks } from './tasks'
import { routes as templates } from './templates'
import type { ContractRoute } from './types'

export const contract = {
  auth,
  billing,
  payments,
  tasks,
  favorites,
  shopify,
  catalog,
  publishing,
  referrals,
  admin,
  onboarding,
  posts,
  templates,
  docs,
  experiments,
  changes,
}

/** Every route of the contract, for the OpenAPI document and the coverage test. */
export const allRoutes = (): ContractRoute[] => Object.values(contract).flatMap((area) => Object.values(area) as ContractRoute[])
export { fillPath, successSchema, type ContractRoute, type RouteInput, type RouteOutput } from './types'
