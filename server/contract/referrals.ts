import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { ERRORS, json } from './common'

export const inviter = createRoute({
  method: 'get',
  path: '/v2/referrals/{code}',
  tags: ['Referrals'],
  summary: 'Who a referral link is from (first name only; no sign-in)',
  description:
    'Resolves a referral link\u2019s code (case-insensitive) to the inviter\u2019s first name, so a sign-up page can say who invited the visitor; `first_name` is null when the account has no name. No sign-in; nothing else about the account is revealed. An unknown or malformed code is a 404.',
  request: { params: z.object({ code: z.string().max(32) }) },
  responses: { 200: json(z.object({ code: z.string(), first_name: z.string().nullable() }), 'The inviter.'), 404: ERRORS[404] },
})

export const routes = { inviter }
