import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { MAX_CREDIT_ADJUSTMENT, REASON_LENGTH } from '../domain/admin'
import { CREDIT_REASONS, SLOT_REASONS } from '../domain/credits'
import { SHOPIFY_STORE_STATUSES, SHOPIFY_SYNC_STATUSES } from '../domain/shopify'
import { ROLES } from '../domain/user'
import { requiredText } from '../domain/validation'
import { planSchema } from './billing'
import { ERRORS, SIGNED_IN, errorSchema, json, jsonBody } from './common'
import { dataStatus, taskStatus } from './task-schemas'
import { publicUserSchema } from './users'

/**
 * The support console (staff only: any other account gets 404 `{ error: "Not found." }` from every
 * route, as if it did not exist). Every change writes an audit row with its reason.
 */
const tags = ['Support console']

const reason = requiredText(REASON_LENGTH).describe('Why: kept in the audit log (and the ledger for credits).')
const userParam = z.object({ uuid: z.uuid() })
const NOT_STAFF = 'Not found (also the answer to anyone who is not staff).'
const notFound = json(errorSchema, NOT_STAFF)

const userSummary = z
  .object({
    uuid: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(ROLES),
    plan: z.string().nullable(),
    remaining_credit_count: z.number().int(),
    status: z.enum(['active', 'disabled']),
    invitation_code: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminUserSummary' })

const ledgerRow = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.enum(CREDIT_REASONS),
  note: z.string().nullable(),
  task_session_id: z.string().nullable(),
  created_at: z.string(),
})

const slotRow = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.enum(SLOT_REASONS),
  referral_id: z.number().int().nullable(),
  created_at: z.string(),
})

const store = z.object({
  id: z.number().int(),
  shop_domain: z.string(),
  name: z.string().nullable(),
  is_demo: z.boolean(),
  status: z.enum(SHOPIFY_STORE_STATUSES),
  connected_at: z.string(),
  uninstalled_at: z.string().nullable(),
  sync: z.object({
    status: z.enum(SHOPIFY_SYNC_STATUSES),
    done: z.number().int(),
    total: z.number().int().nullable(),
    failure_reason: z.string().nullable(),
    last_sync_at: z.string().nullable(),
  }),
})

