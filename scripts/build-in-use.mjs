// Which servers run from this folder's build. A build replaces the files a running server loads on
// first use (its lazily imported parts, the web's assets): `npm run build` refuses while one runs,
// rather than break it. Plain JavaScript: scripts/build.mjs reads it without a TypeScript toolchain.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SERVER_BUNDLE } from './server-bundle.mjs'
import { isServerProcess } from './server-process.mjs'

/** The checkout whose build the file `moduleFile` is (its server bundle), or null when run from source. */
export function buildRootOf(moduleFile) {
  const bundle = path.normalize(SERVER_BUNDLE)
  return moduleFile.endsWith(path.sep + bundle) ? moduleFile.slice(0, -bundle.length - 1) : null
}

/** One file per running server, named by its pid. */
const markDir = (root) => path.join(root, 'build', '.running')

/** Marks this process as running from `root`'s build; the returned function takes the mark away. */
export function markBuildInUse(root) {
  const file = path.join(markDir(root), String(process.pid))
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, `${process.argv.slice(1).join(' ')}\n`)
  const release = () => rmSync(file, { force: true })
  process.once('exit', release)
  return release
}

/** The pids of live servers running from `root`'s build; marks left by processes gone (killed, a power cut) are removed. */
export function serversUsingBuild(root) {
  let names = []
  try {
    names = readdirSync(markDir(root))
  } catch {
    return []
  }
  const live = []
  for (const name of names) {
    const pid = Number(name)
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isServerProcess(pid)) live.push(pid)
    else rmSync(path.join(markDir(root), name), { force: true })
  }
  return live
}
