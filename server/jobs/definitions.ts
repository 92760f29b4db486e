import type PgBoss from 'pg-boss'

/**
 * Queue names, their retry/expiry settings and job payloads. Pure data, so modules can enqueue
 * (through `deps.queue`) without importing the handlers that import them.
 */
export const GENERATE_QUEUE = 'generate-task'
/**
 * A generation job that pg-boss gave up on without its handler saying so (its process died on the
 * last try, or it expired): the task is marked failed and refunded there.
 */
export const GENERATE_DEAD_QUEUE = 'generate-task-dead'
export const GENERATE_DEAD_QUEUE_OPTIONS = {
  name: GENERATE_DEAD_QUEUE,
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 60,
} satisfies PgBoss.Queue
/**
 * Bounded retries for transient trouble (network, 5xx). A job whose process died is run again
 * within seconds (jobs/orphans.ts); expiry is the last resort, so it is longer than any real run.
 */
export const GENERATE_QUEUE_OPTIONS = {
  name: GENERATE_QUEUE,
  retryLimit: 3,
  retryDelay: 3,
  retryBackoff: true,
  expireInSeconds: 300,
  deadLetter: GENERATE_DEAD_QUEUE,
} satisfies PgBoss.Queue

export interface GenerateJob {
  taskId: number
  /** start: import → research → outline (→ page unless the outline flow waits). compose: write the page. */
  phase: 'start' | 'compose'
  regenerate?: boolean
}

export const HOUSEKEEPING_QUEUE = 'housekeeping'
export const HOUSEKEEPING_QUEUE_OPTIONS = {
  name: HOUSEKEEPING_QUEUE,
  retryLimit: 1,
  expireInSeconds: 300,
  policy: 'singleton',
} satisfies PgBoss.Queue

/** A store's catalogue sync: pages of products, resumable from the cursor saved on the store. */
export const SHOPIFY_SYNC_QUEUE = 'shopify-sync'
export const SHOPIFY_SYNC_QUEUE_OPTIONS = {
  name: SHOPIFY_SYNC_QUEUE,
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 1800,
} satisfies PgBoss.Queue
export interface ShopifySyncJob {
  storeId: number
}

/** Publishing one page into one store (idempotent: every step sets, nothing appends). */
export const SHOPIFY_PUBLISH_QUEUE = 'shopify-publish'
export const SHOPIFY_PUBLISH_QUEUE_OPTIONS = {
  name: SHOPIFY_PUBLISH_QUEUE,
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
} satisfies PgBoss.Queue
export interface ShopifyPublishJob {
  publicationId: number
}

/** Work a webhook asks for (refresh one product, write our theme files into a newly published theme, forget a shop), and an experiment's challenger. */
export const SHOPIFY_EVENTS_QUEUE = 'shopify-events'
export const SHOPIFY_EVENTS_QUEUE_OPTIONS = {
  name: SHOPIFY_EVENTS_QUEUE,
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 300,
} satisfies PgBoss.Queue
export type ShopifyEventJob =
  | { kind: 'product-refresh'; storeId: number; productGid: string }
  | { kind: 'theme-published'; storeId: number; themeGid: string }
  | { kind: 'shop-redact'; shopDomain: string }
  /** An experiment started or ended: the product's challenger metafield follows (modules/shopify/challenger.ts). */
  | { kind: 'challenger'; publicationId: number }

/** Every queue, created (or brought up to these settings) at start-up, inside the start-up lock; a dead letter queue before the queue that names it. */
export const QUEUES: PgBoss.Queue[] = [
  GENERATE_DEAD_QUEUE_OPTIONS,
  GENERATE_QUEUE_OPTIONS,
  HOUSEKEEPING_QUEUE_OPTIONS,
  SHOPIFY_SYNC_QUEUE_OPTIONS,
  SHOPIFY_PUBLISH_QUEUE_OPTIONS,
  SHOPIFY_EVENTS_QUEUE_OPTIONS,
]