const page = z.object({
  session_id: z.string(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  status: taskStatus,
  data_status: dataStatus,
  /** Not named `error`: the web's client raises any answer carrying one. */
  failure_reason: z.string().nullable().describe('Why the page failed (tasks.error).'),
  created_at: z.string(),
})

const referral = z
  .object({
    id: z.number().int(),
    inviter_uuid: z.string(),
    inviter_email: z.string(),
    invitee_uuid: z.string(),
    invitee_email: z.string(),
    created_at: z.string(),
    state: z.enum(['pending', 'qualified', 'disqualified']),
    qualified_at: z.string().nullable(),
    qualified_shop: z.string().nullable(),
    disqualified_at: z.string().nullable(),
    disqualified_reason: z.string().nullable(),
    refused_reason: z
      .string()
      .nullable()
      .describe(
        'Why the invitee\u2019s last store connection did not qualify the referral (a demo shop, the referrer\u2019s own store …).',
      ),
    refused_at: z.string().nullable(),
  })
  .meta({ id: 'AdminReferral' })

const changes = z.record(z.string(), z.unknown()).nullable()
const auditEntry = z.object({
  id: z.number().int(),
  actor_email: z.string().nullable().describe('Null: a command on the server (npm run user:role), or a deleted account.'),
  action: z.string(),
  reason: z.string().nullable(),
  before: changes,
  after: changes,
  created_at: z.string(),
})

const billing = z
  .object({
    customers: z.array(z.object({ id: z.string(), mode: z.enum(['test', 'live']).nullable() })).describe('Stripe customers, one per mode.'),
    subscriptions: z.array(
      z.object({
        id: z.string(),
        status: z.string(),
        plan: z.string().nullable(),
        current_period_end: z.string().nullable(),
        cancel_at_period_end: z.boolean(),
        duplicate_of: z.string().nullable().describe('Paid while this other subscription was the plan: cancelled and refunded.'),
        refunded_at: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    disputes: z
      .array(
        z.object({
          id: z.string(),
          charge: z.string(),
          invoice: z.string().nullable(),
          amount: z.number(),
          currency: z.string(),
          reason: z.string(),
          status: z.string(),
          created_at: z.string(),
          closed_at: z.string().nullable(),
        }),
      )
      .describe('Card disputes: an open one freezes nothing; a lost one took back the credits of its payment.'),
  })
  .meta({ id: 'AdminBilling' })

export const adminAccountSchema = z
  .object({
    user: publicUserSchema,
    plan: z
      .object({ name: z.string(), slug: z.string(), billing_cycle: z.enum(['month', 'year']), credit_value_month: z.number().int() })
      .nullable()
      .describe('The catalogue plan the account is on (by its stripe_plan), if any.'),
    active_sessions: z.number().int(),
    ledger: z.array(ledgerRow).describe('The 30 newest ledger rows.'),
    slot_history: z
      .array(slotRow)
      .describe('The 30 newest publish slot changes (slot ledger): spent, given back, earned by referrals, taken back.'),
    stores: z.array(store),
    pages: z.array(page).describe('The 20 newest pages (tasks).'),
    page_count: z.number().int(),
    failed_page_count: z.number().int(),
    referrals_made: z.array(referral),
    referral_received: referral.nullable(),
    audit: z.array(auditEntry).describe('The 50 newest audit entries about this account.'),
    billing,
  })
  .meta({ id: 'AdminAccount' })
export type AdminAccount = z.output<typeof adminAccountSchema>

export const adminPlanSchema = planSchema
  .extend({ slug: z.string(), grant_description: z.string().describe('What a grant of this plan gives, in words.') })
  .meta({ id: 'AdminPlan' })
export type AdminPlan = z.output<typeof adminPlanSchema>

export const search = createRoute({
  method: 'get',
  path: '/v2/admin/users',
  tags,
  summary: 'Find accounts by e-mail (exact or prefix), uuid or invitation code; no query: the newest accounts',
  description:
    'Finds up to 20 accounts: `q` may be a full uuid, an e-mail or its beginning, or an invitation code; without `q`, the newest accounts. Staff only: any other account gets a 404.',
  security: SIGNED_IN,
  request: { query: z.object({ q: z.string().trim().max(254).optional() }) },
  responses: {
    200: json(z.object({ items: z.array(userSummary) }), 'Up to 20 accounts.'),
    400: ERRORS[400],
    401: ERRORS[401],
    404: notFound,
  },
})

export const account = createRoute({
  method: 'get',
  path: '/v2/admin/users/{uuid}',
  tags,
  summary: 'One account: user, plan, credits and ledger, stores, pages, referrals, sessions, audit log',
  description:
    'Everything support needs about one account: the user, its plan, active sessions, the 30 newest credit ledger rows, stores, the 20 newest pages, referrals made and received, and the 50 newest audit entries. Staff only: any other account gets a 404.',
  security: SIGNED_IN,
  request: { params: userParam },
  responses: { 200: json(adminAccountSchema, 'The account.'), 400: ERRORS[400], 401: ERRORS[401], 404: notFound },
})

export const plans = createRoute({
  method: 'get',
  path: '/v2/admin/plans',
  tags,
  summary: 'The plans support can grant (active, version 2), with what a grant gives in words',
  description:
    'The active plans of the current catalogue that the role change can grant, each with what a grant gives in words. Staff only: any other account gets a 404.',
  security: SIGNED_IN,
  responses: { 200: json(z.object({ items: z.array(adminPlanSchema) }), 'The plans.'), 401: ERRORS[401], 404: notFound },
})

export const setRole = createRoute({
  method: 'post',
  path: '/v2/admin/users/{uuid}/role',
  tags,
  summary: 'Set the role: paid grants a plan (its credits, a ledger row), free ends the plan (credits stay), admin sets the role only',
  description:
    'paid grants the plan `plan_id` (its credits, with a ledger row), free ends the plan while the credits stay, admin makes the account staff. Staff cannot change their own role (400); free for an account already free, or admin for staff, is a 409. The change and its reason go into the audit log. Staff only: any other account gets a 404.',
  security: SIGNED_IN,
  request: {
    params: userParam,
    body: jsonBody(
      z.object({
        role: z.enum(ROLES),
        plan_id: z.number().int().positive().optional().describe('Required for paid: an active version-2 plan.'),
        reason,
      }),
    ),
  },
  responses: {
    200: json(
      z.object({ user: userSummary, credits_granted: z.number().int(), description: z.string().describe('What was done, in words.') }),
      'Done.',
    ),
    400: ERRORS[400],
    401: ERRORS[401],
    404: notFound,
    409: ERRORS[409],
  },
})

export const adjustCredits = createRoute({
  method: 'post',
  path: '/v2/admin/users/{uuid}/credits',
  tags,
  summary: 'Grant (delta > 0) or remove (delta < 0) credits; the balance never goes below zero',
  description:
    'Adds (`delta` > 0) or removes (`delta` < 0) up to 1,000,000 credits in one conditional update: a removal that would take the balance below zero is a 400 and changes nothing. Writes a ledger row and an audit entry with the reason. Staff only: any other account gets a 404.',
  security: SIGNED_IN,
  request: {
    params: userParam,
    body: jsonBody(
      z.object({
        delta: z
          .number({ error: 'This field can only contain whole numbers' })
          .int('This field can only contain whole numbers')
          .min(-MAX_CREDIT_ADJUSTMENT, `At most ${MAX_CREDIT_ADJUSTMENT.toLocaleString('en-US')} credits at a time`)
          .max(MAX_CREDIT_ADJUSTMENT, `At most ${MAX_CREDIT_ADJUSTMENT.toLocaleString('en-US')} credits at a time`)
          .refine((d) => d !== 0, 'Give a number other than 0'),
        reason,
      }),
    ),
  },
  responses: {
    200: json(z.object({ delta: z.number().int(), balance: z.number().int() }), 'The new balance.'),
    400: ERRORS[400],
    401: ERRORS[401],
    404: notFound,
  },
})

export const resendCode = createRoute({
  method: 'post',
  path: '/v2/admin/users/{uuid}/resend-code',
  tags,
  summary: 'E-mail a fresh login code to the account (the 30-second wait between codes applies)',
  description:
    'E-mails the account a fresh sign-in code, replacing any earlier one; the 30-second wait between codes applies (429 with `retry_after`), and 502 when the e-mail could not be sent. Recorded in the audit log. Staff only: any other account gets a 404.',
  security: SIGNED_IN,
  request: { params: userParam },
  responses: {
    200: json(z.object({ ok: z.literal(true), email: z.string(), retry_after: z.number().int() }), 'Sent.'),
    400: ERRORS[400],
    401: ERRORS[401],
    404: notFound,
    429: ERRORS[429],
    502: ERRORS[502],
  },
})

export const revokeSessions = createRoute({
  method: 'post',
  path: '/v2/admin/users/{uuid}/revoke-sessions',
  tags,
  summary: 'Sign the account out everywhere: every session token stops working (the API key stays)',
  description:
    'Revokes every live session token of the account, so it must sign in again everywhere; its API key is a separate credential and keeps working. Answers how many sessions ended; recorded in the audit log with the reason. Staff only: any other account gets a 404.',
  security: SIGNED_IN,
  request: { params: userParam, body: jsonBody(z.object({ reason })) },
  responses: {
    200: json(z.object({ revoked: z.number().int() }), 'How many sessions ended.'),
    400: ERRORS[400],
    401: ERRORS[401],
    404: notFound,
  },
})

export const disqualifyReferral = createRoute({
  method: 'post',
  path: '/v2/admin/referrals/{id}/disqualify',
  tags,
  summary: 'Mark a referral not qualified; a publish slot it gave the referrer is taken back (never below 0)',
  description:
    'Marks a referral disqualified. If its qualification gave the inviter a publish slot, the slot is taken back (never below 0; a slot already spent stays spent). An unknown referral is a 404, one disqualified already a 409; recorded in the audit log with the reason. Staff only: any other account gets a 404.',
  security: SIGNED_IN,
  request: { params: z.object({ id: z.coerce.number().int().positive() }), body: jsonBody(z.object({ reason })) },
  responses: {
    200: json(z.object({ referral, slot_taken_back: z.boolean() }), 'Disqualified.'),
    400: ERRORS[400],
    401: ERRORS[401],
    404: notFound,
    409: ERRORS[409],
  },
})

export const routes = { search, account, plans, setRole, adjustCredits, resendCode, revokeSessions, disqualifyReferral }
