/**
 * Experiments between two versions of one page, and the page's analytics (issue 25, reference §3.12).
 * Shoppers meet them on /share/{id} (assigned by a cookie) and /go/{id} (the counted buy button).
 */
import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  DEFAULT_SPLIT,
  EXPERIMENT_STATUSES,
  STOP_REASONS,
  VARIANTS,
} from '../domain/experiments/shopper'
import { VARIANT_ANGLE_RULES, VARIANT_ANGLES } from '../domain/page/variants'
import { ERRORS, SIGNED_IN, json, jsonBody } from './common'
import { key } from './task-schemas'

const tags = ['Experiments']

const DECISIONS = ['collecting', 'challenger_wins', 'control_wins', 'no_difference'] as const
const interval = z.tuple([z.number(), z.number()]).describe('Low and high bound (always valid, whenever it is looked at).')

export const experimentVariantSchema = z
  .object({
    name: z.enum(VARIANTS),
    version: z.number().int().describe('The page version this variant shows.'),
    visitors: z.number().int().describe('Visitors assigned to it (people, not bots; each once).'),
    conversions: z.number().int().describe('Visitors who pressed the buy button (each once).'),
    rate: z.number().describe('conversions / visitors (0 without visitors).'),
    interval,
  })
  .meta({ id: 'ExperimentVariant' })

export const experimentSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(EXPERIMENT_STATUSES),
    control_version: z.number().int(),
    challenger_version: z.number().int(),
    split: z.number().int().describe('The challenger\u2019s share of new visitors, in percent.'),
    started_at: z.string(),
    stopped_at: z.string().nullable(),
    stop_reason: z
      .enum(STOP_REASONS)
      .nullable()
      .describe(
        'Why it stopped: `owner` (stopped by the owner), `page_changed` (a new live version — an edit, a restore, a regenerate — replaced the control, so the experiment ended with it), `plan_ended` (the plan no longer includes experiments). Null while running and once promoted.',
      ),
    variants: z.array(experimentVariantSchema).describe('control first, then challenger.'),
    decision: z.enum(DECISIONS),
    decided_at: z.string().nullable().describe('When a decision other than collecting was first seen.'),
    reason: z.string().describe('The decision in one sentence for the owner.'),
    more_visitors_needed: z
      .number()
      .int()
      .nullable()
      .describe('About how many more visitors (both variants) a decision needs; null once decided or ended.'),
  })
  .meta({ id: 'Experiment' })
export type Experiment = z.output<typeof experimentSchema>

const experimentId = key.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) })

export const start = createRoute({
  method: 'post',
  path: '/v2/tasks/{key}/experiments',
  tags,
  summary: 'Start an experiment: the live version against another version of the page (Pro)',
  description:
    'The live version is the control, `challenger_version` (any other saved version) the challenger; `split` is the challenger\u2019s share of new shoppers in percent (default 50). ' +
    'Shoppers of the shared page are assigned by a cookie and stay on their variant; presses of the buy button count as conversions. ' +
    '400 for a version that does not exist or is the live one; 409 while an experiment runs on the page or the page is not finished; 403 `experiments` on the free plan.',
  security: SIGNED_IN,
  request: {
    params: key,
    body: jsonBody(
      z.object({
        challenger_version: z.number().int().positive().max(2_147_483_647),
        split: z.number().int().min(1).max(99).default(DEFAULT_SPLIT),
      }),
    ),
  },
  responses: {
    201: json(experimentSchema, 'Running.'),
    400: ERRORS[400],
    401: ERRORS[401],
    403: ERRORS[403],
    404: ERRORS[404],
    409: ERRORS[409],
  },
})

