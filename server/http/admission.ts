/**
 * First come, first served: at most `max` page renders run at once and the rest wait in arrival
 * order. Without it, 200 open connections interleave 200 renders, every one of them slows down
 * together, and pages that read the database several times never finish while cheap ones do.
 */
export function firstComeFirstServed(max: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < max) running++
      else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await work()
      } finally {
        // The slot passes straight to the next in line, or is given back.
        const next = waiting.shift()
        if (next) next()
        else running--
      }
    },
    /** Renders running and waiting (for tests and health output). */
    load: () => ({ running, waiting: waiting.length }),
  }
}
