import type { DbOrTx } from '../../db/client'
import { MAX_PAGE_IMAGES, checkImage, isMediaPath } from '../../domain/media'
import type { ProductFacts } from '../../domain/product-facts'
import type { Fetcher } from '../../generation/import/types'
import { log } from '../../log'
import { storeImage } from './service'

export interface DownloadOptions {
  /** Images taken, in order (default MAX_PAGE_IMAGES). */
  max?: number
  /** Per image (default 10 s); the fetcher has its own cap too. */
  perImageMs?: number
  /** For all images together (default 30 s); images not done by then are skipped. */
  totalMs?: number
  /** Downloads at a time (default 4). */
  concurrency?: number
  /** For log lines. */
  taskId?: number
}

/**
 * Downloads a product's images (the first `max`, in order) through the given fetcher — the
 * SSRF-guarded fetch, or the demo store in-process — checks type and magic bytes and size, stores
 * them, and returns facts whose `images` are our own `/media/<sha256>.<ext>` URLs, with the
 * original list kept in `sourceImages`. An image that fails is skipped with a log line; this
 * never throws because of an image. Facts that already have `sourceImages` are returned as they are.
 */
export async function downloadProductImages(
  db: DbOrTx,
  facts: ProductFacts,
  fetcher: Fetcher,
  opts: DownloadOptions = {},
): Promise<ProductFacts> {
  if (facts.sourceImages) return facts
  const sources = [...new Set(facts.images)].slice(0, opts.max ?? MAX_PAGE_IMAGES)
  // Plain controllers and timers, held here: Node 20 may garbage-collect an AbortSignal.any()
  // composite (and its timeouts) while a fetch waits on it, and then it never fires.
  const total = new AbortController()
  const totalTimer = setTimeout(() => total.abort(new Error('out of time for images')), opts.totalMs ?? 30_000)
  const perImageMs = opts.perImageMs ?? 10_000
  const stored = new Map<string, string>()

  const one = async (src: string) => {
    if (isMediaPath(src)) return stored.set(src, src)
    if (total.signal.aborted) return skip(src, 'out of time for images', opts.taskId)
    const image = new AbortController()
    const stop = () => image.abort(new Error('the image took too long'))
    const timer = setTimeout(stop, perImageMs)
    total.signal.addEventListener('abort', stop, { once: true })
    try {
      const doc = await fetcher(src, { accept: 'image', signal: image.signal })
      if (doc.status < 200 || doc.status > 299) return skip(src, `HTTP ${doc.status}`, opts.taskId)
      if (!doc.bytes) return skip(src, 'no image body', opts.taskId)
      const check = checkImage(doc.bytes, doc.contentType, { own: doc.own === true })
      if (!check.ok) return skip(src, check.reason, opts.taskId)
      stored.set(src, (await storeImage(db, doc.bytes, check.mime)).path)
    } catch (error) {
      skip(src, error instanceof Error ? error.message : String(error), opts.taskId)
    } finally {
      clearTimeout(timer)
      total.signal.removeEventListener('abort', stop)
    }
  }

  // A few at a time; the result keeps the source order.
  const queue = [...sources]
  const lanes = Array.from({ length: Math.min(opts.concurrency ?? 4, queue.length) }, async () => {
    for (let src = queue.shift(); src !== undefined; src = queue.shift()) await one(src)
  })
  await Promise.all(lanes).finally(() => clearTimeout(totalTimer))

  const images = [...new Set(sources.map((s) => stored.get(s)).filter((p): p is string => !!p))]
  log.info('product images stored', { taskId: opts.taskId, stored: images.length, of: facts.images.length })
  return {
    ...facts,
    images,
    sourceImages: facts.images,
    variants: facts.variants.map((v) => ({ ...v, image: v.image ? (stored.get(v.image) ?? null) : null })),
  }
}

function skip(src: string, reason: string, taskId?: number) {
  log.warn('product image skipped', { taskId, url: src.slice(0, 300), reason: reason.slice(0, 200) })
}
