import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { mb } from './mixed-load'
import { sleep } from './product'
import { type Column } from './table'

/**
 * node's flag that loads scripts/bench/memory-probe.mjs into a product process; give the process
 * BENCH_MEMORY_FILE too (probeEnv). Without the probe a process must never get SIGUSR2 (it would end it).
 */
export const MEMORY_PROBE_ARGS = ['--import', path.join(path.dirname(fileURLToPath(import.meta.url)), 'memory-probe.mjs')]
export const probeEnv = (file: string) => ({ BENCH_MEMORY_FILE: file })

/** What the probe writes (scripts/bench/memory-probe.mjs). */
interface ProbeReading {
  seq: number
  usage: NodeJS.MemoryUsage
  heap: { total_heap_size: number; total_physical_size: number; used_heap_size: number; malloced_memory: number }
  spaces: { space_name: string; space_size: number; space_used_size: number; physical_space_size: number }[]
  wasm: number[]
}

/** One reading of a process's memory, from outside (/proc) and, with the probe, from inside. */
export interface MemoryReading {
  label: string
  /** /proc/<pid>/smaps_rollup: resident, anonymous (heap, malloc, WebAssembly) and the rest (files, shared memory). */
  rss: number
  anon: number
  file: number
  probe?: ProbeReading
}

async function rollup(pid: number): Promise<{ rss: number; anon: number }> {
  const text = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(text)?.[1] ?? NaN) * 1024
  return { rss: kb('Rss'), anon: kb('Anonymous') }
}

/**
 * Reads a process's memory: RSS split into anonymous and file-backed pages, and — when the process
 * runs the probe (`probeFile`) — process.memoryUsage(), V8's heap spaces and its WebAssembly memories.
 */
export async function readMemory(label: string, pid: number, probeFile?: string): Promise<MemoryReading> {
  let probe: ProbeReading | undefined
  if (probeFile) {
    const before = await readProbe(probeFile)
    process.kill(pid, 'SIGUSR2')
    const deadline = Date.now() + 10_000
    for (;;) {
      const now = await readProbe(probeFile)
      if (now && now.seq !== before?.seq) {
        probe = now
        break
      }
      if (Date.now() > deadline) throw new Error(`the memory probe of process ${pid} did not answer within 10 s`)
      await sleep(20)
    }
  }
  const { rss, anon } = await rollup(pid)
  return { label, rss, anon, file: rss - anon, probe }
}

async function readProbe(file: string): Promise<ProbeReading | undefined> {
  try {
    await stat(file)
    return JSON.parse(await readFile(file, 'utf8')) as ProbeReading
  } catch {
    return undefined
  }
}

const m = (bytes: number | undefined) => (bytes === undefined || Number.isNaN(bytes) ? '-' : mb(bytes).replace(' MB', ''))
const wasmTotal = (r: MemoryReading) => r.probe?.wasm.reduce((a, b) => a + b, 0)
/**
 * Anonymous memory that is neither V8's heap (what it holds in RAM), WebAssembly memory nor
 * ArrayBuffers: Node's and V8's own allocations (code, malloc'd buffers, zlib, thread stacks).
 */
const rest = (r: MemoryReading) =>
  r.probe ? r.anon - r.probe.heap.total_physical_size - (wasmTotal(r) ?? 0) - r.probe.usage.arrayBuffers : undefined

/** The breakdown table, one row per reading, in MB. */
export const MEMORY_COLUMNS: Column<MemoryReading>[] = [
  { header: 'when', align: 'left', cell: (r) => r.label },
  { header: 'RSS', cell: (r) => m(r.rss) },
  { header: 'anon', cell: (r) => m(r.anon) },
  { header: 'file+shm', cell: (r) => m(r.file) },
  { header: 'heap used', cell: (r) => m(r.probe?.usage.heapUsed) },
  { header: 'heap total', cell: (r) => m(r.probe?.usage.heapTotal) },
  { header: 'heap in RAM', cell: (r) => m(r.probe?.heap.total_physical_size) },
  { header: 'external', cell: (r) => m(r.probe?.usage.external) },
  { header: 'arrayBuffers', cell: (r) => m(r.probe?.usage.arrayBuffers) },
  { header: 'wasm memories', align: 'left', cell: (r) => (r.probe ? r.probe.wasm.map((b) => m(b)).join(' + ') || '0' : '-') },
  { header: 'other anon ≈', cell: (r) => m(rest(r)) },
]

/** V8's heap spaces at each reading: used / committed, MB. */
export function heapSpaceTable(readings: MemoryReading[]): { columns: Column<string>[]; rows: string[] } {
  const withProbe = readings.filter((r) => r.probe)
  const names = [...new Set(withProbe.flatMap((r) => r.probe!.spaces.map((s) => s.space_name)))].filter((name) =>
    withProbe.some((r) => (r.probe!.spaces.find((s) => s.space_name === name)?.space_size ?? 0) > 0),
  )
  return {
    rows: names,
    columns: [
      { header: 'V8 space (used / size MB)', align: 'left', cell: (name) => name },
      ...withProbe.map((r) => ({
        header: r.label,
        cell: (name: string) => {
          const s = r.probe!.spaces.find((x) => x.space_name === name)
          return s ? `${m(s.space_used_size)} / ${m(s.space_size)}` : '-'
        },
      })),
    ],
  }
}
