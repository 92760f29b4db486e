import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { serverBuildOptions } from '../../scripts/server-bundle.mjs'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * What a server loads before its first answer (issue 24: start ≤ 3 s, idle RSS ≤ 300 MB): every
 * module server/main.ts imports, and what those import statically. The importer (cheerio, undici, the
 * page decoder, microdata) loads with the first page made and the writer's language library with the
 * first page written: a process that never generates never holds them. Stripe's SDK loads when
 * payments are configured, Shopify's library with the first connection and nodemailer with the
 * first e-mail (each 4–6 MB of heap).
 */
const LOADED_ON_FIRST_USE = [
  'cheerio',
  'undici',
  'encoding-sniffer',
  'microdata-node',
  'compromise',
  'stripe',
  '@shopify/shopify-api',
  'nodemailer',
]

async function loadedAtStart(): Promise<Map<string, string[]>> {
  const { metafile } = await build({ ...serverBuildOptions(ROOT), write: false, metafile: true, sourcemap: false, logLevel: 'silent' })
  // Each package reached, with the chain of files that reaches it.
  const reached = new Map<string, string[]>()
  // Entry 'main' only: the template builder runs at build time, not in a server.
  const queue: string[][] = [['server/main.ts']]
  const seen = new Set(['server/main.ts'])
  while (queue.length) {
    const chain = queue.shift() as string[]
    const file = chain.at(-1) as string
    for (const edge of metafile.inputs[file]?.imports ?? []) {
      // main.ts awaits all of its imports at start; beyond it, a dynamic import is a load on first use.
      if (edge.kind === 'dynamic-import' && file !== 'server/main.ts') continue
      if (edge.external) {
        // A package by its name: "cheerio/slim" is cheerio.
        const name = edge.path
          .split('/')
          .slice(0, edge.path.startsWith('@') ? 2 : 1)
          .join('/')
        if (!reached.has(name)) reached.set(name, chain)
      } else if (!seen.has(edge.path)) {
        seen.add(edge.path)
        queue.push([...chain, edge.path])
      }
    }
  }
  return reached
}

describe('the server at start', () => {
  it('does not load the importer, the writer’s language library or the payment, Shopify and mail libraries before they are used', async () => {
    const reached = await loadedAtStart()
    // The walk itself works: the database and the web framework are loaded at start.
    expect([...reached.keys()]).toEqual(expect.arrayContaining(['@electric-sql/pglite', 'hono']))
    const early = LOADED_ON_FIRST_USE.filter((name) => reached.has(name)).map((name) => `${reached.get(name)?.join(' → ')} → ${name}`)
    expect(early).toEqual([])
  })
})
