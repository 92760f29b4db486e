/**
 * Work that can wait (recompressing a popular page at the best ratio), done one job at a time and
 * within a share of one core: after a job that took t ms it rests t × (1 − share) / share ms. Brotli
 * at quality 11 takes ~90 ms a page on this project's machines; run for every page that turns
 * popular under load, it took the CPU the renders needed (issue 24's Zipf load). Jobs beyond
 * `maxQueued` are refused: the caller tries again later.
 */
export interface BackgroundWork {
  /** Queues `job`; false when the queue is full (nothing queued). */
  offer(job: () => Promise<unknown>): boolean
  /** Jobs waiting, and the one running. */
  readonly pending: number
  /** Jobs since start, by how they ended (refused: the queue was full). */
  readonly done: number
  readonly failed: number
  readonly refused: number
}

/** Every named background work of this process, for /metrics: jobs pending, done, failed and refused. */
export const BACKGROUND_WORKS = new Map<string, BackgroundWork>()

export interface BackgroundWorkOptions {
  /** Listed in /metrics under this name (the last one made with a name is the one listed). */
  name?: string
  /** Share of one core the jobs may take, 0 < share ≤ 1 (default 0.2). */
  share?: number
  maxQueued?: number
  now?: () => number
  rest?: (ms: number) => Promise<void>
}

const restUnref = (ms: number) =>
  new Promise<void>((resolve) => {
    // Never what keeps the process alive.
    setTimeout(resolve, ms).unref()
  })

export function backgroundWork(opts: BackgroundWorkOptions = {}): BackgroundWork {
  const share = Math.min(1, Math.max(0.01, opts.share ?? 0.2))
  const maxQueued = opts.maxQueued ?? 64
  const now = opts.now ?? (() => performance.now())
  const rest = opts.rest ?? restUnref
  const queue: (() => Promise<unknown>)[] = []
  let running = false
  let done = 0
  let failed = 0
  let refused = 0

  async function drain() {
    running = true
    try {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const started = now()
        await job().then(
          () => done++,
          () => failed++,
        )
        const took = now() - started
        if (share < 1 && took > 0) await rest((took * (1 - share)) / share)
      }
    } finally {
      running = false
    }
  }

  const work: BackgroundWork = {
    offer(job) {
      if (queue.length >= maxQueued) {
        refused++
        return false
      }
      queue.push(job)
      if (!running) void drain()
      return true
    },
    get pending() {
      return queue.length + (running ? 1 : 0)
    },
    get done() {
      return done
    },
    get failed() {
      return failed
    },
    get refused() {
      return refused
    },
  }
  if (opts.name) BACKGROUND_WORKS.set(opts.name, work)
  return work
}
