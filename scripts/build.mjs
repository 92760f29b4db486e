// Builds what `npm start` serves — the web (Remix, Vite), the server bundle (esbuild) and the data
// folder a new install starts from (build/pglite-template) — and only
// when an input changed since the last build: a start on a current build takes no build time.
// Plain JavaScript so that checking costs a Node start, not a TypeScript toolchain.
//   node scripts/build.mjs            build if needed
//   node scripts/build.mjs --force    build anyway
//   node scripts/build.mjs --check    exit 1 when a build is needed (nothing is built)
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serversUsingBuild } from './build-in-use.mjs'
import { inputsHash } from './build-inputs.mjs'
import { SERVER_BUNDLE, serverBuildOptions } from './server-bundle.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const STAMP = path.join(ROOT, 'build', '.inputs')
const TEMPLATE = path.join('build', 'pglite-template')
const OUTPUTS = [path.join('build', 'server', 'index.js'), SERVER_BUNDLE, path.join(TEMPLATE, 'PG_VERSION')]

function run(command, args) {
  const done = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' })
  if (done.status !== 0) process.exit(done.status ?? 1)
}

async function bundleServer() {
  const { build } = await import('esbuild')
  await build(serverBuildOptions(ROOT))
}

const args = new Set(process.argv.slice(2))
const hash = inputsHash(ROOT)
const current = existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash && OUTPUTS.every((o) => existsSync(path.join(ROOT, o)))
if (args.has('--check')) process.exit(current ? 0 : 1)
const running = current && !args.has('--force') ? [] : serversUsingBuild(ROOT)
if (current && !args.has('--force')) {
  console.log('Build is current (no input changed since the last build).')
} else if (running.length) {
  // Building would pull the files it loads on first use from under it (its importer, the web's assets).
  console.error(
    `Pagewright is running from this build (pid ${running.join(', ')}). Stop it, then build or start again: a new build replaces the files it serves.`,
  )
  process.exit(1)
} else {
  run(process.execPath, [path.join(ROOT, 'node_modules', '@remix-run', 'dev', 'dist', 'cli.js'), 'vite:build'])
  await bundleServer()
  // The data folder a new embedded install starts from (server/db/template.ts).
  run(process.execPath, [path.join(path.dirname(SERVER_BUNDLE), 'template-build.js'), TEMPLATE])
  mkdirSync(path.dirname(STAMP), { recursive: true })
  writeFileSync(STAMP, hash)
  console.log(`Built the web, ${SERVER_BUNDLE} and the new data folders' template.`)
}
