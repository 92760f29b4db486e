import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { ERRORS, json } from './common'

export const inviter = createRoute({
  method: 'get',
  path: '/v2/referrals/{code}',
  tags: ['Referrals'],
  summary: 'Who a referral link is from (first name only; no sign-in)',
  request: { params: z.object({ code: z.string().max(32) }) },
  responses: { 200: json(z.object({ code: z.string(), first_name: z.string().nullable() }), 'The inviter.'), 404: ERRORS[404] },
})

export const routes = { inviter }
