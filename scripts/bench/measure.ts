import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { request } from './http'

export interface Size {
  raw: number
  gzip: number
}

export const gzipSize = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length
const sizeOf = (bytes: Buffer | string): Size => ({ raw: Buffer.byteLength(bytes), gzip: gzipSize(bytes) })
const add = (a: Size, b: Size): Size => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip })
const ZERO: Size = { raw: 0, gzip: 0 }

export interface Asset {
  kind: 'js' | 'css'
  /** Absolute URL, or `inline #n` for inline <script>/<style> contents. */
  source: string
  size: Size
}

export interface PageWeight {
  url: string
  status: number
  contentType: string
  /** The exact HTML bytes, reused by the bare baseline server. */
  html: Buffer
  htmlSize: Size
  /** Sums over the page's external files and inline blocks (each gzipped on its own, as served). */
  js: Size & { files: number; inline: number }
  css: Size & { files: number; inline: number }
  assets: Asset[]
  /** References to other origins: listed, not fetched. */
  crossOrigin: string[]
}

interface Ref {
  kind: 'js' | 'css'
  href: string
}

const ATTR = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g
function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const m of tag.matchAll(ATTR)) out.set(m[1].toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''))
  return out
}
const decodeEntities = (s: string) =>
  s.replace(/&(amp|quot|#39|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>' })[e] ?? _)

/**
 * The `type` values a browser runs as script (HTML's JavaScript MIME types, plus `module`); any
 * other type (`application/ld+json`, `importmap`, …) makes a data block, which is not JS.
 */
const SCRIPT_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
])
const isJavaScript = (type: string | undefined) => type === undefined || SCRIPT_TYPES.has(type.trim().toLowerCase())

/**
 * What the HTML asks the browser to load: <script src>, <link rel=modulepreload|stylesheet>, and the
 * contents of inline <script> and <style> blocks. Scripts of a non-JavaScript type (JSON-LD, import
 * maps) are data and count as neither.
 */
export function parseAssets(html: string): { refs: Ref[]; inline: { kind: 'js' | 'css'; text: string }[] } {
  const refs: Ref[] = []
  const inline: { kind: 'js' | 'css'; text: string }[] = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(m[1])
    if (!isJavaScript(attrs.get('type'))) continue
    const src = attrs.get('src')
    if (src) refs.push({ kind: 'js', href: src })
    else if (m[2].trim()) inline.push({ kind: 'js', text: m[2] })
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) if (m[1].trim()) inline.push({ kind: 'css', text: m[1] })
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(m[1])
    const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/)
    const href = attrs.get('href')
    if (!href) continue
    if (rel.includes('modulepreload')) refs.push({ kind: 'js', href })
    else if (rel.includes('stylesheet')) refs.push({ kind: 'css', href })
  }
  return { refs, inline }
}

/** Fetches a page, then every same-origin JS/CSS file it references (each once), and sizes it all. */
export async function measurePageWeight(url: string, headers: Record<string, string> = {}): Promise<PageWeight> {
  const res = await request(url, { headers })
  if (res.status !== 200)
    throw new Error(`GET ${url} answered ${res.status}${res.headers.location ? ` → ${res.headers.location}` : ''}, expected 200`)
  const html = res.body
  const { refs, inline } = parseAssets(html.toString('utf8'))
  const origin = new URL(url).origin
  const assets: Asset[] = []
  const crossOrigin: string[] = []
  const seen = new Set<string>()
  for (const ref of refs) {
    const abs = new URL(ref.href, url)
    abs.hash = ''
    if (abs.origin !== origin) {
      crossOrigin.push(abs.href)
      continue
    }
    if (seen.has(abs.href)) continue
    seen.add(abs.href)
    const a = await request(abs.href, { headers })
    if (a.status !== 200) throw new Error(`asset ${abs.href} (referenced by ${url}) answered ${a.status}`)
    assets.push({ kind: ref.kind, source: abs.href, size: sizeOf(a.body) })
  }
  inline.forEach((b, i) => assets.push({ kind: b.kind, source: `inline #${i + 1}`, size: sizeOf(b.text) }))

  const total = (kind: 'js' | 'css') => {
    const list = assets.filter((a) => a.kind === kind)
    return {
      ...list.reduce((s, a) => add(s, a.size), ZERO),
      files: list.filter((a) => !a.source.startsWith('inline')).length,
      inline: list.filter((a) => a.source.startsWith('inline')).length,
    }
  }
  return {
    url,
    status: res.status,
    contentType: String(res.headers['content-type'] ?? 'text/html; charset=utf-8'),
    html,
    htmlSize: sizeOf(html),
    js: total('js'),
    css: total('css'),
    assets,
    crossOrigin,
  }
}

export interface LoadOptions {
  connections?: number
  seconds: number
  headers?: Record<string, string>
  /** Seconds of unrecorded load first, so both servers are measured warm. Default 1. */
  warmupSeconds?: number
}

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  requests: number
  non2xx: number
  errors: number
  timeouts: number
}

/** Requests/s and latency under autocannon load (default 50 connections). Throws on any non-2xx answer. */
export async function measureLoad(url: string, opts: LoadOptions): Promise<LoadResult> {
  const base = { url, connections: opts.connections ?? 50, headers: opts.headers ?? {} }
  const warmup = opts.warmupSeconds ?? 1
  if (warmup > 0) await autocannon({ ...base, duration: warmup })
  const r = await autocannon({ ...base, duration: opts.seconds })
  if (r.non2xx > 0) {
    const codes = Object.entries(r.statusCodeStats ?? {})
      .map(([code, s]) => `${code}×${s.count ?? 0}`)
      .join(', ')
    throw new Error(`load test of ${url}: ${r.non2xx} of ${r.requests.total} answers were not 2xx (${codes})`)
  }
  if (r.requests.total === 0) throw new Error(`load test of ${url}: no request completed (${r.errors} errors)`)
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  }
}

export interface BareServer {
  url: string
  stop(): Promise<void>
}

const running = new Set<() => Promise<void>>()
/** Stops every bare server still running (for signal handlers). */
export const stopAllBareServers = () => Promise.all([...running].map((stop) => stop())).then(() => {})

const BARE_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-server.ts')

/**
 * The baseline for a page: a bare node:http server in its own process (like the product, so the
 * load generator never shares its event loop) answering every request with exactly `body`.
 */
export async function startBareServer(body: Buffer, contentType: string): Promise<BareServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pagewright-bare-'))
  const file = path.join(dir, 'body')
  await writeFile(file, body)
  const child = spawn(process.execPath, ['--import', 'tsx', BARE_SERVER, file, contentType], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const cleanup = async () => {
    running.delete(cleanup)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const t = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(t)
    }
    await rm(dir, { recursive: true, force: true })
  }
  running.add(cleanup)
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('bare server did not start within 30 s')), 30_000)
      child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c))
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        output += c
        const m = /LISTENING (\d+)/.exec(output)
        if (m) {
          clearTimeout(t)
          resolve(Number(m[1]))
        }
      })
      child.on('error', reject)
      child.on('exit', (code) => reject(new Error(`bare server exited (code ${code}): ${output.trim()}`)))
    })
    return { url: `http://127.0.0.1:${port}/`, stop: cleanup }
  } catch (error) {
    await cleanup()
    throw error
  }
}
