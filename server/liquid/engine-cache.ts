import { createHash } from 'node:crypto'
import type { Liquid } from 'liquidjs'
import { createEngine } from './engine'

/**
 * One liquidjs engine per set of theme files, reused while the files stay the same (liquidjs caches
 * parsed templates inside the engine). Keyed by a digest of the files, so a theme edited in place
 * (the publishing job writing our section into it) gets a fresh engine; the oldest are dropped.
 */
const MAX = 24
const engines = new Map<string, Liquid>()

function digest(files: Record<string, string>): string {
  const hash = createHash('sha1')
  for (const name of Object.keys(files).sort()) hash.update(name).update('\0').update(files[name]!).update('\0')
  return hash.digest('hex')
}

export function engineFor(scope: string, files: Record<string, string>): Liquid {
  const key = `${scope}:${digest(files)}`
  let engine = engines.get(key)
  if (engine) {
    engines.delete(key)
  } else {
    engine = createEngine(files)
    if (engines.size >= MAX) engines.delete(engines.keys().next().value!)
  }
  engines.set(key, engine)
  return engine
}
