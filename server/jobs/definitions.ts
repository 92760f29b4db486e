import type PgBoss from 'pg-boss'

/**
 * Queue names, their retry/expiry settings and job payloads. Pure data, so modules can enqueue
 * (through `deps.queue`) without importing the handlers that import them.
 */
export const GENERATE_QUEUE = 'generate-task'
/** Bounded retries for transient trouble (network, 5xx); active jobs expire so a crash is retried. */
export const GENERATE_QUEUE_OPTIONS = {
  name: GENERATE_QUEUE,
  retryLimit: 3,
  retryDelay: 3,
  retryBackoff: true,
  expireInSeconds: 300,
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

/** Every queue, created once at start-up (inside the start-up lock). */
export const QUEUES: PgBoss.Queue[] = [GENERATE_QUEUE_OPTIONS, HOUSEKEEPING_QUEUE_OPTIONS]
