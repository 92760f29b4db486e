import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'

/** Text formats worth compressing (source maps are never served to users, so they are left alone). */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt'])
/** Below this a compressed answer saves less than its own headers cost. */
const MIN_BYTES = 512

/** The encodings a static file may be prepared in, with the suffix of the file that holds each one. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const
export type Encoding = (typeof ENCODINGS)[number]['name']

export const isCompressible = (file: string, size: number) => size >= MIN_BYTES && COMPRESSIBLE.has(path.extname(file).toLowerCase())

const brotliOptions = (size: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
})
const GZIP_OPTIONS = { level: constants.Z_BEST_COMPRESSION }

/**
 * The bytes in a buffer of their own. zlib hands back a view into its 16 KB (sync) or 8 KB (async)
 * output chunk, and a short string's bytes come from an 8 KB pool: a kept 2 KB page would hold the
 * whole chunk, so 5,000 kept pages counted as 15 MB held 80 MB.
 */
export function ownBytes(buf: Buffer): Buffer {
  if (buf.byteOffset === 0 && buf.buffer.byteLength === buf.length) return buf
  const own = Buffer.allocUnsafeSlow(buf.length)
  buf.copy(own)
  return own
}

/** Brotli at quality 11 or gzip at level 9, at once (for the few files found without a prepared copy at start-up). */
export function compressSync(body: Buffer, encoding: Encoding): Buffer {
  return ownBytes(encoding === 'br' ? brotliCompressSync(body, brotliOptions(body.length)) : gzipSync(body, GZIP_OPTIONS))
}

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
/** The same, off the main thread (the build, and shared pages stored once per version). */
export const compressAsync = async (body: Buffer, encoding: Encoding) =>
  ownBytes(await (encoding === 'br' ? brotliAsync(body, brotliOptions(body.length)) : gzipAsync(body, GZIP_OPTIONS)))

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await filesUnder(full)))
    else if (entry.isFile()) out.push(full)
  }
  return out
}

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside every compressible file under `root`
 * of at least 512 bytes, when the compressed copy is smaller. Runs after the client build, so the
 * server only has to read them. Returns the number of files written. `missingOnly`: only files that
 * have neither copy yet (written after the client build, such as Remix's browser manifest).
 */
export async function precompressDirectory(root: string, { missingOnly = false } = {}): Promise<number> {
  const all = await filesUnder(root)
  const present = new Set(all)
  const files = all.filter(
    (f) => !ENCODINGS.some((e) => f.endsWith(e.suffix)) && !(missingOnly && ENCODINGS.some((e) => present.has(f + e.suffix))),
  )
  let written = 0
  // zlib's async calls run on libuv's thread pool, so the files compress in parallel.
  await Promise.all(
    files.map(async (file) => {
      if (!isCompressible(file, (await stat(file)).size)) return
      const body = await readFile(file)
      for (const { name, suffix } of ENCODINGS) {
        const compressed = await compressAsync(body, name)
        if (compressed.length >= body.length) {
          await rm(file + suffix, { force: true })
          continue
        }
        await writeFile(file + suffix, compressed)
        written++
      }
    }),
  )
  return written
}
