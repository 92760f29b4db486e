import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import type { Plan } from '../domain/plans'
import { ERRORS, json } from './common'
import type { Same } from './same'

/** A plan (reference §4, §6.9). */
export const planSchema = z
  .object({
    id: z.number().int(),
    type: z.literal('recurring'),
    active: z.boolean(),
    billing_cycle: z.enum(['month', 'year']),
    amount: z.number().describe('USD, two decimals: the price per billing cycle.'),
    value: z.number(),
    name: z.string(),
    credit_value_month: z.number().int(),
    is_default: z.boolean(),
    stripe_price_id: z.string().nullable(),
    stripe_price_id_dev: z.string().nullable(),
    version: z.string(),
  })
  .meta({ id: 'Plan' })
const _planMatchesDomain: Same<z.output<typeof planSchema>, Plan> = true

export const plans = createRoute({
  method: 'get',
  path: '/v2/subscription/plans',
  tags: ['Billing'],
  summary: 'The plans on offer (only catalogue version "2" is served)',
  description:
    'The active plans of the current catalogue (version "2"), monthly then yearly, by credits; any other `version` answers an empty list. No sign-in. Pass a plan\u2019s `stripe_price_id` to POST /v2/subscription/create to buy it.',
  request: { query: z.object({ version: z.string().max(10).optional() }) },
  responses: { 200: json(z.array(planSchema), 'Active plans, monthly then yearly, by credits.'), 400: ERRORS[400] },
})

export const routes = { plans }
