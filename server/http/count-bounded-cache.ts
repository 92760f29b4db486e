import { LRUCache } from 'lru-cache'

type Options<K extends NonNullable<unknown>, V extends NonNullable<unknown>> = Omit<
  LRUCache.Options<K, V, unknown>,
  'max' | 'maxSize' | 'sizeCalculation' | 'maxEntrySize'
>

/**
 * A least-recently-used cache of at most `count` entries that takes memory as it fills. lru-cache
 * given `max` fills arrays of `max` slots when it is made: the signed-in pages' 100,000-viewer maps
 * cost ~80 ms of a start and a few MB at rest before anyone signed in. Counting every entry as
 * size 1 under `maxSize` bounds the count the same way (least recent out first, `dispose` told).
 */
export function countBoundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  count: number,
  options: Options<K, V> = {},
): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: count, sizeCalculation: () => 1 } as LRUCache.Options<K, V, unknown>)
}
