import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

/**
 * What a server loads before its first answer (issue 24: start ≤ 3 s, idle RSS ≤ 300 MB): every
 * module server/main.ts imports, and what those import statically. The importer (cheerio, undici, the
 * page decoder, microdata) loads with the first page made and the writer's language library with the
 * first page written: a process that never generates never holds them.
 */
const LOADED_ON_FIRST_USE = ['cheerio', 'undici', 'encoding-sniffer', 'microdata-node', 'compromise']

async function loadedAtStart(): Promise<Map<string, string[]>> {
  const { metafile } = await build({
    entryPoints: ['server/main.ts'],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    write: false,
    outdir: 'build/start-graph',
    metafile: true,
    logLevel: 'silent',
  })
  // Each package reached, with the chain of files that reaches it.
  const reached = new Map<string, string[]>()
  const queue: string[][] = [['server/main.ts']]
  const seen = new Set(['server/main.ts'])
  while (queue.length) {
    const chain = queue.shift() as string[]
    const file = chain.at(-1) as string
    for (const edge of metafile.inputs[file]?.imports ?? []) {
      // main.ts awaits all of its imports at start; beyond it, a dynamic import is a load on first use.
      if (edge.kind === 'dynamic-import' && file !== 'server/main.ts') continue
      if (edge.external) {
        if (!reached.has(edge.path)) reached.set(edge.path, chain)
      } else if (!seen.has(edge.path)) {
        seen.add(edge.path)
        queue.push([...chain, edge.path])
      }
    }
  }
  return reached
}

describe('the server at start', () => {
  it('does not load the importer or the writer’s language library before they are used', async () => {
    const reached = await loadedAtStart()
    // The walk itself works: the database and the web framework are loaded at start.
    expect([...reached.keys()]).toEqual(expect.arrayContaining(['@electric-sql/pglite', 'hono']))
    const early = LOADED_ON_FIRST_USE.filter((name) => reached.has(name)).map((name) => `${reached.get(name)?.join(' → ')} → ${name}`)
    expect(early).toEqual([])
  })
})