export const current = createRoute({
  method: 'get',
  path: '/v2/tasks/{key}/experiments/current',
  tags,
  summary: 'The running experiment of a page, with its counts and decision',
  description: '404 when no experiment runs on the page. The decision comes from server/domain/experiments/stats.ts.',
  security: SIGNED_IN,
  request: { params: key },
  responses: { 200: json(experimentSchema, 'The experiment.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const list = createRoute({
  method: 'get',
  path: '/v2/tasks/{key}/experiments',
  tags,
  summary: 'Every experiment of a page, newest first',
  security: SIGNED_IN,
  description: 'Running, stopped and promoted experiments, each with its counts and decision.',
  request: { params: key },
  responses: { 200: json(z.object({ items: z.array(experimentSchema) }), 'The experiments.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const stop = createRoute({
  method: 'post',
  path: '/v2/tasks/{key}/experiments/{id}/stop',
  tags,
  summary: 'Stop an experiment: every shopper gets the live version again',
  description: 'Counts are kept. 409 when it is not running; 404 for another page\u2019s experiment; 403 `experiments` on the free plan.',
  security: SIGNED_IN,
  request: { params: experimentId },
  responses: { 200: json(experimentSchema, 'Stopped.'), 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404], 409: ERRORS[409] },
})

export const promote = createRoute({
  method: 'post',
  path: '/v2/tasks/{key}/experiments/{id}/promote',
  tags,
  summary: 'Make the challenger the live version (everywhere, the store included)',
  description:
    'Saves the challenger\u2019s page as the new live version, stops the experiment, and publishes the page again into every store where it is published (a job, as POST /v2/tasks/push_to_shopify_with_theme_queue). ' +
    'A running or stopped experiment can be promoted once; 409 otherwise. 403 `experiments` on the free plan.',
  security: SIGNED_IN,
  request: { params: experimentId },
  responses: {
    200: json(
      experimentSchema.extend({
        page_version: z.number().int().describe('The new live version.'),
        stores_republished: z.number().int().describe('Stores the page is being published into again (0: it is in no store).'),
      }),
      'Promoted.',
    ),
    401: ERRORS[401],
    403: ERRORS[403],
    404: ERRORS[404],
    409: ERRORS[409],
  },
})

export const analyticsDaySchema = z
  .object({
    day: z.iso.date(),
    views: z.number().int(),
    visitors: z
      .number()
      .int()
      .describe(
        'Browsers that loaded the page that day, each once however often (bots, HEAD and prefetches not counted). Told by the day in the page’s ETag, or under an experiment a cookie holding only the day: nothing about anyone is stored.',
      ),
    buy_clicks: z.number().int(),
    conversion_rate: z.number().nullable().describe('buy_clicks / visitors; null without visitors.'),
  })
  .meta({ id: 'AnalyticsDay' })

export const analytics = createRoute({
  method: 'get',
  path: '/v2/tasks/{key}/analytics',
  tags,
  summary: 'A page\u2019s views, visitors and buy clicks per day, and its current or last experiment',
  description: `Every day of the period (UTC), oldest first, zeros included; \`days\` from 1 to ${ANALYTICS_MAX_DAYS} (default ${ANALYTICS_DEFAULT_DAYS}). Owner only.`,
  security: SIGNED_IN,
  request: {
    params: key,
    query: z.object({ days: z.coerce.number().int().min(1).max(ANALYTICS_MAX_DAYS).default(ANALYTICS_DEFAULT_DAYS) }),
  },
  responses: {
    200: json(z.object({ days: z.array(analyticsDaySchema), experiment: experimentSchema.nullable() }), 'The analytics.'),
    400: ERRORS[400],
    401: ERRORS[401],
    404: ERRORS[404],
  },
})

const count = z.number().int().min(0).max(10_000_000)
export const recordShoppers = createRoute({
  method: 'post',
  path: '/v2/experiments/events',
  tags,
  summary: 'Visitors, buy clicks and experiment events counted by a web deployed on its own (internal)',
  description:
    'Like POST /v2/tasks/shared/views: a web without a database hands over what it counted, with the same key derived from AUTH_SECRET; not for API clients.',
  request: {
    body: jsonBody(
      z.object({
        pages: z.array(z.object({ session_id: z.uuid(), day: z.iso.date(), visitors: count, buy_clicks: count })).max(10_000),
        events: z
          .array(
            z.object({
              kind: z.enum(['visit', 'convert']),
              experiment_id: z.number().int().positive().max(2_147_483_647),
              visitor_id: z.string().min(16).max(43),
              variant: z.enum(VARIANTS),
              day: z.iso.date(),
            }),
          )
          .max(100_000),
      }),
    ),
  },
  responses: { 200: json(z.object({ ok: z.literal(true) }), 'Added.'), 400: ERRORS[400], 401: ERRORS[401] },
})

/** The events a store's shoppers send through Pagewright's web pixel (extensions/pagewright-pixel). */
export const STORE_EVENTS = ['view', 'add_to_cart', 'checkout'] as const
export const recordStoreEvent = createRoute({
  method: 'post',
  path: '/v2/experiments/store-events',
  tags,
  summary: 'A shopper of a Shopify store under an experiment: seen, added to the cart, bought (the web pixel)',
  description:
    'Public, for Pagewright\u2019s web pixel on the shop\u2019s storefront (CORS open; `text/plain` bodies are read as JSON, so no preflight is needed). ' +
    'Counted only for an experiment running on a page published in that shop (404 otherwise), and for the product the page is on when `product_id` is given. ' +
    '`view` counts the visitor once for their variant; `add_to_cart` a buy click of the page; `checkout` one conversion per visitor. ' +
    'The visitor\u2019s first variant stands: another one is refused (409). 429 past the rate limit per network.',
  request: {
    body: jsonBody(
      z.object({
        shop: z
          .string()
          .max(255)
          .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'A shop\u2019s myshopify.com domain.'),
        experiment_id: z.number().int().positive().max(2_147_483_647),
        visitor: z
          .string()
          .regex(/^[A-Za-z0-9_-]{16,43}$/)
          .describe('The random id of the experiment cookie (`pw_x{id}`).'),
        variant: z.enum(VARIANTS),
        event: z.enum(STORE_EVENTS),
        product_id: z
          .string()
          .max(100)
          .regex(/^(gid:\/\/shopify\/Product\/)?\d+$/)
          .optional()
          .describe('The product of the event (a gid or its number); the event counts only for the product the page is on.'),
      }),
    ),
  },
  responses: {
    200: json(z.object({ counted: z.boolean().describe('Whether this event added to the counts (a repeat adds nothing).') }), 'Read.'),
    400: ERRORS[400],
    404: ERRORS[404],
    409: ERRORS[409],
    429: ERRORS[429],
  },
})

export const makeVariant = createRoute({
  method: 'post',
  path: '/v2/tasks/{key}/variants',
  tags,
  summary: 'Regenerate as a variant: a version to test, made from the live one by another angle (Pro)',
  description:
    'Saves the live page with its sections in another order as a new version that is not live: shoppers, the store and a running experiment are unchanged until an experiment starts with it as the challenger. ' +
    'Every word and number stays the live page’s own, so it costs no credits. Angles: ' +
    VARIANT_ANGLES.map((a) => `\`${a}\` (${VARIANT_ANGLE_RULES[a].hint.replace(/\.$/, '')})`).join(', ') +
    '. 400 when the angle would not change what shoppers see; 409 when the page is not finished; 403 `experiments` on the free plan.',
  security: SIGNED_IN,
  request: { params: key, body: jsonBody(z.object({ angle: z.enum(VARIANT_ANGLES) })) },
  responses: {
    201: json(
      z
        .object({
          version: z.number().int().describe('The new version, ready to be a challenger.'),
          angle: z.enum(VARIANT_ANGLES),
          sections: z.array(z.string()).describe('The section types in their new order.'),
        })
        .meta({ id: 'PageVariant' }),
      'Saved, not live.',
    ),
    400: ERRORS[400],
    401: ERRORS[401],
    403: ERRORS[403],
    404: ERRORS[404],
    409: ERRORS[409],
  },
})

export const routes = { recordShoppers, recordStoreEvent, start, current, list, stop, promote, makeVariant, analytics }
