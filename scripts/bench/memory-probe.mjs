// Loaded into a product process by the bench (`node --import ./scripts/bench/memory-probe.mjs …`) to
// read its memory from inside without a heap snapshot: on SIGUSR2 it writes process.memoryUsage(),
// V8's heap statistics and heap spaces, and the size of every WebAssembly memory the process made
// (PGlite's Postgres lives in one) to the file named by BENCH_MEMORY_FILE, as JSON. It only wraps
// WebAssembly's instantiate/Instance/Memory to remember the memories (weakly), and does nothing else.
import { renameSync, writeFileSync } from 'node:fs'
import v8 from 'node:v8'

const file = process.env.BENCH_MEMORY_FILE
if (file) {
  const memories = new Set()
  const remember = (value) => {
    if (value instanceof WebAssembly.Memory) memories.add(new WeakRef(value))
  }
  const rememberAll = (namespace) => {
    if (!namespace || typeof namespace !== 'object') return
    for (const value of Object.values(namespace)) remember(value)
  }
  const rememberImports = (imports) => {
    if (!imports || typeof imports !== 'object') return
    for (const namespace of Object.values(imports)) rememberAll(namespace)
  }
  const instantiate = WebAssembly.instantiate
  WebAssembly.instantiate = async function (source, imports, ...rest) {
    const result = await instantiate.call(this, source, imports, ...rest)
    rememberAll((result instanceof WebAssembly.Instance ? result : result.instance).exports)
    rememberImports(imports)
    return result
  }
  const streaming = WebAssembly.instantiateStreaming
  if (streaming)
    WebAssembly.instantiateStreaming = async function (source, imports, ...rest) {
      const result = await streaming.call(this, source, imports, ...rest)
      rememberAll(result.instance.exports)
      rememberImports(imports)
      return result
    }
  WebAssembly.Instance = new Proxy(WebAssembly.Instance, {
    construct(target, args, newTarget) {
      const instance = Reflect.construct(target, args, newTarget)
      rememberAll(instance.exports)
      rememberImports(args[1])
      return instance
    },
  })
  WebAssembly.Memory = new Proxy(WebAssembly.Memory, {
    construct(target, args, newTarget) {
      const memory = Reflect.construct(target, args, newTarget)
      remember(memory)
      return memory
    },
  })

  let seq = 0
  process.on('SIGUSR2', () => {
    const wasm = []
    for (const ref of memories) {
      const memory = ref.deref()
      if (!memory) memories.delete(ref)
      else if (!wasm.includes(memory)) wasm.push(memory)
    }
    const reading = {
      seq: ++seq,
      at: Date.now(),
      usage: process.memoryUsage(),
      heap: v8.getHeapStatistics(),
      spaces: v8.getHeapSpaceStatistics(),
      wasm: wasm.map((m) => m.buffer.byteLength),
    }
    writeFileSync(`${file}.tmp`, JSON.stringify(reading))
    renameSync(`${file}.tmp`, file)
  })
}
