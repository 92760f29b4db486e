import v8 from 'node:v8'

/**
 * How far V8 lets the heap grow past what a full collection left live before it collects again, in
 * percent (HEAP_GROWTH_PERCENT). Left to itself V8 grows it up to four times for throughput and
 * keeps what it grew, so a server that served one burst holds hundreds of megabytes it no longer
 * uses: `npm run bench` measured 702 MB after 500 signed-in viewers, 490 MB at 25 %. 0 leaves V8's
 * own choice. V8 reads the setting at each collection, so setting it at start is enough.
 */
export function applyHeapGrowth(percent: number, setFlags: (flags: string) => void = v8.setFlagsFromString): void {
  if (percent > 0) setFlags(`--heap-growing-percent=${percent}`)
}
