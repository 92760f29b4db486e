/**
 * What a counter kept in memory needs to reach the database in batches: `flush` sends what was
 * counted (one flush at a time, in order), `start` does so every `intervalMs`, `stop` stops the
 * timer and flushes what is left (on shutdown). Used by the page views (page-views.ts) and the
 * shoppers of experiments (experiment-front.ts).
 */
export function flushTimer(flushNow: () => Promise<void>, intervalMs = 10_000) {
  let timer: NodeJS.Timeout | undefined
  let flushing: Promise<void> = Promise.resolve()
  const flush = (): Promise<void> => (flushing = flushing.then(flushNow))
  return {
    flush,
    start() {
      timer ??= setInterval(() => void flush(), intervalMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await flush()
    },
  }
}
