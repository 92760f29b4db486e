import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { serverBuildOptions } from '../../scripts/server-bundle.mjs'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * What a server loads before its first answer (issue 24: start ≤ 3 s, idle RSS ≤ 300 MB): every
 * module server/main.ts imports, and what those import statically. The importer (cheerio, undici, the
 * page decoder, microdata) loads with the first page made and the writer's language library with the
 * first page written: a process that never generates never holds them. Stripe's SDK loads when
 * payments are configured, Shopify's library with the first connection and nodemailer with the
 * first e-mail (each 4–6 MB of heap). The demo shop (its GraphQL, its themes' Liquid and zips) loads
 * with its first request, Liquid and the zip library also with the first publish, jose with the first
 * Google sign-in, and the blog's YAML and Markdown with the first post read (together about 0.5 s
 * of a start).
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
  'graphql',
  'liquidjs',
  'fflate',
  'jose',
  'yaml',
  'markdown-it',
]

/** Each package the entries reach by static imports (and `eager` files' dynamic ones), with the chain of files that reaches it. */
function packagesReached(metafile: Metafile, entries: string[], eager: string[] = []): Map<string, string[]> {
  const reached = new Map<string, string[]>()
  const queue: string[][] = entries.map((entry) => [entry])
  const seen = new Set(entries)
  while (queue.length) {
    const chain = queue.shift() as string[]
    const file = chain.at(-1) as string
    for (const edge of metafile.inputs[file]?.imports ?? []) {
      if (edge.kind === 'dynamic-import' && !eager.includes(file)) continue
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

async function loadedAtStart(): Promise<Map<string, string[]>> {
  const { metafile } = await build({ ...serverBuildOptions(ROOT), write: false, metafile: true, sourcemap: false, logLevel: 'silent' })
  // Entry 'main' only (the template builder runs at build time, not in a server); main.ts awaits all
  // of its imports at start, and beyond it a dynamic import is a load on first use.
  return packagesReached(metafile, ['server/main.ts'], ['server/main.ts'])
}

/** The same for the web's build, which a server loads at start: every route module and what it imports. */
async function loadedByTheWeb(): Promise<Map<string, string[]>> {
  const routes = readdirSync(path.join(ROOT, 'app/routes')).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
  const entries = ['app/root.tsx', 'app/entry.server.tsx', ...routes.map((f) => `app/routes/${f}`)]
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    outdir: 'build/lazy-modules-test',
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    jsx: 'automatic',
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
    logLevel: 'silent',
    plugins: [
      {
        // The app's `~/` (tsconfig paths) is resolved as Vite resolves it, not taken for a package.
        name: 'app-alias',
        setup(b) {
          b.onResolve({ filter: /^~\// }, (args) =>
            b.resolve(`./${args.path.slice(2)}`, { resolveDir: path.join(ROOT, 'app'), kind: args.kind }),
          )
        },
      },
    ],
  })
  return packagesReached(metafile, entries)
}

describe('the server at start', () => {
  it('does not load the importer, the writer’s language library, the payment, Shopify and mail libraries, the demo shop, Liquid, jose or the blog’s libraries before they are used', async () => {
    const reached = await loadedAtStart()
    // The walk itself works: the database and the web framework are loaded at start.
    expect([...reached.keys()]).toEqual(expect.arrayContaining(['@electric-sql/pglite', 'hono']))
    const early = LOADED_ON_FIRST_USE.filter((name) => reached.has(name)).map((name) => `${reached.get(name)?.join(' → ')} → ${name}`)
    expect(early).toEqual([])
  })

  it('does not load the libraries above, nor Google’s OAuth library, with the web’s routes', async () => {
    const reached = await loadedByTheWeb()
    // The walk itself works: the app's own `~/` modules are followed to the packages they use.
    expect([...reached.keys()]).toEqual(expect.arrayContaining(['react', 'remix-auth', '@hono/zod-openapi']))
    const early = [...LOADED_ON_FIRST_USE, 'remix-auth-oauth2']
      .filter((name) => reached.has(name))
      .map((name) => `${reached.get(name)?.join(' → ')} → ${name}`)
    expect(early).toEqual([])
  })
})
