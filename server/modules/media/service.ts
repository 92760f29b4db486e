import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { media } from '../../db/schema'
import { MAX_IMAGE_BYTES, mediaPath } from '../../domain/media'

export interface StoredImage {
  hash: string
  mime: string
  byteSize: number
  /** Our own URL of the image: `/media/<sha256>.<ext>`. */
  path: string
}

export interface ImageFile extends StoredImage {
  bytes: Uint8Array
}

/**
 * Stores an image's bytes under their sha256 and returns its name and URL. Content already stored
 * is not written again (the first row wins; the same bytes have the same type). The caller has
 * checked the bytes (checkImage in server/domain/media.ts); the size cap is enforced here too.
 */
export async function storeImage(db: DbOrTx, bytes: Uint8Array, mime: string): Promise<StoredImage> {
  if (bytes.byteLength === 0 || bytes.byteLength > MAX_IMAGE_BYTES) throw new Error(`image size ${bytes.byteLength} is out of range`)
  const hash = createHash('sha256').update(bytes).digest('hex')
  await db.insert(media).values({ hash, mime, byteSize: bytes.byteLength, bytes }).onConflictDoNothing({ target: media.hash })
  const [row] = await db.select({ mime: media.mime }).from(media).where(eq(media.hash, hash))
  const stored = row?.mime ?? mime
  return { hash, mime: stored, byteSize: bytes.byteLength, path: mediaPath(hash, stored) }
}

/** A stored image by its sha256 hex; null when there is none. */
export async function readImage(db: DbOrTx, hash: string): Promise<ImageFile | null> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return null
  const [row] = await db.select().from(media).where(eq(media.hash, hash))
  if (!row) return null
  return { hash: row.hash, mime: row.mime, byteSize: row.byteSize, bytes: row.bytes, path: mediaPath(row.hash, row.mime) }
}
